/** The guided game's script, the local table behind practice and the tutorial, hints and announcements. */
import { ALL_CARDS, applyAction, viewFor } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { announcements } from '../src/games/blaze/a11y/announce.js';
import { lt } from '../src/games/blaze/i18n/learn.js';
import { buildScript, LEARN_DECK, LEARN_NAMES, LEARN_SEED, LEARNER } from '../src/games/blaze/learn/script.js';
import { owed } from '../src/games/blaze/practice/driver.js';
import { hintFor } from '../src/games/blaze/practice/hint.js';
import { LocalTable } from '../src/games/blaze/practice/localTable.js';
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
    expect(a.moments).toHaveLength(43);
    expect(a.moments.filter((m) => m.kind === 'do')).toHaveLength(36);
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
    for (const l of ['pass', 'stand', 'draw', 'phaseTwo', 'bet', 'betsScored', 'feather', 'roundOver', 'gameOver']) {
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

  it('a learner move outside the script is judged by the rules', () => {
    const t = learnTable();
    const r = applyAction(t.game, { type: 'pass', seat: LEARNER });
    expect(r.ok).toBe(false);
  });
});

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
