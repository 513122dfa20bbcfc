/**
 * Crash durability of the real server process: clients play several games as fast as acks come,
 * the server is killed with SIGKILL mid-stream and restarted on the same database. Every
 * acknowledged choice must be stored, the games must go on with the same tokens, and every state
 * announced before the crash must be the state the stored log replays to. Then a stored move is
 * tampered with while the server is down: that game is reported and refused, the others play on.
 * Runs on SQLite (a temp file) and on PostgreSQL (TEST_DATABASE_URL, a fresh schema dropped at the end).
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
import { createRng, CURRENT_SEEDING, type Rng } from '../../src/core/rng.js';
import { relicRunners as rr, type RRView } from '../../src/games/relic-runners/index.js';
import { TestClient, http } from '../helpers/ws-client.js';
import { parseMsg, type RecordReply, type ServerMsg } from '../helpers/wire.js';
import { freePort } from '../helpers/net.js';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** dist/test/server/crash.test.js → dist/src/server/main.js */
const MAIN = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/server/main.js');

const tmp = mkdtempSync(join(tmpdir(), 'expedition-crash-'));
const children = new Set<ChildProcess>();
after(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `cond` holds; fails with `what` after `ms`. */
async function until(what: string, cond: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(20);
  }
}

/** The server as a child process, with everything it printed. */
class ServerProcess {
  out = '';
  exited: Promise<number | null>;
  private exitCode: number | null | undefined;
  private constructor(
    readonly child: ChildProcess,
    readonly base: string,
  ) {
    children.add(child);
    child.stdout!.on('data', (d: Buffer) => (this.out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (this.out += d.toString()));
    this.exited = new Promise((r) =>
      child.once('exit', (code) => {
        this.exitCode = code;
        children.delete(child);
        r(code);
      }),
    );
  }

  static async start(port: number, env: Record<string, string>): Promise<ServerProcess> {
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        BOT_DELAY_MS: '0',
        WS_PER_SECOND: '100000',
        HTTP_PER_MINUTE: '100000',
        // The start's line (how many games were rebuilt) is at info, whatever the tester's LOG_LEVEL.
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const s = new ServerProcess(child, `http://127.0.0.1:${port}`);
    // Ready when /health answers; no fixed sleeps.
    await until(
      'the server to answer /health',
      async () => {
        if (s.exitCode !== undefined) throw new Error(`server exited (${s.exitCode}) before it was ready:\n${s.out}`);
        try {
          return (await fetch(`${s.base}/health`)).status === 200;
        } catch {
          return false;
        }
      },
      20_000,
    );
    // The start's line is written once it listens, on a pipe of its own: /health can be answered
    // before this process has read it.
    await until('the server to log its start', () => / rebuilt\)/.test(s.out), 10_000);
    return s;
  }

  get ws(): string {
    return this.base.replace('http', 'ws') + '/ws';
  }

  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

/** Views announced to one connection, by move count, as JSON text. */
type Views = Map<number, string>;

/**
 * Plays one human seat: answers every state where it is to act with a random legal choice for
 * that move index, as soon as it comes. Remembers what it sent, what was acknowledged and every
 * view it was shown.
 */
class SeatPlayer {
  readonly sent = new Map<number, unknown>();
  readonly acked = new Set<number>();
  maxAck = -1;
  lastSent = -1;
  readonly errors: ServerMsg[] = [];
  welcome: ServerMsg | undefined;
  stopped = false;

  private constructor(
    readonly client: TestClient,
    readonly seat: number,
    readonly views: Views,
    private readonly rng: Rng,
  ) {
    client.ws.on('message', (d) => this.onMessage(parseMsg(d)));
    // The server being killed closes the socket; a write after that is of no interest.
    client.ws.on('error', () => undefined);
  }

  static async connect(ws: string, game: string, seat: number, token: string, views: Views, seed: string): Promise<SeatPlayer> {
    const c = await TestClient.connect(ws);
    const p = new SeatPlayer(c, seat, views, createRng(seed));
    const w = c.next((m) => m.type === 'welcome' || m.type === 'error');
    c.send({ type: 'hello', game, token });
    p.welcome = await w;
    assert.equal(p.welcome.type, 'welcome', `hello for seat ${seat} of ${game}: ${JSON.stringify(p.welcome)}`);
    return p;
  }

