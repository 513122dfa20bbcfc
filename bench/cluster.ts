/**
 * `npm run bench:cluster`: load on several server processes forming one service.
 *
 * PROCS server processes (`node dist/src/server/main.js`) on one PostgreSQL schema of their own
 * (dropped at the end) and one redis-server of their own (test/helpers/cluster.ts), BOT_DELAY_MS=0
 * and rate limits out of the way. The load client of bench:server (bench/load/, in CLIENT_PROCS
 * child processes) plays GAMES games of two human seats: game g is created on process g mod PROCS
 * and its seats' sockets go round-robin over the processes, so that most choices cross processes.
 * After WARMUP_S, it measures for MEASURE_S seconds; halfway, one process is killed with SIGKILL
 * (not with PROCS=1): the sockets it held connect again to a live process and say hello with
 * since/at; the sockets other processes relayed to it stay open, and say hello again on them.
 *
 * Prints a summary and one JSON line:
 *   processes, games, choicesPerSec (acks per second over the measured time, kill included),
 *   p50Ms / p99Ms (from a choice to the state with its move, on the same socket),
 *   lostAcks (acks received, during the whole run, whose move is not in the moves table at the end),
 *   failoverMs (from the kill until every game the killed process owned or relayed has had an
 *   acknowledged choice again, the slowest such game; null without a kill, or when some game had
 *   none before the end, which the summary then says).
 *
 * Env: PROCS (3), GAMES (1000), THINK_MS (0; > 0: each choice 0.5–1.5× that long after its state),
 * MEASURE_S (10), WARMUP_S (5), SETTLE_S (20: how long after the measured time an affected game that
 * has not played again yet is still waited for, so that a slow failover is told from a stalled game;
 * the games still waiting then are described, seat by seat, with what each did since the kill), CLIENT_PROCS (one per 5,000 games), TEST_DATABASE_URL (PostgreSQL,
 * default postgres://postgres@127.0.0.1:5432/test), REDIS_SERVER (/usr/bin/redis-server).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Cluster } from '../test/helpers/cluster.js';
import { ClientProcs, defaultClientProcs } from './load/procs.js';

const PROCS = Number(process.env.PROCS ?? 3);
const GAMES = Number(process.env.GAMES ?? 1000);
const THINK_MS = Number(process.env.THINK_MS ?? 0);
const MEASURE_S = Number(process.env.MEASURE_S ?? 10);
const WARMUP_S = Number(process.env.WARMUP_S ?? 5);
const SETTLE_S = Number(process.env.SETTLE_S ?? 20);
const CLIENT_PROCS = process.env.CLIENT_PROCS ? Number(process.env.CLIENT_PROCS) : defaultClientProcs(GAMES);
/** The process killed halfway. */
const VICTIM = 0;

/** Diagnostics (PROBE=1): how long a fresh WebSocket takes to open at each live process after the kill. */
async function probe(at: number): Promise<void> {
  const { default: WebSocket } = await import('ws');
  const live = cluster.nodes.filter((_, i) => i !== VICTIM);
  const end = at + (MEASURE_S * 1000) / 2 - 500;
  while (Date.now() < end) {
    const t = Date.now();
    await Promise.all(
      live.map(
        (n) =>
          new Promise<void>((res) => {
            const ws = new WebSocket(n.base.replace('http', 'ws') + '/ws');
            const done = (what: string) => {
              console.log(`  probe +${t - at} ms node ${n.index}: ${what} in ${Date.now() - t} ms`);
              ws.terminate();
              res();
            };
            const timer = setTimeout(() => done('NOT open'), 3000);
            ws.once('open', () => (clearTimeout(timer), done('open')));
            ws.once('error', (e) => (clearTimeout(timer), done(`error ${e.message}`)));
          }),
      ),
    );
    await sleep(500);
  }
}

/** LAG=1: each process's lag lines (bench/hooks/lag.ts) go here. */
const lagDir = process.env.LAG ? mkdtempSync(join(tmpdir(), 'bench-cluster-lag-')) : null;
if (lagDir) {
  // This process, the prober, meters itself too: a probe's open time is its wait as well.
  Object.assign(process.env, { LAG_DIR: lagDir, LAG_NAME: 'bench' });
  await import('./hooks/lag.js');
  delete process.env.LAG_DIR;
  delete process.env.LAG_NAME;
}

