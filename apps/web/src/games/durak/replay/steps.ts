/**
 * A finished Battle of Durak game's public record, rebuilt step by step with the rules package: the
 * server serves its options with the seed and every action once the game is over (after the end
 * nothing is secret), and `createGame` + `applyAction` give each state in between. A record that is
 * not one, or an action the rules refuse, says why instead of drawing a wrong game.
 */
import { type Action, applyAction, createGame, type Options, type State } from '@blaze/durak';

export interface DurakRecord {
  id: string;
  /** The game's number at its table. */
  game: number;
  names: string[];
  options: Options;
  actions: Action[];
}

export type Built = { ok: true; states: State[] } | { ok: false; reason: string };

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** The record's shape, read without trusting it. */
export function readRecord(x: unknown): DurakRecord | string {
  if (!isObject(x)) return 'not a record';
  if (x.rules !== 'durak') return `not a Battle of Durak game (${String(x.rules)})`;
  const { options, actions, names } = x;
  if (!isObject(options) || typeof options.seed !== 'string') return 'no options with a seed';
  if (!Array.isArray(actions) || !actions.every(isObject)) return 'no list of actions';
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) return 'no seat names';
  return {
    id: typeof x.id === 'string' ? x.id : '',
    game: typeof x.game === 'number' ? x.game : 0,
    names: names as string[],
    options: options as unknown as Options,
    actions: actions as unknown as Action[],
  };
}

/** Every state from the deal (index 0) to the end (index actions.length). */
export function buildStates(r: DurakRecord): Built {
  let s: State;
  try {
    s = createGame(r.options);
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message : String(e) };
  }
  const states = [s];
  for (const [i, a] of r.actions.entries()) {
    const next = applyAction(s, a);
    if (!next.ok) return { ok: false, reason: `move ${i + 1} refused: ${next.error.code}` };
    s = next.state;
    states.push(s);
  }
  return { ok: true, states };
}

export type StepWord =
  | { key: 'log.open' | 'log.continue' | 'log.ambush' | 'log.defended'; seat: number; card: string }
  | { key: 'log.retreated'; seat: number; cards: string[] }
  | { key: 'log.ended' | 'log.passed'; seat: number };

/** What the action that left `before` did, in the log's terms (the attacker ends; an ambusher passes). */
export function stepWord(before: State, a: Action): StepWord {
  switch (a.type) {
    case 'attack':
      return {
        key: before.table.length === 0 ? 'log.open' : a.seat === before.attacker ? 'log.continue' : 'log.ambush',
        seat: a.seat,
        card: a.card,
      };
    case 'defend':
      return { key: 'log.defended', seat: a.seat, card: a.card };
    case 'retreat':
      return {
        key: 'log.retreated',
        seat: a.seat,
        cards: before.table.flatMap((p) => (p.defence === null ? [p.attack] : [p.attack, p.defence])),
      };
    case 'end':
      return { key: a.seat === before.attacker ? 'log.ended' : 'log.passed', seat: a.seat };
  }
}
