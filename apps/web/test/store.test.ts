import { GameResult, type PlayerSlot } from '@blaze/protocol/schema';
import { applyAction, canBeat, challengeValue, createGame, type GameState, viewFor } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { toClientTable } from '../src/shell/store/snapshot.js';
import { Store } from '../src/shell/store/store.js';
import { stateFrom } from './fixtures.js';

function opened(): { g: GameState; card: string } {
  const g0 = createGame({ players: 4, seed: 'store', startSeat: 0 });
  const card = g0.hands[0]?.[0] as string;
  const r = applyAction(g0, { type: 'play', seat: 0, cards: [card] });
  if (!r.ok) throw new Error(r.error.message);
  return { g: r.state, card };
}

describe('toClientTable', () => {
  it('mirrors the PlayerView of the seated viewer', () => {
    const { g } = opened();
    for (const seat of [0, 1, 2, 3]) {
      const tb = toClientTable(stateFrom(g, seat), seat);
      expect(tb.view).toEqual(viewFor(g, seat));
      expect(tb.mySeat).toBe(seat);
    }
  });

  it('gives a spectator the public view and no hand', () => {
    const { g } = opened();
    const tb = toClientTable(stateFrom(g, null), -1);
    expect(tb.view).toEqual(viewFor(g, null));
    expect(tb.view?.hand).toEqual([]);
    expect(tb.view?.betHand).toEqual([]);
  });

  it('keeps a host who stands up to watch the host (the seat message says so; no slot can)', () => {
    const g = createGame({ players: 3, seed: 'watching-host', startSeat: 0 });
    const st = stateFrom(g, null, 'lobby');
    expect(toClientTable(st, -1).isHost).toBe(false);
    expect(toClientTable(st, -1, true).isHost).toBe(true);
    // Seated, the seat message and the slot agree.
    expect(toClientTable(stateFrom(g, 0, 'lobby'), 0, true).isHost).toBe(true);
    expect(toClientTable(stateFrom(g, 1, 'lobby'), 1, false).isHost).toBe(false);
  });

  it("never copies another slot's hand, even if one arrived", () => {
    const { g } = opened();
    const s = stateFrom(g, 1);
    const tb = toClientTable(s, 0);
    expect(tb.view?.hand).toEqual([]);
    const json = JSON.stringify(tb);
    for (const c of g.hands[1] ?? []) expect(json.includes(`"${c}"`)).toBe(false);
  });

  it('maps the schema sentinels to nulls', () => {
    const g = createGame({ players: 3, seed: 'sentinels', startSeat: 0 });
    const tb = toClientTable(stateFrom(g, 0), 0);
    expect(tb.view?.supporter).toBe(g.supporter);
    expect(tb.view?.winner).toBeNull();
    expect(tb.view?.window).toBeNull();
    expect(tb.view?.players).toBe(3);
    expect(tb.seats).toHaveLength(5);
    expect(tb.isHost).toBe(true);
  });

  it('names a seat given back at the end from the finished game (someone who left still played it)', () => {
    const g = createGame({ players: 3, seed: 'left', startSeat: 0 });
    const s = stateFrom(g, 1, 'finished');
    s.gameNumber = 2;
    const names = [s.players[0]?.name ?? '', s.players[1]?.name ?? '', s.players[2]?.name ?? ''];
    for (const [game, who] of [
      [1, ['Old', 'Old', 'Old']],
      [2, names],
    ] as const) {
      const r = new GameResult();
      r.game = game;
      r.names.push(...who);
      s.results.push(r);
    }
    // The server freed seat 0 at the end: its person had left during the game.
    const slot = s.players[0] as PlayerSlot;
    slot.occupied = false;
    slot.name = '';
    const tb = toClientTable(s, 1);
    expect(tb.seats[0]?.name).toBe(names[0]);
    expect(tb.seats[0]?.occupied).toBe(false);
    // In the lobby after it, an empty seat is empty.
    s.status = 'lobby';
    expect(toClientTable(s, 1).seats[0]?.name).toBe('');
  });

  it('has no game view in the lobby before the first game', () => {
    const g = createGame({ players: 3, seed: 'lobby', startSeat: 0 });
    const s = stateFrom(g, 0, 'lobby');
    s.trump = '';
    const tb = toClientTable(s, 0);
    expect(tb.status).toBe('lobby');
    expect(tb.view).toBeNull();
  });
});

