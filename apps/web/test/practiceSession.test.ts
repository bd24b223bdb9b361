/**
 * Blaze's practice table on the shared table loop (@blaze/game/loop), on vitest's fake clock: the bots
 * wait their delay, the take-back window closes after its 3 s and restarts only on the supporter's
 * new cards (R5.4), and the person's idle clock moves for them as the server's does (R5.5), saying so
 * in the log.
 */

import { ROUND_BREAK_MS } from '@blaze/protocol';
import { type Action, applyAction, type GameState, randomStream } from '@blaze/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Intent } from '../src/games/blaze/practice/localTable.js';
import { type ClockSpeeds, PracticeSession } from '../src/games/blaze/practice/session.js';
import { type DeadlineInfo, emptyTable, type LogLine } from '../src/shell/store/snapshot.js';

afterEach(() => vi.useRealTimers());

const settings = emptyTable().settings;
const WINDOW_MS = settings.windowMs;
const CLOCKS: ClockSpeeds = { attackerMs: 5_000, targetMs: 7_000, betMs: 6_000 };
/** A person's clock and the window end on the next whole tenth of a second (the loop's grid). */
const grid = (t: number) => Math.ceil(t / 100) * 100;

interface Seen {
  now: number;
  game: PracticeSession['table']['game'];
  deadlines: DeadlineInfo[];
  /** The log lines this change added. */
  lines: LogLine[];
}

function practice(seed: string, o: { botDelayMs: number; startSeat?: number; rnd?: () => number }) {
  const seen: Seen[] = [];
  let seq = 0;
  const session = new PracticeSession(
    {
      players: 4,
      seed,
      names: ['Me', 'Bot 1', 'Bot 2', 'Bot 3'],
      human: 0,
      ...(o.startSeat === undefined ? {} : { startSeat: o.startSeat }),
      settings: { ...settings, botDelayMs: o.botDelayMs },
      clocks: CLOCKS,
      strengths: ['normal', 'easy', 'normal', 'normal'],
    },
    (s) => {
      const log = s.table.snapshot().log;
      seen.push({
        now: Date.now(),
        game: s.table.game,
        deadlines: s.deadlines(),
        lines: log.filter((l) => l.seq > seq),
      });
      seq = log.at(-1)?.seq ?? seq;
    },
    o.rnd ?? randomStream(`${seed}:bots`),
  );
  return { session, seen };
}

const windowAt = (s: Seen) => s.deadlines.find((d) => d.kind === 'window')?.at;
const mine = (s: Seen) => s.deadlines.find((d) => d.seat === 0 && d.kind !== 'window');
const kinds = (s: Seen) => s.lines.map((l) => l.kind);

/** Checks every change against the timers before it; counts the cases met. */
function timing(seen: readonly Seen[]) {
  const counted = {
    opened: 0,
    closedOnTime: 0,
    notRestartedByReject: 0,
    restartedBySupporter: 0,
    timedOut: 0,
    betKept: 0,
    heldOverBreak: 0,
  };
  /** Until when a round's end holds the person's clock (its summary on screen, as at the server's tables). */
  let breakUntil = 0;
  for (let i = 1; i < seen.length; i++) {
    const was = seen[i - 1] as Seen;
    const is = seen[i] as Seen;
    if (is.game.round > was.game.round && !is.game.over) breakUntil = is.now + ROUND_BREAK_MS;
    const w0 = was.game.window;
    const w1 = is.game.window;
    // No timer is ever left behind its deadline.
    for (const d of is.deadlines) expect(d.at).toBeGreaterThanOrEqual(is.now);
    if (w1 !== null) expect(windowAt(is), `change ${i}`).toBeDefined();
    if (w1 !== null && (w0 === null || w0.seat !== w1.seat)) {
      // R5.4: a window opens for its 3 s (windowMs).
      expect(windowAt(is), `change ${i}`).toBe(grid(is.now + WINDOW_MS));
      counted.opened++;
    } else if (w0 !== null && w1 !== null) {
      if (w1.cards.length > w0.cards.length) {
        // R5.4: the supporter played into it again, so it restarts.
        expect(windowAt(is), `change ${i}`).toBe(grid(is.now + WINDOW_MS));
        counted.restartedBySupporter++;
      } else {
        // Anything else (a reject, the active player's stand...) leaves it running.
        expect(windowAt(is), `change ${i}`).toBe(windowAt(was));
        if (kinds(is).includes('rejected')) counted.notRestartedByReject++;
      }
    }
    if (kinds(is).join() === 'windowClosed') {
      // Only the window's timer closes it alone, and exactly when it was due.
      expect(is.now, `change ${i}`).toBe(windowAt(was));
      counted.closedOnTime++;
    }
    const told = is.lines.findIndex((l) => l.kind === 'timedOut');
    if (told >= 0) {
      // The person's clock ran out when it showed: it says so, then its move for them follows.
      const line = is.lines[told] as LogLine;
      const clock = mine(was);
      expect(line, `change ${i}`).toMatchObject({ seat: 0, text: clock?.kind });
      expect(is.now, `change ${i}`).toBe(clock?.at);
      const move = is.lines[told + 1] as LogLine;
      expect(['stood', 'passed', 'opened', 'betPlaced'], `change ${i}`).toContain(move.kind);
      expect(move.seat).toBe(0);
      expect(line.value).toBe(move.kind === 'opened' ? 1 : -1);
      counted.timedOut++;
    }
    const c0 = mine(was);
    const c1 = mine(is);
    if (c0?.kind === 'bet' && c1?.kind === 'bet') {
      // Another seat's bet leaves the person's bet clock running.
      expect(c1.at, `change ${i}`).toBe(c0.at);
      counted.betKept++;
    } else if (c1 && c1.kind !== 'bet') {
      // An idle attacker's or target's clock starts again on every move (the server's clocks).
      const ms = c1.kind === 'target' ? CLOCKS.targetMs : CLOCKS.attackerMs;
      expect(c1.at, `change ${i}`).toBe(grid(Math.max(is.now, breakUntil) + ms));
      if (breakUntil > is.now) counted.heldOverBreak++;
    }
  }
  return counted;
}

