/**
 * Several real server processes as one service, for black-box cluster tests: a PostgreSQL schema
 * of their own (dropped at the end), a redis-server of their own on a free port (killable and
 * restartable on the same port), N `node dist/src/server/main.js` processes on it, each waited for
 * through GET /health and killable with SIGKILL. Everything they print is kept, to be shown when a
 * test fails; `stop()` ends all of it, also after a failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect as tcpConnect } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, RELAXED_LIMITS } from './net.js';
import { PG_URL } from './server.js';
import { TestClient } from './ws-client.js';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.js';

/** dist/test/helpers/cluster.js → dist/src/server/main.js */
const MAIN = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/server/main.js');
export const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `cond` until it holds; fails with `what` (and `detail()`) after `ms`. */
export async function waitFor(what: string, cond: () => boolean | Promise<boolean>, ms: number, detail?: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}${detail ? `: ${detail()}` : ''}`);
    await sleep(10);
  }
}

/** A child process whose output is kept and whose exit can be awaited. */
class Child {
  out = '';
  readonly exited: Promise<void>;
  done = false;
  constructor(readonly child: ChildProcess) {
    child.stdout!.on('data', (d: Buffer) => (this.out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (this.out += d.toString()));
    this.exited = new Promise((r) => {
      child.once('exit', (code, signal) => {
        this.done = true;
        this.out += `[exited: ${signal ?? code}]\n`;
        r();
      });
      // A program that cannot be started (not installed) emits no exit.
      child.once('error', (e) => {
        this.done = true;
        this.out += `[could not start: ${e.message}]\n`;
        r();
      });
    });
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (!this.done) this.child.kill(signal);
    await this.exited;
  }
}

/** A child process a test starts, kills with -9 and starts again on the same port, keeping all its output. */
abstract class Restartable {
  protected proc: Child | null = null;
  private log = '';

  get running(): boolean {
    return this.proc !== null && !this.proc.done;
  }

  /** kill -9, waiting until it is gone. */
  async kill(): Promise<void> {
    if (!this.proc) return;
    await this.proc.kill('SIGKILL');
    this.log += this.proc.out;
    this.proc = null;
  }

  get output(): string {
    return this.log + (this.proc?.out ?? '');
  }

  /** Spawns `cmd` and waits until `ready` holds; fails at once when the process exits first. */
  protected async launch(
    what: string,
    cmd: string,
    args: string[],
    env: NodeJS.ProcessEnv,
    ready: () => Promise<boolean>,
    ms: number,
  ): Promise<void> {
    if (this.running) throw new Error(`${what} is already running`);
    const proc = new Child(spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] }));
    this.proc = proc;
    await waitFor(
      what,
      async () => {
        if (proc.done) throw new Error(`${what} exited before it was ready:\n${proc.out}`);
        return ready();
      },
      ms,
    );
  }
}

/** Whether a Redis on `port` answers PING. */
function redisPing(port: number): Promise<boolean> {
  return new Promise((res) => {
    const s = tcpConnect(port, '127.0.0.1');
    const end = (ok: boolean) => {
      s.destroy();
      res(ok);
    };
    s.setTimeout(1000, () => end(false));
    s.once('error', () => end(false));
    s.once('connect', () => s.write('PING\r\n'));
    s.once('data', (d) => end(d.toString().startsWith('+PONG')));
  });
}

/** A redis-server of a test's own: nothing saved, on a fixed port so that it can come back there. */
export class RedisProcess extends Restartable {
  private constructor(readonly port: number) {
    super();
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<RedisProcess> {
    const r = new RedisProcess(await freePort());
    await r.restart();
    return r;
  }

  /** Starts it (again) on its port and waits until it answers PING. */
  restart(): Promise<void> {
    return this.launch(
      `redis-server (${REDIS_SERVER}) on port ${this.port}`,
      REDIS_SERVER,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      process.env,
      () => redisPing(this.port),
      10_000,
    );
  }
}

/** One server process of the cluster. */
export class NodeProcess extends Restartable {
  constructor(
    readonly index: number,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    super();
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}/ws`;
  }

  get pid(): number | undefined {
    return this.proc?.child.pid;
  }

  /** Starts the process (again, on its port) and waits until GET /health answers ok. */
  start(): Promise<void> {
    return this.launch(
      `node ${this.index} (port ${this.port})`,
      process.execPath,
      [...SERVER_NODE_FLAGS, MAIN],
      { ...process.env, ...this.env, PORT: String(this.port) },
      async () => {
        try {
          const r = await fetch(`${this.base}/health`);
          return r.ok && ((await r.json()) as { ok?: unknown }).ok === true;
        } catch {
          return false;
        }
      },
      20_000,
    );
  }
}

