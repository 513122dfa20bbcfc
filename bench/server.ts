/**
 * `npm run bench:server`: load on the game server over loopback.
 *
 * The server runs as a child process (`node dist/src/server/main.js`, SQLite in a temp file,
 * BOT_DELAY_MS=0, rate limits out of the way), a fresh one for each size, so that it has an event
 * loop (and a core) of its own and the clients' JSON work is not counted against it. The load
 * client (bench/load/, shared with bench:cluster) runs in CLIENT_PROCS child processes and plays N
 * concurrent games of Relic Runners, two human seats each, one WebSocket per seat: a client-side
 * random bot answers every state where its seat is to act with a random legal choice (with
 * `index`), applying view patches as they come. A finished game is replaced by a new one, so N
 * games are always in play.
 *
 * Measured over MEASURE_S seconds after WARMUP_S: acks per second (choices stored and confirmed)
 * and the latency from sending a choice to receiving, on the same connection, the state message
 * with the resulting move count (p50/p99/max). Prints a table and one JSON line. The CPU columns
 * say what bounded the run: the server's event loop (`loop CPU` near 100 %), or the machine
 * (`machine` near 100 %: the load client runs on the same cores, and the server's loop waits for
 * one as often as for work). `B/choice`: the bytes the clients received per acknowledged choice.
 *
 * Env: SIZES (default 100,500,2000), MEASURE_S (10), WARMUP_S (5; the first seconds after opening 2,000 games are a backlog), BENCH_TRACE (per-second line), THINK_MS (0: reply at once; >0:
 * each bot waits 0.5–1.5× that long before replying, a human-like pace), EXPEDITION_DB_DIR (temp dir),
 * SERVER_NODE_ARGS (extra node flags for the server, e.g. --cpu-prof or --trace-gc), CLIENT_NODE_ARGS (the same for
 * the client processes: their own GC pauses count in the latencies they measure), SERVER_OUT (a file the server's
 * output is written to when it stops), SERVER_MAIN (the server's main.js,
 * e.g. another commit's build, for a before/after in the same run), CLIENT_PROCS (client processes;
 * default one per 5,000 games: a process may open at most 20,000 files here, and each game takes two),
 * HUMANS (2: two human seats per game; 1: one human seat and the server's random bot, paced at
 * THINK_MS per decision as a person would be; half the sockets, so that 10,000 games fit in the
 * server's 20,000 descriptors. Choices/s then counts the human seat's acks, moves/s every move).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, RELAXED_LIMITS } from '../test/helpers/net.js';
import { ClientProcs, defaultClientProcs } from './load/procs.js';
import { SERVER_NODE_FLAGS } from '../src/server/node-flags.js';

const SIZES = (process.env.SIZES ?? '100,500,2000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
const MEASURE_S = Number(process.env.MEASURE_S ?? 10);
const WARMUP_S = Number(process.env.WARMUP_S ?? 5);
const THINK_MS = Number(process.env.THINK_MS ?? 0);
const CLIENT_PROCS = process.env.CLIENT_PROCS ? Number(process.env.CLIENT_PROCS) : undefined;
const HUMANS: 1 | 2 = process.env.HUMANS === '1' ? 1 : 2;
/** dist/bench/server.js → dist/src/server/main.js */
const MAIN = process.env.SERVER_MAIN
  ? resolve(process.env.SERVER_MAIN)
  : resolve(dirname(fileURLToPath(import.meta.url)), '../src/server/main.js');
