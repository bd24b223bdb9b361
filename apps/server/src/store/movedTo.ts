/**
 * What became of a table the matchmaker no longer lists, from its record: closed (the store holds
 * it), and where it moved if its host switched it to another game (its `moved` entry). Asked only
 * for a link to an unknown id (rate-limited per address); a store that cannot answer says "never was".
 */
import { currentStore } from './current.js';

export interface Fate {
  closed: boolean;
  movedTo?: string;
}

export async function tableFate(table: string): Promise<Fate> {
  const store = currentStore();
  if (store === null) return { closed: false };
  try {
    const entries = await store.load(table);
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i];
      if (e?.t === 'moved') return { closed: true, movedTo: e.to };
    }
    return { closed: entries.length > 0 };
  } catch {
    return { closed: false };
  }
}
