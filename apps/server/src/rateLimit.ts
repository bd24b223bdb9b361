/** A token bucket per client: bursts up to `capacity`, then `refillPerSecond` messages a second. */
export interface BucketOptions {
  capacity: number;
  refillPerSecond: number;
}

export const DEFAULT_BUCKET: BucketOptions = { capacity: 20, refillPerSecond: 10 };

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly options: BucketOptions = DEFAULT_BUCKET,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = options.capacity;
    this.last = now();
  }

  /** Takes one token; false when the client is sending faster than allowed. */
  take(): boolean {
    const t = this.now();
    const refill = ((t - this.last) / 1000) * this.options.refillPerSecond;
    this.tokens = Math.min(this.options.capacity, this.tokens + refill);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * One bucket per key (an address, a person), shared by every socket and table of this process.
 * Bounded: a flood of distinct keys resets the books rather than growing them.
 */
export class BucketBook {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly options: BucketOptions,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): boolean {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxKeys) this.buckets.clear();
      bucket = new TokenBucket(this.options, this.now);
      this.buckets.set(key, bucket);
    }
    return bucket.take();
  }

  forget(key: string): void {
    this.buckets.delete(key);
  }
}

/**
 * What to do with one refused message of a connection: answer it, stay silent (the client was
 * already told it is rate limited), or drop the connection (it keeps sending what is refused).
 */
export type RefusalVerdict = 'answer' | 'silent' | 'drop';

/**
 * How a refusal counts. `rule`: the game said no (a race, a slow click), always answered and never
 * held against anyone, since the rate limit already bounds how often it can happen. `limited`: sent
 * faster than allowed. `invalid`: something no honest client sends (unknown type, bad shape, bad frame).
 */
export type RefusalKind = 'rule' | 'limited' | 'invalid';

export class RefusalGuard {
  /** Strikes allowed: `dropAfter` at once, earned back over ten seconds. */
  private readonly allowance: TokenBucket;
  /** When the client was last told it is rate limited; told again after a message passes or a second. */
  private toldAt = Number.NEGATIVE_INFINITY;

  constructor(
    dropAfter: number,
    private readonly now: () => number = Date.now,
  ) {
    this.allowance = new TokenBucket({ capacity: dropAfter, refillPerSecond: dropAfter / 10 }, now);
  }

  /** A message passed: the next rate limit is worth telling again. */
  passed(): void {
    this.toldAt = Number.NEGATIVE_INFINITY;
  }

  refuse(kind: RefusalKind): RefusalVerdict {
    if (kind === 'rule') return 'answer';
    if (!this.allowance.take()) return 'drop';
    if (kind === 'invalid') return 'answer';
    const t = this.now();
    if (t - this.toldAt < 1000) return 'silent';
    this.toldAt = t;
    return 'answer';
  }
}
