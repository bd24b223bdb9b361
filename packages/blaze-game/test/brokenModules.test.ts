/**
 * The conformance suite itself (issue 36, must-show 1): Blaze with one part deliberately broken must
 * fail the check that guards that part, with a message that says what went wrong. Each broken module
 * changes one function of the real one, so a pass here cannot come from the breakage being elsewhere.
 */
import type { ActionBase, AnyGameModule } from '@blaze/game';
import { type ConformanceOptions, conformanceChecks } from '@blaze/game/conformance';
import { type Action, type GameState, type redactEvent, viewFor } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { blazeModule } from '../src/index.js';
import { blazePrivacy } from '../src/privacy.js';

const options: ConformanceOptions<GameState> = {
  privacy: blazePrivacy,
  runs: 1,
  botStrengths: ['easy'],
  seed: 36,
};

/** One list of checks per module, so its random games are played once for all its checks. */
const checksOf = new WeakMap<AnyGameModule, ReturnType<typeof conformanceChecks>>();

/** Run the named check (by the start of its name) on `m`: the error it throws, or null if it passed. */
function failureOf(m: AnyGameModule, check: string): string | null {
  let checks = checksOf.get(m);
  if (checks === undefined) {
    checks = conformanceChecks(m, options);
    checksOf.set(m, checks);
  }
  const found = checks.filter((c) => c.name.startsWith(check));
  expect(found).toHaveLength(1);
  try {
    found[0]?.run();
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

const broken = (patch: Partial<AnyGameModule>): AnyGameModule => ({ ...blazeModule, ...patch });

describe('the conformance suite fails a broken module', () => {
  it('the real module passes the checks used below (so each failure is the breakage)', () => {
    for (const check of ['views and redacted', 'refusals', 'timeouts', 'random legal play', 'replay', 'options']) {
      expect(failureOf(blazeModule, check)).toBeNull();
    }
  });

  it('a view that shows every hand (R11.3)', () => {
    const leaky = broken({ view: (s: GameState, v: number | null) => ({ ...viewFor(s, v), hands: s.hands }) });
    expect(failureOf(leaky, 'views and redacted')).toMatch(/the view of viewer (null|\d) holds a secret/);
  });

  it("a view that shows others' hidden bet values (only the resampling can tell)", () => {
    const leaky = broken({
      view: (s: GameState, v: number | null) => ({ ...viewFor(s, v), bets: s.bets.map((b) => ({ ...b })) }),
    });
    expect(failureOf(leaky, 'views and redacted')).toMatch(/changes with what it may not know/);
  });

  it('a redaction that lets everyone see the cards a player drew', () => {
    const leaky = broken({ redact: (e: Parameters<typeof redactEvent>[0]) => e });
    expect(failureOf(leaky, 'views and redacted')).toMatch(/an event shows viewer (null|\d) a secret/);
  });

  it('an apply that writes into its input', () => {
    const mutating = broken({
      apply(s: GameState, a: Action) {
        const r = blazeModule.apply(s, a);
        // Remembering the last action on the old state: harmless-looking, and a replay-breaking bug.
        (s as GameState & { last?: unknown }).last = a;
        return r;
      },
    });
    expect(failureOf(mutating, 'random legal play')).toMatch(/apply threw/);
    expect(failureOf(mutating, 'refusals')).toMatch(/apply threw/);
  });

  it('an apply that throws on a malformed action instead of refusing it', () => {
    const throwing = broken({
      apply(s: GameState, a: Action) {
        if (a.type === 'play' && !Array.isArray(a.cards)) throw new TypeError('cards is not iterable');
        return blazeModule.apply(s, a);
      },
      // The parser lets anything through, so the judging is left to apply.
      parseAction: (raw: unknown, seat: number) => ({ ok: true, value: { ...(raw as object), seat } as Action }),
    });
    expect(failureOf(throwing, 'refusals')).toMatch(/apply threw|accepted/);
  });

  it('an onTimeout whose action is refused', () => {
    const refused = broken({
      // A target who times out "stands": only attackers may (NOT_YOUR_ROLE).
      onTimeout: (s: GameState, d: { seat: number | null; role: string }, rnd: () => number) =>
        d.role === 'target' ? { type: 'stand', seat: d.seat as number } : blazeModule.onTimeout(s, d, rnd),
    });
    expect(failureOf(refused, 'timeouts')).toMatch(/a timeout's action is refused.*NOT_YOUR_ROLE/);
  });

  it('an onTimeout that does nothing for a table timer', () => {
    const idle = broken({
      onTimeout: (s: GameState, d: { seat: number | null; role: string }, rnd: () => number) =>
        d.seat === null ? null : blazeModule.onTimeout(s, d, rnd),
    });
    expect(failureOf(idle, 'timeouts')).toMatch(/has no timeout action/);
  });

  it("a parser that accepts the table's own closeWindow from a client", () => {
    const lax = broken({
      parseAction: (raw: unknown, seat: number) =>
        (raw as ActionBase | null)?.type === 'closeWindow'
          ? { ok: true, value: { type: 'closeWindow' } as Action }
          : blazeModule.parseAction(raw, seat),
    });
    expect(failureOf(lax, 'refusals')).toMatch(/system action/);
  });

  it('a due that forgets the bettors: a game in progress waits for nobody', () => {
    const stuck = broken({ due: (s: GameState) => (s.betting ? [] : blazeModule.due(s)) });
    expect(failureOf(stuck, 'random legal play')).toMatch(/waits for nobody/);
  });

  it('a setup that ignores its seed cannot be replayed', () => {
    let n = 0;
    const unseeded = broken({ setup: (o: { players: 3 | 4 | 5 }) => blazeModule.setup(o, `game-${n++}`) });
    expect(failureOf(unseeded, 'options')).toMatch(/not a function of its seed/);
    expect(failureOf(unseeded, 'replay')).toMatch(/refused on replay|another state/);
  });
});
