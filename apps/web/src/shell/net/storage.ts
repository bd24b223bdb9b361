/** localStorage with a fallback: name, seat tokens per table, preferences. */
const mem = new Map<string, string>();

export function load(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return mem.get(key) ?? null;
  }
}

export function save(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    mem.set(key, value);
  }
}

export const keys = {
  name: 'blaze.name',
  sort: 'blaze.sort',
  muted: 'blaze.muted',
  /** Practice's bot pace (practice/pace.ts). */
  practicePace: 'blaze.practice.pace',
  seat: (table: string) => `blaze.seat.${table}`,
  /** Set while this browser watches the table, so a reload comes back watching (not sat down). */
  watching: (table: string) => `blaze.watching.${table}`,
  /** Set by "New table" so its creator walks straight in, once. */
  created: (table: string) => `blaze.created.${table}`,
};

export function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    mem.delete(key);
  }
}
