/**
 * An in-process game server on an ephemeral port, on SQLite in memory or PostgreSQL in a fresh
 * schema (dropped on stop), plus a few helpers the server tests share.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildServer, type ServerOptions } from '../../src/server/app.js';
import type { Hub } from '../../src/server/hub.js';
import type { LiveGame } from '../../src/server/live-game.js';
import type { SeatConfig, Store } from '../../src/server/store.js';
import type { GameEnd } from '../../src/server/ratings/rate.js';
import { openSqliteStore } from '../../src/server/store-sqlite.js';
import { openPostgresStore } from '../../src/server/store-postgres.js';
import { createRng, type Rng } from '../../src/core/rng.js';
import type { RawData } from 'ws';
import type { RRChoice } from '../../src/games/relic-runners/index.js';
import { testLog } from './log.js';
import { http, TestClient } from './ws-client.js';
import { parseMsg, type CreatedGame, type JoinedSeat, type ServerMsg } from './wire.js';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type StoreKind = 'sqlite' | 'postgres';

export interface TestServer {
  readonly app: FastifyInstance;
  readonly hub: Hub;
  readonly store: Store;
  /** http://127.0.0.1:port */
  readonly base: string;
  /** ws://127.0.0.1:port/ws */
  readonly wsUrl: string;
  /** A new WebSocket client of this server (closed by stop()). */
  client(): Promise<TestClient>;
  /** Closes the clients, the server and the store (and drops the PostgreSQL schema). */
  stop(): Promise<void>;
}

