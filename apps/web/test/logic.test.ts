import { decodeLogLine } from '@blaze/protocol/wire';
import {
  applyAction,
  canBeat,
  challengeValue,
  createGame,
  type GameState,
  playableCards,
  rejectOptions,
  viewFor,
} from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { savingAnnouncement, startingAnnouncement } from '../src/games/blaze/a11y/announce.js';
import { COACH } from '../src/games/blaze/i18n/coach.js';
import { banner, secondsLeft } from '../src/games/blaze/logic/banner.js';
import { sortHand } from '../src/games/blaze/logic/cards.js';
import { coachWords } from '../src/games/blaze/logic/coach.js';
import { highlights } from '../src/games/blaze/logic/highlights.js';
import { logWords } from '../src/games/blaze/logic/log.js';
import { rematchOffer, results } from '../src/games/blaze/logic/results.js';
import { setLang, t } from '../src/shell/i18n/index.js';
import { lobbyOffers } from '../src/shell/lobby.js';
import { readyList } from '../src/shell/logic/ready.js';
import { watchNote } from '../src/shell/seatOffer.js';
import { toClientTable } from '../src/shell/store/snapshot.js';
import { logEntry, stateFrom } from './fixtures.js';

function must(g: GameState, a: Parameters<typeof applyAction>[1]): GameState {
  const r = applyAction(g, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

const fresh = () => createGame({ players: 4, seed: 'logic', startSeat: 0 });
const table = (g: GameState, seat: number) => toClientTable(stateFrom(g, seat), seat);

describe('highlights', () => {
  it('lights the whole hand for the opener, then only cards of the chosen value', () => {
    const g = fresh();
    const hand = g.hands[0] ?? [];
    expect([...highlights(table(g, 0), []).lit].sort()).toEqual([...playableCards(viewFor(g, 0), 0, hand)].sort());
    const first = hand[0] as string;
    const hl = highlights(table(g, 0), [first]);
    expect(hl.canPlay).toBe(true);
    for (const c of hl.lit) expect(challengeValue(c)).toBe(challengeValue(first));
    expect(hl.role).toBe('active');
    expect(hl.canStand).toBe(false);
  });

  it('lights exactly the rejecting cards for the target, and the challenge cards each can beat', () => {
    let g = fresh();
    const card = g.hands[0]?.[0] as string;
    g = must(g, { type: 'play', seat: 0, cards: [card] });
    const tgt = g.target;
    const hl = highlights(table(g, tgt), []);
    const opts = rejectOptions(viewFor(g, tgt), tgt, g.hands[tgt] ?? []);
    expect([...hl.lit].sort()).toEqual([...opts.keys()].sort());
    expect(hl.canPass).toBe(true);
    const beater = [...opts.keys()][0];
    if (beater) {
      const sel = highlights(table(g, tgt), [beater]);
      expect(sel.rejectTargets).toEqual([card]);
      expect(canBeat(card, beater, g.trump)).toBe(true);
    }
    // A card that cannot reject anything is not lit.
    for (const c of g.hands[tgt] ?? []) if (!canBeat(card, c, g.trump)) expect(hl.lit.has(c)).toBe(false);
  });

  it('lights nothing for a player with no role, or a spectator', () => {
    let g = fresh();
    g = must(g, { type: 'play', seat: 0, cards: [g.hands[0]?.[0] as string] });
    const idle = [0, 1, 2, 3].find((s) => s !== g.active && s !== g.target && s !== g.supporter) as number;
    expect(highlights(table(g, idle), []).lit.size).toBe(0);
    expect(highlights(toClientTable(stateFrom(g, null), -1), []).lit.size).toBe(0);
  });

  it('ignores cards that are on their way to the server', () => {
    const g = fresh();
    const first = g.hands[0]?.[0] as string;
    expect(highlights(table(g, 0), [], [first]).lit.has(first)).toBe(false);
  });
});

describe('banner', () => {
  it('tells the opener to open, the others whom they wait for', () => {
    setLang('en');
    const g = fresh();
    const me = banner(table(g, 0));
    expect(me.key).toBe('banner.openChallenge');
    expect(me.yourMove).toBe(true);
    const other = banner(table(g, 2));
    expect(other.key).toBe('banner.waitingFor');
    expect(other.params.name).toBe('Ana');
  });

  it('asks the target to reject or pass, with its deadline', () => {
    let g = fresh();
    g = must(g, { type: 'play', seat: 0, cards: [g.hands[0]?.[0] as string] });
    const tb = table(g, g.target);
    tb.deadlines = [{ kind: 'target', seat: g.target, at: 12_345 }];
    const b = banner(tb);
    expect(b.key).toBe('banner.rejectOrPass');
    expect(b.deadline).toBe(12_345);
    const watcher = banner(toClientTable(stateFrom(g, null), -1));
    expect(watcher.key).toBe('banner.waitingFor');
    expect(watcher.yourMove).toBe(false);
  });

  it('tells an attacker with a card of a table value that they may extend', () => {
    let g = fresh();
    g = must(g, { type: 'play', seat: 0, cards: [g.hands[0]?.[0] as string] });
    const tb = table(g, 0);
    const b = banner(tb);
    const canExtend = (g.hands[0] ?? []).some((c) => challengeValue(c) === challengeValue(g.table[0]?.challenge ?? ''));
    expect(b.key).toBe(canExtend ? 'banner.mayExtend' : 'banner.waitingFor');
  });

  it('counts whole seconds down to zero', () => {
    expect(secondsLeft(10_000, 7_100)).toBe(3);
    expect(secondsLeft(10_000, 11_000)).toBe(0);
  });

  it('is the lobby banner in the lobby', () => {
    const s = stateFrom(fresh(), 0, 'lobby');
    s.trump = '';
    expect(banner(toClientTable(s, 0)).key).toBe('banner.lobby');
  });
});

describe('log and cards in words', () => {
  it('describes a challenge the way a player would', () => {
    setLang('en');
    // Cleo's page: a line about Ana and Ben names them both (lines about the reader are in log.test.ts).
    const tb = table(fresh(), 2);
    expect(logWords(toClientTable(stateFrom(fresh(), 0), 0).log[0] ?? logEntryPlain(), tb)).toBeTypeOf('string');
    expect(logWords(logEntryPlain(), tb)).toBe('Ana challenges Ben with red 5, yellow 5');
    // A rejection's cards travel as pairs (challenge, card, ...): said as what beat what.
    const rejected = { ...logEntryPlain(), kind: 'rejected', seat: 1, cards: ['b9a', 'y3a', 'r5a', 'r9b'] };
    expect(logWords(rejected, tb)).toBe('Ben rejects blue 9 with yellow 3, red 5 with red 9');
    expect(logWords(rejected, tb, 'de')).toBe('Ben wehrt blau 9 mit gelb 3, rot 5 mit rot 9 ab');
    expect(logWords(rejected, table(fresh(), 1))).toBe('You reject blue 9 with yellow 3, red 5 with red 9');
  });

  it("words the room's own events: a clock running out, a return, a move to the spectators", () => {
    setLang('en');
    const tb = table(fresh(), 0);
    const room = (kind: string, text = '') => ({ ...logEntryPlain(), kind, seat: 1, cards: [], text });
    expect(logWords(room('timedOut', 'attacker'), tb)).toBe("Ben's time ran out: Ben adds no more cards for now");
    expect(logWords(room('timedOut', 'target'), tb)).toBe("Ben's time ran out: Ben passes");
    expect(logWords({ ...room('timedOut', 'attacker'), value: 1 }, tb)).toBe(
      "Ben's time ran out: the bot opens for Ben",
    );
    // The clock's words are never the take-back window's.
    expect(logWords(room('timedOut', 'target'), tb)).not.toBe(logWords(room('windowClosed'), tb));
    expect(logWords(room('returned', 'Ben'), tb)).toBe('Ben is back');
    expect(logWords(room('kicked', 'Ben'), tb)).toBe('Ben is moved to the spectators');
    for (const l of ['de', 'ja'] as const) expect(logWords(room('timedOut', 'attacker'), tb, l)).toContain('Ben');
  });

  it('counts in the singular for one card', () => {
    setLang('en');
    const tb = table(fresh(), 0);
    const took = (n: number) => ({ ...logEntryPlain(), kind: 'took', seat: 1, cards: [], value: n });
    expect(logWords(took(1), tb)).toBe('Ben takes 1 card');
    expect(logWords(took(3), tb)).toBe('Ben takes 3 cards');
    expect(logWords(took(1), tb, 'de')).toBe('Ben nimmt 1 Karte');
    const discarded = (cards: string[]) => ({ ...logEntryPlain(), kind: 'discarded', seat: -1, cards });
    expect(logWords(discarded(['r5a']), tb)).toBe('red 5 goes to the discard pile');
    expect(logWords(discarded(['r5a', 'y6a']), tb)).toBe('red 5, yellow 6 go to the discard pile');
  });

  it('sorts by suit with trump last, or by value', () => {
    const hand = ['b3a', 'r9a', 'y1a', 'r2b', 'bFa'];
    expect(sortHand(hand, 'suit', 'r5a')).toEqual(['y1a', 'b3a', 'bFa', 'r2b', 'r9a']);
    expect(sortHand(hand, 'value', 'r5a')).toEqual(['y1a', 'r2b', 'b3a', 'r9a', 'bFa']);
  });
});

function logEntryPlain() {
  const e = decodeLogLine(logEntry('opened', 0, 1, ['r5a', 'y5b']));
  if (!e) throw new Error('the fixture line does not decode');
  return { ...e, at: 0 };
}

describe('results', () => {
  it('splits each total into feathers and won bets per round (R9.2)', () => {
    const v = viewFor(fresh(), null);
    v.players = 3;
    v.feathers = [
      { seat: 0, value: 2, round: 1 },
      { seat: 1, value: 1, round: 1 },
      { seat: 1, value: 3, round: 2 },
      { seat: 2, value: 2, round: 2 },
    ];
    v.roundLosers = [2, 0];
    v.bets = [
      { by: 0, on: 2, round: 1, value: 1 }, // on the loser: the owner scores
      { by: 1, on: 0, round: 1, value: 1 }, // on a non-loser: that player scores
      { by: 2, on: 1, round: 1, value: 0 },
      { by: 2, on: 0, round: 2, value: 1 }, // on the loser of round 2: the owner
    ];
    v.scores = [4, 4, 3];
    v.winner = 1;
    const r = results(v);
    expect(r.lines[0]).toMatchObject({ feathers: [2, 0], bets: [2, 0], total: 4 });
    expect(r.lines[1]).toMatchObject({ feathers: [1, 3], bets: [0, 0], total: 4, bestRound2Feather: 3 });
    expect(r.lines[2]).toMatchObject({ feathers: [0, 2], bets: [0, 1], total: 3 });
    expect(r.tieBroken).toBe(true);
  });
});

describe('rematch', () => {
  it('a rematch is a ready check among people; Rematch at once only where nobody else is to wait for', () => {
    const g = fresh();
    const over = (seat: number | null) => toClientTable(stateFrom(g, seat, 'finished'), seat ?? -1, seat === 0);
    // Every seated person says Ready, the host too (issue #40: nobody dealt into a running clock).
    for (let seat = 0; seat < g.players; seat++) expect(rematchOffer(over(seat)), `seat ${seat}`).toBe('ready');
    expect(rematchOffer(over(null))).toBe('wait');
    // Said ready: waiting for the others, who are listed with their state.
    const s = stateFrom(g, 1, 'finished');
    (s.players[1] as { ready: boolean }).ready = true;
    const mine = toClientTable(s, 1, false);
    expect(rematchOffer(mine)).toBe('readyWait');
    expect(readyList(mine)).toHaveLength(g.players);
    expect(
      readyList(mine)
        .filter((p) => p.ready)
        .map((p) => p.name),
    ).toEqual(['Ben']);
    // The host among bots only (practice, the lesson): Rematch starts at once, as before.
    const bots = stateFrom(g, 0, 'finished');
    for (const [i, p] of [...bots.players].entries()) if (i > 0) p.bot = true;
    expect(rematchOffer(toClientTable(bots, 0, true))).toBe('button');
  });
});

describe('a start waiting for its record (the server holds the table: STARTING)', () => {
  const lobby = (starting: boolean, viewer = 0) => {
    const s = stateFrom(fresh(), viewer, 'lobby');
    s.trump = '';
    s.starting = starting;
    return toClientTable(s, viewer, viewer === 0);
  };

  it('is shown to everyone: the banner says so, at the host, a player and a spectator alike', () => {
    for (const viewer of [0, 1, -1]) {
      expect(lobby(true, viewer).starting).toBe(true);
      expect(banner(lobby(true, viewer)).key).toBe('banner.starting');
      expect(banner(lobby(false, viewer)).key).toBe('banner.lobby');
    }
    // A rematch waits the same way, over the last game's results; the game itself shows its own banner.
    const finished = stateFrom(fresh(), 0, 'finished');
    finished.starting = true;
    expect(banner(toClientTable(finished, 0, true)).key).toBe('banner.starting');
    finished.status = 'playing';
    finished.starting = false;
    expect(banner(toClientTable(finished, 0, true)).key).not.toBe('banner.starting');
  });

  it('holds Start, the seats and the settings in the lobby until it is over', () => {
    expect(lobbyOffers(lobby(false))).toEqual({ start: true, seats: true, settings: true });
    expect(lobbyOffers(lobby(true))).toEqual({ start: false, seats: false, settings: false });
    expect(lobbyOffers(lobby(true, 1))).toEqual({ start: false, seats: false, settings: false });
    expect(lobbyOffers(lobby(false, 1))).toEqual({ start: false, seats: true, settings: false });
  });

  it('tells a spectator they will watch it, not to take a free seat (its Sit buttons are held)', () => {
    // Was: "Take a free seat to play" over disabled Sit buttons.
    expect(watchNote(lobby(true, -1))).toBe('seat.watchStarting');
    expect(watchNote(lobby(false, -1))).toBe('seat.watchNote');
    for (const lang of ['en', 'de', 'ja'] as const) {
      setLang(lang);
      expect(t('seat.watchStarting')).not.toBe(t('seat.watchNote'));
      expect(t('seat.watchStarting')).not.toBe('seat.watchStarting');
    }
    setLang('en');
  });

  it('is said once to a screen reader as it begins, in every language', () => {
    for (const lang of ['en', 'de', 'ja'] as const) {
      setLang(lang);
      const line = startingAnnouncement(lobby(true), false);
      expect(line).toBeTruthy();
      expect(startingAnnouncement(lobby(true), true)).toBeNull();
      expect(startingAnnouncement(lobby(false), true)).toBeNull();
    }
    setLang('en');
  });
});

describe('saving delayed (the server cannot write its record: moves wait, a start is given up)', () => {
  const table = (delayed: boolean, status = 'playing') => {
    const s = stateFrom(fresh(), 0, status);
    s.savingDelayed = delayed;
    return toClientTable(s, 0, true);
  };

  it('is what the banner says while it lasts, at any stage, and no longer once it is over', () => {
    for (const status of ['lobby', 'playing', 'finished']) {
      expect(table(true, status).savingDelayed).toBe(true);
      expect(banner(table(true, status)).key).toBe('banner.savingDelayed');
      expect(banner(table(false, status)).key).not.toBe('banner.savingDelayed');
    }
  });

  it('is said to a screen reader as it begins and as it ends, in every language', () => {
    for (const lang of ['en', 'de', 'ja'] as const) {
      setLang(lang);
      expect(savingAnnouncement(table(true), false)).toBe(t('banner.savingDelayed'));
      expect(savingAnnouncement(table(false), true)).toBe(t('banner.savingAgain'));
      expect(savingAnnouncement(table(true), true)).toBeNull();
      expect(savingAnnouncement(table(false), false)).toBeNull();
      expect(t('banner.savingDelayed')).not.toBe('banner.savingDelayed');
    }
    setLang('en');
  });

  it('words a start given up for it as a start that did not happen, in every language', () => {
    for (const lang of ['en', 'de', 'ja'] as const) {
      const start = coachWords({ code: 'NOT_RECORDED', request: 'start' }, lang);
      expect(coachWords({ code: 'NOT_RECORDED', request: 'rematch' }, lang)).toBe(start);
      // A move refused for the same reason keeps its own words.
      expect(coachWords({ code: 'NOT_RECORDED', request: 'play' }, lang)).not.toBe(start);
      expect(start).toBe(COACH[lang]['NOT_RECORDED.start']);
    }
    expect(coachWords({ code: 'NOT_RECORDED', request: 'start' }, 'en')).toMatch(
      /^Could not start: saving is unavailable/,
    );
  });
});