export interface ClusterOptions {
  /** Number of server processes (default 3). */
  readonly processes?: number;
  /** BOT_DELAY_MS of every process (default 0). */
  readonly botDelayMs?: number;
  /** More environment for every process. */
  readonly env?: Record<string, string>;
  /** The PostgreSQL schema's name is this and random hex (default test_cluster_). */
  readonly schemaPrefix?: string;
}

/** N server processes on one PostgreSQL schema and one Redis. */
export class Cluster {
  private readonly clients: TestClient[] = [];
  private constructor(
    readonly schema: string,
    readonly redis: RedisProcess,
    readonly nodes: NodeProcess[],
  ) {}

  static async start(opts: ClusterOptions = {}): Promise<Cluster> {
    const schema = `${opts.schemaPrefix ?? 'test_cluster_'}${randomBytes(6).toString('hex')}`;
    const redis = await RedisProcess.start();
    const env = {
      HOST: '127.0.0.1',
      DATABASE_URL: PG_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL: redis.url,
      BOT_DELAY_MS: String(opts.botDelayMs ?? 0),
      ...RELAXED_LIMITS,
      ...opts.env,
    };
    const ports = await Promise.all(Array.from({ length: opts.processes ?? 3 }, () => freePort()));
    const c = new Cluster(
      schema,
      redis,
      ports.map((p, i) => new NodeProcess(i, p, env)),
    );
    try {
      // The first one creates the tables; the others then start side by side.
      await c.nodes[0]!.start();
      await Promise.all(c.nodes.slice(1).map((n) => n.start()));
    } catch (e) {
      await c.stop();
      throw e;
    }
    return c;
  }

  get alive(): NodeProcess[] {
    return this.nodes.filter((n) => n.running);
  }

  /** A WebSocket client of node `i` (terminated by stop()). */
  async client(i: number): Promise<TestClient> {
    const c = await TestClient.connect(this.nodes[i]!.wsUrl);
    // A socket the server end drops (a killed process) must not throw in the test process.
    c.ws.on('error', () => undefined);
    this.clients.push(c);
    return c;
  }

  /** Keeps a client made elsewhere, to be terminated by stop(). */
  track(c: TestClient): TestClient {
    this.clients.push(c);
    return c;
  }

  /** A query on the cluster's schema (tables named unqualified). */
  async query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
    const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
    c.on('error', () => undefined);
    await c.connect();
    try {
      await c.query(`SET search_path TO "${this.schema}"`);
      return (await c.query<R>(sql, params)).rows;
    } finally {
      await c.end();
    }
  }

  /** Everything the processes (and Redis) printed, node by node. */
  output(): string {
    return [
      ...this.nodes.map((n) => `--- node ${n.index} (port ${n.port}) ---\n${n.output}`),
      `--- redis (port ${this.redis.port}) ---\n${this.redis.output}`,
    ].join('\n');
  }

  /** Runs `body`; when it fails, prints what the processes said before rethrowing. */
  async explain<T>(body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (e) {
      console.error(`cluster output (schema ${this.schema}):\n${this.output()}`);
      throw e;
    }
  }

  /** Ends the clients, the processes and Redis, and drops the schema. Never throws. */
  async stop(): Promise<void> {
    for (const c of this.clients) c.ws.terminate();
    await Promise.all(this.nodes.map((n) => n.kill()));
    await this.redis.kill();
    const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${this.schema}" CASCADE`);
    } catch (e) {
      console.error(`could not drop schema ${this.schema}: ${(e as Error).message}`);
    } finally {
      await c.end().catch(() => undefined);
    }
  }
}

/** One acknowledged choice, as the seat saw it. */
export interface AckSeen {
  readonly index: number;
  readonly choice: unknown;
  /** Date.now() when the choice was sent, and when its ack arrived. */
  readonly sentAt: number;
  readonly at: number;
  /** The node whose socket brought it. */
  readonly node: number;
}

