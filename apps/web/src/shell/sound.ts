/** Optional beeps with WebAudio; silent until the first user gesture, and when muted. */
let ctx: AudioContext | null = null;
/** When the last tone asked for ends (performance.now()), and the timer that suspends the context then. */
let lastToneEnds = 0;
let idle: ReturnType<typeof setTimeout> | null = null;
/** A moment after the last tone, so its fade is not cut. */
const SUSPEND_AFTER_MS = 250;

export type SoundKind = 'play' | 'reject' | 'turn' | 'error' | 'feather';

const TONES: Record<SoundKind, [number, number]> = {
  play: [520, 0.07],
  reject: [660, 0.07],
  turn: [880, 0.12],
  error: [180, 0.18],
  feather: [990, 0.2],
};

export function beep(kind: SoundKind, muted: boolean): void {
  if (muted) return;
  // Before the page's first click or key the browser refuses to start audio, and says so in the
  // console each time (twice on /learn's first load): no context until a gesture has been made.
  // Where userActivation is unknown (older browsers) it is tried as before.
  if (ctx === null && navigator.userActivation?.hasBeenActive === false) return;
  try {
    ctx ??= new AudioContext();
    if (ctx.state === 'suspended') void ctx.resume();
    const [freq, dur] = TONES[kind];
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.frequency.value = freq;
    o.type = kind === 'error' ? 'square' : 'sine';
    g.gain.setValueAtTime(0.08, ctx.currentTime);
    g.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + dur);
    o.connect(g).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + dur);
    suspendWhenQuiet(dur);
  } catch {
    // no audio available: sounds are optional
  }
}

/**
 * A running AudioContext renders silence without end: the audio device stays awake (a phone's battery)
 * and Chromium spends about 2.5% of a core on it (measured: 0.52 against 0.06 CPU-s over 20 s idle).
 * Suspended once the last tone has ended; the next beep resumes it.
 */
function suspendWhenQuiet(durSeconds: number): void {
  lastToneEnds = Math.max(lastToneEnds, performance.now() + durSeconds * 1000);
  if (idle !== null) clearTimeout(idle);
  idle = setTimeout(
    () => {
      idle = null;
      if (ctx?.state === 'running') void ctx.suspend().catch(() => {});
    },
    lastToneEnds - performance.now() + SUSPEND_AFTER_MS,
  );
}
