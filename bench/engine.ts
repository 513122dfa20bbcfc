/**
 * Engine benchmark: `npm run bench` (node --expose-gc dist/bench/engine.js).
 *
 * Everything runs on the main JS thread, i.e. one core (pin it with `taskset -c 0` for stricter
 * figures). BENCH_SECONDS (default 5) sets the length of the decisions/s run; the other
 * sections take a fraction of it. GAME (default relic-runners) picks the game, e.g.
 * `GAME=quetzal npm run bench`.
 */
import { randomBot } from '../src/bots/random.js';
import { decide } from '../src/bots/bot.js';
import type { AnyGame } from '../src/core/game.js';
import { createRng, CURRENT_SEEDING, type Rng, type Seeding } from '../src/core/rng.js';
import { gameById } from '../src/bots/registry.js';

const game: AnyGame = gameById(process.env.GAME ?? 'relic-runners');
const bot = randomBot();
const SECONDS = Math.max(0.1, Number(process.env.BENCH_SECONDS ?? 5));
const SEATS = 4;
const CAP = 400;
const TARGET = 1_000_000;

const gc = (globalThis as { gc?: () => void }).gc;
const now = () => Number(process.hrtime.bigint()) / 1e9;

let peakRss = 0;
let peakHeap = 0;
function sampleMemory(): void {
  const m = process.memoryUsage();
  if (m.rss > peakRss) peakRss = m.rss;
  if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
}

/**
 * A new game. By default set up with the fast generator (sfc32), as the samples bots play out are
 * (determinize puts a fork of the bot's sfc32 in them); `seeding` sets it up as a real game is.
 */
function fresh(seed: string, seeding?: Seeding): unknown {
  return game.setup(game.options(undefined), SEATS, seeding === undefined ? createRng(seed) : createRng(seed, seeding));
}

/** Random play from s until the end or the turn cap; returns the decisions made. Events are not built: nobody reads them here, as in a researcher's playout loop. */
function playOut(s: unknown, seed: string, cap = CAP): number {
  const rng = createRng(`${seed}/bot`);
  let n = 0;
  while (game.toAct(s) !== null && game.turn(s) <= cap) {
    game.apply(s, decide(game, s, bot, rng), false);
    n++;
  }
  return n;
}

// (a) decisions/s: list the choices, pick one at random, apply it. Setup is not timed.
function decisionsPerSecond(seconds: number, seeding?: Seeding) {
  gc?.();
  let decisions = 0;
  let timed = 0;
  let games = 0;
  while (timed < seconds) {
    const seed = `bench-a:${games++}`;
    const s = fresh(seed, seeding);
    const t0 = now();
    decisions += playOut(s, seed);
    timed += now() - t0;
    if ((games & 15) === 0) sampleMemory();
  }
  return { decisions, seconds: timed, perSecond: decisions / timed, games };
}

// (b) complete 4-player random playouts (setup included), cap 400 turns.
function playoutsPerSecond(seconds: number) {
  gc?.();
  let playouts = 0;
  let capped = 0;
  let decisions = 0;
  const t0 = now();
  let elapsed = 0;
  while (elapsed < seconds) {
    const seed = `bench-b:${playouts++}`;
    const s = fresh(seed);
    decisions += playOut(s, seed);
    if (game.toAct(s) !== null) capped++;
    if ((playouts & 15) === 0) sampleMemory();
    elapsed = now() - t0;
  }
  return { playouts, capped, perSecond: playouts / elapsed, meanDecisions: decisions / playouts, seconds: elapsed };
}

/** A mid-game state: half-way through a complete (uncapped) random game. */
function midGame(): { state: unknown; turn: number; decisions: number } {
  const seed = 'bench-mid';
  const total = playOut(fresh(seed), seed, Infinity);
  const s = fresh(seed);
  const rng = createRng(`${seed}/bot`);
  for (let i = 0; i < total >> 1; i++) game.apply(s, decide(game, s, bot, rng));
  return { state: s, turn: game.turn(s), decisions: total >> 1 };
}

/** Calls f repeatedly for about `seconds`; returns calls per second. */
function rate(seconds: number, f: (i: number) => unknown): { perSecond: number; calls: number } {
  gc?.();
  let calls = 0;
  let sink = 0;
  const t0 = now();
  let elapsed = 0;
  while (elapsed < seconds) {
    for (let i = 0; i < 1000; i++) if (f(calls + i) !== undefined) sink++;
    calls += 1000;
    if ((calls & 0x3fff) === 0) sampleMemory();
    elapsed = now() - t0;
  }
  if (sink < 0) console.log(sink);
  return { perSecond: calls / elapsed, calls };
}

/**
 * (e) The generator: seeding cost to the first draw (1: FNV-1a + splitmix32, 2: SHA-256 of the
 * seed, 3: HKDF-SHA256 of the seed and a ChaCha20 block) and stream speed. REPS runs of each,
 * interleaved so that the seedings see the same machine load; median and range.
 */
