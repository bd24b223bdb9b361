/** The embedded store written on the event loop: one SQLite file under DATA_DIR (see sqliteFile.ts). */
import { openSqliteFile } from './sqliteFile.js';
import type { TableStore } from './types.js';

export function openSqliteStore(file: string): TableStore {
  const f = openSqliteFile(file);
  return {
    kind: 'sqlite',
    async append(table, entries) {
      f.append(table, entries);
    },
    appendNow(table, entries) {
      f.append(table, entries);
    },
    async load(table) {
      return f.load(table);
    },
    async openTables() {
      return f.openTables();
    },
    async closeTable(table) {
      f.closeTable(table);
    },
    async saveGame(record) {
      f.saveGame(record);
    },
    async getGame(id) {
      return f.getGame(id);
    },
    async close() {
      f.close();
    },
  };
}