/**
 * The person as target rejecting one card while the take-back window stays open (a bot answers every
 * open card at once, which closes it: R5.4 (c)); null when there is no such reject now.
 */
function partialReject(g: GameState): Intent | null {
  const w = g.window;
  if (w === null || g.betting || g.target !== 0 || g.targetPassed) return null;
  const open = g.table.filter((e) => e.rejection === null).map((e) => e.challenge);
  for (const challenge of open) {
    if (!w.cards.some((c) => c !== challenge && open.includes(c))) continue;
    for (const card of g.hands[0] ?? []) {
      const pairs = [{ challenge, card }];
      const a: Action = { type: 'reject', seat: 0, pairs };
      if (applyAction(g, a).ok) return { type: 'reject', payload: { pairs } };
    }
  }
  return null;
}

describe('Blaze practice on the table loop', () => {
  it('a bot moves after its delay, not before', () => {
    vi.useFakeTimers({ now: 0 });
    // rnd 0.5: the bot waits exactly its delay (0.6 to 1.4 times it as rnd goes from 0 to 1).
    const { session, seen } = practice('session-bot-delay', { botDelayMs: 1_000, startSeat: 1, rnd: () => 0.5 });
    session.start();
    vi.advanceTimersByTime(999);
    expect(seen.flatMap(kinds)).not.toContain('opened');
    vi.advanceTimersByTime(1);
    session.stop();
    expect(seen.at(-1)).toMatchObject({ now: 1_000, lines: [{ kind: 'opened', seat: 1 }] });
  });

  it('plays a whole game with the person moved by their clock alone: the window and the clocks keep their time', () => {
    vi.useFakeTimers({ now: 0 });
    const { session, seen } = practice('session-whole-game', { botDelayMs: 600 });
    session.start();
    // Bounded: two hours of the fake clock are far more than a game of clock moves needs.
    for (let t = 0; t < 7_200 && !seen.at(-1)?.game.over; t++) vi.advanceTimersByTime(1_000);
    session.stop();
    expect(seen.at(-1)?.game.over).toBe(true);

    const counted = timing(seen);
    // The person moved by their clock alone: every move of seat 0 followed a timedOut line.
    const lines = seen.flatMap((s) => s.lines);
    const own = lines.filter(
      (l) => l.seat === 0 && ['stood', 'passed', 'opened', 'extended', 'rejected', 'betPlaced'].includes(l.kind),
    );
    for (const l of own) expect(lines[lines.indexOf(l) - 1]?.kind, `line ${l.seq}`).toBe('timedOut');
    // Each case was met in this game, not passed over (a bot's reject answers every open card, so
    // it closes the window: the next test's person leaves one open).
    for (const [name, n] of Object.entries(counted))
      if (name !== 'notRestartedByReject') expect(n, name).toBeGreaterThan(0);
  });

  it("the person's reject leaves the window running; the supporter's next card restarts it", () => {
    let counted: ReturnType<typeof timing> | null = null;
    // Deterministic games: the first few seeds in which the person meets such a window.
    for (let k = 0; k < 12 && !(counted?.notRestartedByReject && counted.restartedBySupporter); k++) {
      vi.useFakeTimers({ now: 0 });
      const { session, seen } = practice(`session-window-${k}`, { botDelayMs: 600 });
      session.start();
      for (let t = 0; t < 72_000 && !seen.at(-1)?.game.over; t++) {
        vi.advanceTimersByTime(100);
        const reject = partialReject(session.table.game);
        if (reject) expect(session.send(reject)).toBeNull();
      }
      session.stop();
      expect(seen.at(-1)?.game.over).toBe(true);
      counted = timing(seen);
      vi.useRealTimers();
    }
    expect(counted?.notRestartedByReject).toBeGreaterThan(0);
    expect(counted?.restartedBySupporter).toBeGreaterThan(0);
  });
});
