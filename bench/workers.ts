/**
 * Simulation speed on worker threads: `npm run bench:workers`. Figures, not pass/fail.
 *
 * Runs the same seeded `expedition simulate` with --workers 1 and with --workers WORKERS (default
 * 2), alternating, REPS times (default 5), each a fresh process as a person runs it, and prints each
 * wall time, the speedup of every pair (time with 1 / time with WORKERS) and their median, mean,
 * standard deviation and range; it checks that both play the same games. Alternating pairs share
 * whatever else the machine does at that moment. First it measures what the machine offers:
 * WORKERS threads each spinning the loop one thread spins alone. On idle cores they take as long
 * as one; on a busy machine longer, and no simulation's speedup can beat that bound.
 *
 * Environment: GAME (default relic-runners), PLAYERS (default 4), BOTS (one spec for every seat,
 * or one per seat; default greedy), GAMES (per run; default 24), SEED (default bench-workers),
 * WORKERS (default 2), REPS (default 5).
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parseBotSpecs } from '../src/cli/simulate.js';
import { gameById } from '../src/bots/registry.js';

const env = (k: string, d: number) => Number(process.env[k] ?? d);
const game = gameById(process.env.GAME ?? 'relic-runners');
const players = env('PLAYERS', 4);
const specs = parseBotSpecs(process.env.BOTS ?? 'greedy', players);
const games = env('GAMES', 24);
const workers = env('WORKERS', 2);
const reps = env('REPS', 5);
const seed = process.env.SEED ?? 'bench-workers';
const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const fmt = (x: number) => x.toFixed(2);

/** Wall seconds of `expedition simulate` with `w` workers, and its hashes (which must not depend on w). */
function timed(w: number): { seconds: number; hashes: string[] } {
  const args = ['simulate', '--game', game.id, '--players', String(players), '--bots', specs.join(','), '--games', String(games)];
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [CLI, ...args, '--seed', seed, '--workers', String(w), '--json'], { encoding: 'utf8' });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`simulate --workers ${w} failed: ${r.stderr}`);
  return { seconds, hashes: (JSON.parse(r.stdout) as { hashes: string[] }).hashes };
}

/** Wall seconds for `threads` threads to spin the same loop each, side by side. */
async function spin(threads: number): Promise<number> {
  // A function called many times, so that it is compiled the usual way: one long top-level loop
  // depends on on-stack replacement, and its time for the same work varies several-fold from run to run.
  const loop =
    'function f(n) { let x = 0; for (let i = 0; i < n; i++) x = (x + i) | 0; return x; } ' +
    'let x = 0; for (let k = 0; k < 400; k++) x += f(1e7); require("node:worker_threads").parentPort.postMessage(x);';
  const t0 = performance.now();
  await Promise.all(Array.from({ length: threads }, () => new Promise((done) => new Worker(loop, { eval: true }).once('message', done))));
  return (performance.now() - t0) / 1000;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
process.stdout.write(
  `${game.id}, ${players} players (${specs.join(',')}), ${games} games per run, 1 vs ${workers} workers, ${reps} pairs; ` +
    `${availableParallelism()} cores, load ${load()}\n`,
);
const oneSpin = await spin(1);
const manySpin = await spin(workers);
const bound = (workers * oneSpin) / manySpin;
process.stdout.write(
  `the machine: ${workers} threads spin in ${fmt(manySpin)} s what 1 spins in ${fmt(oneSpin)} s: at most a speedup of ${fmt(bound)}\n`,
);
const reference = timed(1).hashes.join();
const ratios: number[] = [];
for (let r = 1; r <= reps; r++) {
  const one = timed(1);
  const many = timed(workers);
  if (one.hashes.join() !== reference || many.hashes.join() !== reference) throw new Error('the runs did not play the same games');
  ratios.push(one.seconds / many.seconds);
  process.stdout.write(
    `  pair ${r}: 1 worker ${fmt(one.seconds)} s, ${workers} workers ${fmt(many.seconds)} s, speedup ${fmt(ratios.at(-1)!)}\n`,
  );
}
const sorted = [...ratios].sort((a, b) => a - b);
const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
const sd = Math.sqrt(ratios.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, ratios.length - 1));
const mid = sorted.length / 2;
const median = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
process.stdout.write(
  `speedup ${workers} workers vs 1: median ${fmt(median)}, mean ${fmt(mean)} ± ${fmt(sd)} (sd), range ${fmt(sorted[0]!)}–${fmt(sorted.at(-1)!)}; load after ${load()}\n`,
);
const round = (x: number) => Math.round(x * 1000) / 1000;
process.stdout.write(
  JSON.stringify({
    game: game.id,
    players,
    bots: specs,
    games,
    workers,
    reps,
    ratios: ratios.map(round),
    median: round(median),
    mean: round(mean),
    sd: round(sd),
    machineBound: round(bound),
  }) + '\n',
);