const REPS = 7;
type Spread = { median: number; min: number; max: number };
function spread(runs: number[]): Spread {
  const r = [...runs].sort((x, y) => x - y);
  return { median: r[r.length >> 1]!, min: r[0]!, max: r[r.length - 1]! };
}
const repeated = (f: () => number): Spread => spread(Array.from({ length: REPS }, f));
function seedingsPerSecond(seeding: Seeding, calls: number): number {
  gc?.();
  let sink = 0;
  const t0 = now();
  // Seeds of a server game's length (32 hex digits), all different.
  for (let i = 0; i < calls; i++) sink ^= createRng(`0123456789abcdef0123456789ab${i}`, seeding).u32();
  const t = now() - t0;
  if (sink === 0.5) console.log(sink);
  return calls / t;
}
function drawsPerSecond(rng: Rng, calls: number, draw: (r: Rng) => number): number {
  let sink = 0;
  const t0 = now();
  for (let i = 0; i < calls; i++) sink += draw(rng);
  const t = now() - t0;
  if (sink === -1) console.log(sink);
  return calls / t;
}
function rngFigures(seconds: number) {
  const seedCalls = Math.max(20_000, Math.round(200_000 * seconds));
  const drawCalls = Math.max(1_000_000, Math.round(10_000_000 * seconds));
  const seeding: Record<Seeding, number[]> = { 1: [], 2: [], 3: [] };
  for (let r = 0; r < REPS; r++) for (const k of [1, 2, 3] as const) seeding[k].push(seedingsPerSecond(k, seedCalls));
  const u32 = (k: Seeding, calls = drawCalls) => repeated(() => drawsPerSecond(createRng('bench-u32', k), calls, (r) => r.u32()));
  return {
    seed1: spread(seeding[1]),
    seed2: spread(seeding[2]),
    seed3: spread(seeding[3]),
    u32Seeding1: u32(1),
    u32Seeding2: u32(2),
    u32Seeding3: u32(3, drawCalls / 10),
    int6: repeated(() => drawsPerSecond(createRng('bench-int'), drawCalls, (r) => r.int(6))),
    float: repeated(() => drawsPerSecond(createRng('bench-float'), drawCalls, (r) => r.float())),
  };
}

const fmt = (x: number, digits = 0) => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mb = (b: number) => `${fmt(b / 1048576, 1)} MB`;

sampleMemory();
console.log(`Expedition engine benchmark: ${game.id}, ${SEATS} players, random bot, turn cap ${CAP}`);
console.log(`node ${process.version}, one core (main thread), ${gc ? 'gc exposed' : 'no --expose-gc'}, BENCH_SECONDS=${SECONDS}\n`);

// Warm up the JIT before measuring.
for (let i = 0; i < 20; i++) playOut(fresh(`warm:${i}`), `warm:${i}`);

const a = decisionsPerSecond(SECONDS);
const a3 = decisionsPerSecond(Math.max(0.5, SECONDS * 0.4), CURRENT_SEEDING);
const b = playoutsPerSecond(Math.max(1, SECONDS * 0.6));
const mid = midGame();
const seat = game.toAct(mid.state)!;
const clone = rate(Math.max(0.5, SECONDS * 0.2), () => game.clone(mid.state));
const detRng = createRng('bench-det');
const det = rate(Math.max(0.5, SECONDS * 0.2), () => game.determinize(mid.state, seat, detRng));
const hash = rate(Math.max(0.5, SECONDS * 0.2), () => game.hash(mid.state));
const rng = rngFigures(Math.max(0.1, SECONDS * 0.05));
sampleMemory();
const maxRss = process.resourceUsage().maxRSS * 1024;

