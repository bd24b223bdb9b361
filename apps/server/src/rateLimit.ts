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
