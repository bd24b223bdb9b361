import { Group, Tween } from '@tweenjs/tween.js';
import { describe, expect, it } from 'vitest';
import { FrameScheduler } from '../src/kit/frames.js';

/** A hand-cranked requestAnimationFrame and clock. */
function fakeFrames() {
  let time = 0;
  let next = 1;
  const queue = new Map<number, (t: number) => void>();
  return {
    deps: {
      raf: (cb: (t: number) => void) => {
        queue.set(next, cb);
        return next++;
      },
      caf: (h: number) => {
        queue.delete(h);
      },
      now: () => time,
    },
    get pending() {
      return queue.size;
    },
    /** Advance the clock by `ms` and run the callbacks queued before this frame. */
    frame(ms = 16) {
      time += ms;
      const cbs = [...queue.values()];
      queue.clear();
      for (const cb of cbs) cb(time);
    },
    get time() {
      return time;
    },
  };
}

describe('render on demand', () => {
  it('draws nothing until asked, and several requests make one draw', () => {
    const f = fakeFrames();
    let draws = 0;
    const s = new FrameScheduler(() => draws++, new Group(), f.deps);
    for (let i = 0; i < 10; i++) f.frame();
    expect(draws).toBe(0);
    s.request();
    s.request();
    s.request();
    expect(f.pending).toBe(1);
    f.frame();
    expect(draws).toBe(1);
    expect(s.count).toBe(1);
    for (let i = 0; i < 10; i++) f.frame();
    expect(draws).toBe(1);
  });

  it('keeps drawing every frame while a tween runs, then stops', () => {
    const f = fakeFrames();
    const group = new Group();
    const obj = { x: 0 };
    const seen: number[] = [];
    const s = new FrameScheduler(() => seen.push(obj.x), group, f.deps);
    new Tween(obj, group).to({ x: 100 }, 160).start(f.time);
    s.request();
    for (let i = 0; i < 30; i++) f.frame();
    // 160 ms at 16 ms a frame: ten frames of motion, the last one at the end value, then quiet.
    expect(seen.length).toBe(10);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(s.animating).toBe(false);
    expect(group.getAll()).toHaveLength(0);
    expect(f.pending).toBe(0);
  });

  it('waits through a delayed tween, and drops stopped ones', () => {
    const f = fakeFrames();
    const group = new Group();
    let draws = 0;
    const s = new FrameScheduler(() => draws++, group, f.deps);
    new Tween({ a: 0 }, group).to({ a: 1 }, 32).delay(64).start(f.time);
    const stopped = new Tween({ b: 0 }, group).to({ b: 1 }, 10_000).start(f.time);
    s.request();
    f.frame();
    stopped.stop();
    for (let i = 0; i < 20; i++) f.frame();
    // 64 ms delay + 32 ms run = 6 frames; the stopped 10 s tween does not keep the loop alive.
    expect(draws).toBe(6);
    expect(s.animating).toBe(false);
  });

  it('draws now on demand and never after destroy', () => {
    const f = fakeFrames();
    let draws = 0;
    const s = new FrameScheduler(() => draws++, new Group(), f.deps);
    s.drawNow();
    expect(draws).toBe(1);
    s.request();
    s.destroy();
    f.frame();
    s.request();
    s.drawNow();
    f.frame();
    expect(draws).toBe(1);
    expect(f.pending).toBe(0);
  });
});