describe('Store', () => {
  it('drops selected cards that left the hand and settles pending moves', () => {
    const g = createGame({ players: 4, seed: 'store2', startSeat: 0 });
    const store = new Store();
    store.setTable(toClientTable(stateFrom(g, 0), 0));
    const hand = g.hands[0] ?? [];
    const first = hand[0] as string;
    store.toggleSelect(first);
    expect(store.get().ui.selected).toEqual([first]);
    store.markPending({ kind: 'play', cards: [first], onto: [] });
    expect(store.get().ui.selected).toEqual([]);
    expect(store.get().ui.pending?.cards).toEqual([first]);
    const r = applyAction(g, { type: 'play', seat: 0, cards: [first] });
    if (!r.ok) throw new Error(r.error.message);
    store.setTable(toClientTable(stateFrom(r.state, 0), 0));
    expect(store.get().ui.pending).toBeNull();
  });

  it('brings the cards back and shows the reason when refused', () => {
    const g = createGame({ players: 4, seed: 'store3', startSeat: 0 });
    const store = new Store();
    store.setTable(toClientTable(stateFrom(g, 0), 0));
    const card = g.hands[0]?.[0] as string;
    store.markPending({ kind: 'play', cards: [card], onto: [] });
    store.refused('No.', 1000);
    expect(store.get().ui.pending).toBeNull();
    expect(store.get().ui.flash).toEqual({ text: 'No.', until: 6000 });
  });

  it('notifies subscribers with the new and previous state', () => {
    const store = new Store();
    const seen: string[] = [];
    store.subscribe((s, prev) => seen.push(`${prev.ui.sort}->${s.ui.sort}`));
    store.updateUi({ sort: 'value' });
    expect(seen).toEqual(['suit->value']);
  });
});

// Sanity for the fixture helpers used above.
describe('fixture game', () => {
  it('opens with a card the target may or may not beat', () => {
    const { g, card } = opened();
    const target = g.target;
    const beaters = (g.hands[target] ?? []).filter((c) => canBeat(card, c, g.trump));
    expect(beaters.every((c) => challengeValue(c) >= 0)).toBe(true);
  });
});

describe('a refusal while a start waits (STARTING)', () => {
  const g = createGame({ players: 3, seed: 'starting', startSeat: 0 });
  const lobby = (starting: boolean) => {
    const s = stateFrom(g, 0, 'lobby');
    s.starting = starting;
    return toClientTable(s, 0, true);
  };

  it('goes with the wait: the game shown (or the start refused) takes its bubble away', () => {
    const store = new Store();
    store.setTable(lobby(true));
    store.refused('The game is just starting', 1_000, 6_000, undefined, 'STARTING');
    // Another patch during the wait keeps it.
    store.setTable(lobby(true));
    expect(store.get().ui.flash?.code).toBe('STARTING');
    // Was: it stood over the new game's hand until its six seconds ran out.
    store.setTable(toClientTable(stateFrom(g, 0, 'playing'), 0, true));
    expect(store.get().ui.flash).toBeNull();
    store.setTable(lobby(true));
    store.refused('The game is just starting', 1_000, 6_000, undefined, 'STARTING');
    store.setTable(lobby(false));
    expect(store.get().ui.flash).toBeNull();
  });

  it('leaves any other refusal to its own time', () => {
    const store = new Store();
    store.setTable(lobby(true));
    store.refused('Only the host may do that.', 1_000, 6_000, undefined, 'NOT_HOST');
    store.setTable(toClientTable(stateFrom(g, 0, 'playing'), 0, true));
    expect(store.get().ui.flash?.code).toBe('NOT_HOST');
  });
});
