/**
 * Whether the store holds a record of a table the matchmaker no longer lists: a table that closed
 * (until retention removes it), as opposed to an id no table ever had. Asked only for a join page's
 * look-up of an unknown id (rate-limited per address); a store that cannot answer says no.
 */
import { currentStore } from './current.js';

export async function hasRecord(table: string): Promise<boolean> {
  const store = currentStore();
  if (store === null) return false;
  try {
    return (await store.load(table)).length > 0;
  } catch {
    return false;
  }
}
