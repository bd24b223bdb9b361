import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Stepper } from './stepper.js';

/** The page's document, as far as the stepper uses it: its key listeners. */
const listeners = new Set<(e: unknown) => void>();
const press = (key: string, target: unknown = {}) => {
  const e = { key, target, altKey: false, ctrlKey: false, metaKey: false, preventDefault: vi.fn() };
  for (const f of listeners) f(e);
  return e;
};

beforeEach(() => {
  vi.useFakeTimers();
  listeners.clear();
  vi.stubGlobal('HTMLSelectElement', class {});
  vi.stubGlobal('document', {
    addEventListener: (_: string, f: (e: unknown) => void) => listeners.add(f),
    removeEventListener: (_: string, f: (e: unknown) => void) => listeners.delete(f),
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the replay stepper', () => {
  it('moves within 0..total by buttons and keys, drawing after each move', () => {
    const draw = vi.fn();
    const s = new Stepper(3, 100, draw);
    expect(s.atStart).toBe(true);
    s.go(-5);
    expect(s.step).toBe(0);
    s.go(9);
    expect([s.step, s.atEnd]).toEqual([3, true]);
    expect(press('ArrowLeft').preventDefault).toHaveBeenCalled();
    expect(s.step).toBe(2);
    press('Home');
    expect(s.step).toBe(0);
    press('End');
    expect(s.step).toBe(3);
    expect(press('x').preventDefault).not.toHaveBeenCalled();
    expect(draw).toHaveBeenCalledTimes(5);
  });

  it('leaves a focused picker its own arrow keys', () => {
    const s = new Stepper(3, 100, () => {});
    press('ArrowRight', new (globalThis as unknown as { HTMLSelectElement: new () => object }).HTMLSelectElement());
    expect(s.step).toBe(0);
  });

  it('plays to the end and stops there; play at the end starts over; pause redraws', () => {
    const draw = vi.fn();
    const s = new Stepper(2, 100, draw);
    s.toggle();
    expect(s.playing).toBe(true);
    vi.advanceTimersByTime(250);
    expect([s.step, s.playing]).toEqual([2, false]);
    s.toggle();
    expect([s.step, s.playing]).toEqual([0, true]);
    const before = draw.mock.calls.length;
    s.toggle();
    expect(s.playing).toBe(false);
    expect(draw.mock.calls.length).toBe(before + 1);
  });

  it('stops its timer and keys when disposed', () => {
    const s = new Stepper(5, 100, () => {});
    s.toggle();
    s.dispose();
    vi.advanceTimersByTime(1000);
    press('End');
    expect([s.step, s.playing]).toEqual([0, false]);
  });
});
