/**
 * The rule coach: a refusal (code + parameters, from the server or from the same rule functions run
 * here) in the player's language, naming the rule it follows. Card ids never reach the words: every
 * card parameter is turned into "yellow 7" / "Gelb 7" / "黄 7" first.
 */
import {
  type CardId,
  challengeValue,
  checkPlay,
  checkReject,
  isFirebird,
  type RuleError,
  type Seat,
  suitOf,
} from '@blaze/rules';
import type { ClientTable } from '../../../shell/host.js';
import { format, type Lang, lang, type Params, t } from '../../../shell/host.js';
import { COACH, type CoachKey } from '../i18n/coach.js';
import { cardWords } from './cards.js';

export interface Refusal {
  code: string;
  params?: Record<string, string | number> | undefined;
  /** The message type the server refused (its words may differ for a start). */
  request?: string | undefined;
}

/** The rule (RULES.md id) each game refusal follows; room refusals cite none. */
export const RULE_OF: Record<string, string> = {
  GAME_OVER: 'R10.3',
  WRONG_PHASE: 'R9.1',
  NOT_YOUR_ROLE: 'R3.3',
  NO_CHALLENGE: 'R4.1',
  CHALLENGE_OPEN: 'R4.1',
  CARD_NOT_IN_HAND: 'R11.2',
  DUPLICATE_CARD: 'R4.1',
  EMPTY_PLAY: 'R4.1',
  MIXED_VALUES: 'R4.1',
  VALUE_NOT_ON_TABLE: 'R4.3',
  LIMIT_REACHED: 'R4.4',
  NOT_ON_TABLE: 'R4.2',
  CANNOT_BEAT: 'R4.2',
  ALREADY_REJECTED: 'R4.2',
  TARGET_PASSED: 'R4.5',
  ALREADY_STANDING: 'R4.6',
  BAD_BET: 'R9.1',
  ALREADY_BET: 'R9.1',
  NO_WINDOW: 'R5.4',
  NOT_ENOUGH_PLAYERS: 'R1.4',
};

const CARD = /^[ryb][1-9F][ab]$/;
const isCard = (x: unknown): x is CardId => typeof x === 'string' && CARD.test(x);

/** Which message of the code fits these parameters. */
function keyFor(r: Refusal): CoachKey {
  const p = r.params ?? {};
  switch (r.code) {
    case 'LIMIT_REACHED':
      return Number(p.room ?? 0) > 0 ? 'LIMIT_REACHED' : 'LIMIT_REACHED.full';
    case 'BAD_BET':
      return p.value === undefined ? 'BAD_BET' : 'BAD_BET.value';
    case 'CANNOT_BEAT': {
      const { card, challenge, trump } = p;
      if (!isCard(card) || !isCard(challenge) || !isCard(trump)) return 'unknown';
      const ts = suitOf(trump);
      if (suitOf(challenge) === ts) return isFirebird(challenge) ? 'CANNOT_BEAT.trumpFirebird' : 'CANNOT_BEAT.trump';
      if (isFirebird(challenge)) return 'CANNOT_BEAT.firebird';
      if (isFirebird(card)) return 'CANNOT_BEAT.zero';
      return 'CANNOT_BEAT.suit';
    }
    case 'NOT_RECORDED':
      // A start given up because saving is unavailable: the host is told the game did not start.
      return r.request === 'start' || r.request === 'rematch' ? 'NOT_RECORDED.start' : 'NOT_RECORDED';
    default:
      return r.code in COACH.en ? (r.code as CoachKey) : 'unknown';
  }
}

/** The refusal in words, with the rule it cites, e.g. "Yellow 4 cannot reject yellow 7: … (rule R4.2)". */
export function coachWords(r: Refusal, l: Lang = lang()): string {
  const key = keyFor(r);
  const p = r.params ?? {};
  const params: Params = {};
  for (const [k, v] of Object.entries(p)) params[k] = isCard(v) ? cardWords(v, l) : v;
  if (isCard(p.trump)) params.suit = t(`suit.${suitOf(p.trump)}`, undefined, l);
  if (isCard(p.challenge)) {
    params.challengeSuit = t(`suit.${suitOf(p.challenge)}`, undefined, l);
    params.value = challengeValue(p.challenge);
  }
  const text = capitalise(format(COACH[l][key], params));
  const rule = key === 'unknown' ? undefined : RULE_OF[r.code];
  // Japanese sets the rule's bracket right after the sentence, without a space.
  return rule ? `${text}${l === 'ja' ? '' : ' '}${format(COACH[l].rule, { rule })}` : text;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * Why a hand card that is not lit cannot be played now, judged by the same rule functions the server
 * uses; null when it could be (or nobody asked this seat for anything).
 */
export function whyNot(tb: ClientTable, card: CardId): RuleError | null {
  const v = tb.view;
  const me: Seat = tb.mySeat;
  if (!v || me < 0 || v.viewer === null) return null;
  if (v.over) return { code: 'GAME_OVER', message: '' };
  if (v.betting) return { code: 'WRONG_PHASE', message: '' };
  if (me === v.target && v.table.length > 0) {
    if (v.targetPassed) return { code: 'TARGET_PASSED', message: '' };
    // Report against the first challenge card still open: the one a person most likely meant.
    const open = v.table.find((e) => e.rejection === null);
    if (!open) return { code: 'ALREADY_REJECTED', message: '', params: { challenge: v.table[0]?.challenge ?? '' } };
    return checkReject(v, me, v.hand, [{ challenge: open.challenge, card }]);
  }
  if (me === v.target) return { code: 'NOT_YOUR_ROLE', message: '' };
  return checkPlay(v, me, v.hand, [card]);
}
