/**
 * The room's state as @colyseus/schema classes. Field names follow the rules' PlayerView.
 * Hands, remaining betting cards and one's own hidden bet are @view() fields: they reach a client
 * only when the room adds that player's slot to the client's own StateView.
 * Nulls do not exist in schema: -1 stands for "no seat" and '' for "no card".
 */
import { ArraySchema, Schema, type, view } from '@colyseus/schema';

export class PlayerSlot extends Schema {
  @type('boolean') occupied = false;
  @type('string') name = '';
  @type('boolean') bot = false;
  /** A bot's strength ('easy' | 'normal' | 'strong'); '' for a person. */
  @type('string') strength = '';
  @type('boolean') connected = false;
  @type('boolean') host = false;
  /** A person gone past their reconnection grace: the bot plays their seat until they are back. */
  @type('boolean') standIn = false;
  /** Between games: this seat said it is ready for the next one (a rematch's ready check). */
  @type('boolean') ready = false;
  @type('number') handCount = 0;
  @view() @type(['string']) hand = new ArraySchema<string>();
  /**
   * Betting cards this player still holds (R9.3), as digits ("110"): one string field, because an
   * array of repeated numbers rewritten by index and shortened in one patch decoded wrongly (a live
   * client once showed 1,0,0 for 1,1,0), and a field of at most three characters costs no more.
   */
  @view() @type('string') betHand = '';
  /** This player's own bet value this round while hidden from others (-1: none). */
  @view() @type('number') myBet = -1;
}

export class WindowState extends Schema {
  @type('number') seat = -1;
  @type(['string']) cards = new ArraySchema<string>();
}

export class FeatherWon extends Schema {
  @type('number') seat = -1;
  @type('number') value = 0;
  @type('number') round = 1;
}

export class BetState extends Schema {
  @type('number') by = -1;
  @type('number') on = -1;
  @type('number') round = 1;
  /** -1 while hidden (R9.1). */
  @type('number') value = -1;
}

export class ChatLine extends Schema {
  @type('number') seq = 0;
  @type('number') at = 0;
  @type('string') name = '';
  @type('number') seat = -1;
  @type('string') text = '';
}

/** One game of the evening (host's game night). */
export class GameResult extends Schema {
  @type('number') game = 0;
  @type(['string']) names = new ArraySchema<string>();
  @type(['number']) scores = new ArraySchema<number>();
  @type('number') winner = -1;
}

/** Running totals of the evening, by name (seats may change between games). */
export class ScoreRow extends Schema {
  @type('string') name = '';
  @type('number') games = 0;
  @type('number') wins = 0;
  @type('number') points = 0;
  /** The game these games were of: an evening's scoreboard spans the games its table moved through. Last, so no index moves. */
  @type('string') game = '';
}

export class TableSettingsState extends Schema {
  @type('number') firstPlayer = -1;
  @type('number') windowMs = 3000;
  @type('string') clock = 'normal';
  @type('number') botDelayMs = 700;
  @type('number') reconnectSeconds = 60;
  @type('boolean') private = true;
}

export class BlazeState extends Schema {
  /** 'lobby' | 'playing' | 'finished' */
  @type('string') status = 'lobby';
  @type('number') spectators = 0;
  @type('number') gameNumber = 0;
  @type(TableSettingsState) settings = new TableSettingsState();
  @type([PlayerSlot]) players = new ArraySchema<PlayerSlot>();

  // Mirrors PlayerView (R11.1): public only.
  @type('number') round = 1;
  @type('number') phase = 1;
  @type('boolean') betting = false;
  @type('boolean') over = false;
  @type('string') trump = '';
  @type('number') deckCount = 0;
  @type('number') deck2Count = 0;
  @type('number') active = -1;
  @type('number') target = -1;
  @type('number') supporter = -1;
  /** Challenges in play order, each as wire.ts's encodeTableCard text. */
  @type(['string']) table = new ArraySchema<string>();
  @type('number') limit = 0;
  @type('boolean') targetPassed = false;
  @type(['number']) standing = new ArraySchema<number>();
  @type(WindowState) window: WindowState | undefined = undefined;
  @type(['string']) discard = new ArraySchema<string>();
  @type(['number']) featherStack = new ArraySchema<number>();
  @type([FeatherWon]) feathers = new ArraySchema<FeatherWon>();
  @type([BetState]) bets = new ArraySchema<BetState>();
  @type(['number']) out = new ArraySchema<number>();
  @type(['number']) scores = new ArraySchema<number>();
  @type(['number']) roundLosers = new ArraySchema<number>();
  @type('number') winner = -1;

  /**
   * The clocks the server runs (R5.5): who must act by when, as wire.ts encodes them (exact epoch
   * ms as offsets from clockBase), soonest first.
   */
  @type('string') deadlines = '';
  /** The public game log, one wire.ts line per slot: a ring whose slots are reused (order by seq). */
  @type(['string']) log = new ArraySchema<string>();
  @type([ChatLine]) chat = new ArraySchema<ChatLine>();
  @type([GameResult]) results = new ArraySchema<GameResult>();
  @type([ScoreRow]) scoreboard = new ArraySchema<ScoreRow>();
  /** Epoch ms the deadlines count from (changes only when a deadline would lie before it). */
  @type('number') clockBase = 0;
  /**
   * A start (or rematch) waits for its record (the writer thread, Redis): seats, settings and Start
   * are held until the game appears, so every client shows the wait. Last, so no earlier field's
   * index moves; set only while a write is actually pending (an inline write never sends it).
   */
  @type('boolean') starting = false;
  /**
   * A write of this table's record has waited a while (Redis or the record file away): moves and a
   * start wait for it, nothing is lost, and every client says so until it is written. Last, as above.
   */
  @type('boolean') savingDelayed = false;
}
