/**
 * Exactly-once ratings under kill -9: a real server process plays a rated game (a signed-in
 * player against the greedy level's account) to its end and is killed with SIGKILL the moment the
 * end is announced (announced only once stored), then restarted on the same database, twice. The
 * rating update was part of the transaction that stored the last move: it is there, once, for both
 * accounts, and a restart applies nothing again. On SQLite (a temp file) and PostgreSQL (a fresh
 * schema, dropped at the end).
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { AccountBrowser } from '../helpers/account-browser.js';
import { autoPlay, hello } from '../helpers/server.js';
import { freePort } from '../helpers/net.js';
import { TestClient } from '../helpers/ws-client.js';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** dist/test/server/ratings-crash.test.js → dist/src/server/main.js */
const MAIN = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/server/main.js');

const tmp = mkdtempSync(join(tmpdir(), 'expedition-ratings-crash-'));
const children = new Set<ChildProcess>();
after(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

/** Polls until `cond` holds; fails with `what` after `ms`. */
async function until(what: string, cond: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The server as a child process. */
async function startServer(
  port: number,
  env: Record<string, string>,
): Promise<{ base: string; kill: () => Promise<void>; out: () => string }> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BOT_DELAY_MS: '0',
      WS_PER_SECOND: '100000',
      HTTP_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  let exited: number | null | undefined;
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const gone = new Promise<void>((r) =>
    child.once('exit', (code) => {
      exited = code;
      children.delete(child);
      r();
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  await until('the server to answer /health', async () => {
    if (exited !== undefined) throw new Error(`server exited (${exited}) before it was ready:\n${out}`);
    try {
      return (await fetch(`${base}/health`)).status === 200;
    } catch {
      return false;
    }
  });
  return {
    base,
    out: () => out,
    kill: async () => {
      child.kill('SIGKILL');
      await gone;
    },
  };
}

interface Backend {
  env: Record<string, string>;
  /** Rating history rows of game `id`, and result rows. */
  applied(id: string): Promise<{ history: number; results: number }>;
  cleanup(): Promise<void>;
}

function sqliteBackend(): Backend {
  const file = join(tmp, `ratings-${randomBytes(3).toString('hex')}.sqlite`);
  return {
    env: { EXPEDITION_DB: file, DATABASE_URL: '' },
    async applied(id) {
      const db = new Database(file, { readonly: true });
      try {
        const n = (sql: string) => (db.prepare(sql).get(id) as { n: number }).n;
        return {
          history: n('SELECT count(*) AS n FROM rating_history WHERE game_id = ?'),
          results: n('SELECT count(*) AS n FROM game_results WHERE game_id = ?'),
        };
      } finally {
        db.close();
      }
    },
    async cleanup() {},
  };
}

function postgresBackend(): Backend {
  const schema = `ratings_crash_${randomBytes(4).toString('hex')}`;
  const query = async (sql: string, args: unknown[] = []): Promise<pg.QueryResult<{ n: string }>> => {
    const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
    c.on('error', () => undefined);
    await c.connect();
    try {
      return await c.query<{ n: string }>(sql, args);
    } finally {
      await c.end();
    }
  };
  return {
    env: { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema },
    async applied(id) {
      const n = async (table: string) =>
        Number((await query(`SELECT count(*) AS n FROM "${schema}".${table} WHERE game_id = $1`, [id])).rows[0]!.n);
      return { history: await n('rating_history'), results: await n('game_results') };
    },
    async cleanup() {
      await query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    },
  };
}

interface Profile {
  ratings: { game: string; games: number; history: { gameId: string }[] }[];
  finished: { gameId: string; ratingChange: number | null }[];
}

for (const [kind, make] of [
  ['sqlite', sqliteBackend],
  ['postgres', postgresBackend],
] as const) {
  describe(`ratings under kill -9 on ${kind}`, () => {
    test('killed right after a rated game ends, restarted twice: the ratings are applied exactly once', async () => {
      const backend = make();
      const port = await freePort();
      let server = await startServer(port, backend.env);
      try {
        const b = new AccountBrowser(server.base);
        const name = `crash_${randomBytes(4).toString('hex')}`;
        assert.equal((await b.post('/api/account/sign-up', { name, password: 'correct horse battery' })).status, 201);
        const created = await b.send<{ id: string; invites: { seat: number; key: string }[] }>('POST', '/api/games', {
          game: 'relic-runners',
          seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }],
          clock: { bankMs: 3_600_000, incrementMs: 0 },
          rated: true,
        });
        assert.equal(created.status, 201, JSON.stringify(created.json));
        const id = created.json.id;
        const joined = await b.send<{ token: string }>('POST', `/api/games/${id}/join`, { seat: 0, key: created.json.invites[0]!.key });
        assert.equal(joined.status, 200, JSON.stringify(joined.json));
        const c = await TestClient.connect(server.base.replace('http', 'ws') + '/ws');
        c.ws.on('error', () => undefined);
        await hello(c, id, joined.json.token);
        const player = autoPlay(c, 0, `ratings-crash-${kind}`);
        const last = await player.done;
        // The end is announced only once it is stored: kill at once.
        await server.kill();
        assert.equal(last.status, 'finished');
        for (let restart = 1; restart <= 2; restart++) {
          server = await startServer(port, backend.env);
          assert.deepEqual(
            await backend.applied(id),
            { history: 2, results: 1 },
            `restart ${restart}: the player's row and the bot's, once`,
          );
          const p = await new AccountBrowser(server.base).get<Profile>(`/api/players/${name}`);
          assert.equal(p.status, 200);
          const rr = p.json.ratings.find((r) => r.game === 'relic-runners');
          assert.equal(rr?.games, 1, `restart ${restart}: one rated game`);
          assert.deepEqual(
            rr.history.map((h) => h.gameId),
            [id],
          );
          assert.notEqual(p.json.finished.find((f) => f.gameId === id)?.ratingChange, null);
          await server.kill();
        }
      } finally {
        await server.kill().catch(() => undefined);
        await backend.cleanup();
      }
    });
  });
}
