/**
 * Simulation speed on worker threads: `npm run bench:workers`. Figures, not pass/fail.
 *
 * Plays the same seeded run with 1 worker (this thread) and with WORKERS (default 2) worker
 * threads, alternating, REPS times (default 5), and prints each wall time, the speedup of every
 * pair (time with 1 / time with WORKERS) and their median, mean, standard deviation and range.
 * Alternating pairs share whatever else the machine does at that moment.
 *
 * Environment: GAME (default relic-runners), PLAYERS (default 4), BOTS (one spec for every seat,
 * or one per seat; default greedy), GAMES (per run; default 24), SEED (default bench-workers),
 * WORKERS (default 2), REPS (default 5).
 */
import { availableParallelism, loadavg } from 'node:os';
import { playGames, type GameRun } from '../src/cli/play-games.js';
import { parseBotSpecs } from '../src/cli/simulate.js';
import { gameById } from '../src/games/index.js';

const env = (k: string, d: number) => Number(process.env[k] ?? d);
const game = gameById(process.env.GAME ?? 'relic-runners');
const players = env('PLAYERS', 4);
const specs = parseBotSpecs(process.env.BOTS ?? 'greedy', players);
const games = env('GAMES', 24);
const workers = env('WORKERS', 2);
const reps = env('REPS', 5);
const run: GameRun = { game: game.id, players, seed: process.env.SEED ?? 'bench-workers', cap: 400 };

/** Wall seconds of the run on `w` workers, and its hashes (which must not depend on w). */
async function timed(w: number): Promise<{ seconds: number; hashes: string[] }> {
  const hashes: string[] = [];
  const t0 = performance.now();
  await playGames(
    run,
    games,
    () => specs,
    w,
    (o) => hashes.push(o.hash),
  );
  return { seconds: (performance.now() - t0) / 1000, hashes };
}

const fmt = (x: number) => x.toFixed(2);
process.stdout.write(
  `${game.id}, ${players} players (${specs.join(',')}), ${games} games per run, 1 vs ${workers} workers, ${reps} pairs; ` +
    `${availableParallelism()} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
);
// A warm-up run of each, so that neither side pays for compiling the engine first.
const reference = await timed(1);
await timed(workers);
const ratios: number[] = [];
for (let r = 1; r <= reps; r++) {
  const one = await timed(1);
  const many = await timed(workers);
  if (one.hashes.join() !== reference.hashes.join() || many.hashes.join() !== reference.hashes.join()) {
    throw new Error('the runs did not play the same games');
  }
  ratios.push(one.seconds / many.seconds);
  process.stdout.write(
    `  pair ${r}: 1 worker ${fmt(one.seconds)} s, ${workers} workers ${fmt(many.seconds)} s, speedup ${fmt(ratios.at(-1)!)}\n`,
  );
}
const sorted = [...ratios].sort((a, b) => a - b);
const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
const sd = Math.sqrt(ratios.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, ratios.length - 1));
const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
process.stdout.write(
  `speedup ${workers} workers vs 1: median ${fmt(median)}, mean ${fmt(mean)} ± ${fmt(sd)} (sd), range ${fmt(sorted[0]!)}–${fmt(sorted.at(-1)!)}, load after ${loadavg()[0]!.toFixed(1)}\n`,
);
process.stdout.write(
  JSON.stringify({
    game: game.id,
    players,
    bots: specs,
    games,
    workers,
    reps,
    ratios: ratios.map((x) => Math.round(x * 1000) / 1000),
    median,
    mean,
    sd,
  }) + '\n',
);
