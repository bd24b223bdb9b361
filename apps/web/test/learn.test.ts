/** The guided game's script, the local table behind practice and the tutorial, hints and announcements. */
import { type Action, ALL_CARDS, applyAction, type GameEvent, viewFor } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { announcements } from '../src/games/blaze/a11y/announce.js';
import { lt } from '../src/games/blaze/i18n/learn.js';
import { CLAIMS, type Scene, untrueClaims } from '../src/games/blaze/learn/claims.js';
import {
  buildScript,
  LEARN_DECK,
  LEARN_NAMES,
  LEARN_SEED,
  LEARNER,
  type Moment,
} from '../src/games/blaze/learn/script.js';
import { lessonWords } from '../src/games/blaze/learn/words.js';
import { cardWords } from '../src/games/blaze/logic/cards.js';
import { hintFor } from '../src/games/blaze/practice/hint.js';
import { LocalTable } from '../src/games/blaze/practice/localTable.js';
import { owed } from '../src/games/blaze/practice/session.js';
import { setLang } from '../src/shell/i18n/index.js';
import { emptyTable } from '../src/shell/store/snapshot.js';

const settings = emptyTable().settings;

function learnTable(): LocalTable {
  return new LocalTable({
    players: 3,
    seed: LEARN_SEED,
    deck: LEARN_DECK,
    startSeat: LEARNER,
    names: LEARN_NAMES.map((n, k) => (k === LEARNER ? 'Me' : n)),
    human: LEARNER,
    settings,
  });
}

describe('the guided game', () => {
  it('is the same game every time, and every moment is a legal step of it', () => {
    const a = buildScript();
    const b = buildScript();
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.moments).toHaveLength(42);
    expect(a.moments.filter((m) => m.kind === 'do')).toHaveLength(33);
    const lessons = new Set(a.moments.map((m) => m.lesson));
    for (const l of [
      'open',
      'rejectSuit',
      'rejectTrump',
      'trumpOnTrump',
      'firebird',
      'extend',
      'supporter',
      'limit',
      'takeBack',
    ]) {
      expect(lessons.has(l as never), l).toBe(true);
    }
    for (const l of [
      'rejected',
      'pass',
      'stand',
      'draw',
      'window',
      'phaseTwo',
      'bet',
      'betsScored',
      'feather',
      'roundOver',
      'gameOver',
    ]) {
      expect(lessons.has(l as never), l).toBe(true);
    }
    // The learner does the take-back themselves (R5.3), after supporter, limit and extend were taught.
    const order = a.moments.map((m) => m.lesson);
    const takeBack = a.moments.find((m) => m.lesson === 'takeBack');
    expect(takeBack?.kind).toBe('do');
    for (const l of ['supporter', 'limit', 'extend'] as const)
      expect(order.indexOf(l)).toBeLessThan(order.indexOf('takeBack'));
    // Replayed on the local table, the script reaches the end of the game; the learner's moves are theirs.
    const t = learnTable();
    for (const [k, action] of a.actions.entries()) {
      const m = a.moments.find((x) => x.kind === 'do' && x.at === k);
      if (m?.kind === 'do') expect(m.action).toEqual(action);
      expect(t.act(action)).toBeNull();
    }
    expect(t.game.over).toBe(true);
    expect(t.snapshot().status).toBe('finished');
  });

  it('every claim a step makes about the table holds on the table at that step', () => {
    const script = buildScript();
    const seen = new Set<string>();
    for (const [k, m] of script.moments.entries()) {
      const scene = sceneAt(script.actions, m.at);
      expect(untrueClaims(m, scene), `step ${k + 1}`).toEqual([]);
      if (m.lesson) seen.add(m.lesson);
    }
    // Every lesson says something about its table, and every one of them was checked somewhere.
    for (const [lesson, claims] of Object.entries(CLAIMS)) {
      expect(Object.keys(claims).length, lesson).toBeGreaterThan(0);
      expect(seen.has(lesson), lesson).toBe(true);
    }
  });

  it('catches a step whose words the table does not bear out', () => {
    const script = buildScript();
    const round2 = script.moments.find((m) => m.lesson === 'roundOver');
    if (round2?.kind !== 'watch') throw new Error('no round-over step');
    const scene = sceneAt(script.actions, round2.at);
    // The finding: round 2 was said to bring a new trump while the table kept the suit (R10.1).
    expect(round2.facts.kept).toBe(true);
    expect(untrueClaims({ ...round2, facts: { ...round2.facts, kept: false } }, scene)).toEqual([
      'roundOver: the trump suit stays or changes as said',
    ]);
    // And bets said revealed while round 1 was still played.
    const phaseTwo = script.moments.find((m) => m.lesson === 'phaseTwo') as Moment;
    expect(untrueClaims({ ...phaseTwo, lesson: 'betsScored' }, sceneAt(script.actions, phaseTwo.at))).toHaveLength(2);
  });

  it('names in its words the cards and players of its facts, in every language', () => {
    const script = buildScript();
    const names = LEARN_NAMES.map((n, k) => (k === LEARNER ? 'Me' : n));
    for (const lang of ['en', 'de', 'ja'] as const) {
      setLang(lang);
      for (const m of script.moments) {
        if (m.kind !== 'watch') continue;
        const words = lessonWords(m, names);
        const f = m.facts;
        for (const c of [f.card, f.challenge, f.trump])
          if (c) expect(words, `${lang} ${m.lesson}`).toContain(cardWords(c));
        if (f.seat !== undefined && f.seat !== LEARNER) expect(words, `${lang} ${m.lesson}`).toContain(names[f.seat]);
      }
    }
    setLang('en');
  });

  it('shows the take-back window open before the learner uses it', () => {
    const { moments } = buildScript();
    const k = moments.findIndex((m) => m.lesson === 'window');
    expect(moments[k]?.kind).toBe('watch');
    expect(moments[k + 1]).toMatchObject({ kind: 'do', lesson: 'takeBack', at: moments[k]?.at });
  });

  it('ends with the learner finishing the game, not passing to a forced loss', () => {
    const script = buildScript();
    const end = sceneAt(script.actions, script.actions.length).game;
    expect(end.over).toBe(true);
    expect(end.roundLosers[1]).not.toBe(LEARNER);
    // The learner's last move sheds their last cards: they go out with a round-2 feather.
    const dos = script.moments.filter((m) => m.kind === 'do');
    const last = dos.at(-1);
    expect(last?.kind === 'do' && last.action.type).toBe('play');
    expect(end.feathers.some((f) => f.seat === LEARNER && f.round === 2)).toBe(true);
    const round2 = script.moments.findIndex((m) => m.lesson === 'roundOver');
    const passes = script.moments.slice(round2).filter((m) => m.kind === 'do' && m.action.type === 'pass');
    expect(passes).toEqual([]);
  });

  it('a learner move outside the script is judged by the rules', () => {
    const t = learnTable();
    const r = applyAction(t.game, { type: 'pass', seat: LEARNER });
    expect(r.ok).toBe(false);
  });
});

