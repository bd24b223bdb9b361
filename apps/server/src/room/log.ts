/**
 * The public game log. Every game event passes redactEvent(e, null) first (R11.2: drawn and dealt
 * cards and hidden bet values never reach it), then becomes one LogEntry.
 * Field use: seat = who acted; other = a second seat (target, bet on, next active); value = a number
 * (count drawn, feather, round, bet value); cards = public cards (for `rejected`: challenge, card,
 * challenge, card, ...); text = anything else (scores as "3,1,0").
 */
import { type BlazeState, LogEntry } from '@blaze/protocol/schema';
import { type GameEvent, redactEvent } from '@blaze/rules';
import { ringPut, syncList } from './sync.js';

export const LOG_MAX = 200;

export interface LogFields {
  seat?: number;
  other?: number;
  cards?: readonly string[];
  value?: number;
  text?: string;
}

export class GameLog {
  private seq = 0;

  constructor(private readonly state: BlazeState) {}

  add(kind: string, f: LogFields = {}): void {
    ringPut(
      this.state.log,
      LOG_MAX,
      ++this.seq,
      () => new LogEntry(),
      (e) => {
        e.at = Date.now();
        e.kind = kind;
        e.seat = f.seat ?? -1;
        e.other = f.other ?? -1;
        syncList(e.cards, f.cards ?? []);
        e.value = f.value ?? -1;
        e.text = f.text ?? '';
      },
    );
  }

  addEvent(event: GameEvent): void {
    const e = redactEvent(event, null);
    this.add(e.type, fieldsOf(e));
  }
}

function fieldsOf(e: GameEvent): LogFields {
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
