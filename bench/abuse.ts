/**
 * `npm run bench:abuse`: what abusive clients do to the game server.
 *
 *   npm run bench:abuse -- [--build DIR] [--baseline DIR] [--runs N] [--only LIST] [--settle S]
 *   (or, once built: node dist/bench/abuse.js [options])
 *
 *   --build DIR     the server measured as "this build" (default: this checkout), DIR/dist/src/server/main.js.
 *   --baseline DIR  also measure the server built in DIR (DIR/dist/src/server/main.js, e.g. a
 *                   worktree of older code built with `npx tsc -p tsconfig.json`), in the same run,
 *                   scenario by scenario, alternating which build goes first; the table then shows
 *                   both and the ratio this/baseline.
 *   --runs N        repeats of every scenario (default 1); with N > 1 a cell is "median (min–max)"
 *                   (of an even count, the lower middle value); the ratio is of the medians.
 *   --only LIST     comma-separated scenarios (default all): sockets, flood, nonreaders, finished, burst, bot-hog,
 *                   sign-in.
 *   --floor         also run `sockets` against the transport's floor (bench/ws-floor-server.ts: the
 *                   same Fastify, @fastify/websocket and ws, answering each hello with a prebuilt
 *                   welcome of the game server's size, and nothing else), after this build in each
 *                   run: the table adds a column "floor" and the ratio this/floor.
 *   --settle S      idle seconds before the RSS "after" figure is read (default 8).
 *   Env: EXPEDITION_DB_DIR (parent of the temporary SQLite folders; default the OS temp dir),
 *        SERVER_NODE_ARGS (extra node flags for the server, e.g. --cpu-prof).
 *
 * Every scenario gets a fresh server: a child process (`node DIR/dist/src/server/main.js`) on a free
 * port of 127.0.0.1 with an SQLite file in a temporary folder and a minimal environment (PATH, PORT,
 * HOST, EXPEDITION_DB), so the server's DEFAULT limits apply, as in a real deployment. Its memory is
 * VmRSS of /proc/<pid>/status (bot worker threads included), sampled every 100 ms; "+MB" figures
 * are growth over the RSS read just before the abuse starts. /health is probed every 20 ms from
 * 127.0.0.1 by a worker thread (its own event loop, so this process's message handling does not
 * delay the measurement), open loop: a stalled server collects many slow probes, as a load balancer
 * would see it. Probes answered with a status other than 200 are counted as "refused" (their latency
 * still counts); probes that fail or take over 10 s are "failed".
 *
 * Clients come from many loopback addresses (Linux routes all of 127/8 to lo): 127.20.0.x for
 * WebSockets (at most 50 per address), 127.30.0.x and 127.40.0.x for game creation, 127.10.0.x for
 * setup, so per-address caps of a hardened server meet the traffic of one abuser, not of the whole
 * bench. No request carries an Origin header. The scenarios:
 *
 *   sockets     2,000 spectators (40 addresses × 50) open a WebSocket and say hello to one game
 *               (two open human seats); held = open and welcomed after a 3 s hold. Then they are
 *               cut and the server idles --settle seconds: RSS after.
 *   flood       40 sockets (8 addresses × 5) each send 20 `hello`s per second for 10 s to a long
 *               finished game (of eight Relic Runners games of 4 random bots, botDelayMs 0, fixed
 *               seeds, the one closest to 1,700 moves: its welcome carries the whole public log,
 *               ~180 KB today). Hellos carry no `since`: an abuser asks for everything. Counted:
 *               welcomes, error replies by code (rate_limited…), closes by code; /health from the
 *               flood's start until every hello is answered (or 3 s of silence, 30 s at most).
 *   nonreaders  100 clients (4 addresses × 25) that never read (the socket is paused after the
 *               upgrade) say hello to the long finished game 10 times a second each for 15 s (within
 *               the old per-connection message budget), so that the server has far more to send
 *               them than the kernel's socket buffers hold (about 4 MB a connection: state messages
 *               of a live game, ~5 KB each, mostly end there and would not show). Then the sockets
 *               are resumed for 2 s to collect the close frames a server sent (the codes are
 *               reported), the rest are cut, and the server idles --settle seconds: RSS peak (over
 *               the whole scenario) and after.
 *   finished    one warm-up game, then 40 long games (4 random bots, botDelayMs 0, one per address)
 *               played to the end; then --settle s idle: RSS after, over the warm server. A server
 *               that evicts finished games only after a longer idle time needs a larger --settle.
 *   burst       200 POST /api/games at once (40 addresses × 5; two human seats each): /health
 *               from the burst's start until 0.5 s after its last answer, creations refused (429)
 *               and other failures.
 *   bot-hog     one address (127.50.0.1) creates as many games as it may (20) of five ismcts:10000ms
 *               bots each, unpaced; a second later, for 40 s, another address (127.60.0.1) watches a
 *               greedy-vs-greedy game paced at 300 ms (each bot move's delay beyond its pause) and
 *               plays a seat against greedy asking for a hint at each decision (time to the answer).
 *   sign-in     a password spray: one address (127.70.0.1) keeps 16 sign-ins in flight for 10 s, each a
 *               common password against one of 200 names (one of them a real account, whose own
 *               password every tenth attempt carries); then 40 addresses (127.80.0.x) do the same
 *               at once for 10 s, so that the hashes' queue, not the per-address budget, is what
 *               holds. A refused attempt is tried again 20 ms later. Per phase: attempts whose password was checked (200 or 401) per second,
 *               sign-ins accepted (200) per second, refusals by status (429: a budget, 503: the
 *               hashes' queue full), and /health.
 *
 * All traffic goes to 127.0.0.1 only; every loop and wait is bounded; one run of all scenarios on
 * one build takes two to three minutes. The server, this process and the probe share the machine's
 * cores: figures depend on its other load, say so with them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { freePort } from '../test/helpers/net.js';
import type { ApiReply } from '../test/helpers/wire.js';
import { pool } from './pool.js';
import { botPauseMs } from '../src/bots/pacing.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();

// ---------------------------------------------------------------------------------------------
// /health probe (runs in a worker thread)

interface ProbeSample {
  /** Epoch ms when the request was sent. */
  readonly at: number;
  readonly ms: number;
  /** HTTP status; 0 when the request failed or timed out. */
  readonly status: number;
}