/** LAG=1: each survivor's event loop and this process's, one line per second from 1 s before the kill to 4 s after it. */
function lagReport(dir: string, killedAt: number): void {
  console.log(
    '  event loop of each survivor and of this process (largest lateness of a 10 ms timer / user CPU / run-queue wait, per second):',
  );
  const who = cluster.nodes.filter((n) => n.index !== VICTIM).map((n) => ({ name: `node ${n.index}`, file: `lag-${n.port}.log` }));
  for (const { name, file } of [...who, { name: 'this process (the prober)', file: 'lag-bench.log' }]) {
    let rows: number[][];
    try {
      rows = readFileSync(join(dir, file), 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(' ').map(Number));
    } catch {
      continue;
    }
    const cells: string[] = [];
    for (let s = -1; s < 4; s++) {
      // A line covers the 100 ms (or more, when late) before its time.
      const w = rows.filter(([t]) => t! - killedAt >= s * 1000 && t! - killedAt < (s + 1) * 1000);
      if (w.length === 0) {
        cells.push(`${s >= 0 ? '+' : ''}${s} s: no line (stalled)`);
        continue;
      }
      const late = Math.max(...w.map((r) => r[2]!));
      const sum = (k: number) => w.reduce((a, r) => a + r[k]!, 0);
      cells.push(`${s >= 0 ? '+' : ''}${s} s: ${late}/${sum(3)}/${sum(4)} ms`);
    }
    console.log(`    ${name}: ${cells.join(', ')}`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

console.log(
  `bench:cluster: ${PROCS} server process(es) on PostgreSQL + Redis, ${GAMES} games, ${CLIENT_PROCS} client process(es); ` +
    `${WARMUP_S} s warm-up + ${MEASURE_S} s measured${PROCS > 1 ? `, kill -9 of process ${VICTIM} at ${MEASURE_S / 2} s` : ''}; think time ${THINK_MS} ms`,
);

const t0 = performance.now();
const cluster = await Cluster.start({
  processes: PROCS,
  botDelayMs: 0,
  schemaPrefix: 'bench_cluster_',
  // Diagnostics: SERVER_NODE_OPTIONS='--import hook.mjs' runs a hook (a profiler, a lag meter) in each server process.
  env: {
    ...(process.env.SERVER_NODE_OPTIONS || lagDir
      ? {
          NODE_OPTIONS: [
            process.env.SERVER_NODE_OPTIONS ?? '',
            lagDir ? `--import ${fileURLToPath(new URL('./hooks/lag.js', import.meta.url))}` : '',
          ].join(' '),
        }
      : {}),
    ...(lagDir ? { LAG_DIR: lagDir } : {}),
  },
});
let clients: ClientProcs | null = null;
let exitCode = 0;
try {
  clients = await ClientProcs.start({ bases: cluster.nodes.map((n) => n.base), games: GAMES, procs: CLIENT_PROCS, thinkMs: THINK_MS });
  console.log(`  set up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await sleep(WARMUP_S * 1000);

  const m0 = performance.now();
  clients.measure();
  let killedAt: number | null = null;
  if (PROCS > 1) {
    await sleep((MEASURE_S * 1000) / 2);
    killedAt = Date.now();
    // The clients learn of it first, so that they wait for the affected games' next acks from now.
    clients.killed(VICTIM, killedAt);
    await cluster.nodes[VICTIM]!.kill();
    console.log(`  killed process ${VICTIM} (port ${cluster.nodes[VICTIM]!.port})`);
    if (process.env.PROBE) void probe(killedAt);
    await sleep(Math.max(0, MEASURE_S * 1000 - (performance.now() - m0)));
  } else await sleep(MEASURE_S * 1000);
  const stats = await clients.report();
  const elapsed = (performance.now() - m0) / 1000;
  let { acked, failover } = await clients.acks();
  // A game still waiting may only be slow: it has SETTLE_S more seconds (not measured) to play again.
  const settle0 = Date.now();
  while (killedAt !== null && failover.waiting > 0 && Date.now() - settle0 < SETTLE_S * 1000) {
    await sleep(250);
    ({ acked, failover } = await clients.acks());
  }
  const settledMs = Date.now() - settle0;
  // Every socket closed before reading the database: an ack is only sent after its move is stored.
  await clients.stop();
  clients = null;

  const stored = new Set(
    (await cluster.query<{ game_id: string; idx: number }>('SELECT game_id, idx FROM moves')).map((r) => `${r.game_id}:${r.idx}`),
  );
  let acks = 0;
  let lostAcks = 0;
  for (const [id, idx] of acked)
    for (const i of idx) {
      acks++;
      if (!stored.has(`${id}:${i}`)) lostAcks++;
    }

  const lat = stats.latencies.sort((a, b) => a - b);
  const failoverMs = killedAt !== null && failover.waiting === 0 ? failover.maxMs : null;
  if (killedAt !== null && settledMs > 300 && failover.waiting === 0)
    console.log(`  (the last affected games played again ${settledMs} ms after the measured time, which the failover time includes)`);
  console.log(
    `  ${Math.round(stats.acks / elapsed)} choices/s, p50 ${pct(lat, 50).toFixed(1)} ms, p99 ${pct(lat, 99).toFixed(1)} ms, ` +
      `${stats.finished} games finished, ${stats.reconnects} reconnections, ${stats.resyncs} resyncs, ` +
      `errors ${JSON.stringify(stats.errors)}; ${acks} acks in all, ${lostAcks} not stored`,
  );
  if (killedAt !== null)
    console.log(
      `  failover: ${failover.affected} games affected by the kill; ` +
        (failover.waiting === 0
          ? `the last one had an acknowledged choice again ${failover.maxMs} ms after it ` +
            `(per game: p50 ${pct(
              failover.waits.sort((a, b) => a - b),
              50,
            )} ms, p90 ${pct(failover.waits, 90)} ms)` +
            (process.env.PROBE ? `\n  slowest ${failover.slowest}` : '')
          : `${failover.waiting} had NO acknowledged choice again before the end, nor ${SETTLE_S} s after it (failoverMs null)`),
    );
  if (failover.stalled.length > 0) {
    // Where each stalled game is played now, and how far its stored log goes.
    const ids = failover.stalled.map((s) => s.split(' ')[1]!);
    const owners = await cluster.query<{ game_id: string; node: string }>(
      'SELECT game_id, node FROM cluster_owners WHERE game_id = ANY($1)',
      [ids],
    );
    const moves = await cluster.query<{ game_id: string; n: number }>(
      'SELECT game_id, count(*)::int AS n FROM moves WHERE game_id = ANY($1) GROUP BY game_id',
      [ids],
    );
    const nodes = await cluster.query<{ id: string }>('SELECT id FROM cluster_nodes');
    console.log(`  nodes now: ${nodes.map((n) => n.id).join(', ')}`);
    for (const s of failover.stalled) {
      const id = s.split(' ')[1]!;
      console.log(
        `  stalled ${s}\n    owner ${owners.find((o) => o.game_id === id)?.node ?? 'none'}, stored moves ${moves.find((m) => m.game_id === id)?.n ?? 0}`,
      );
    }
  }
  if (lagDir && killedAt !== null) lagReport(lagDir, killedAt);
  console.log(
    JSON.stringify({
      processes: PROCS,
      games: GAMES,
      choicesPerSec: Math.round(stats.acks / elapsed),
      p50Ms: +pct(lat, 50).toFixed(2),
      p99Ms: +pct(lat, 99).toFixed(2),
      lostAcks,
      failoverMs,
    }),
  );
} catch (e) {
  console.error(`bench:cluster failed: ${(e as Error).stack ?? String(e)}\n${cluster.output()}`);
  exitCode = 1;
} finally {
  await clients?.stop();
  if (process.env.SERVER_NODE_OPTIONS) {
    // A profile (--cpu-prof) is written when its process exits by itself: SIGTERM, then a moment.
    for (const n of cluster.nodes) if (n.pid !== undefined) process.kill(n.pid, 'SIGTERM');
    await sleep(5000);
  }
  await cluster.stop();
  // Diagnostics: SERVER_LOG=file keeps what the server processes wrote.
  if (process.env.SERVER_LOG) writeFileSync(process.env.SERVER_LOG, cluster.output());
  if (lagDir) rmSync(lagDir, { recursive: true, force: true });
}
process.exit(exitCode);