/** The single-process target at a human pace (docs/benchmarks.md): 10,000 games at p99 ≤ 50 ms. */
const TARGET = { games: 10_000, p99Ms: 50 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds (user + system) a process has used, from /proc; with `mainThread`, its main thread's alone (the event loop). */
function cpuSecondsOf(pid: number, mainThread = false): number {
  const stat = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/** The machine's CPU time so far, busy and in all, in clock ticks (/proc/stat's first line; steal counts as busy: a core we could not have). */
function machineTicks(): { busy: number; all: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  const all = f.reduce((a, b) => a + b, 0);
  // user nice system idle iowait irq softirq steal …: idle and iowait are the time nobody wanted.
  return { busy: all - f[3]! - f[4]!, all };
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
    const child = spawn(
      process.execPath,
      [...SERVER_NODE_FLAGS, ...(process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), MAIN],
      {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          EXPEDITION_DB: join(dir, 'bench.sqlite'),
          DATABASE_URL: '',
          BOT_DELAY_MS: '0',
          ...RELAXED_LIMITS,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
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
    if (process.env.SERVER_OUT) writeFileSync(process.env.SERVER_OUT, this.out);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const pct = (sorted: number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

interface Row {
  games: number;
  connections: number;
  choicesPerSec: number;
  /** Moves stored per second, the bot's included (HUMANS=1). */
  movesPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  samples: number;
  gamesFinished: number;
  serverCpuPct: number;
  /** The server's main thread (its event loop) alone: GC helpers, the SQLite checkpointer and bot workers are the rest. */
  loopCpuPct: number;
  /** Server CPU time per acknowledged choice: what one core of this machine can take is 10^6 / this. */
  serverCpuUsPerChoice: number;
  /** The event loop's CPU time per acknowledged choice: 10^6 / this is what the loop could take with a core to itself and nothing to wait for. */
  loopUsPerChoice: number;
  clientCpuPct: number;
  /**
   * The whole machine's cores busy, in % of all of them (any process): near 100, the load client
   * and the server compete for the cores and a faster server shows as more idle, not more choices.
   */
  machineBusyPct: number;
  /** Bytes the clients received per acknowledged choice (every seat's state message, and the ack): what each move costs the wire. */
  bytesPerChoice: number;
  errors: Record<string, number>;
  setupS: number;
}

async function runSize(n: number): Promise<Row> {
  const t0 = performance.now();
  const server = await Server.start();
  let clients: ClientProcs | null = null;
  try {
    clients = await ClientProcs.start({
      bases: [server.base],
      games: n,
      procs: CLIENT_PROCS ?? defaultClientProcs(n),
      thinkMs: THINK_MS,
      humans: HUMANS,
    });
    const setupS = (performance.now() - t0) / 1000;
    await sleep(WARMUP_S * 1000);

    const cpu0 = { server: cpuSecondsOf(server.child.pid!), loop: cpuSecondsOf(server.child.pid!, true), machine: machineTicks() };
    const m0 = performance.now();
    clients.measure();
    if (process.env.BENCH_TRACE) {
      // Per-second trace: acks, latency p50/max of that second, and how many took longer than the target p99.
      for (let sec = 0; sec < MEASURE_S; sec++) {
        await sleep(1000);
        const t = await clients.tick();
        const w = t.latencies.sort((x, y) => x - y);
        const over = w.length - w.findIndex((x) => x > TARGET.p99Ms);
        console.log(
          `    t=${sec + 1}s acks ${t.acks} p50 ${pct(w, 50).toFixed(1)} max ${(w.at(-1) ?? NaN).toFixed(1)} ms, over ${TARGET.p99Ms} ms: ${over > w.length ? 0 : over}`,
        );
      }
    } else await sleep(MEASURE_S * 1000);
    const stats = await clients.report();
    const elapsed = (performance.now() - m0) / 1000;
    const serverCpu = cpuSecondsOf(server.child.pid!) - cpu0.server;
    const loopCpu = cpuSecondsOf(server.child.pid!, true) - cpu0.loop;
    const machine = machineTicks();

    const lat = stats.latencies.sort((a, b) => a - b);
    return {
      games: n,
      connections: HUMANS * n,
      choicesPerSec: Math.round(stats.acks / elapsed),
      // Every move is announced to every human seat: one state message each.
      movesPerSec: Math.round(stats.statesReceived / HUMANS / elapsed),
      p50Ms: +pct(lat, 50).toFixed(2),
      p99Ms: +pct(lat, 99).toFixed(2),
      maxMs: +(lat.at(-1) ?? NaN).toFixed(2),
      samples: lat.length,
      gamesFinished: stats.finished,
      serverCpuPct: Math.round((100 * serverCpu) / elapsed),
      loopCpuPct: Math.round((100 * loopCpu) / elapsed),
      serverCpuUsPerChoice: Math.round((1e6 * serverCpu) / Math.max(1, stats.acks)),
      loopUsPerChoice: Math.round((1e6 * loopCpu) / Math.max(1, stats.acks)),
      clientCpuPct: Math.round((100 * stats.cpuS) / elapsed),
      machineBusyPct: Math.round((100 * (machine.busy - cpu0.machine.busy)) / Math.max(1, machine.all - cpu0.machine.all)),
      bytesPerChoice: Math.round(stats.bytesReceived / Math.max(1, stats.acks)),
      errors: stats.errors,
      setupS: +setupS.toFixed(1),
    };
  } finally {
    await clients?.stop();
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
  `bench:server: server = child process (SQLite, temp file), clients = ${CLIENT_PROCS ?? 'one per 5,000 games'} child process(es); sizes ${SIZES.join(', ')}; ` +
    `${WARMUP_S} s warm-up + ${MEASURE_S} s measured per size; think time ${THINK_MS} ms; human seats per game ${HUMANS}; open files soft/hard ${soft}/${hard}` +
    (Number(others) > 0 ? `; NOTE: ${others} other benchmark process(es) running, figures are lower` : ''),
);
const need = HUMANS * Math.max(...SIZES) + 256;
if (soft !== 'unlimited' && Number(soft) < need) {
  console.warn(
    `bench:server: the open-file limit (${soft}) is below the ${need} descriptors the server process needs at the largest size; raise it (ulimit -n ${Math.min(need, Number(hard) || need)}) before running`,
  );
}

const rows: Row[] = [];
for (const n of SIZES) {
  const row = await runSize(n);
  rows.push(row);
  console.log(`  ${n} games done: ${row.choicesPerSec} choices/s, p99 ${row.p99Ms} ms`);
}

const header = [
  'games',
  'conns',
  'choices/s',
  'moves/s',
  'p50 ms',
  'p99 ms',
  'max ms',
  'samples',
  'finished',
  'server CPU',
  'loop CPU',
  'µs/choice',
  'loop µs',
  'client CPU',
  'machine',
  'B/choice',
  'errors',
];
const table = rows.map((r) =>
  [
    r.games,
    r.connections,
    r.choicesPerSec,
    r.movesPerSec,
    r.p50Ms,
    r.p99Ms,
    r.maxMs,
    r.samples,
    r.gamesFinished,
    `${r.serverCpuPct}%`,
    `${r.loopCpuPct}%`,
    r.serverCpuUsPerChoice,
    r.loopUsPerChoice,
    `${r.clientCpuPct}%`,
    `${r.machineBusyPct}%`,
    r.bytesPerChoice,
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
if (at && THINK_MS > 0)
  console.log(
    `\ntarget ${TARGET.games} games with p99 ≤ ${TARGET.p99Ms} ms: ${at.p99Ms <= TARGET.p99Ms ? 'met' : 'NOT met'} (p99 ${at.p99Ms} ms)`,
  );
console.log(
  JSON.stringify({ bench: 'server', thinkMs: THINK_MS, humans: HUMANS, measureS: MEASURE_S, otherBenchProcesses: Number(others), rows }),
);
process.exit(0);