/** Errors a seat takes in its stride while a process or Redis fails: it says hello again. */
const RECONNECT_ON = new Set(['unavailable', 'internal', 'no_game']);
/** Refusals of a choice raced by a reconnection: the state that follows says what to do. */
const BENIGN = new Set(['stale', 'not_your_turn']);

/**
 * One human seat played over the cluster, as a browser would: a seeded random legal choice whenever
 * its seat is to act; when its socket closes it connects to a node that `route` picks (any live one
 * by default) and says hello again with since/at; every welcome must hold every choice acknowledged
 * before it. When its socket's process says the game's owner is gone but keeps the socket (an
 * `unavailable` error without id), it says hello again on that socket 100 ms later, as the browser
 * does; if that hello is refused, it reconnects. Reads messages through TestClient (which applies
 * view patches), by its message list.
 */
export class ClusterSeat {
  readonly acks: AckSeen[] = [];
  readonly errors: ServerMsgLike[] = [];
  /** Failures of the contract seen along the way (a welcome missing an acknowledged move). */
  readonly violations: string[] = [];
  readonly welcomes: ServerMsgLike[] = [];
  last: ServerMsgLike | undefined;
  node: NodeProcess | undefined;
  client: TestClient | undefined;
  /** Sockets closed under this seat (reconnections). */
  closes = 0;
  /** Hellos said again on a kept socket after its game's owner was lost. */
  rehellos = 0;
  /** A hello again on the kept socket is due or out: a refusal of a choice meanwhile is expected. */
  private lostHello = false;
  readonly done: Promise<ServerMsgLike>;
  private finish!: (m: ServerMsgLike) => void;
  private fail!: (e: Error) => void;
  private lastSent = -1;
  /** Choices sent, by request id (unique: a move index may be asked again after a reconnection). */
  private readonly sent = new Map<string, { choice: unknown; at: number }>();
  /** Every message taken, with the node it came from, for a failure's explanation. */
  readonly trace: string[] = [];
  private stopped = false;
  private finished = false;
  private seen = 0;

  constructor(
    private readonly cluster: Cluster,
    readonly game: string,
    readonly seat: number,
    private readonly token: string,
    private readonly rng: { int(n: number): number },
    /** The node to (re)connect to; default: the first live one after the last used. */
    private readonly route: () => NodeProcess | undefined = () => {
      const alive = cluster.alive;
      const from = this.node ? alive.findIndex((n) => n.index > this.node!.index) : 0;
      return alive[from < 0 ? 0 : from];
    },
  ) {
    this.done = new Promise((res, rej) => {
      this.finish = res;
      this.fail = rej;
    });
    this.done.catch(() => undefined);
  }

