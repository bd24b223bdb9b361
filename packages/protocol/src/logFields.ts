/**
 * The public log's words for each game event: which seat, cards and values a line carries. One
 * mapping for the server's table log and the browser's practice table, so both read the same.
 */
import type { GameEvent } from '@blaze/rules';

export interface LogFields {
  seat?: number;
  other?: number;
  cards?: readonly string[];
  value?: number;
  text?: string;
}

/** The fields of an event already redacted for nobody (`redactEvent(event, null)`). */
export function logFieldsOf(e: GameEvent): LogFields {
  switch (e.type) {
    case 'opened':
      return { seat: e.seat, other: e.target, cards: e.cards };
    case 'extended':
    case 'tookBack':
    case 'took':
      return { seat: e.seat, cards: e.cards };
    case 'rejected':
      return { seat: e.seat, cards: e.pairs.flatMap((p) => [p.challenge, p.card]) };
    case 'passed':
    case 'stood':
      return { seat: e.seat };
    case 'windowClosed':
      return {};
    case 'discarded':
      return { cards: e.cards };
    case 'drew':
      return { seat: e.seat, value: e.count };
    case 'phaseTwo':
      return { value: e.round, other: e.nextActive };
    case 'betPlaced':
      return { seat: e.by, other: e.on, value: e.value ?? -1 };
    case 'betsRevealed':
      return { value: e.round, text: e.bets.map((b) => `${b.by}>${b.on}:${b.value}`).join(',') };
    case 'feather':
      return { seat: e.seat, value: e.value };
    case 'roundOver':
      return { seat: e.loser, value: e.round, text: e.scores.join(',') };
    case 'roundStarted':
      return { seat: e.active, value: e.round, cards: [e.trump] };
    case 'gameOver':
      return { seat: e.winner, text: e.scores.join(',') };
    default: {
      const never: never = e;
      return never;
    }
  }
}
