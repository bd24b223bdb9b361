/**
 * `window.__blaze`: a read-only view of the table page for the browser tests and for diagnosis from
 * the console. It reads what the page already holds; nothing here reaches the server.
 */
import type { CardId } from '@blaze/rules';
import type { Label, Region, TableScene } from '../games/registry.js';
import type { ClientTable } from './store/snapshot.js';
import type { Store, StoreState } from './store/store.js';

export interface BlazeDebug {
  readonly snapshot: ClientTable | null;
  readonly ui: StoreState['ui'];
  /** Null until the scene has its canvas (it is made asynchronously after the page shows). */
  readonly app: TableScene['app'] | null;
  /** Hand cards in page CSS pixels (a point on the visible part of each card). */
  readonly hand: { card: CardId; x: number; y: number; lit?: boolean }[];
  /** Challenge cards on the table in page CSS pixels. */
  readonly challenges: { card: CardId; x: number; y: number; lit?: boolean }[];
  readonly mySeat: number;
  /** Boxes of seats, bets, piles, table and hand in page CSS pixels (issue #10's overlap checks). */
  readonly regions: Region[];
  /** Texts on the table outside the cards, in page CSS pixels, with the font size as shown. */
  readonly labels: Label[];
  readonly firstTableFrame: number | null;
  /** Canvas draws so far: the scene renders on demand, so this stays put while nothing changes. */
  readonly renderCount: number;
  /** The connection's state and its recent steps (join, seat, leave, publish), for diagnosis. */
  readonly connection: { state: string; trail: readonly string[] };
  /** A round just ended and its summary is about to cover the table (after the last move's replay). */
  readonly summaryDue: boolean;
}

declare global {
  interface Window {
    __blaze?: BlazeDebug;
  }
}

/** What the hook reads of the scene. */
export type DebugScene = Pick<
  TableScene,
  'app' | 'live' | 'positions' | 'regions' | 'labels' | 'firstTableFrame' | 'renderCount'
>;

export interface DebugSources {
  store: Store;
  scene: DebugScene;
  connection: () => BlazeDebug['connection'];
  summaryDue: () => boolean;
}

/** Installs the hook; the returned function removes it. */
export function installDebugHook({ store, scene, connection, summaryDue }: DebugSources): () => void {
  // Canvas coordinates to page coordinates, as a test's mouse needs them. Before the scene has its
  // canvas nothing is drawn, so every list is empty (reading the canvas then would throw, and a
  // test polling the hook right after Start would fail on the throw instead of waiting).
  const toPage = <T extends { x: number; y: number }>(list: () => T[]): T[] => {
    if (!scene.live) return [];
    const r = scene.app.canvas.getBoundingClientRect();
    return list().map((p) => ({ ...p, x: r.left + p.x, y: r.top + p.y }));
  };
  window.__blaze = {
    get snapshot() {
      return store.get().table;
    },
    get ui() {
      return store.get().ui;
    },
    get app() {
      return scene.live ? scene.app : null;
    },
    get hand() {
      return toPage(() => scene.positions.hand);
    },
    get challenges() {
      return toPage(() => scene.positions.table);
    },
    get mySeat() {
      return store.get().table?.mySeat ?? -1;
    },
    get regions() {
      return toPage(() => scene.regions);
    },
    get labels() {
      return toPage(() => scene.labels());
    },
    get firstTableFrame() {
      return scene.firstTableFrame;
    },
    get renderCount() {
      return scene.renderCount;
    },
    get connection() {
      return connection();
    },
    get summaryDue() {
      return summaryDue();
    },
  };
  return () => {
    delete window.__blaze;
  };
}
