/**
 * A clock running out is told once, saying what the clock really did (R5.5): an idle attacker
 * stands (adds nothing for now), an idle target passes, an idle opener gets the bot's opening, an
 * idle bettor the bot's bet. Issue #40: practice said "you are done" and then played for the person;
 * the server's log said "…Host is done" twice in a row.
 */
import { createGame } from '@blaze/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announcements } from '../src/games/blaze/a11y/announce.js';
import { logWords, toldLines } from '../src/games/blaze/logic/log.js';
import { PracticeSession } from '../src/games/blaze/practice/session.js';
import { LANGS, setLang } from '../src/shell/i18n/index.js';
import { type ClientTable, emptyTable, type LogLine, toClientTable } from '../src/shell/store/snapshot.js';
import { stateFrom } from './fixtures.js';

const mine: ClientTable = toClientTable(stateFrom(createGame({ players: 4, seed: 'words', startSeat: 0 }), 0), 0);
let seq = 0;
function line(kind: string, seat: number, value = -1, text = '', cards: string[] = []): LogLine {
  return { seq: ++seq, kind, seat, other: -1, cards, value, text };
}
const told = (log: LogLine[], l: (typeof LANGS)[number] = 'en') => toldLines(log).map((e) => logWords(e, mine, l));

afterEach(() => vi.useRealTimers());

describe('a timeout in the log', () => {
  it('is one line for an idle attacker, saying they add nothing for now, not "done"', () => {
    expect(told([line('timedOut', 1, -1, 'attacker'), line('stood', 1)])).toEqual([
      "Ben's time ran out: Ben adds no more cards for now",
    ]);
    expect(told([line('timedOut', 0, -1, 'attacker'), line('stood', 0)])).toEqual([
      'Your time ran out: you add no more cards for now',
    ]);
    expect(told([line('timedOut', 0, -1, 'attacker'), line('stood', 0)], 'de')).toEqual([
      'Deine Zeit ist abgelaufen: du legst vorerst nichts nach',
    ]);
    expect(told([line('timedOut', 0, -1, 'attacker'), line('stood', 0)], 'ja')).toEqual([
      'あなたの持ち時間切れ：あなたは今は追加しません',
    ]);
  });

  it('is one line for an idle target, in every language', () => {
    expect(told([line('timedOut', 1, -1, 'target'), line('passed', 1)])).toEqual(["Ben's time ran out: Ben passes"]);
    for (const l of LANGS) expect(told([line('timedOut', 1, -1, 'target'), line('passed', 1)], l)).toHaveLength(1);
  });

  it('keeps the opening the bot made (which cards) and a stand or pass that is not the clock’s', () => {
    const opened = { ...line('opened', 0, -1, '', ['r2a']), other: 1 };
    expect(told([line('timedOut', 0, 1, 'attacker'), opened])).toEqual([
      'Your time ran out: the bot opens for you',
      'You challenge Ben with red 2',
    ]);
    // Another seat's stand right after, or a stand of one's own without a clock: each is its own line.
    expect(told([line('timedOut', 1, -1, 'target'), line('passed', 1), line('stood', 2)])).toHaveLength(2);
    expect(told([line('stood', 0), line('stood', 0)])).toHaveLength(2);
  });

  it('never words an attacker timeout as the stand line does (the words that read twice)', () => {
    for (const l of LANGS) {
      const clock = logWords(line('timedOut', 1, -1, 'attacker'), mine, l);
      const stood = logWords(line('stood', 1), mine, l);
      expect(clock, l).not.toContain(stood);
    }
  });

  it('is said once by the live region too, and the skipped line counts as heard', () => {
    setLang('en');
    const log = [line('timedOut', 1, -1, 'target'), line('passed', 1)];
    const a = announcements({ ...mine, log }, 0);
    expect(a.lines).toEqual(["Ben's time ran out: Ben passes"]);
    expect(a.seq).toBe(log[1]?.seq);
  });
});

describe('practice clock', () => {
  it('says the bot opens for an idle opener, then the opening follows', () => {
    vi.useFakeTimers();
    const session = new PracticeSession(
      {
        players: 3,
        seed: 'timeout-words',
        startSeat: 0,
        names: ['You', 'Bot 1', 'Bot 2'],
        human: 0,
        settings: { ...emptyTable().settings, botDelayMs: 0 },
        clocks: { attackerMs: 1_000, targetMs: 1_000, betMs: 1_000 },
      },
      () => {},
      () => 0.5,
    );
    session.start();
    // The clock ends on the next whole tenth of a second, as the server's (the table loop's grid).
    vi.advanceTimersByTime(1_100);
    session.stop();
    const tb = session.table.snapshot();
    const log = tb.log;
    const k = log.findIndex((l) => l.kind === 'timedOut');
    expect(log[k]).toMatchObject({ seat: 0, text: 'attacker', value: 1 });
    expect(log[k + 1]).toMatchObject({ kind: 'opened', seat: 0 });
    expect(logWords(log[k] as LogLine, tb, 'en')).toBe('Your time ran out: the bot opens for you');
  });
});
