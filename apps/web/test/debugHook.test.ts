import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DebugScene, installDebugHook } from '../src/shell/debugHook.js';
import { Store } from '../src/shell/store/store.js';

/**
 * A scene as the table page holds it between its first paint and the end of its asynchronous
 * init(): Pixi's Application exists but has no renderer, so `app.canvas` throws like Pixi's getter.
 */
function sceneBeforeInit(): DebugScene {
  const app = {
    renderer: undefined as unknown as { canvas: HTMLCanvasElement },
    get canvas() {
      return this.renderer.canvas;
    },
  };
  return {
    app: app as unknown as DebugScene['app'],
    live: false,
    positions: { hand: [], table: [] },
    regions: [],
    labels: () => [],
    firstTableFrame: null,
    renderCount: 0,
  };
}

describe('window.__blaze', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('answers with empty values, not a throw, before the scene has its canvas', () => {
    vi.stubGlobal('window', {});
    const remove = installDebugHook({
      store: new Store(),
      scene: sceneBeforeInit(),
      connection: () => ({ state: 'connecting', trail: [] }),
      summaryDue: () => false,
    });
    const b = window.__blaze;
    expect(b).toBeDefined();
    if (!b) return;
    expect(b.hand).toEqual([]);
    expect(b.challenges).toEqual([]);
    expect(b.regions).toEqual([]);
    expect(b.labels).toEqual([]);
    expect(b.app).toBeNull();
    expect(b.snapshot).toBeNull();
    expect(b.mySeat).toBe(-1);
    expect(b.firstTableFrame).toBeNull();
    expect(b.renderCount).toBe(0);
    remove();
    expect(window.__blaze).toBeUndefined();
  });

  it('gives page coordinates once the canvas exists', () => {
    vi.stubGlobal('window', {});
    const canvas = { getBoundingClientRect: () => ({ left: 10, top: 20 }) };
    const scene: DebugScene = {
      ...sceneBeforeInit(),
      app: { canvas } as unknown as DebugScene['app'],
      live: true,
      positions: { hand: [{ card: 'r1a', x: 1, y: 2, w: 40, h: 56 }], table: [] },
    };
    installDebugHook({
      store: new Store(),
      scene,
      connection: () => ({ state: 'open', trail: [] }),
      summaryDue: () => false,
    });
    expect(window.__blaze?.hand).toEqual([{ card: 'r1a', x: 11, y: 22, w: 40, h: 56 }]);
    expect(window.__blaze?.app).toBe(scene.app);
  });
});
