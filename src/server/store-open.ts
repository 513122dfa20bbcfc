/**
 * Picks the backend from the environment: PostgreSQL when DATABASE_URL is set (several server
 * processes can share it), else an SQLite file, so a single server needs nothing else running.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Log } from './log.js';
import type { Store } from './store.js';

export const DEFAULT_SQLITE_FILE = './data/expedition.sqlite';

/**
 * DATABASE_URL: PostgreSQL connection string (optional DATABASE_SCHEMA: schema for the tables).
 * EXPEDITION_DB: SQLite file, default ./data/expedition.sqlite; its directory is created if missing.
 * SQLITE_SYNCHRONOUS: NORMAL (default) or FULL, SQLite's sync at each commit (see store-sqlite.ts).
 * Returns an initialized store, which logs to `log` (default: the process's logger).
 */
export async function openStore(env: NodeJS.ProcessEnv = process.env, log?: Log): Promise<Store> {
  // Each backend is loaded only when chosen: a PostgreSQL deployment never loads the native SQLite module.
  let store: Store;
  const url = env.DATABASE_URL;
  if (url !== undefined && url !== '') {
    const { openPostgresStore } = await import('./store-postgres.js');
    const schema = env.DATABASE_SCHEMA;
    store = openPostgresStore(url, { ...(schema !== undefined && schema !== '' ? { schema } : {}), ...(log ? { log } : {}) });
  } else {
    const file = env.EXPEDITION_DB !== undefined && env.EXPEDITION_DB !== '' ? env.EXPEDITION_DB : DEFAULT_SQLITE_FILE;
    if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
    const sync = env.SQLITE_SYNCHRONOUS?.toUpperCase() || 'NORMAL';
    if (sync !== 'NORMAL' && sync !== 'FULL') throw new Error(`SQLITE_SYNCHRONOUS="${env.SQLITE_SYNCHRONOUS}": use NORMAL or FULL`);
    const { openSqliteStore } = await import('./store-sqlite.js');
    store = openSqliteStore(file, { synchronous: sync, ...(log ? { log } : {}) });
  }
  try {
    await store.init();
  } catch (e) {
    await store.close().catch(() => undefined);
    throw e;
  }
  return store;
}
