import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Just enough of WebAudio to see what beep asks of it. */
class FakeContext {
  static made: FakeContext[] = [];
  state: 'running' | 'suspended' = 'running';
  currentTime = 0;
  readonly destination = {};
  readonly suspend = vi.fn(async () => {
    this.state = 'suspended';
  });
  readonly resume = vi.fn(async () => {
    this.state = 'running';
  });
  constructor() {
    FakeContext.made.push(this);
  }
  createOscillator() {
    return { frequency: { value: 0 }, type: '', connect: <T>(next: T) => next, start() {}, stop() {} };
  }
  createGain() {
    return {
      gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
      connect: <T>(next: T) => next,
    };
  }
}

async function freshSound() {
  vi.resetModules();
  return import('./sound.js');
}

describe('beeps leave no audio context running', () => {
  beforeEach(() => {
    FakeContext.made = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.stubGlobal('AudioContext', FakeContext);
    vi.stubGlobal('navigator', { userActivation: { hasBeenActive: true } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('suspends the context once the tone has ended, and the next beep resumes it', async () => {
    const { beep } = await freshSound();
    beep('turn', false); // 120 ms
    const ctx = FakeContext.made[0];
    expect(ctx?.state).toBe('running');
    await vi.advanceTimersByTimeAsync(300);
    expect(ctx?.suspend).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(ctx?.suspend).toHaveBeenCalledTimes(1);
    expect(ctx?.state).toBe('suspended');
    beep('play', false);
    expect(ctx?.resume).toHaveBeenCalledTimes(1);
    expect(FakeContext.made).toHaveLength(1);
  });

  it('waits for the longest tone when several overlap', async () => {
    const { beep } = await freshSound();
    beep('feather', false); // 200 ms
    await vi.advanceTimersByTimeAsync(10);
    beep('play', false); // 70 ms, ends before the feather's tone
    await vi.advanceTimersByTimeAsync(400);
    expect(FakeContext.made[0]?.suspend).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60);
    expect(FakeContext.made[0]?.suspend).toHaveBeenCalledTimes(1);
  });

  it('makes no context while muted or before the first gesture', async () => {
    const { beep } = await freshSound();
    beep('turn', true);
    vi.stubGlobal('navigator', { userActivation: { hasBeenActive: false } });
    beep('turn', false);
    expect(FakeContext.made).toHaveLength(0);
  });
});
