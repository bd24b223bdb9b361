/**
 * A finished game's public record: what the server keeps and GET /api/games/<table>-<n> serves, and
 * what the replay page parses before it trusts it. After the end nothing is secret, so the options
 * carry the seed (and the deck, where a test fixed one): the rules' replay rebuilds every step.
 */
import { type Action, type CreateOptions, isCardId } from '@blaze/rules';
import { z } from 'zod';

const card = z.string().refine(isCardId, { message: 'not a card id' });
const seat = z.number().int().min(0).max(4);

const action = z.discriminatedUnion('type', [
  z.object({ type: z.literal('play'), seat, cards: z.array(card).min(1) }),
  z.object({
    type: z.literal('reject'),
    seat,
    pairs: z.array(z.object({ challenge: card, card })).min(1),
  }),
  z.object({ type: z.literal('pass'), seat }),
  z.object({ type: z.literal('stand'), seat }),
  z.object({ type: z.literal('bet'), seat, on: seat, value: z.union([z.literal(0), z.literal(1)]) }),
  z.object({ type: z.literal('closeWindow') }),
]);

const gameOptions = z.object({
  players: z.union([z.literal(3), z.literal(4), z.literal(5)]),
  seed: z.string().min(1),
  startSeat: seat.optional(),
  deck: z.array(card).optional(),
});

export const gameRecord = z.object({
  /** `<table>-<game number>`. */
  id: z.string().min(1),
  table: z.string().min(1),
  game: z.number().int().min(1),
  /**
   * Which game's rules the actions replay under, and their version (`game` was already the game's
   * number). Records written before games were named hold Blaze version 1.
   */
  rules: z.string().min(1).default('blaze'),
  rulesVersion: z.number().int().min(1).default(1),
  /** Names by seat of the game (seats compacted, as the rules number them). */
  names: z.array(z.string()),
  options: gameOptions,
  /** Every accepted action, in the order the server applied it. */
  actions: z.array(action),
  scores: z.array(z.number()),
  /** The winner's seat, -1 when none. */
  winner: z.number().int().min(-1),
  /** Epoch ms. */
  finishedAt: z.number(),
});

export type GameRecord = z.infer<typeof gameRecord>;

// The wire shape is exactly the rules' own: a record replays without conversion.
const _actions: Action[] = [] as GameRecord['actions'];
const _options: CreateOptions = {} as GameRecord['options'];
void _actions;
void _options;

export function parseGameRecord(body: unknown): { ok: true; record: GameRecord } | { ok: false; message: string } {
  const r = gameRecord.safeParse(body);
  if (r.success) return { ok: true, record: r.data };
  const issue = r.error.issues[0];
  return { ok: false, message: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` };
}