const rows: [string, string, string][] = [
  [
    '(a) decisions/s (choices + pick + apply)',
    fmt(a.perSecond),
    `${fmt(a.decisions)} decisions in ${fmt(a.seconds, 2)} s over ${a.games} games`,
  ],
  // The 1 M decisions/s target is Relic Runners'; other games report their figures only.
  ...(game.id === 'relic-runners'
    ? [['    target', fmt(TARGET), `achieved ${fmt(a.perSecond / TARGET, 3)} × target`] as [string, string, string]]
    : []),
  [
    `    decisions/s, set up as a new game is (seeding ${CURRENT_SEEDING})`,
    fmt(a3.perSecond),
    `${fmt(a3.decisions)} decisions in ${fmt(a3.seconds, 2)} s over ${a3.games} games; the game's own generator draws during play`,
  ],
  [
    '(b) playouts/s (4 players, setup included)',
    fmt(b.perSecond, 1),
    `${b.playouts} playouts in ${fmt(b.seconds, 2)} s, ${b.capped} capped at ${CAP} turns`,
  ],
  ['    mean decisions per playout', fmt(b.meanDecisions, 1), ''],
  ['(c) clone()/s (mid-game state)', fmt(clone.perSecond), `state at turn ${mid.turn}, after ${mid.decisions} decisions`],
  ['    determinize()/s (same state)', fmt(det.perSecond), `for seat ${seat}`],
  ['    hash()/s (same state)', fmt(hash.perSecond), ''],
  ['(d) peak rss', mb(Math.max(peakRss, maxRss)), `sampled peak ${mb(peakRss)}, getrusage maxRSS ${mb(maxRss)}`],
  ['    peak heapUsed', mb(peakHeap), 'sampled every 16 games and every 16k calls'],
  [
    '(e) createRng/s, seeding 1 (FNV-1a, 32 bits)',
    fmt(rng.seed1.median),
    `median of ${REPS}, range ${fmt(rng.seed1.min)}–${fmt(rng.seed1.max)}; legacy, version-1 records`,
  ],
  [
    '    createRng/s, seeding 2 (SHA-256, 128 bits)',
    fmt(rng.seed2.median),
    `median of ${REPS}, range ${fmt(rng.seed2.min)}–${fmt(rng.seed2.max)}; ${fmt(rng.seed1.median / rng.seed2.median, 1)} × the cost of seeding 1`,
  ],
  [
    '    createRng/s, seeding 3 (HKDF-SHA256, ChaCha20)',
    fmt(rng.seed3.median),
    `median of ${REPS}, range ${fmt(rng.seed3.min)}–${fmt(rng.seed3.max)}; ${fmt(rng.seed1.median / rng.seed3.median, 1)} × the cost of seeding 1`,
  ],
  [
    '    u32()/s, seeding 1 generator',
    fmt(rng.u32Seeding1.median),
    `median of ${REPS}, range ${fmt(rng.u32Seeding1.min)}–${fmt(rng.u32Seeding1.max)}`,
  ],
  [
    '    u32()/s, seeding 2 generator',
    fmt(rng.u32Seeding2.median),
    `median of ${REPS}, range ${fmt(rng.u32Seeding2.min)}–${fmt(rng.u32Seeding2.max)}; the same sfc32 step`,
  ],
  [
    '    u32()/s, seeding 3 generator',
    fmt(rng.u32Seeding3.median),
    `median of ${REPS}, range ${fmt(rng.u32Seeding3.min)}–${fmt(rng.u32Seeding3.max)}; ChaCha20, a game's set-up and in-play draws`,
  ],
  ['    int(6)/s', fmt(rng.int6.median), `median of ${REPS}, range ${fmt(rng.int6.min)}–${fmt(rng.int6.max)}`],
  ['    float()/s', fmt(rng.float.median), `median of ${REPS}, range ${fmt(rng.float.min)}–${fmt(rng.float.max)}`],
];
const w0 = Math.max(...rows.map((r) => r[0].length));
const w1 = Math.max(...rows.map((r) => r[1].length));
console.log(`${'measure'.padEnd(w0)}  ${'value'.padStart(w1)}  notes`);
console.log(`${'-'.repeat(w0)}  ${'-'.repeat(w1)}  ${'-'.repeat(40)}`);
for (const [k, v, n] of rows) console.log(`${k.padEnd(w0)}  ${v.padStart(w1)}  ${n}`);
console.log();
console.log(
  JSON.stringify({
    game: game.id,
    node: process.version,
    seats: SEATS,
    cap: CAP,
    decisionsPerSecond: Math.round(a.perSecond),
    decisionsPerSecondNewGame: Math.round(a3.perSecond),
    decisionsTarget: TARGET,
    targetRatio: Math.round((a.perSecond / TARGET) * 1000) / 1000,
    playoutsPerSecond: Math.round(b.perSecond * 10) / 10,
    playouts: b.playouts,
    playoutsCapped: b.capped,
    meanDecisionsPerPlayout: Math.round(b.meanDecisions * 10) / 10,
    clonePerSecond: Math.round(clone.perSecond),
    determinizePerSecond: Math.round(det.perSecond),
    hashPerSecond: Math.round(hash.perSecond),
    createRngPerSecond: {
      seeding1: Math.round(rng.seed1.median),
      seeding2: Math.round(rng.seed2.median),
      seeding3: Math.round(rng.seed3.median),
    },
    u32PerSecond: {
      seeding1: Math.round(rng.u32Seeding1.median),
      seeding2: Math.round(rng.u32Seeding2.median),
      seeding3: Math.round(rng.u32Seeding3.median),
    },
    int6PerSecond: Math.round(rng.int6.median),
    floatPerSecond: Math.round(rng.float.median),
    peakRssBytes: Math.max(peakRss, maxRss),
    peakHeapUsedBytes: peakHeap,
  }),
);