/** Opens and initializes a store; `drop` removes what it created. */
export async function openTestStore(kind: StoreKind): Promise<{ store: Store; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const store = openSqliteStore(':memory:', { log: testLog() });
    await store.init();
    return { store, drop: () => Promise.resolve() };
  }
  const schema = `test_server_${randomBytes(6).toString('hex')}`;
  const store = openPostgresStore(PG_URL, { schema, connectTimeoutMs: 5000, log: testLog() });
  try {
    await store.init();
  } catch (e) {
    await store.close().catch(() => undefined);
    throw new Error(`PostgreSQL is unreachable at ${PG_URL}: ${(e as Error).message} (set TEST_DATABASE_URL or start it)`, { cause: e });
  }
  return {
    store,
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
      c.on('error', () => undefined);
      await c.connect();
      try {
        await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Limits high enough that only the tests of the limits meet them. */
export const NO_LIMITS = {
  wsPerSecond: 10000,
  httpPerMinute: 100000,
  createPerMinute: 100000,
  wsUpgradesPerMinute: 100000,
  wsPerAddress: 100000,
  liveGamesPerAddress: 100000,
  quickPlayPerAddress: 100000,
  signInPerMinute: 100000,
} as const;

/**
 * Starts a server; test defaults: bots play at once, rate limits out of the way, fixed seeds for
 * any game, a quiet log (test/helpers/log.ts). On `port`, or any free one.
 */
export async function startServer(kind: StoreKind = 'sqlite', opts: ServerOptions = {}, port = 0): Promise<TestServer> {
  const { store, drop } = await openTestStore(kind);
  // No sweep of the stored deadlines in the background: a test that wants one sweeps by hand (waits/sweeper.ts).
  const { app, hub } = await buildServer(store, {
    botDelayMs: 0,
    ...NO_LIMITS,
    seedPolicy: 'any',
    sweepDeadlinesMs: 0,
    log: testLog(),
    ...opts,
  });
  await app.listen({ port, host: '127.0.0.1' });
  const addr = app.server.address();
  assert.ok(addr !== null && typeof addr === 'object');
  const base = `http://127.0.0.1:${addr.port}`;
  const clients: TestClient[] = [];
  return {
    app,
    hub,
    store,
    base,
    wsUrl: `ws://127.0.0.1:${addr.port}/ws`,
    async client() {
      const c = await TestClient.connect(`ws://127.0.0.1:${addr.port}/ws`);
      clients.push(c);
      return c;
    },
    async stop() {
      for (const c of clients) c.ws.terminate();
      await app.close();
      await store.close();
      await drop();
    },
  };
}

/** The invitation keys each game's creator was handed (game id → seat → key), as the creator keeps them. */
export const inviteKeys = new Map<string, Map<number, string>>();

/** Creates a game over HTTP; returns its id (its seats' invitation keys go to `inviteKeys`). */
export async function createGame(base: string, body: Record<string, unknown>): Promise<string> {
  const r = await http<CreatedGame>(base, 'POST', '/api/games', { game: 'relic-runners', ...body });
  assert.equal(r.status, 201, JSON.stringify(r.json));
  assert.equal(typeof r.json.id, 'string');
  inviteKeys.set(r.json.id, new Map(r.json.invites.map((i) => [i.seat, i.key])));
  return r.json.id;
}

/** Claims a seat over HTTP with its invitation link's key (from `createGame`); returns its token. */
export async function joinSeat(base: string, id: string, seat: number, name?: string): Promise<string> {
  const key = inviteKeys.get(id)?.get(seat);
  const r = await http<JoinedSeat>(base, 'POST', `/api/games/${id}/join`, { seat, ...(name ? { name } : {}), ...(key ? { key } : {}) });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.equal(r.json.seat, seat);
  return r.json.token;
}

/** Says hello and returns the welcome. */
export async function hello(c: TestClient, game: string, token?: string): Promise<ServerMsg> {
  const w = c.next((m) => m.type === 'welcome' || m.type === 'error');
  c.send({ type: 'hello', game, ...(token !== undefined ? { token } : {}) });
  const m = await w;
  assert.equal(m.type, 'welcome', JSON.stringify(m));
  return m;
}

/** The live game (in-process). */
export async function live(hub: Hub, id: string): Promise<LiveGame> {
  const g = await hub.get(id);
  assert.ok(g, `no live game ${id}`);
  return g;
}

/** Polls `cond` until it holds; fails with `what` after `ms`. */
export async function until(cond: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await cond()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export interface AutoPlayer {
  /** Indices of this seat's acknowledged choices, in the order the acks arrived. */
  readonly acks: number[];
  /** Every error the seat received while playing. */
  readonly errors: ServerMsg[];
  /** Resolves with the final state message once the game is over. */
  readonly done: Promise<ServerMsg>;
  stop(): void;
}

/**
 * Plays one seat over its socket: whenever a state (or welcome) says this seat is to act, it
 * sends a seeded random choice of its own view's choices (among the `prefer`red ones when there
 * are any), with the move index it saw.
 */
export function autoPlay(c: TestClient, seat: number, rng: Rng | string, prefer?: (choice: RRChoice) => boolean): AutoPlayer {
  const r = typeof rng === 'string' ? createRng(rng) : rng;
  const acks: number[] = [];
  const errors: ServerMsg[] = [];
  let lastSent = -1;
  let stopped = false;
  let finish!: (m: ServerMsg) => void;
  let fail!: (e: Error) => void;
  const done = new Promise<ServerMsg>((res, rej) => {
    finish = res;
    fail = rej;
  });
  done.catch(() => undefined); // the test awaits it; a failure before that is not unhandled
  const onState = (m: ServerMsg) => {
    if (m.status !== 'active') return finish(m);
    if (m.toAct !== seat || m.moves <= lastSent) return;
    const all = m.view.choices;
    if (!all || all.length === 0) return fail(new Error(`seat ${seat} is to act at move ${m.moves} but its view has no choices`));
    const preferred = prefer ? all.filter(prefer) : [];
    const cs = preferred.length > 0 ? preferred : all;
    lastSent = m.moves;
    c.send({ type: 'choice', choice: cs[r.int(cs.length)], index: m.moves, id: `p${seat}-${m.moves}` });
  };
  const listener = (d: RawData) => {
    if (stopped) return;
    const m = parseMsg(d);
    if (m.type === 'ack') acks.push(m.index);
    else if (m.type === 'error') {
      errors.push(m);
      fail(new Error(`seat ${seat} got an error while playing: ${JSON.stringify(m)}`));
    } else if (m.type === 'state' || m.type === 'welcome') onState(m);
  };
  c.ws.on('message', listener);
  // The latest state already received may be our turn.
  const last = [...c.messages].reverse().find((m) => m.type === 'state' || m.type === 'welcome');
  if (last) onState(last);
  return {
    acks,
    errors,
    done,
    stop() {
      stopped = true;
      c.ws.off('message', listener);
    },
  };
}

/**
 * A finished game of `accounts` (in seat order) ending in `ranks`, written straight to the store as
 * a server ends one (one move, then the end): what the ratings, profiles and leaderboards read.
 */
export async function storeEndedGame(
  store: Store,
  accounts: readonly string[],
  {
    game = 'relic-runners',
    ranks = accounts.map((_, i) => i + 1),
    at = Date.now(),
    rated = true,
  }: { game?: string; ranks?: number[]; at?: number; rated?: boolean } = {},
): Promise<string> {
  const id = `t_${randomBytes(8).toString('hex')}`;
  const seats: SeatConfig[] = accounts.map((_, seat) => ({
    seat,
    kind: 'human',
    bot: null,
    name: `p${seat}`,
    tokenHash: null,
    inviteHash: null,
    claimed: true,
    clockMs: null,
  }));
  await store.createGame(
    { id, game, seats: accounts.length, seed: 's', options: {}, settings: {}, createdAt: at - 1000, listed: false, rated },
    seats,
    'h0',
  );
  for (const [seat, acc] of accounts.entries()) await store.accounts.attachSeat(acc, id, seat, at - 1000);
  const end: GameEnd = { game, scores: ranks.map((r) => 100 - r), ranks, left: ranks.map(() => false), rated };
  await store.appendMove(id, { index: 0, seat: 0, choice: { t: 'x' }, hash: 'h1', at }, { hash: 'h1', status: 'finished', end });
  return id;
}