const PROBE_EVERY_MS = 20;
const PROBE_TIMEOUT_MS = 10_000;
/** Probes in flight at most (a server stalled for 10 s holds 500). */
const PROBE_MAX_IN_FLIGHT = 600;

async function probeWorker(): Promise<void> {
  const { port } = workerData as { port: number };
  const agent = new http.Agent({ keepAlive: true });
  const samples: ProbeSample[] = [];
  let inFlight = 0;
  const one = () => {
    if (inFlight >= PROBE_MAX_IN_FLIGHT) return;
    inFlight++;
    const at = now();
    let done = false;
    const finish = (status: number) => {
      if (done) return;
      done = true;
      inFlight--;
      samples.push({ at, ms: now() - at, status });
    };
    const req = http.get(
      { host: '127.0.0.1', port, path: '/health', agent, localAddress: '127.0.0.1', timeout: PROBE_TIMEOUT_MS },
      (res) => {
        res.resume();
        res.on('end', () => finish(res.statusCode ?? 0));
        res.on('error', () => finish(0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => finish(0));
  };
  const timer = setInterval(one, PROBE_EVERY_MS);
  await new Promise<void>((res) => parentPort!.once('message', () => res()));
  clearInterval(timer);
  for (let waited = 0; inFlight > 0 && waited < PROBE_TIMEOUT_MS + 1000; waited += 50) await sleep(50);
  agent.destroy();
  parentPort!.postMessage(samples);
}

class Probe {
  private readonly worker: Worker;
  private constructor(port: number) {
    this.worker = new Worker(new URL(import.meta.url), { workerData: { port } });
  }

  static start(port: number): Probe {
    return new Probe(port);
  }

  private stopped: Promise<ProbeSample[]> | null = null;

  /** Stops probing; every sample, after the probes in flight have ended. */
  stop(): Promise<ProbeSample[]> {
    this.stopped ??= (async () => {
      const samples = new Promise<ProbeSample[]>((res) => this.worker.once('message', res));
      this.worker.postMessage('stop');
      const s = await samples;
      await this.worker.terminate();
      return s;
    })();
    return this.stopped;
  }
}

const pct = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Latency figures of the probes sent within [from, to]. */
function healthFigures(samples: readonly ProbeSample[], from: number, to: number): Record<string, number> {
  const w = samples.filter((s) => s.at >= from && s.at <= to);
  const answered = w
    .filter((s) => s.status > 0 || s.ms >= PROBE_TIMEOUT_MS)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  return {
    'health p50 ms': round(pct(answered, 50), 1),
    'health p99 ms': round(pct(answered, 99), 1),
    'health max ms': round(answered.at(-1) ?? NaN, 1),
    'health probes': w.length,
    'health refused': w.filter((s) => s.status > 0 && s.status !== 200).length,
    'health failed': w.filter((s) => s.status === 0).length,
  };
}

const round = (x: number, digits = 0): number => (Number.isFinite(x) ? Number(x.toFixed(digits)) : x);

// ---------------------------------------------------------------------------------------------
// The server under test

/** Kept of the server's output, for the message when it dies. */
const OUTPUT_TAIL = 16 * 1024;

class Server {
  out = '';
  private rssTimer: ReturnType<typeof setInterval> | null = null;
  peakMb = 0;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
    readonly dir: string,
  ) {
    const keep = (d: Buffer) => (this.out = (this.out + d.toString()).slice(-OUTPUT_TAIL));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
  }

  static async start(root: string, floor?: { welcomeBytes: number }): Promise<Server> {
    const dir = mkdtempSync(join(process.env.EXPEDITION_DB_DIR ?? tmpdir(), 'expedition-abuse-'));
    const port = await freePort();
    const main = floor ? join(root, 'dist/bench/ws-floor-server.js') : join(root, 'dist/src/server/main.js');
    // A minimal environment: no limit is raised, every default applies.
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      EXPEDITION_DB: join(dir, 'abuse.sqlite'),
      ...(floor ? { WELCOME_BYTES: String(floor.welcomeBytes) } : {}),
    };
    const child = spawn(process.execPath, [...(process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), main], {
      env,
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const s = new Server(child, port, dir);
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server ${main} exited before it was ready:\n${s.out}`);
      const r = await request(s, 'GET', '/health', undefined, '127.0.0.1', 1000).catch(() => null);
      if (r?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`server ${main} not ready after 20 s:\n${s.out}`);
      await sleep(50);
    }
    s.rssTimer = setInterval(() => {
      const mb = s.rssMb();
      if (mb > s.peakMb) s.peakMb = mb;
    }, 100);
    return s;
  }

  rssMb(): number {
    try {
      const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${this.child.pid}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : NaN;
    } catch {
      return NaN;
    }
  }

  /** RSS now, and the peak from now on. */
  baseline(): number {
    const mb = this.rssMb();
    this.peakMb = mb;
    return mb;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}/ws`;
  }

  async stop(): Promise<void> {
    if (this.rssTimer) clearInterval(this.rssTimer);
    if (this.alive) {
      const exited = new Promise((r) => this.child.once('exit', r));
      this.child.kill('SIGTERM');
      const t = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Clients

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** One HTTP request from `localAddress`; the body parsed as JSON when it is. */
function request(
  srv: Server,
  method: string,
  path: string,
  body: unknown,
  localAddress: string,
  timeoutMs = 60_000,
): Promise<{ status: number; body: ApiReply }> {
  return new Promise((res, rej) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: srv.port,
        method,
        path,
        agent,
        localAddress,
        timeout: timeoutMs,
        headers: data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {},
      },
      (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = text;
          try {
            json = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          // The caller checks the status before it reads the reply it expects.
          res({ status: r.statusCode ?? 0, body: json as ApiReply });
        });
        r.on('error', rej);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in ${timeoutMs} ms`)));
    req.on('error', rej);
    req.end(data);
  });
}

/** 127.B.0.(i+1): the i-th client address of block B. */
const addr = (block: number, i: number): string => `127.${block}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const SETUP = 10,
  WS_BLOCK = 20,
  BURST = 30,
  GAMES = 40,
  HOG = 50,
  VICTIM = 60,
  SPRAY = 70,
  SPRAY_MANY = 80;

function botGame(bot: string, seats: number, botDelayMs: number): unknown {
  return { game: 'relic-runners', seats: Array.from({ length: seats }, () => ({ kind: 'bot', bot })), botDelayMs };
}

/** Waits (at most `ms`) until every game is over; the move count of each, -1 if it was not. */
async function waitFinished(srv: Server, games: readonly { id: string; from: string }[], ms: number): Promise<number[]> {
  const moves = games.map(() => -1);
  const deadline = Date.now() + ms;
  while (moves.includes(-1) && Date.now() < deadline && srv.alive) {
    await Promise.all(
      games.map(async (g, i) => {
        if (moves[i] !== -1) return;
        const r = await request(srv, 'GET', `/api/games/${g.id}`, undefined, g.from).catch(() => null);
        if (r?.status === 200 && r.body.status !== 'active') moves[i] = r.body.moves;
      }),
    );
    if (moves.includes(-1)) await sleep(300);
  }
  return moves;
}

/** The type of a server message from its first bytes (a welcome of 300 KB is not parsed). */
function typeOf(data: Buffer): string {
  const m = /^\{"type":"(\w+)"/.exec(data.subarray(0, 40).toString('latin1'));
  if (m) return m[1]!;
  try {
    return String((JSON.parse(data.toString('utf8')) as { type?: unknown }).type);
  } catch {
    return '?';
  }
}

class Client {
  welcomes = 0;
  messages = 0;
  bytes = 0;
  readonly errors = new Map<string, number>();
  /** Close code when the server closed the connection; null while open or when we closed it. */
  closedBy: number | null = null;
  open = true;
  private byUs = false;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (d: Buffer) => {
      this.messages++;
      this.bytes += d.length;
      const t = typeOf(d);
      if (t === 'welcome') this.welcomes++;
      else if (t === 'error') {
        let code = '?';
        try {
          code = String((JSON.parse(d.toString('utf8')) as { code?: unknown }).code);
        } catch {
          /* counted as ? */
        }
        this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
      }
    });
    ws.on('close', (code: number) => {
      this.open = false;
      if (!this.byUs) this.closedBy = code;
    });
    ws.on('error', () => undefined);
  }

  send(msg: unknown): boolean {
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** Never reads again: the server's messages pile up in its buffers. */
  pause(): void {
    // ws keeps the TCP socket private; pausing it is exactly what a client that does not read does.
    (this.ws as unknown as { _socket: { pause(): void } })._socket.pause();
  }

  resume(): void {
    (this.ws as unknown as { _socket: { resume(): void } })._socket.resume();
  }

  cut(): void {
    this.byUs = true;
    this.ws.terminate();
  }
}

/** Opens a WebSocket from `localAddress`: the client, or why not ("http 429", "error ECONNRESET"…). */
function connect(srv: Server, localAddress: string): Promise<Client | string> {
  return new Promise((res) => {
    const ws = new WebSocket(srv.wsUrl, { perMessageDeflate: false, localAddress, handshakeTimeout: 10_000 });
    const onError = (e: Error & { code?: string }) => {
      const status = /Unexpected server response: (\d+)/.exec(e.message);
      res(status ? `http ${status[1]}` : `error ${e.code ?? e.message}`);
    };
    ws.once('error', onError);
    ws.once('open', () => {
      ws.off('error', onError);
      res(new Client(ws));
    });
  });
}

/** Opens `n` clients, `perAddress` per address of the WebSocket block; refusals counted by reason. */
async function connectMany(
  srv: Server,
  n: number,
  perAddress: number,
  width: number,
): Promise<{ clients: Client[]; refused: Map<string, number> }> {
  const clients: Client[] = [];
  const refused = new Map<string, number>();
  await pool(
    Array.from({ length: n }, (_, i) => i),
    width,
    async (i) => {
      const c = await connect(srv, addr(WS_BLOCK, Math.floor(i / perAddress)));
      if (typeof c === 'string') refused.set(c, (refused.get(c) ?? 0) + 1);
      else clients.push(c);
    },
  );
  return { clients, refused };
}

const tally = (m: Map<string | number, number>): string => [...m].map(([k, v]) => `${k}×${v}`).join(', ') || 'none';

function closes(clients: readonly Client[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const c of clients) if (c.closedBy !== null) m.set(c.closedBy, (m.get(c.closedBy) ?? 0) + 1);
  return m;
}

function errorsOf(clients: readonly Client[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of clients) for (const [k, v] of c.errors) m.set(k, (m.get(k) ?? 0) + v);
  return m;
}

/** Waits (at most `ms`) until `done()` holds. */
async function until(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await sleep(50);
}

interface Outcome {
  metrics: Record<string, number>;
  notes: string[];
}

const LONG_CANDIDATES = 8;
const LONG_TARGET_MOVES = 1700;

/**
 * A long finished game, what a welcome carrying the whole log costs: of eight 4-random-bot games
 * with fixed seeds, the one closest to 1,700 moves (game lengths vary from 600 to 2,700 moves, so
 * one game alone would make the figures swing; with fixed seeds a build always picks the same game).
 * A server that refuses the chosen seed gets the same games unseeded.
 */
async function longGame(srv: Server): Promise<{ id: string; moves: number; welcomeBytes: number; seeded: boolean }> {
  let seeded = true;
  const games = await pool(
    Array.from({ length: LONG_CANDIDATES }, (_, i) => i),
    LONG_CANDIDATES,
    async (i) => {
      const from = addr(SETUP, i);
      const spec = botGame('random', 4, 0) as Record<string, unknown>;
      let r = await request(srv, 'POST', '/api/games', { ...spec, seed: `abuse-long-${i}` }, from);
      if (r.status === 400) {
        seeded = false;
        r = await request(srv, 'POST', '/api/games', spec, from);
      }
      if (r.status !== 201) throw new Error(`cannot create the long game: ${r.status} ${JSON.stringify(r.body)}`);
      return { id: r.body.id, from };
    },
  );
  const moves = await waitFinished(srv, games, 120_000);
  if (moves.every((m) => m < 0)) throw new Error('the long games did not finish in 120 s');
  const distance = moves.map((m) => (m < 0 ? Infinity : Math.abs(m - LONG_TARGET_MOVES)));
  const best = distance.indexOf(Math.min(...distance));
  const id = games[best]!.id;
  const reader = await connect(srv, addr(SETUP, LONG_CANDIDATES));
  if (typeof reader === 'string') throw new Error(`cannot open a WebSocket: ${reader}`);
  reader.send({ type: 'hello', game: id });
  await until(() => reader.welcomes > 0, 10_000);
  const welcomeBytes = reader.bytes;
  reader.cut();
  return { id, moves: moves[best]!, welcomeBytes, seeded };
}

// ---------------------------------------------------------------------------------------------
// Scenarios

async function sockets(srv: Server, probe: Probe, settleMs: number): Promise<Outcome> {
  const N = 2000,
    PER = 50,
    HOLD_MS = 3000;
  const g = await request(
    srv,
    'POST',
    '/api/games',
    { game: 'relic-runners', seats: [{ kind: 'human' }, { kind: 'human' }] },
    addr(SETUP, 0),
  );
  if (g.status !== 201) throw new Error(`cannot create the game: ${g.status} ${JSON.stringify(g.body)}`);
  const base = srv.baseline();
  const t0 = now();
  const { clients, refused } = await connectMany(srv, N, PER, 200);
  for (const c of clients) c.send({ type: 'hello', game: g.body.id });
  const openS = (now() - t0) / 1000;
  await until(() => clients.every((c) => c.welcomes > 0 || !c.open), 15_000);
  await sleep(HOLD_MS);
  const t1 = now();
  const samples = await probe.stop();
  const held = clients.filter((c) => c.open && c.welcomes > 0).length;
  const out: Outcome = {
    metrics: {
      held,
      opened: clients.length,
      welcomed: clients.filter((c) => c.welcomes > 0).length,
      'upgrades refused': N - clients.length,
      'closed by server': clients.filter((c) => c.closedBy !== null).length,
      ...healthFigures(samples, t0, t1),
      'RSS peak +MB': round(srv.peakMb - base),
      'seconds to open': round(openS, 1),
      'welcome bytes': median(clients.filter((c) => c.welcomes > 0).map((c) => c.bytes)),
    },
    notes: [`refused: ${tally(refused)}`, `close codes: ${tally(closes(clients))}`, `errors: ${tally(errorsOf(clients))}`],
  };
  for (const c of clients) c.cut();
  // What the server keeps once they are gone.
  await sleep(settleMs);
  out.metrics['RSS after +MB'] = round(srv.rssMb() - base);
  return out;
}

async function flood(srv: Server, probe: Probe): Promise<Outcome> {
  const SOCKETS = 40,
    PER = 5,
    RATE = 20,
    FLOOD_MS = 10_000;
  const long = await longGame(srv);
  const { clients, refused } = await connectMany(srv, SOCKETS, PER, SOCKETS);
  const hello = { type: 'hello', game: long.id };
  let sent = 0;
  const t0 = now();
  const timers = clients.map((c) =>
    setInterval(() => {
      if (c.send(hello)) sent++;
    }, 1000 / RATE),
  );
  await sleep(FLOOD_MS);
  timers.forEach(clearInterval);
  // The server may still be working off queued hellos: wait until each is answered (a welcome or an
  // error), or the server has been quiet for 3 s, 30 s at most.
  const tFlood = now();
  const answered = () => clients.reduce((s, c) => s + c.welcomes + [...c.errors.values()].reduce((a, b) => a + b, 0), 0);
  for (let last = -1, quietSince = now(); now() - tFlood < 30_000; await sleep(100)) {
    const total = clients.reduce((s, c) => s + c.messages, 0);
    if (total !== last) quietSince = now();
    last = total;
    if (answered() >= sent || clients.every((c) => !c.open) || now() - quietSince >= 3000) break;
  }
  const t1 = now();
  const samples = await probe.stop();
  const errors = errorsOf(clients);
  const out: Outcome = {
    metrics: {
      'hellos sent': sent,
      welcomes: clients.reduce((s, c) => s + c.welcomes, 0),
      'error replies': [...errors.values()].reduce((a, b) => a + b, 0),
      rate_limited: errors.get('rate_limited') ?? 0,
      'closed by server': clients.filter((c) => c.closedBy !== null).length,
      'MB received': round(clients.reduce((s, c) => s + c.bytes, 0) / 2 ** 20),
      ...healthFigures(samples, t0, t1),
      'seconds to quiet': round((t1 - tFlood) / 1000, 1),
      'long game moves': long.moves,
      'welcome KB': round(long.welcomeBytes / 1024),
    },
    notes: [
      `sockets refused: ${tally(refused)}`,
      `errors: ${tally(errors)}`,
      `close codes: ${tally(closes(clients))}`,
      ...(long.seeded ? [] : ['long game unseeded (seed refused)']),
    ],
  };
  for (const c of clients) c.cut();
  return out;
}

async function nonreaders(srv: Server, probe: Probe, settleMs: number): Promise<Outcome> {
  const N = 100,
    PER = 25,
    HELLOS_PER_S = 10,
    ABUSE_MS = 15_000,
    DRAIN_MS = 2000;
  const long = await longGame(srv);
  await sleep(1000);
  const base = srv.baseline();
  const t0 = now();
  const { clients, refused } = await connectMany(srv, N, PER, 50);
  const hello = { type: 'hello', game: long.id };
  let sent = 0;
  for (const c of clients) c.pause();
  const timers = clients.map((c) => setInterval(() => c.send(hello) && sent++, 1000 / HELLOS_PER_S));
  await sleep(ABUSE_MS);
  timers.forEach(clearInterval);
  const closedDuring = clients.filter((c) => !c.open).length;
  // Read what is left for a moment: a server that closed a connection sent its close code last.
  for (const c of clients) c.resume();
  await until(() => clients.every((c) => !c.open), DRAIN_MS);
  const stillOpen = clients.filter((c) => c.open).length;
  for (const c of clients) c.cut();
  const t1 = now();
  await sleep(settleMs);
  const after = srv.rssMb();
  const samples = await probe.stop();
  return {
    metrics: {
      ...rssFigures(srv, base, after),
      'closed during abuse': closedDuring,
      'closed by server': clients.filter((c) => c.closedBy !== null).length,
      'open after drain': stillOpen,
      'hellos sent': sent,
      ...healthFigures(samples, t0, t1),
    },
    notes: [
      `sockets refused: ${tally(refused)}`,
      `close codes: ${tally(closes(clients))}`,
      `long game ${long.moves} moves, welcome ${round(long.welcomeBytes / 1024)} KB${long.seeded ? '' : ' (unseeded: seed refused)'}`,
    ],
  };
}

/** Memory over the scenario: before the abuse, its peak, and once the abusers are gone. */
function rssFigures(srv: Server, base: number, after: number): Record<string, number> {
  return { 'RSS baseline MB': round(base), 'RSS peak +MB': round(srv.peakMb - base), 'RSS after +MB': round(after - base) };
}

async function finished(srv: Server, probe: Probe, settleMs: number): Promise<Outcome> {
  const N = 40;
  const warm = await request(srv, 'POST', '/api/games', botGame('random', 4, 0), addr(SETUP, 0));
  if (warm.status !== 201) throw new Error(`cannot create the warm-up game: ${warm.status} ${JSON.stringify(warm.body)}`);
  await waitFinished(srv, [{ id: warm.body.id, from: addr(SETUP, 0) }], 60_000);
  await sleep(2000);
  const base = srv.baseline();
  const t0 = now();
  const refused = new Map<string, number>();
  const created = (
    await Promise.all(
      Array.from({ length: N }, async (_, i) => {
        const from = addr(GAMES, i);
        const r = await request(srv, 'POST', '/api/games', botGame('random', 4, 0), from).catch(() => ({ status: 0, body: null }));
        if (r.status === 201 && r.body) return { id: r.body.id, from };
        refused.set(String(r.status), (refused.get(String(r.status)) ?? 0) + 1);
        return null;
      }),
    )
  ).filter((g) => g !== null);
  const moves = await waitFinished(srv, created, 240_000);
  const t1 = now();
  await sleep(settleMs);
  const after = srv.rssMb();
  const samples = await probe.stop();
  return {
    metrics: {
      ...rssFigures(srv, base, after),
      'games finished': moves.filter((m) => m >= 0).length,
      'creations refused 429': refused.get('429') ?? 0,
      moves: moves.reduce((a, b) => a + Math.max(0, b), 0),
      'seconds to play': round((t1 - t0) / 1000, 1),
      ...healthFigures(samples, t0, t1),
    },
    notes: [`creations refused: ${tally(refused)}`],
  };
}

async function burst(srv: Server, probe: Probe): Promise<Outcome> {
  const N = 200,
    PER = 5;
  await sleep(500);
  const t0 = now();
  const status = new Map<string, number>();
  await Promise.all(
    Array.from({ length: N }, async (_, i) => {
      const r = await request(
        srv,
        'POST',
        '/api/games',
        { game: 'relic-runners', seats: [{ kind: 'human' }, { kind: 'human' }] },
        addr(BURST, Math.floor(i / PER)),
      ).catch((e: Error & { code?: string }) => ({ status: `error ${e.code ?? e.message}`, body: null }));
      status.set(String(r.status), (status.get(String(r.status)) ?? 0) + 1);
    }),
  );
  const tEnd = now();
  await sleep(500);
  const samples = await probe.stop();
  const created = status.get('201') ?? 0;
  const refused = status.get('429') ?? 0;
  return {
    metrics: {
      created,
      'refused 429': refused,
      'other failures': N - created - refused,
      'seconds for the burst': round((tEnd - t0) / 1000, 2),
      ...healthFigures(samples, t0, tEnd + 500),
    },
    notes: [`statuses: ${tally(status)}`],
  };
}

/** One phase of the sign-in spray: `inFlight` attempts at a time from each of `addresses` for `ms`. */
async function spray(srv: Server, addresses: readonly string[], inFlight: number, ms: number, real: { name: string; password: string }) {
  const names = [real.name, ...Array.from({ length: 199 }, (_, i) => `sprayed_${i}`)];
  const status = new Map<string, number>();
  const end = now() + ms;
  let n = 0;
  const one = async (from: string): Promise<void> => {
    while (now() < end) {
      const i = n++;
      const body = i % 10 === 0 ? real : { name: names[i % names.length]!, password: 'Summer2026!!' };
      const r = await request(srv, 'POST', '/api/account/sign-in', body, from, 10_000).catch((e: Error & { code?: string }) => ({
        status: `error ${e.code ?? e.message}`,
        body: null,
      }));
      status.set(String(r.status), (status.get(String(r.status)) ?? 0) + 1);
      // A refused attempt comes back at once: a short pause keeps the spray a spray of sign-ins
      // rather than a flood of refusals (which bench:abuse's flood and burst measure).
      if (r.status !== 200 && r.status !== 401) await sleep(20);
    }
  };
  const t0 = now();
  await Promise.all(addresses.flatMap((a) => Array.from({ length: inFlight }, () => one(a))));
  const seconds = (now() - t0) / 1000;
  const count = (k: string) => status.get(k) ?? 0;
  return {
    t0,
    t1: now(),
    status,
    checkedPerSecond: round((count('200') + count('401')) / seconds, 2),
    acceptedPerSecond: round(count('200') / seconds, 2),
    refused429: count('429'),
    refused503: count('503'),
  };
}

async function signIn(srv: Server, probe: Probe): Promise<Outcome> {
  const real = { name: 'sprayed_real', password: 'a real password of this account' };
  const made = await request(srv, 'POST', '/api/account/sign-up', real, addr(SETUP, 0));
  if (made.status !== 201) throw new Error(`sign-up: ${made.status} ${JSON.stringify(made.body)}`);
  await sleep(500);
  const one = await spray(srv, [addr(SPRAY, 0)], 16, 10_000, real);
  await sleep(500);
  const many = await spray(
    srv,
    Array.from({ length: 40 }, (_, i) => addr(SPRAY_MANY, i)),
    2,
    10_000,
    real,
  );
  await sleep(500);
  const samples = await probe.stop();
  const prefixed = (p: string, m: Record<string, number>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [`${p}${k}`, v]));
  return {
    metrics: {
      'one address: checked/s': one.checkedPerSecond,
      'one address: accepted/s': one.acceptedPerSecond,
      'one address: refused 429': one.refused429,
      'one address: refused 503': one.refused503,
      ...prefixed('one address: ', healthFigures(samples, one.t0, one.t1)),
      '40 addresses: checked/s': many.checkedPerSecond,
      '40 addresses: accepted/s': many.acceptedPerSecond,
      '40 addresses: refused 429': many.refused429,
      '40 addresses: refused 503': many.refused503,
      ...prefixed('40 addresses: ', healthFigures(samples, many.t0, many.t1)),
    },
    notes: [`one address: ${tally(one.status)}`, `40 addresses: ${tally(many.status)}`],
  };
}

/** A percentile of an unsorted list (NaN when empty). */
const pctOf = (values: readonly number[], p: number): number =>
  pct(
    [...values].sort((a, b) => a - b),
    p,
  );

/** The parsed messages of a WebSocket as they arrive, with their arrival time. */
function messagesOf(ws: WebSocket, on: (m: Record<string, unknown>, at: number) => void): void {
  ws.on('message', (d: Buffer) => {
    try {
      on(JSON.parse(d.toString('utf8')) as Record<string, unknown>, now());
    } catch {
      /* not ours */
    }
  });
}

/**
 * One address fills every cap with the most expensive bots it may create: LIVE_GAMES_PER_ADDRESS
 * games of five `ismcts:<BOT_MAX_MS>ms` bots, no pacing. Meanwhile a victim at another address
 * (a) watches a greedy-vs-greedy game paced at VICTIM_DELAY_MS: each bot move's delay beyond its
 * pacing pause (botPauseMs) is the gap between two state messages less that pause; and (b) plays
 * a seat against greedy, asking for a hint at each of its decisions and playing it: the time from
 * the ask to the answer. Both run for BOT_HOG_MS.
 */
async function botHog(srv: Server, probe: Probe): Promise<Outcome> {
  const GAMES_CAP = 20,
    SEATS = 5,
    THINK_MS = 10_000,
    VICTIM_DELAY_MS = 300,
    RUN_MS = 40_000;
  const hogFrom = addr(HOG, 0);
  const hogStatus = new Map<string, number>();
  const hogs: string[] = [];
  for (let i = 0; i < GAMES_CAP; i++) {
    const r = await request(srv, 'POST', '/api/games', botGame(`ismcts:${THINK_MS}ms`, SEATS, 0), hogFrom);
    hogStatus.set(String(r.status), (hogStatus.get(String(r.status)) ?? 0) + 1);
    if (r.status === 201) hogs.push(r.body.id);
  }
  // The searches are under way: every search worker is busy and more are queued.
  await sleep(1000);
  const victimFrom = addr(VICTIM, 0);
  const t0 = now();
  const end = t0 + RUN_MS;

  // (a) a greedy-vs-greedy table, watched.
  const bots = await request(srv, 'POST', '/api/games', botGame('greedy', 2, VICTIM_DELAY_MS), victimFrom);
  if (bots.status !== 201) throw new Error(`cannot create the victim's bot game: ${bots.status} ${JSON.stringify(bots.body)}`);
  const watcher = await connect(srv, victimFrom);
  if (typeof watcher === 'string') throw new Error(`cannot open the victim's WebSocket: ${watcher}`);
  const extra: number[] = [];
  let last: { at: number; moves: number; toAct: number | null; mover: number | null } | null = null;
  messagesOf(watcher.ws, (m, at) => {
    if ((m.type !== 'state' && m.type !== 'welcome') || typeof m.moves !== 'number') return;
    const toAct = typeof m.toAct === 'number' ? m.toAct : null;
    if (last && m.type === 'state' && m.moves === last.moves + 1 && last.toAct !== null) {
      extra.push(at - last.at - botPauseMs(VICTIM_DELAY_MS, last.mover !== last.toAct));
    }
    last = { at, moves: m.moves, toAct, mover: last && m.moves === last.moves + 1 ? last.toAct : null };
  });
  watcher.send({ type: 'hello', game: bots.body.id });

  // (b) a person against greedy, asking for hints.
  const solo = await request(
    srv,
    'POST',
    '/api/games',
    { game: 'relic-runners', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }], botDelayMs: 0 },
    victimFrom,
  );
  if (solo.status !== 201) throw new Error(`cannot create the victim's game: ${solo.status} ${JSON.stringify(solo.body)}`);
  const key = (solo.body.invites as { seat: number; key: string }[]).find((i) => i.seat === 0)!.key;
  const joined = await request(srv, 'POST', `/api/games/${solo.body.id}/join`, { seat: 0, name: 'Victim', key }, victimFrom);
  if (joined.status !== 200) throw new Error(`cannot join the victim's game: ${joined.status} ${JSON.stringify(joined.body)}`);
  const player = await connect(srv, victimFrom);
  if (typeof player === 'string') throw new Error(`cannot open the victim's WebSocket: ${player}`);
  const hints: number[] = [];
  let asked: number | null = null;
  let myTurn = false;
  let over = false;
  const ask = () => {
    if (asked !== null || !myTurn || over || now() > end) return;
    asked = now();
    player.send({ type: 'hint' });
  };
  messagesOf(player.ws, (m, at) => {
    if (m.type === 'welcome' || m.type === 'state') {
      myTurn = m.toAct === 0;
      over = m.status !== 'active';
      ask();
    } else if (m.type === 'hint' && asked !== null) {
      hints.push(at - asked);
      asked = null;
      myTurn = false;
      player.send({ type: 'choice', choice: m.choice, index: m.move });
    } else if (m.type === 'error' && asked !== null) {
      asked = null;
      setTimeout(ask, 100);
    }
  });
  player.send({ type: 'hello', game: solo.body.id, token: joined.body.token });

  while (now() < end && srv.alive) await sleep(200);
  const samples = await probe.stop();
  const hogMoves = (
    await Promise.all(
      hogs.map((id) => request(srv, 'GET', `/api/games/${id}`, undefined, hogFrom).then((r) => (r.status === 200 ? r.body.moves : 0))),
    )
  ).reduce((a, b) => a + b, 0);
  watcher.cut();
  player.cut();
  return {
    metrics: {
      'hog games': hogs.length,
      'hog moves': hogMoves,
      'victim bot moves': extra.length,
      'bot extra p50 ms': round(pctOf(extra, 50)),
      'bot extra p99 ms': round(pctOf(extra, 99)),
      'bot extra max ms': round(pctOf(extra, 100)),
      'hints answered': hints.length,
      'hint p50 ms': round(pctOf(hints, 50)),
      'hint p99 ms': round(pctOf(hints, 99)),
      ...healthFigures(samples, t0, now()),
    },
    notes: [`hog creations: ${tally(hogStatus)}`, `over ${RUN_MS / 1000} s, victim pacing ${VICTIM_DELAY_MS} ms`],
  };
}

// ---------------------------------------------------------------------------------------------
// Driver

const SCENARIOS = ['sockets', 'flood', 'nonreaders', 'finished', 'burst', 'bot-hog', 'sign-in'] as const;
type Scenario = (typeof SCENARIOS)[number];
const TITLES: Record<Scenario, string> = {
  sockets: '2,000 WebSockets (40 addresses × 50) saying hello to one game',
  flood: 'hello flood: 40 sockets × 20 hello/s × 10 s to a long finished game',
  nonreaders: "100 clients that never read, each asking for the long game's welcome 10×/s for 15 s",
  finished: '40 long all-bot games played to the end, then idle',
  burst: '200 game creations at once (40 addresses × 5)',
  'bot-hog': "one address's 20 games of five 10 s searches; another's greedy table and hints",
  'sign-in': 'a password spray: one address, then 40, signing in for 10 s each',
};

interface Options {
  build: string;
  baseline: string | null;
  floor: boolean;
  runs: number;
  only: Scenario[];
  settleMs: number;
}

function parseArgs(argv: readonly string[]): Options {
  // dist/bench/abuse.js → the checkout's root
  const o: Options = {
    build: resolve(dirname(fileURLToPath(import.meta.url)), '../..'),
    baseline: null,
    floor: false,
    runs: 1,
    only: [...SCENARIOS],
    settleMs: 8000,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--baseline') o.baseline = resolve(value());
    else if (a === '--build') o.build = resolve(value());
    else if (a === '--floor') o.floor = true;
    else if (a === '--runs') o.runs = Number(value());
    else if (a === '--settle') o.settleMs = Number(value()) * 1000;
    else if (a === '--only') {
      const names = value()
        .split(',')
        .map((s) => s.trim());
      for (const n of names)
        if (!(SCENARIOS as readonly string[]).includes(n)) throw new Error(`unknown scenario "${n}" (known: ${SCENARIOS.join(', ')})`);
      o.only = names as Scenario[];
    } else throw new Error(`unknown option ${a} (see the top of bench/abuse.ts)`);
  }
  if (!Number.isInteger(o.runs) || o.runs < 1 || o.runs > 20) throw new Error('--runs is an integer from 1 to 20');
  if (!(o.settleMs >= 0 && o.settleMs <= 300_000)) throw new Error('--settle is 0–300 seconds');
  return o;
}

async function runScenario(root: string, name: Scenario, settleMs: number, floor?: { welcomeBytes: number }): Promise<Outcome> {
  const srv = await Server.start(root, floor);
  const probe = Probe.start(srv.port);
  try {
    const out =
      name === 'sockets'
        ? await sockets(srv, probe, settleMs)
        : name === 'flood'
          ? await flood(srv, probe)
          : name === 'nonreaders'
            ? await nonreaders(srv, probe, settleMs)
            : name === 'finished'
              ? await finished(srv, probe, settleMs)
              : name === 'burst'
                ? await burst(srv, probe)
                : name === 'sign-in'
                  ? await signIn(srv, probe)
                  : await botHog(srv, probe);
    if (!srv.alive) out.notes.push(`SERVER DIED (exit ${srv.child.exitCode ?? srv.child.signalCode}): ${srv.out.slice(-500)}`);
    return out;
  } catch (e) {
    await probe.stop().catch(() => undefined);
    throw new Error(`${name} on ${root}: ${(e as Error).message}${srv.alive ? '' : `\nserver output:\n${srv.out.slice(-2000)}`}`, {
      cause: e,
    });
  } finally {
    await srv.stop();
  }
}

/** "median (min–max)" over runs, or the value alone. */
function cell(values: readonly number[]): string {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return '-';
  const f = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
  const med = v[Math.floor((v.length - 1) / 2)]!;
  return v.length === 1 || v[0] === v.at(-1) ? f(med) : `${f(med)} (${f(v[0]!)}–${f(v.at(-1)!)})`;
}

function median(values: readonly number[]): number {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return v.length === 0 ? NaN : v[Math.floor((v.length - 1) / 2)]!;
}

type Which = 'head' | 'base' | 'floor';
const COLUMN: Record<Which, string> = { head: 'this build', base: 'baseline', floor: 'floor' };

function printTable(name: Scenario, r: Record<Which, Outcome[]>): void {
  console.log(`\n${name}: ${TITLES[name]}`);
  const shown = (['head', 'base', 'floor'] as const).filter((w) => r[w].length > 0);
  const keys = Object.keys(r[shown[0]!]?.[0]?.metrics ?? {});
  const ratio = (k: string, w: Which) => {
    const x = median(r.head.map((o) => o.metrics[k] ?? NaN)) / median(r[w].map((o) => o.metrics[k] ?? NaN));
    return Number.isFinite(x) ? `${x.toFixed(2)}×` : '-';
  };
  const others = shown.filter((w) => w !== 'head');
  const rows = keys.map((k) => [k, ...shown.map((w) => cell(r[w].map((o) => o.metrics[k] ?? NaN))), ...others.map((w) => ratio(k, w))]);
  const header = ['', ...shown.map((w) => COLUMN[w]), ...others.map((w) => `this/${w}`)];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => '  ' + row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  for (const w of shown) r[w].forEach((o, i) => console.log(`  ${COLUMN[w]}, run ${i + 1}: ${o.notes.join('; ')}`));
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const root = opts.build;
  for (const r of [root, opts.baseline]) {
    if (r && !existsSync(join(r, 'dist/src/server/main.js')))
      throw new Error(`no server build in ${r}: run \`npx tsc -p tsconfig.json\` there first`);
  }
  console.log(
    `bench:abuse: this build ${root}${opts.baseline ? `, baseline ${opts.baseline}` : ''}; ${opts.runs} run(s) of ${opts.only.join(', ')}; ` +
      `server: default limits, SQLite in a temp dir; settle ${opts.settleMs / 1000} s; figures depend on the machine's other load`,
  );
  const results = new Map<Scenario, Record<Which, Outcome[]>>(opts.only.map((s) => [s, { head: [], base: [], floor: [] }]));
  for (let run = 0; run < opts.runs; run++) {
    for (const name of opts.only) {
      const order: Which[] = opts.baseline ? (run % 2 === 0 ? ['head', 'base'] : ['base', 'head']) : ['head'];
      // The floor after this build, whose welcome size it copies.
      if (opts.floor && name === 'sockets') order.splice(order.indexOf('head') + 1, 0, 'floor');
      for (const which of order) {
        const t = now();
        const r = results.get(name)!;
        const welcomeBytes = r.head.at(-1)?.metrics['welcome bytes'] ?? NaN;
        const out =
          which === 'floor'
            ? await runScenario(root, name, opts.settleMs, { welcomeBytes: Number.isFinite(welcomeBytes) ? welcomeBytes : 3000 })
            : await runScenario(which === 'head' ? root : opts.baseline!, name, opts.settleMs);
        r[which].push(out);
        process.stderr.write(`  run ${run + 1} ${name} on ${COLUMN[which]}: ${((now() - t) / 1000).toFixed(0)} s\n`);
      }
    }
  }
  for (const [name, r] of results) printTable(name, r);
  console.log('\ngoal: /health p99 ≤ 50 ms in every scenario; RSS after ≤ +20 MB once the abusers are gone');
  if (opts.only.includes('bot-hog')) console.log("goal (bot-hog): the victim's bot extra p99 ≤ 100 ms, hint p99 ≤ 500 ms");
  console.log(
    JSON.stringify({
      bench: 'abuse',
      root,
      baseline: opts.baseline,
      runs: opts.runs,
      results: Object.fromEntries(
        [...results].map(([k, v]) => [
          k,
          { head: v.head, ...(opts.baseline ? { baseline: v.base } : {}), ...(v.floor.length ? { floor: v.floor } : {}) },
        ]),
      ),
    }),
  );
}

if (isMainThread) {
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(`bench:abuse: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    },
  );
} else await probeWorker();
