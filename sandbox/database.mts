// The SQLite database under the store: Node's own `node:sqlite` where the running Node.js has it
// (22.5 and later), better-sqlite3 on Node.js 20. better-sqlite3 12 aborts on Node.js 24 when a
// statement is finalized at exit (https://github.com/WiseLibs/better-sqlite3/issues/1515, closed
// without a fix) and version 13 needs Node.js 22, so neither one binding serves both versions.
import {createRequire} from 'node:module';

export interface Statement {
  get(...parameters: unknown[]): unknown;
  all(...parameters: unknown[]): unknown[];
  run(...parameters: unknown[]): {changes: number | bigint};
}

export interface Database {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  close(): void;
}

const require = createRequire(import.meta.url);
const [major, minor] = process.versions.node.split('.').map(Number);
/** Whether this Node.js has `node:sqlite` (22.5 and later). */
export const HAS_NODE_SQLITE = major > 22 || (major === 22 && minor >= 5);

export function openDatabase(file: string): Database {
  if (HAS_NODE_SQLITE) {
    const {DatabaseSync} = require('node:sqlite') as {DatabaseSync: new (path: string) => Database};
    return new DatabaseSync(file);
  }
  const BetterSqlite3 = require('better-sqlite3') as new (path: string) => Database;
  return new BetterSqlite3(file);
}

/**
 * Runs `work` in one transaction. A write takes the lock at once (IMMEDIATE), so that processes
 * sharing the file wait for each other (busy_timeout) instead of failing when one upgrades a read
 * to a write; a read takes none. A transaction already open takes in the nested work.
 */
export function inTransaction<T>(
  database: Database & {inTransaction?: boolean; isTransaction?: boolean},
  work: () => T,
  write: boolean,
): T {
  if (database.inTransaction || database.isTransaction) return work();
  database.exec(write ? 'BEGIN IMMEDIATE' : 'BEGIN DEFERRED');
  try {
    const result = work();
    database.exec('COMMIT');
    return result;
  } catch (error) {
    database.exec('ROLLBACK');
    throw error;
  }
}
