/**
 * `npm run bench:server`: load on the game server over loopback.
 *
 * The server runs as a child process (`node dist/src/server/main.js`, SQLite in a temp file,
 * BOT_DELAY_MS=0, rate limits out of the way), a fresh one for each size, so that it has an event
 * loop (and a core) of its own and the clients' JSON work is not counted against it. This process
 * plays N concurrent games of Relic Runners, two human seats each, one WebSocket per seat: a
 * client-side random bot answers every state where its seat is to act with a random legal choice
 * (with `index`). A finished game is replaced by a new one, so N games are always in play.
 *
 * Measured over MEASURE_S seconds after WARMUP_S: acks per second (choices stored and confirmed)
 * and the latency from sending a choice to receiving, on the same connection, the state message
 * with the resulting move count (p50/p99/max). Prints a table and one JSON line.
 *
 * Env: SIZES (default 100,500,2000), MEASURE_S (10), WARMUP_S (5; the first seconds after opening 2,000 games are a backlog), BENCH_TRACE (per-second line), THINK_MS (0: reply at once; >0:
 * each bot waits 0.5–1.5× that long before replying, a human-like pace), EXPEDITION_DB_DIR (temp dir),
 * SERVER_NODE_ARGS (extra node flags for the server, e.g. --cpu-prof).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { freePort } from '../test/helpers/net.js';
import { heldOf, parseMsg, withView, type ApiReply, type HeldView, type ServerMsg } from '../test/helpers/wire.js';
import { pool } from './pool.js';

const SIZES = (process.env.SIZES ?? '100,500,2000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
const MEASURE_S = Number(process.env.MEASURE_S ?? 10);
const WARMUP_S = Number(process.env.WARMUP_S ?? 5);
const THINK_MS = Number(process.env.THINK_MS ?? 0);
/** dist/bench/server.js → dist/src/server/main.js */
const MAIN = resolve(dirname(fileURLToPath(import.meta.url)), '../src/server/main.js');
const TARGET = { games: 2000, p99Ms: 50 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(base: string, path: string, body: unknown): Promise<ApiReply> {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as ApiReply;
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

class Server {
  out = '';
  private constructor(
    readonly child: ChildProcess,
    readonly base: string,
    readonly dir: string,
  ) {
    child.stdout!.on('data', (d: Buffer) => (this.out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (this.out += d.toString()));
  }

  static async start(): Promise<Server> {
    const dir = mkdtempSync(join(process.env.EXPEDITION_DB_DIR ?? tmpdir(), 'expedition-bench-'));
    const port = await freePort();
    const child = spawn(process.execPath, [...(process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        EXPEDITION_DB: join(dir, 'bench.sqlite'),
        DATABASE_URL: '',
        BOT_DELAY_MS: '0',
        WS_PER_SECOND: '1000000',
        HTTP_PER_MINUTE: '100000000',
        CREATE_PER_MINUTE: '100000000',
        WS_UPGRADES_PER_MINUTE: '100000000',
        WS_PER_ADDRESS: '100000000',
        LIVE_GAMES_PER_ADDRESS: '100000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const s = new Server(child, `http://127.0.0.1:${port}`, dir);
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited before it was ready:\n${s.out}`);
      try {
        if ((await fetch(`${s.base}/health`)).ok) return s;
      } catch {
        /* not yet */
      }
      if (Date.now() > deadline) throw new Error(`server not ready after 20 s:\n${s.out}`);
      await sleep(50);
    }
  }

  async stop(): Promise<void> {
    const exited = new Promise((r) => this.child.once('exit', r));
    if (this.child.exitCode === null) this.child.kill('SIGTERM');
    const t = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(t);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

interface Stats {
  measuring: boolean;
  acks: number;
  latencies: number[];
  errors: Map<string, number>;
  finished: number;
  statesReceived: number;
}

/** One seat's connection and its random bot. */
class Seat {
  game: Game | null = null;
  /** Move index of the choice in flight, and when it was sent. */
  private pending = -1;
  private sentAt = 0;
  private lastSent = -1;
  private held: HeldView | null = null;
  constructor(
    readonly ws: WebSocket,
    readonly seat: number,
    private readonly stats: Stats,
  ) {
    ws.on('message', (d) => this.onMessage(parseMsg(d)));
  }

  hello(game: Game, token: string): void {
    this.game = game;
    this.pending = -1;
    this.lastSent = -1;
    this.held = null;
    this.ws.send(JSON.stringify({ type: 'hello', game: game.id, token }));
  }

  private onMessage(m: ServerMsg): void {
    const st = this.stats;
    if (m.type === 'state' || m.type === 'welcome') {
      if (!this.game || m.game !== this.game.id) return; // a late message of the previous game
      const whole = withView(m, this.held); // state messages carry patches: applied to the view this seat holds
      if (typeof whole === 'string') return;
      this.held = heldOf((m = whole));
      st.statesReceived++;
      if (this.pending >= 0 && m.moves === this.pending + 1) {
        if (st.measuring) st.latencies.push(performance.now() - this.sentAt);
        this.pending = -1;
      }
      if (m.status !== 'active') {
        if (this.seat === 0) void this.game.replace();
        return;
      }
      const choices = m.view.choices;
      if (m.toAct === this.seat && choices && choices.length > 0 && m.moves > this.lastSent) {
        const index = m.moves;
        this.lastSent = index;
        const choice = choices[Math.floor(Math.random() * choices.length)];
        const game = this.game;
        const send = () => {
          if (this.game !== game || this.ws.readyState !== WebSocket.OPEN) return;
          this.pending = index;
          this.sentAt = performance.now();
          this.ws.send(JSON.stringify({ type: 'choice', choice, index }));
        };
        if (THINK_MS > 0) setTimeout(send, THINK_MS * (0.5 + Math.random()));
        else send();
      }
    } else if (m.type === 'ack') {
      if (st.measuring) st.acks++;
    } else if (m.type === 'error') {
      st.errors.set(m.code, (st.errors.get(m.code) ?? 0) + 1);
    }
  }
}

/** One game slot: two seats; a finished game is replaced by a fresh one on the same sockets. */
class Game {
  id = '';
  private replacing = false;
  constructor(
    private readonly base: string,
    readonly seats: [Seat, Seat],
    private readonly stats: Stats,
  ) {}

  async open(): Promise<void> {
    const g = await post(this.base, '/api/games', { game: 'relic-runners', seats: [{ kind: 'human' }, { kind: 'human' }] });
    const keys = g.invites;
    const tokens = await Promise.all(
      [0, 1].map(async (seat) => (await post(this.base, `/api/games/${g.id}/join`, { seat, key: keys[seat]!.key })).token),
    );
    this.id = g.id;
    this.seats.forEach((s, i) => s.hello(this, tokens[i]!));
  }

  async replace(): Promise<void> {
    if (this.replacing) return;
    this.replacing = true;
    if (this.stats.measuring) this.stats.finished++;
    try {
      await this.open();
    } catch (e) {
      this.stats.errors.set('replace', (this.stats.errors.get('replace') ?? 0) + 1);
      console.error(`bench: could not open a new game: ${(e as Error).message}`);
    } finally {
      this.replacing = false;
    }
  }
}

function connect(url: string): Promise<WebSocket> {
  return new Promise((res, rej) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => res(ws));
    ws.once('error', rej);
  });
}

const pct = (sorted: number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

interface Row {
  games: number;
  connections: number;
  choicesPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  samples: number;
  gamesFinished: number;
  serverCpuPct: number;
  clientCpuPct: number;
  errors: Record<string, number>;
  setupS: number;
}

async function runSize(n: number): Promise<Row> {
  const t0 = performance.now();
  const server = await Server.start();
  const stats: Stats = { measuring: false, acks: 0, latencies: [], errors: new Map(), finished: 0, statesReceived: 0 };
  const sockets: WebSocket[] = [];
  try {
    const url = server.base.replace('http', 'ws') + '/ws';
    const games = await pool(Array.from({ length: n }), 100, async () => {
      const ws = await Promise.all([connect(url), connect(url)]);
      sockets.push(...ws);
      return new Game(server.base, [new Seat(ws[0], 0, stats), new Seat(ws[1], 1, stats)], stats);
    });
    // Open the games (they start playing at once), in batches so creation does not starve play.
    await pool(games, 50, (g) => g.open());
    const setupS = (performance.now() - t0) / 1000;
    await sleep(WARMUP_S * 1000);

    const cpu0 = { server: cpuSecondsOf(server.child.pid!), client: process.cpuUsage() };
    const m0 = performance.now();
    stats.measuring = true;
    if (process.env.BENCH_TRACE) {
      // Per-second trace: acks, latency p50/max of that second.
      for (let sec = 0; sec < MEASURE_S; sec++) {
        const a = stats.acks,
          l = stats.latencies.length;
        await sleep(1000);
        const w = stats.latencies.slice(l).sort((x, y) => x - y);
        console.log(`    t=${sec + 1}s acks ${stats.acks - a} p50 ${pct(w, 50).toFixed(1)} max ${(w.at(-1) ?? NaN).toFixed(1)} ms`);
      }
    } else await sleep(MEASURE_S * 1000);
    stats.measuring = false;
    const elapsed = (performance.now() - m0) / 1000;
    const serverCpu = cpuSecondsOf(server.child.pid!) - cpu0.server;
    const c = process.cpuUsage(cpu0.client);
    const clientCpu = (c.user + c.system) / 1e6;

    const lat = stats.latencies.sort((a, b) => a - b);
    return {
      games: n,
      connections: 2 * n,
      choicesPerSec: Math.round(stats.acks / elapsed),
      p50Ms: +pct(lat, 50).toFixed(2),
      p99Ms: +pct(lat, 99).toFixed(2),
      maxMs: +(lat.at(-1) ?? NaN).toFixed(2),
      samples: lat.length,
      gamesFinished: stats.finished,
      serverCpuPct: Math.round((100 * serverCpu) / elapsed),
      clientCpuPct: Math.round((100 * clientCpu) / elapsed),
      errors: Object.fromEntries(stats.errors),
      setupS: +setupS.toFixed(1),
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    await server.stop();
  }
}

function fdLimits(): string {
  const r = spawnSync('sh', ['-c', 'echo "$(ulimit -Sn) $(ulimit -Hn)"'], { encoding: 'utf8' });
  return r.stdout.trim();
}

const [soft, hard] = fdLimits().split(' ');
const others = spawnSync('pgrep', ['-fc', 'dist/bench/bots.js'], { encoding: 'utf8' }).stdout.trim();
console.log(
  `bench:server: server = child process (SQLite, temp file), clients = this process; sizes ${SIZES.join(', ')}; ` +
    `${WARMUP_S} s warm-up + ${MEASURE_S} s measured per size; think time ${THINK_MS} ms; open files soft/hard ${soft}/${hard}` +
    (Number(others) > 0 ? `; NOTE: ${others} other benchmark process(es) running, figures are lower` : ''),
);
const need = 2 * Math.max(...SIZES) + 256;
if (soft !== 'unlimited' && Number(soft) < need) {
  console.warn(
    `bench:server: the open-file limit (${soft}) is below the ${need} descriptors the largest size needs; raise it (ulimit -n ${Math.min(need, Number(hard) || need)}) before running`,
  );
}

const rows: Row[] = [];
for (const n of SIZES) {
  const row = await runSize(n);
  rows.push(row);
  console.log(`  ${n} games done: ${row.choicesPerSec} choices/s, p99 ${row.p99Ms} ms`);
}

const header = ['games', 'conns', 'choices/s', 'p50 ms', 'p99 ms', 'max ms', 'samples', 'finished', 'server CPU', 'client CPU', 'errors'];
const table = rows.map((r) =>
  [
    r.games,
    r.connections,
    r.choicesPerSec,
    r.p50Ms,
    r.p99Ms,
    r.maxMs,
    r.samples,
    r.gamesFinished,
    `${r.serverCpuPct}%`,
    `${r.clientCpuPct}%`,
    Object.entries(r.errors)
      .map(([k, v]) => `${k}:${v}`)
      .join(' ') || '-',
  ].map(String),
);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
console.log('');
console.log(header.map((h, i) => h.padStart(widths[i]!)).join('  '));
for (const r of table) console.log(r.map((c, i) => c.padStart(widths[i]!)).join('  '));
const at = rows.find((r) => r.games === TARGET.games);
if (at)
  console.log(
    `\ntarget ${TARGET.games} games with p99 ≤ ${TARGET.p99Ms} ms: ${at.p99Ms <= TARGET.p99Ms ? 'met' : 'NOT met'} (p99 ${at.p99Ms} ms)`,
  );
console.log(JSON.stringify({ bench: 'server', thinkMs: THINK_MS, measureS: MEASURE_S, otherBenchProcesses: Number(others), rows }));
process.exit(0);
