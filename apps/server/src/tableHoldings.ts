/**
 * Tables each address holds: made through POST /api/tables and not yet closed. The creation rate
 * alone let a few dozen addresses, each making a table a few minutes apart, hold every table of the
 * server (issue 39); this counts what an address holds now, so its quota frees as its tables close.
 *
 * A table leaves the book when it is disposed on this process (release). One created for us on
 * another process (several processes sharing Redis) is disposed there: an address at its quota has
 * its tables looked up in the matchmaking listing, and those gone are let go then.
 */
export type TableExists = (id: string) => Promise<boolean>;

export type HoldVerdict = { ok: true; ticket: HoldTicket } | { ok: false; code: 'TOO_MANY_TABLES'; message: string };

/** A place in an address's quota, taken before the table is made: bound to its id, or given back. */
export interface HoldTicket {
  bind(id: string): void;
  cancel(): void;
}

/** Addresses remembered at most: past it, the book forgets addresses that hold nothing. */
const MAX_ADDRESSES = 10_000;

export class TableHoldings {
  private readonly byAddress = new Map<string, { ids: Set<string>; pending: number }>();
  private readonly holderOf = new Map<string, string>();

  constructor(
    private readonly perAddress: number,
    private readonly exists: TableExists,
  ) {}

  /** Takes a place for one more table of `address`, or says why not. */
  async take(address: string): Promise<HoldVerdict> {
    let entry = this.entry(address);
    if (entry.ids.size + entry.pending >= this.perAddress) {
      await this.forgetClosed(entry.ids);
      // The lookup is async: the entry may have been dropped (it held nothing) meanwhile.
      entry = this.entry(address);
      if (entry.ids.size + entry.pending >= this.perAddress) {
        return {
          ok: false,
          code: 'TOO_MANY_TABLES',
          message: `Your address already holds ${this.perAddress} open tables; close one or wait for an empty one to close.`,
        };
      }
    }
    entry.pending++;
    let done = false;
    return {
      ok: true,
      ticket: {
        bind: (id) => {
          if (done) return;
          done = true;
          entry.pending--;
          entry.ids.add(id);
          this.holderOf.set(id, address);
        },
        cancel: () => {
          if (done) return;
          done = true;
          entry.pending--;
          this.tidy(address, entry);
        },
      },
    };
  }

  /** The table closed (disposed on this process). */
  release(id: string): void {
    const address = this.holderOf.get(id);
    if (address === undefined) return;
    this.holderOf.delete(id);
    const entry = this.byAddress.get(address);
    if (!entry) return;
    entry.ids.delete(id);
    this.tidy(address, entry);
  }

  /** How many tables `address` holds (tests, metrics). */
  held(address: string): number {
    return this.byAddress.get(address)?.ids.size ?? 0;
  }

  private entry(address: string): { ids: Set<string>; pending: number } {
    let entry = this.byAddress.get(address);
    if (!entry) {
      if (this.byAddress.size >= MAX_ADDRESSES) {
        for (const [a, e] of this.byAddress) this.tidy(a, e);
      }
      entry = { ids: new Set(), pending: 0 };
      this.byAddress.set(address, entry);
    }
    return entry;
  }

  private tidy(address: string, entry: { ids: Set<string>; pending: number }): void {
    if (entry.ids.size === 0 && entry.pending === 0 && this.byAddress.get(address) === entry)
      this.byAddress.delete(address);
  }

  /** Lets go of the tables among `ids` that no longer exist anywhere (a failed lookup keeps them). */
  private async forgetClosed(ids: Set<string>): Promise<void> {
    const gone = await Promise.all([...ids].map(async (id) => ((await this.exists(id).catch(() => true)) ? null : id)));
    for (const id of gone) if (id !== null) this.release(id);
  }
}