  private onMessage(m: ServerMsg): void {
    if (m.type === 'welcome' || m.type === 'state') {
      this.views.set(m.moves, JSON.stringify(m.view));
      const choices = m.view.choices;
      if (!this.stopped && m.status === 'active' && m.toAct === this.seat && choices && m.moves > this.lastSent) {
        const choice = choices[this.rng.int(choices.length)];
        this.lastSent = m.moves;
        this.sent.set(m.moves, choice);
        this.client.send({ type: 'choice', choice, index: m.moves, id: `c${m.moves}` });
      }
    } else if (m.type === 'ack') {
      this.acked.add(m.index);
      this.maxAck = Math.max(this.maxAck, m.index);
    } else if (m.type === 'error') {
      this.errors.push(m);
    }
  }

  /** Whether every choice sent has been answered (acked or refused). */
  get settled(): boolean {
    return this.lastSent < 0 || this.acked.has(this.lastSent) || this.errors.some((e) => e.id === `c${this.lastSent}`);
  }

  close(): void {
    this.stopped = true;
    this.client.close();
  }
}

interface GameRun {
  id: string;
  kinds: ('human' | 'bot')[];
  tokens: (string | null)[];
  /** Everything ever sent and acknowledged per seat, across restarts. */
  sent: Map<number, unknown>[];
  acked: Set<number>[];
  /** Views shown to each seat and to a spectator (index `kinds.length`), across restarts. */
  views: Views[];
  players: SeatPlayer[];
  spectator: TestClient | null;
}

const maxAck = (g: GameRun) => Math.max(-1, ...g.acked.map((s) => Math.max(-1, ...s)));
const ackCount = (g: GameRun) => g.acked.reduce((n, s) => n + s.size, 0);

async function createGames(s: ServerProcess): Promise<GameRun[]> {
  const plans: ('human' | 'bot')[][] = [
    ['human', 'human'],
    ['human', 'human'],
    ['human', 'human'],
    ['human', 'bot'],
    ['human', 'bot'],
    ['bot', 'human'],
  ];
  const games: GameRun[] = [];
  for (const kinds of plans) {
    const r = await http(s.base, 'POST', '/api/games', {
      game: 'relic-runners',
      seats: kinds.map((k) => (k === 'human' ? { kind: 'human' } : { kind: 'bot', bot: 'random' })),
      botDelayMs: 0,
    });
    assert.equal(r.status, 201, JSON.stringify(r.json));
    const id = r.json.id;
    const tokens: (string | null)[] = [];
    for (const [seat, k] of kinds.entries()) {
      if (k === 'bot') {
        tokens.push(null);
        continue;
      }
      const key = (r.json.invites as { seat: number; key: string }[]).find((i) => i.seat === seat)?.key;
      const j = await http(s.base, 'POST', `/api/games/${id}/join`, { seat, key });
      assert.equal(j.status, 200, JSON.stringify(j.json));
      tokens.push(j.json.token);
    }
    games.push({
      id,
      kinds,
      tokens,
      sent: kinds.map(() => new Map<number, unknown>()),
      acked: kinds.map(() => new Set<number>()),
      views: [...kinds.map((): Views => new Map()), new Map<number, string>()],
      players: [],
      spectator: null,
    });
  }
  return games;
}

/** Connects a spectator (recording its views) and the human seats, which start playing at once. */
async function startPlaying(s: ServerProcess, games: GameRun[], round: number): Promise<void> {
  await Promise.all(
    games.map(async (g) => {
      const spec = await TestClient.connect(s.ws);
      spec.ws.on('error', () => undefined);
      const spectatorViews = g.views[g.kinds.length]!;
      spec.ws.on('message', (d) => {
        const m = parseMsg(d);
        if (m.type === 'welcome' || m.type === 'state') spectatorViews.set(m.moves, JSON.stringify(m.view));
      });
      const w = spec.next((m) => m.type === 'welcome');
      spec.send({ type: 'hello', game: g.id });
      await w;
      g.spectator = spec;
      g.players = await Promise.all(
        g.kinds.flatMap((k, seat) =>
          k === 'human' ? [SeatPlayer.connect(s.ws, g.id, seat, g.tokens[seat]!, g.views[seat]!, `${g.id}:${seat}:${round}`)] : [],
        ),
      );
    }),
  );
}

/** Stops the players of a round and folds what they sent and had acknowledged into the game's history. */
function stopPlaying(games: GameRun[]): void {
  for (const g of games) {
    for (const p of g.players) {
      p.close();
      for (const [i, c] of p.sent) g.sent[p.seat]!.set(i, c);
      for (const i of p.acked) g.acked[p.seat]!.add(i);
      const bad = p.errors.filter((e) => e.code !== 'stale' && e.code !== 'not_your_turn');
      assert.deepEqual(bad, [], `game ${g.id} seat ${p.seat}: unexpected errors`);
    }
    g.spectator?.close();
    g.players = [];
    g.spectator = null;
  }
}

/** Acks seen so far in the round (the players' own, not yet folded in). */
const roundAcks = (g: GameRun) => g.players.reduce((n, p) => n + p.acked.size, 0);

/** Replays the published record and checks that every view anyone was shown is the state the log gives. */
function checkAgainstRecord(g: GameRun, record: RecordReply): void {
  const choices = record.choices;
  for (const [seat, acked] of g.acked.entries()) {
    for (const i of acked) {
      assert.ok(i < choices.length, `game ${g.id}: acknowledged move #${i} is not in the record (${choices.length} moves)`);
      assert.deepEqual(choices[i], g.sent[seat]!.get(i), `game ${g.id}: acknowledged move #${i} of seat ${seat} differs in the record`);
    }
  }
  const s = rr.setup(rr.options(record.options), record.seats, createRng(record.seed, record.version));
  const viewers: (number | null)[] = [...g.kinds.map((_, i) => i), null];
  let checked = 0;
  for (let k = 0; k <= choices.length; k++) {
    if (k > 0) rr.apply(s, choices[k - 1], false);
    for (const [vi, viewer] of viewers.entries()) {
      const seen = g.views[vi]!.get(k);
      if (seen === undefined) continue;
      const expected = JSON.stringify(rr.view(s, viewer));
      if (seen !== expected) assert.deepEqual(JSON.parse(seen), JSON.parse(expected), `game ${g.id}: view of ${viewer} at move ${k}`);
      checked++;
    }
  }
  assert.ok(checked > choices.length, `game ${g.id}: only ${checked} views checked`);
}

interface Backend {
  env: Record<string, string>;
  /** Replaces the choice of stored move `index` of game `id` (server down). */
  tamper(id: string, index: number, choice: unknown): Promise<void>;
  storedMoves(id: string): Promise<number>;
  /** What a replay of game `id` needs, as stored. */
  storedLog(id: string): Promise<StoredLog>;
  cleanup(): Promise<void>;
}

interface StoredLog {
  seats: number;
  seed: string;
  options: unknown;
  choices: unknown[];
}

function sqliteBackend(): Backend {
  const file = join(tmp, `crash-${randomBytes(3).toString('hex')}.sqlite`);
  // Async like the PostgreSQL backend although SQLite answers at once: a failed assertion still rejects.
  return {
    env: { EXPEDITION_DB: file, DATABASE_URL: '' },
    async tamper(id, index, choice) {
      const db = new Database(file);
      try {
        const r = db.prepare('UPDATE moves SET choice = ? WHERE game_id = ? AND idx = ?').run(JSON.stringify(choice), id, index);
        assert.equal(r.changes, 1);
      } finally {
        db.close();
      }
    },
    async storedMoves(id) {
      const db = new Database(file, { readonly: true });
      try {
        return (db.prepare('SELECT count(*) AS n FROM moves WHERE game_id = ?').get(id) as { n: number }).n;
      } finally {
        db.close();
      }
    },
    async storedLog(id) {
      const db = new Database(file, { readonly: true });
      try {
        const g = db.prepare('SELECT seats, seed, options FROM games WHERE id = ?').get(id) as {
          seats: number;
          seed: string;
          options: string;
        };
        const moves = db.prepare('SELECT choice FROM moves WHERE game_id = ? ORDER BY idx').all(id) as { choice: string }[];
        return {
          seats: g.seats,
          seed: g.seed,
          options: JSON.parse(g.options) as unknown,
          choices: moves.map((m) => JSON.parse(m.choice) as unknown),
        };
      } finally {
        db.close();
      }
    },
    async cleanup() {},
  };
}

function postgresBackend(): Backend {
  const schema = `crash_${randomBytes(4).toString('hex')}`;
  const query = async <R extends pg.QueryResultRow>(sql: string, args: unknown[] = []): Promise<pg.QueryResult<R>> => {
    const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
    c.on('error', () => undefined);
    try {
      await c.connect();
    } catch (e) {
      throw new Error(`PostgreSQL is unreachable at ${PG_URL}: ${(e as Error).message}. These tests need it: .ci/run starts it.`, {
        cause: e,
      });
    }
    try {
      return await c.query<R>(sql, args);
    } finally {
      await c.end();
    }
  };
  return {
    env: { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema },
    async tamper(id, index, choice) {
      const r = await query(`UPDATE "${schema}".moves SET choice = $1 WHERE game_id = $2 AND idx = $3`, [
        JSON.stringify(choice),
        id,
        index,
      ]);
      assert.equal(r.rowCount, 1);
    },
    async storedMoves(id) {
      return Number((await query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}".moves WHERE game_id = $1`, [id])).rows[0]!.n);
    },
    async storedLog(id) {
      // json columns come back parsed.
      const g = (
        await query<{ seats: number; seed: string; options: unknown }>(`SELECT seats, seed, options FROM "${schema}".games WHERE id = $1`, [
          id,
        ])
      ).rows[0]!;
      const moves = (await query<{ choice: unknown }>(`SELECT choice FROM "${schema}".moves WHERE game_id = $1 ORDER BY idx`, [id])).rows;
      return { seats: Number(g.seats), seed: g.seed, options: g.options, choices: moves.map((m) => m.choice) };
    },
    async cleanup() {
      await query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    },
  };
}

/**
 * A stored move of a two-human game that had another legal choice, and that other choice, one
 * whose replay ends in another state or stops at an illegal move. Some alternatives leave the very
 * same state (two ways to base camp that flip no token), which no check of a log can tell apart.
 */
function tamperTarget(g: GameRun, log: StoredLog): { index: number; choice: unknown } {
  const replay = (choices: unknown[]): string | null => {
    // The games of this test are new ones: set up with the current seeding.
    const s = rr.setup(rr.options(log.options), log.seats, createRng(log.seed, CURRENT_SEEDING));
    try {
      for (const c of choices) rr.apply(s, c);
    } catch {
      return null;
    }
    return rr.hash(s);
  };
  const real = replay(log.choices);
  for (let i = log.choices.length - 1; i >= 0; i--) {
    for (const [seat, sent] of g.sent.entries()) {
      const mine = sent.get(i);
      const view = g.views[seat]!.get(i);
      if (mine === undefined || view === undefined || !g.acked[seat]!.has(i)) continue;
      for (const other of (JSON.parse(view) as RRView).choices ?? []) {
        if (JSON.stringify(other) === JSON.stringify(mine)) continue;
        if (replay(log.choices.map((c, j) => (j === i ? other : c))) !== real) return { index: i, choice: other };
      }
    }
  }
  throw new Error(`game ${g.id}: no move with another legal choice that changes the game to tamper with`);
}

async function crashScenario(backend: Backend): Promise<void> {
  const port = await freePort();
  let server = await ServerProcess.start(port, backend.env);
  try {
    const games = await createGames(server);

    // 1. Play flat out in every game at once, and kill -9 the server while choices are in flight.
    await startPlaying(server, games, 1);
    await until('40 acknowledged choices in every game', () => games.every((g) => roundAcks(g) >= 40));
    await server.kill();
    stopPlaying(games);
    const before = games.map((g) => maxAck(g));
    const seenBefore = games.map((g) => Math.max(...g.views[g.kinds.length]!.keys()));

    // 2. Restart on the same database: every acknowledged choice is stored, and the games are live again.
    server = await ServerProcess.start(port, backend.env);
    assert.match(server.out, /6 unfinished games rebuilt/, server.out);
    for (const [i, g] of games.entries()) {
      const sum = await http(server.base, 'GET', `/api/games/${g.id}`);
      assert.equal(sum.status, 200, JSON.stringify(sum.json));
      assert.equal(sum.json.status, 'active');
      assert.ok(sum.json.moves >= before[i]! + 1, `game ${g.id}: ${sum.json.moves} moves stored, but move #${before[i]} was acknowledged`);
      assert.ok(sum.json.moves >= seenBefore[i]!, `game ${g.id}: ${sum.json.moves} moves stored, but ${seenBefore[i]} were announced`);
      // A newcomer sees the state as it was announced before the crash (when no move was committed unannounced).
      const c = await TestClient.connect(server.ws);
      const w = c.next((m) => m.type === 'welcome');
      c.send({ type: 'hello', game: g.id });
      const welcome = await w;
      c.close();
      assert.ok(welcome.moves >= before[i]! + 1);
      const seen = g.views[g.kinds.length]!.get(welcome.moves);
      if (seen !== undefined) {
        assert.deepEqual(welcome.view, JSON.parse(seen), `game ${g.id}: state at move ${welcome.moves} after the restart`);
      } else {
        // Committed but never announced: checked against the replayed log at the end.
        g.views[g.kinds.length]!.set(welcome.moves, JSON.stringify(welcome.view));
      }
    }

    // 3. The same tokens reconnect and play on; acks keep coming.
    await startPlaying(server, games, 2);
    await until('20 more acknowledged choices in every game', () => games.every((g) => roundAcks(g) >= 20));
    for (const g of games) for (const p of g.players) p.stopped = true;
    await until('answers to the choices in flight', () => games.every((g) => g.players.every((p) => p.settled)), 10_000);
    stopPlaying(games);
    await server.kill();

    // 4. Tamper with an acknowledged move of one game while the server is down.
    const victim = games[0]!;
    const t = tamperTarget(victim, await backend.storedLog(victim.id));
    await backend.tamper(victim.id, t.index, t.choice);
    const counts = await Promise.all(games.map((g) => backend.storedMoves(g.id)));

    server = await ServerProcess.start(port, backend.env);
    assert.match(
      server.out,
      new RegExp(`cannot rebuild from its stored log: game ${victim.id}: (replayed state hash|stored move #)`),
      server.out,
    );
    assert.match(server.out, /5 unfinished games rebuilt/, server.out);
    const refused = await http(server.base, 'GET', `/api/games/${victim.id}`);
    assert.notEqual(refused.status, 200, `the tampered game is served: ${JSON.stringify(refused.json)}`);
    {
      const c = await TestClient.connect(server.ws);
      const reply = c.next(() => true);
      c.send({ type: 'hello', game: victim.id, token: victim.tokens[0] });
      const m = await reply;
      c.close();
      assert.equal(m.type, 'error', `hello to the tampered game: ${JSON.stringify(m)}`);
    }
    for (const [i, g] of games.entries()) {
      if (g === victim) continue;
      const sum = await http(server.base, 'GET', `/api/games/${g.id}`);
      assert.equal(sum.status, 200);
      assert.ok(sum.json.moves >= counts[i]!, `game ${g.id}: ${sum.json.moves} < ${counts[i]} moves`);
    }

    // 5. The others play to the end; the published record holds every acknowledged choice, and
    // replaying it gives every state anyone was shown, before and after the crash.
    const rest = games.filter((g) => g !== victim);
    await startPlaying(server, rest, 3);
    await until(
      'the end of every game',
      async () => {
        for (const g of rest) if ((await http(server.base, 'GET', `/api/games/${g.id}`)).json.status === 'active') return false;
        return true;
      },
      120_000,
    );
    stopPlaying(rest);
    for (const g of rest) {
      const rec = await http<RecordReply>(server.base, 'GET', `/api/games/${g.id}/record`);
      assert.equal(rec.status, 200, JSON.stringify(rec.json));
      checkAgainstRecord(g, rec.json);
    }
    assert.ok(rest.every((g) => ackCount(g) > 60));
  } finally {
    await server.kill();
    await backend.cleanup();
  }
}

describe('kill -9 of the server while clients play', () => {
  test('SQLite: acknowledged choices survive, games go on, a tampered log is refused', { timeout: 240_000 }, async () => {
    await crashScenario(sqliteBackend());
  });
  test('PostgreSQL: acknowledged choices survive, games go on, a tampered log is refused', { timeout: 240_000 }, async () => {
    await crashScenario(postgresBackend());
  });
});
