/**
 * The client store: the latest ClientTable snapshot plus local UI state (selection, sort, pending
 * moves, a refused action's message). Renderers subscribe; nothing here draws or sends.
 */
import type { CardId } from '@blaze/rules';
import type { ClientTable } from './snapshot.js';

export type SortMode = 'suit' | 'value';

export interface Pending {
  kind: 'play' | 'reject';
  cards: CardId[];
  /** For a reject: which challenge card each card covers. */
  onto: CardId[];
}

export interface UiState {
  selected: CardId[];
  /** Keyboard focus within the sorted hand. */
  focus: number;
  sort: SortMode;
  muted: boolean;
  pending: Pending | null;
  /** A refused action's message and when it stops showing (epoch ms). */
  flash: Flash | null;
}

export interface Flash {
  text: string;
  until: number;
  /** The card it is about, so the coach can stand next to it rather than over the seats. */
  card?: CardId | undefined;
  /** The server's refusal code, when it was the server's (a STARTING refusal ends with the wait). */
  code?: string | undefined;
}

export interface StoreState {
  table: ClientTable | null;
  ui: UiState;
}

type Listener = (s: StoreState, prev: StoreState) => void;

export class Store {
  private state: StoreState;
  private listeners = new Set<Listener>();

  constructor(ui?: Partial<UiState>) {
    this.state = {
      table: null,
      ui: { selected: [], focus: 0, sort: 'suit', muted: false, pending: null, flash: null, ...ui },
    };
  }

  get(): StoreState {
    return this.state;
  }

  subscribe(f: Listener): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  private set(next: StoreState): void {
    const prev = this.state;
    this.state = next;
    for (const f of this.listeners) f(next, prev);
  }

  /** A new snapshot from the server: drops selections of cards no longer in hand, settles pending moves. */
  setTable(table: ClientTable): void {
    const hand = new Set(table.view?.hand ?? []);
    const ui = this.state.ui;
    const selected = ui.selected.filter((c) => hand.has(c));
    let pending = ui.pending;
    if (pending?.cards.some((c) => !hand.has(c))) pending = null;
    const focus = Math.max(0, Math.min(ui.focus, hand.size - 1));
    // "The game is just starting" is void once it has started (or its start was refused): it would
    // otherwise stand over the new game's hand until its time ran out.
    const waitOver = this.state.table?.starting === true && !table.starting;
    const flash = waitOver && ui.flash?.code === 'STARTING' ? null : ui.flash;
    this.set({ table, ui: { ...ui, selected, pending, focus, flash } });
  }

  updateUi(patch: Partial<UiState>): void {
    this.set({ ...this.state, ui: { ...this.state.ui, ...patch } });
  }

  toggleSelect(card: CardId): void {
    const sel = this.state.ui.selected;
    this.updateUi({ selected: sel.includes(card) ? sel.filter((c) => c !== card) : [...sel, card] });
  }

  /** An action went out: its cards leave the hand visually until the server answers. */
  markPending(p: Pending): void {
    this.updateUi({ pending: p, selected: [] });
  }

  /** The server refused: the cards come back and the reason shows for a moment. */
  refused(text: string, now: number, ms = 5000, card?: CardId, code?: string): void {
    this.updateUi({ pending: null, flash: { text, until: now + ms, card, code } });
  }
}