/** The learner's table after the first `at` actions, as the runner holds it. */
function sceneAt(actions: Action[], at: number): Scene {
  const t = learnTable();
  const first = t.game;
  let events: GameEvent[] = [];
  for (const a of actions.slice(0, at)) {
    const r = applyAction(t.game, a);
    if (!r.ok) throw new Error(r.error.message);
    events = r.events;
    expect(t.act(a)).toBeNull();
  }
  return { game: t.game, first, events, table: t.snapshot() };
}

describe('the local table', () => {
  it('snapshots show the person only their own hand (R11)', () => {
    const t = learnTable();
    const snap = t.snapshot();
    const others = t.game.hands.filter((_, s) => s !== LEARNER).flat();
    const text = JSON.stringify(snap);
    const seen = new Set(ALL_CARDS.filter((c) => text.includes(`"${c}"`)));
    for (const c of others) expect(seen.has(c), c).toBe(false);
    expect(snap.view?.hand.sort()).toEqual([...(t.game.hands[LEARNER] ?? [])].sort());
    expect(snap.seats[1]?.bot).toBe(true);
  });

  it('the person owes an opening first, and the hint names a legal move', () => {
    const t = learnTable();
    expect(owed(t.game, LEARNER)).toBe('attacker');
    const hint = hintFor(viewFor(t.game, LEARNER), () => 0.5);
    expect(hint.reason).toBe('open-weakest');
    expect(hint.action && applyAction(t.game, hint.action).ok).toBe(true);
  });

  it('announces each new move in words, with the limit on an opening', () => {
    const t = learnTable();
    const before = t.snapshot();
    const seq = before.log.at(-1)?.seq ?? 0;
    const first = buildScript().actions[0];
    if (!first) throw new Error('no first action');
    expect(t.act(first)).toBeNull();
    const a = announcements(t.snapshot(), seq);
    expect(a.lines).toHaveLength(1);
    expect(a.lines[0]).toMatch(/^You challenge Ana with red 2; limit 5$/);
  });
});

describe("the guided game's words", () => {
  it('name the other seats as the table shows them, in every language', () => {
    for (const lang of ['en', 'de', 'ja'] as const) {
      setLang(lang);
      // The Japanese intro said アナとベン over seats labelled Ana and Ben.
      for (const name of LEARN_NAMES.filter(Boolean)) expect(lt('learn.intro'), lang).toContain(name);
    }
    setLang('en');
  });
});
