/**
 * `npm run bench:store`: appends per second through the Store, without the game server.
 *
 * For each backend (SQLite in a temp file with synchronous=NORMAL and FULL, PostgreSQL in a fresh
 * schema dropped at the end) and each number of games in flight, G games each append moves one
 * after the other (each waits for its previous append, as LiveGame.serial does) for DURATION_S
 * seconds; G=1 is the sequential case (one commit's latency per move), large G is a busy server
 * (what group commit is for). Prints a table and one JSON line per case:
 * `{"backend","games","appendsPerSec","p50Ms","p99Ms","transactions"}` (transactions: -1 when the
 * store has no onCommit option, i.e. a store before group commit).
 *
 * Env: BACKENDS (default sqlite-normal,sqlite-full,postgres), GAMES (default 1,10,100,1000),
 * DURATION_S (3), DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_DIR (temp
 * dir for the SQLite files; use a real disk, fsync is what FULL costs), STORE_DIR (directory of the
 * compiled store-sqlite.js and store-postgres.js to measure, default this build's; to measure
 * another version, compile its store files there: see below).
 *
 * Before/after on one machine, e.g. against main's stores:
 *   mkdir -p dist/before/src && for f in store store-sqlite store-postgres; do
 *     git show main:src/server/$f.ts > dist/before/src/$f.ts; done
 *   npx tsc --outDir dist/before/out --module nodenext --target es2022 --skipLibCheck dist/before/src/*.ts
 *   STORE_DIR=dist/before/out npm run bench:store
 * (main's SQLite store always uses NORMAL: its sqlite-full case is NORMAL too unless its pragma is edited.)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import type { NewGame, SeatConfig, Store } from '../src/server/store.js';

type Backend = 'sqlite-normal' | 'sqlite-full' | 'postgres';

const BACKENDS = (process.env.BACKENDS ?? 'sqlite-normal,sqlite-full,postgres').split(',').map((s) => s.trim() as Backend);
const GAMES = (process.env.GAMES ?? '1,10,100,1000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
const DURATION_S = Number(process.env.DURATION_S ?? 3);
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const HERE = dirname(fileURLToPath(import.meta.url));
const STORE_DIR = resolve(process.env.STORE_DIR ?? join(HERE, '../src/server'));

interface StoreModuleOptions {
  synchronous?: 'NORMAL' | 'FULL';
  schema?: string;
  onCommit?: (moves: number) => void;
}
type OpenSqlite = (file: string, opts?: StoreModuleOptions) => Store;
type OpenPostgres = (url: string, opts?: StoreModuleOptions) => Store;

const SEATS: SeatConfig[] = [0, 1, 2].map((seat) => ({
  seat,
  kind: 'human',
  bot: null,
  name: `P${seat}`,
  tokenHash: 'a'.repeat(64),
  inviteHash: null,
  claimed: true,
  clockMs: 600_000,
}));

/** A choice about the size of a Relic Runners move. */
const choiceOf = (i: number): unknown => ({ type: 'move', to: [i % 7, i % 5], via: 'river', index: i });

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

interface Result {
  backend: Backend;
  games: number;
  appendsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  transactions: number;
}

async function run(backend: Backend, store: Store, games: number, commits: () => number | null): Promise<Result> {
  const tag = randomBytes(4).toString('hex');
  const ids = Array.from({ length: games }, (_, g) => `bench-${tag}-${g}`);
  for (const id of ids) {
    const g: NewGame = { id, game: 'relic-runners', seats: 3, seed: id, options: {}, settings: {}, createdAt: Date.now(), listed: false };
    await store.createGame(g, SEATS, 'h');
  }
  const latencies: number[] = [];
  const startCommits = commits() ?? 0;
  const start = performance.now();
  const end = start + DURATION_S * 1000;
  let appended = 0;
  await Promise.all(
    ids.map(async (id) => {
      for (let i = 0; performance.now() < end; i++) {
        const t0 = performance.now();
        await store.appendMove(
          id,
          { index: i, seat: i % 3, choice: choiceOf(i), hash: `h${i}`, at: Date.now() },
          { hash: `h${i}`, status: 'active', clocks: [600_000 - i, 600_000, 600_000] },
        );
        latencies.push(performance.now() - t0);
        appended++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    backend,
    games,
    appendsPerSec: Math.round(appended / elapsed),
    p50Ms: Number(percentile(latencies, 0.5).toFixed(2)),
    p99Ms: Number(percentile(latencies, 0.99).toFixed(2)),
    transactions: (commits() ?? startCommits - 1) - startCommits,
  };
}

/** `commits()` is null while the store has never called onCommit (a store without the option). */
async function withStore(backend: Backend, body: (store: Store, commits: () => number | null) => Promise<void>): Promise<void> {
  let n = 0;
  let counted = false;
  const onCommit = (): void => {
    counted = true;
    n++;
  };
  const commits = (): number | null => (counted ? n : null);
  if (backend === 'postgres') {
    const { openPostgresStore } = (await import(pathToFileURL(join(STORE_DIR, 'store-postgres.js')).href)) as {
      openPostgresStore: OpenPostgres;
    };
    const schema = `bench_store_${randomBytes(6).toString('hex')}`;
    const store = openPostgresStore(PG_URL, { schema, onCommit });
    try {
      await store.init();
      await body(store, commits);
    } finally {
      await store.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    }
    return;
  }
  const { openSqliteStore } = (await import(pathToFileURL(join(STORE_DIR, 'store-sqlite.js')).href)) as { openSqliteStore: OpenSqlite };
  const dir = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'expedition-bench-store-'));
  const store = openSqliteStore(join(dir, 'bench.sqlite'), { synchronous: backend === 'sqlite-full' ? 'FULL' : 'NORMAL', onCommit });
  try {
    await store.init();
    await body(store, commits);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results: Result[] = [];
console.log(`store bench: ${STORE_DIR}, ${DURATION_S} s per case`);
console.log('backend        games  appends/s   p50 ms   p99 ms  transactions');
for (const backend of BACKENDS) {
  await withStore(backend, async (store, commits) => {
    for (const games of GAMES) {
      const r = await run(backend, store, games, commits);
      results.push(r);
      console.log(
        `${r.backend.padEnd(13)} ${String(r.games).padStart(6)} ${String(r.appendsPerSec).padStart(10)} ${r.p50Ms.toFixed(2).padStart(8)} ${r.p99Ms.toFixed(2).padStart(8)} ${String(r.transactions).padStart(13)}`,
      );
    }
  });
}
for (const r of results) console.log(JSON.stringify(r));