  /** Connects to `node` (or the routed one) and says hello; resolves on the welcome. */
  async connect(node?: NodeProcess): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt++) {
      if (attempt > 200)
        throw new Error(
          `seat ${this.seat}: gave up connecting after ${attempt} attempts; errors: ${JSON.stringify(this.errors.slice(-3))}`,
        );
      const target = node ?? this.route();
      node = undefined;
      if (!target) throw new Error(`seat ${this.seat}: no live node to connect to`);
      if (attempt > 0) await sleep(Math.min(200, 20 * attempt));
      let c: TestClient;
      try {
        c = this.cluster.track(await TestClient.connect(target.wsUrl));
      } catch {
        continue; // that node is gone or going: route again
      }
      c.ws.on('error', () => undefined);
      this.node = target;
      this.client = c;
      this.lostHello = false;
      this.seen = c.messages.length;
      const reply = c.next((m) => m.type === 'welcome' || m.type === 'error', 5000).catch((e: Error) => e);
      const since = this.last ? { since: this.last.moves, ...(this.last.at !== null ? { at: this.last.at } : {}) } : {};
      c.send({ type: 'hello', game: this.game, token: this.token, ...since });
      const m = await reply;
      if (m instanceof Error || m.type === 'error') {
        if (!(m instanceof Error)) this.errors.push(m as unknown as ServerMsgLike);
        c.ws.terminate();
        continue;
      }
      // What came before the welcome belongs to before the hello (a client starts from its welcome).
      this.seen = c.messages.indexOf(m);
      c.ws.on('message', () => this.drain(c));
      c.ws.on('close', () => this.onClose(c));
      this.drain(c);
      return;
    }
  }

  /** Takes the messages TestClient has added since last time (patches already applied). */
  private drain(c: TestClient): void {
    if (c !== this.client) return;
    while (this.seen < c.messages.length) this.onMessage(c.messages[this.seen++] as unknown as ServerMsgLike);
  }

  private onMessage(m: ServerMsgLike): void {
    if (this.stopped || this.finished) return;
    if (this.trace.length < 400)
      this.trace.push(
        `node ${this.node!.index} ← ${m.type} ${m.type === 'state' || m.type === 'welcome' ? `moves ${m.moves} toAct ${m.toAct}` : JSON.stringify(m)}`,
      );
    if (m.type === 'ack') {
      if (m.undone) return;
      const sent = this.sent.get(m.id ?? '');
      this.acks.push({ index: m.index, choice: sent?.choice, sentAt: sent?.at ?? NaN, at: Date.now(), node: this.node!.index });
    } else if (m.type === 'error') {
      this.errors.push(m);
      const c = this.client;
      if (m.code === 'unavailable' && c && !this.lostHello && m.id === undefined) {
        // The game's owner is gone, this socket is kept: hello again on it shortly (a refusal of it reconnects).
        this.lostHello = true;
        setTimeout(() => this.helloAgain(c), 100);
      } else if (m.code === 'unavailable' && this.lostHello && m.id !== undefined) {
        // A choice sent before this seat heard its game was lost: the welcome will say what to do.
      } else if (RECONNECT_ON.has(m.code)) this.client?.ws.terminate();
      else if (!BENIGN.has(m.code)) this.fail(new Error(`seat ${this.seat} was refused: ${JSON.stringify(m)}`));
    } else if (m.type === 'welcome' || m.type === 'state') {
      if (m.type === 'welcome') {
        this.welcomes.push(m);
        this.lostHello = false;
        // A choice in flight when the socket closed may or may not have been stored: ask again.
        this.lastSent = -1;
        const missing = this.acks.filter((a) => a.index >= m.moves);
        if (missing.length > 0)
          this.violations.push(
            `seat ${this.seat}: welcome from node ${this.node!.index} has ${m.moves} moves, but moves ${missing.map((a) => a.index).join(',')} were acknowledged`,
          );
      }
      if (m.game !== this.game) return;
      this.last = m;
      if (m.status !== 'active') {
        this.finished = true;
        this.finish(m);
        return;
      }
      if (m.toAct !== this.seat || m.moves <= this.lastSent) return;
      const cs = m.view.choices;
      if (!cs || cs.length === 0) return this.fail(new Error(`seat ${this.seat} is to act at move ${m.moves} but has no choices`));
      const choice = cs[this.rng.int(cs.length)];
      this.lastSent = m.moves;
      const id = `s${this.seat}-${m.moves}-${this.sent.size}`;
      this.sent.set(id, { choice, at: Date.now() });
      this.trace.push(`node ${this.node!.index} → ${JSON.stringify({ choice, index: m.moves, id })}`);
      this.client!.send({ type: 'choice', choice, index: m.moves, id });
    }
  }

  /** Says hello again, with since/at, on the socket kept after the game's owner was lost (unless it is gone meanwhile). */
  private helloAgain(c: TestClient): void {
    if (c !== this.client || this.stopped || this.finished || c.ws.readyState !== c.ws.OPEN) return;
    this.rehellos++;
    const since = this.last ? { since: this.last.moves, ...(this.last.at !== null ? { at: this.last.at } : {}) } : {};
    this.trace.push(`node ${this.node!.index} → hello again on the same socket`);
    c.send({ type: 'hello', game: this.game, token: this.token, ...since });
  }

  private onClose(c: TestClient): void {
    if (c !== this.client || this.stopped || this.finished) return;
    this.closes++;
    this.client = undefined;
    this.connect().catch((e: Error) => this.fail(e));
  }

  stop(): void {
    this.stopped = true;
    this.client?.ws.terminate();
  }
}

/** The fields of a socket message these seats read (the game's view is any game's). */
export interface ServerMsgLike {
  readonly type: string;
  readonly game: string;
  readonly moves: number;
  readonly at: number | null;
  readonly status: string;
  readonly toAct: number | null;
  readonly view: { readonly choices?: readonly unknown[] | null } & Record<string, unknown>;
  readonly code: string;
  readonly index: number;
  readonly id?: string;
  readonly undone?: true;
}
