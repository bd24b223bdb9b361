/**
 * A finished Bla5t game's public record, rebuilt step by step with the rules package. The server
 * writes (table/generic.ts, afterGame.ts) the table's options with the seed, and every action as its
 * game module took it: an action names the *player* (the seat at the game's start), which the module
 * turns into the current seat (Stephania moves players, X12.5). So each action is applied through
 * the module, as the server did, and each state's events are kept for the step's words. A record
 * that is not one, or a move the rules refuse, answers an error with a code (and the move's number)
 * instead of a wrong game.
 */
import type { Action, Event, Options, State } from '@blaze/bla5t';
import { bla5tModule, bla5tOptionsSchema } from '@blaze/bla5t/module';

export interface Bla5tRecord {
  id: string;
  /** The game's number at its table. */
  game: number;
  /** Per player. */
  names: string[];
  options: Options;
  actions: Action[];
}

export interface Step {
  /** The state after this step's action (the deal for step 0). */
  state: State;
  /** The action that led here (null for the deal). */
  action: Action | null;
  /** Its events, as the module gave them (private ones included: after the end nothing is secret). */
  events: Event[];
}

export type ReplayErrorCode = 'NOT_A_RECORD' | 'NOT_BLA5T' | 'BAD_OPTIONS' | 'REFUSED' | 'UNFINISHED';

export interface ReplayError {
  code: ReplayErrorCode;
  message: string;
  /** The refused move (1 = the first action), for REFUSED. */
  move?: number;
  /** The rules' refusal code (XT2, or MALFORMED), for REFUSED. */
  refusal?: string;
}

export type Built = { ok: true; steps: Step[] } | { ok: false; error: ReplayError };

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const fail = (
  code: ReplayErrorCode,
  message: string,
  at?: { move: number; refusal: string },
): { ok: false; error: ReplayError } => ({ ok: false, error: { code, message, ...at } });

/** The record's shape, read without trusting it (the options as the table's schema takes them). */
export function readRecord(x: unknown): { ok: true; record: Bla5tRecord } | { ok: false; error: ReplayError } {
  if (!isObject(x)) return fail('NOT_A_RECORD', 'not a record');
  if (x.rules !== 'bla5t') return fail('NOT_BLA5T', `not a Bla5t game (${String(x.rules)})`);
  const { options, actions, names } = x;
  if (!isObject(options) || typeof options.seed !== 'string') return fail('BAD_OPTIONS', 'no options with a seed');
  const { seed, ...rest } = options;
  const parsed = bla5tOptionsSchema.safeParse(rest);
  if (!parsed.success) return fail('BAD_OPTIONS', parsed.error.issues[0]?.message ?? 'bad options');
  if (!Array.isArray(actions) || !actions.every(isObject)) return fail('NOT_A_RECORD', 'no list of actions');
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) return fail('NOT_A_RECORD', 'no names');
  return {
    ok: true,
    record: {
      id: typeof x.id === 'string' ? x.id : '',
      game: typeof x.game === 'number' ? x.game : 0,
      names: names as string[],
      options: { ...parsed.data, seed } as Options,
      actions: actions as unknown as Action[],
    },
  };
}

/** Every state from the deal (step 0) to the end (step actions.length), and that the game ended. */
export function buildSteps(r: Bla5tRecord): Built {
  let s: State;
  try {
    const { seed, ...o } = r.options;
    s = bla5tModule.setup(o, seed);
  } catch (e) {
    return fail('BAD_OPTIONS', e instanceof Error ? e.message : String(e));
  }
  const steps: Step[] = [{ state: s, action: null, events: [] }];
  for (const [i, a] of r.actions.entries()) {
    let next: ReturnType<typeof bla5tModule.apply>;
    try {
      next = bla5tModule.apply(s, a);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      return fail('REFUSED', `move ${i + 1} refused: ${why}`, { move: i + 1, refusal: 'MALFORMED' });
    }
    if (!next.ok)
      return fail('REFUSED', `move ${i + 1} refused: ${next.error.code}`, { move: i + 1, refusal: next.error.code });
    s = next.state;
    steps.push({ state: s, action: a, events: next.events.map(({ by: _by, ...e }) => e as Event) });
  }
  // A replay is of a finished game: a record that stops short is not one (and was never served).
  if (!s.over) return fail('UNFINISHED', `the game does not end after move ${r.actions.length}`);
  return { ok: true, steps };
}
