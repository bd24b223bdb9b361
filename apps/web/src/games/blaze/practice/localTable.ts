/**
 * A whole table held in the page (or a worker): the rules' state, the public log in the server's
 * shape, and snapshots as the table view reads them. No clocks or bots here: practice's session
 * (session.ts) and the guided game's runner add those.
 */

import { type LogFields, logFieldsOf } from '@blaze/protocol';
import {
  type Action,
  applyAction,
  type CardId,
  createGame,
  type GameEvent,
  type GameState,
  type PlayerCount,
  type RuleError,
  redactEvent,
  type Seat,
  viewFor,
} from '@blaze/rules';
import type { ClientTable, DeadlineInfo, LogLine, ResultRow, ScoreRow, Settings } from '../../../shell/host.js';

export interface LocalOptions {
  players: PlayerCount;
  seed: string;
  deck?: CardId[];
  startSeat?: Seat;
  /** One name per seat; the person sits at `human`, every other seat is a bot. */
  names: string[];
  human: Seat;
  settings: Settings;
}

/** The intentions a person sends (the same message shapes as online). */
export type Intent =
  | { type: 'play'; payload: { cards: CardId[] } }
  | { type: 'reject'; payload: { pairs: { challenge: CardId; card: CardId }[] } }
  | { type: 'pass'; payload: Record<string, never> }
  | { type: 'stand'; payload: Record<string, never> }
  | { type: 'bet'; payload: { on: Seat; value: 0 | 1 } };

export function actionOf(intent: Intent, seat: Seat): Action {
  switch (intent.type) {
    case 'play':
      return { type: 'play', seat, cards: intent.payload.cards };
    case 'reject':
      return { type: 'reject', seat, pairs: intent.payload.pairs };
    case 'pass':
      return { type: 'pass', seat };
    case 'stand':
      return { type: 'stand', seat };
    case 'bet':
      return { type: 'bet', seat, on: intent.payload.on, value: intent.payload.value };
    default: {
      const never: never = intent;
      return never;
    }
  }
}

export class LocalTable {
  game: GameState;
  gameNumber = 1;
  private seq = 0;
  private log: LogLine[] = [];
  private results: ResultRow[] = [];
  private scoreboard: ScoreRow[] = [];

  constructor(readonly o: LocalOptions) {
    this.game = this.newGame(o.seed);
    this.addLog('started', { value: this.gameNumber });
  }

  private newGame(seed: string): GameState {
    return createGame({
      players: this.o.players,
      seed,
      ...(this.o.deck ? { deck: this.o.deck } : {}),
      ...(this.o.startSeat !== undefined ? { startSeat: this.o.startSeat } : {}),
    });
  }

  /** Applies one action; on success the public log grows and a finished game is recorded. */
  act(action: Action): RuleError | null {
    const r = applyAction(this.game, action);
    if (!r.ok) return r.error;
    this.adopt(r.state, r.events);
    return null;
  }

  /** An action applied elsewhere (practice's table loop): its state and events, logged and recorded as `act`'s. */
  adopt(state: GameState, events: readonly GameEvent[]): void {
    this.game = state;
    for (const e of events) this.addEvent(e);
    if (state.over) this.record(state);
  }

  rematch(seed: string): void {
    this.gameNumber++;
    this.game = this.newGame(seed);
    this.addLog('started', { value: this.gameNumber });
  }

  /** A seat's new name, in the games already played as well: the scoreboard keeps one row for it. */
  rename(seat: Seat, name: string): void {
    const old = this.o.names[seat];
    if (old === undefined || old === name || this.o.names.includes(name)) return;
    this.o.names[seat] = name;
    for (const r of this.results) if (r.names[seat] === old) r.names[seat] = name;
    const row = this.scoreboard.find((x) => x.name === old);
    if (row) row.name = name;
  }

  snapshot(deadlines: DeadlineInfo[] = []): ClientTable {
    const g = this.game;
    const me = this.o.human;
    const view = viewFor(g, me);
    const mine = g.bets.find((b) => b.by === me && b.round === g.round);
    return {
      status: g.over ? 'finished' : 'playing',
      // Nothing to wait for: the page itself deals.
      starting: false,
      savingDelayed: false,
      spectators: 0,
      gameNumber: this.gameNumber,
      settings: this.o.settings,
      seats: this.o.names.map((name, seat) => ({
        seat,
        occupied: true,
        name,
        bot: seat !== me,
        connected: true,
        standIn: false,
        // Bots are always ready; the person's Rematch starts the next game at once (results.ts).
        ready: seat !== me,
        host: seat === me,
        handCount: g.hands[seat]?.length ?? 0,
      })),
      mySeat: me,
      isHost: true,
      view,
      myBet: mine ? mine.value : -1,
      deadlines,
      log: this.log.slice(),
      chat: [],
      results: this.results.slice(),
      scoreboard: this.scoreboard.map((r) => ({ ...r })),
    };
  }

  private record(g: GameState): void {
    this.results.push({
      game: this.gameNumber,
      names: this.o.names.slice(),
      scores: g.scores.slice(),
      winner: g.winner ?? -1,
    });
    this.o.names.forEach((name, seat) => {
      let row = this.scoreboard.find((x) => x.name === name);
      if (!row) {
        row = { name, games: 0, wins: 0, points: 0 };
        this.scoreboard.push(row);
      }
      row.games++;
      row.points += g.scores[seat] ?? 0;
      if (g.winner === seat) row.wins++;
    });
  }

  addLog(kind: string, f: LogFields = {}): void {
    this.log.push({
      seq: ++this.seq,
      at: Date.now(),
      kind,
      seat: f.seat ?? -1,
      other: f.other ?? -1,
      cards: [...(f.cards ?? [])] as CardId[],
      value: f.value ?? -1,
      text: f.text ?? '',
    });
    if (this.log.length > 200) this.log.shift();
  }

  /** The same public log as the server writes (apps/server/src/room/log.ts): redacted for nobody first. */
  private addEvent(event: GameEvent): void {
    const e = redactEvent(event, null);
    this.addLog(e.type, logFieldsOf(e));
  }
}
