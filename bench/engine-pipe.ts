/**
 * The engine over a pipe against the engine in this process: `npm run bench:engine-pipe`.
 *
 * The same games (seeds "pipe:1", "pipe:2", …; each game's random choices drawn from its own
 * generator, so every mode plays the same decisions) are played three ways, and decisions per
 * second are printed for each:
 *  - in-process: the game contract called directly (choices, pick, apply), as an agent in
 *    TypeScript would;
 *  - pipe, single: `expedition engine` in a child process, one apply request per line, each
 *    answered before the next is sent (an agent stepping one game);
 *  - pipe, step: one `step` line carries a choice index for each game still going (BATCH of them
 *    at once, split into IN_FLIGHT lines waiting at once), answered with each game's count of
 *    legal choices and seat to act;
 *  - pipe, batch of applies: one `batch` line carries an apply request for each game still going.
 * GAME (default quetzal), SEATS (3), GAMES (256, the batched and in-process runs), SINGLE_GAMES
 * (32), BATCH (256) and IN_FLIGHT (2) set the run. In-process, step and batch runs alternate, three
 * rounds each after a warm-up round, and their medians are compared.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gameById } from '../src/bots/registry.js';
import { createRng, type Rng } from '../src/core/rng.js';

const GAME = process.env.GAME ?? 'quetzal';
const SEATS = Number(process.env.SEATS ?? 3);
const GAMES = Number(process.env.GAMES ?? 256);
const SINGLE_GAMES = Number(process.env.SINGLE_GAMES ?? 32);
const BATCH = Number(process.env.BATCH ?? 256);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 2);
const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));

const seed = (k: number): string => `pipe:${k}`;
const picker = (k: number): Rng => createRng(`pick:${k}`);
const now = (): number => performance.now() / 1000;

function inProcess(games: number): { decisions: number; seconds: number } {
  const game = gameById(GAME);
  let decisions = 0;
  const t0 = now();
  for (let k = 1; k <= games; k++) {
    const s = game.setup(game.options(undefined), SEATS, createRng(seed(k), 3));
    const rng = picker(k);
    while (game.toAct(s) !== null) {
      const cs = game.choices(s);
      game.apply(s, cs[rng.int(cs.length)], false);
      decisions++;
    }
  }
  return { decisions, seconds: now() - t0 };
}

type Answer = {
  ok: boolean;
  gameId?: number;
  count?: number;
  toAct?: number | null | (number | null)[];
  counts?: number[];
  responses?: Answer[];
  error?: unknown;
};

/** How the pipe runs send their choices: an apply a line, a batch of applies, or a step. */
type Mode = 'single' | 'batch' | 'step';

/** An engine child process; `ask` sends one line and resolves with its answer. */
function engine() {
  const child = spawn(process.execPath, [CLI, 'engine'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting: ((a: Answer) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (l) => waiting.shift()!(JSON.parse(l) as Answer));
  let id = 0;
  const ask = (req: Record<string, unknown>): Promise<Answer> =>
    new Promise((resolve) => {
      waiting.push(resolve);
      child.stdin.write(JSON.stringify({ id: ++id, ...req }) + '\n');
    });
  return { ask, stop: () => child.stdin.end() };
}

function check(a: Answer): Answer {
  if (!a.ok) throw new Error(`the engine refused: ${JSON.stringify(a.error)}`);
  return a;
}

type Engine = ReturnType<typeof engine>;

/**
 * Plays games 1…`games` over the pipe in `mode`, `batch` games a line, until all are over. A
 * step's games are split into IN_FLIGHT groups, each with a line of its own waiting to be answered,
 * so that the engine plays one group's line while this process reads the other's answer and draws
 * its next choices: an agent stepping many games over a pipe keeps the pipe busy the same way.
 */
async function overPipe(games: number, batch: number, mode: Mode, { ask }: Engine): Promise<{ decisions: number; seconds: number }> {
  await ask({ type: 'hello' });
  let decisions = 0;
  const t0 = now();
  const play = async (ks: number[]): Promise<void> => {
    const created = check(
      await ask({ type: 'batch', requests: ks.map((k) => ({ id: k, type: 'create', game: GAME, seats: SEATS, seed: seed(k) })) }),
    );
    let live = created.responses!.map((r, i) => ({ gameId: r.gameId!, count: r.count!, rng: picker(ks[i]!) }));
    while (live.length > 0) {
      if (mode === 'step') {
        const a = check(await ask({ type: 'step', games: live.map((g) => g.gameId), choices: live.map((g) => g.rng.int(g.count)) }));
        live.forEach((g, i) => (g.count = a.counts![i]!));
      } else {
        const reqs = live.map((g) => ({ id: g.gameId, type: 'apply', gameId: g.gameId, index: g.rng.int(g.count) }));
        const answers = mode === 'single' ? [check(await ask(reqs[0]!))] : check(await ask({ type: 'batch', requests: reqs })).responses!;
        answers.forEach((a, i) => (live[i]!.count = check(a).toAct === null ? 0 : a.count!));
      }
      decisions += live.length;
      const over = live.filter((g) => g.count === 0);
      if (over.length > 0) {
        await ask({ type: 'batch', requests: over.map((g) => ({ id: g.gameId, type: 'close', gameId: g.gameId })) });
        live = live.filter((g) => g.count > 0);
      }
    }
  };
  const groups = mode === 'step' ? IN_FLIGHT : 1;
  for (let first = 1; first <= games; first += batch) {
    const ks = Array.from({ length: Math.min(batch, games - first + 1) }, (_, i) => first + i);
    await Promise.all(Array.from({ length: groups }, (_, g) => play(ks.filter((_, i) => i % groups === g))));
  }
  return { decisions, seconds: now() - t0 };
}

const rate = (r: { decisions: number; seconds: number }): number => r.decisions / r.seconds;
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

/** The median of three rounds, in-process, step and batch alternating, so that a busy machine's spells of load fall on both. */
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[1]!;
// One engine process per mode for the whole run, warmed up like the engine in this process: an
// agent's engine lives for many games.
const stepEngine = engine();
const batchEngine = engine();
const singleEngine = engine();
// A warm-up round: the JIT, here and in the engine processes.
let local = inProcess(GAMES);
let stepped = await overPipe(GAMES, BATCH, 'step', stepEngine);
let batched = await overPipe(GAMES, BATCH, 'batch', batchEngine);
await overPipe(SINGLE_GAMES, 1, 'single', singleEngine);
const localRates: number[] = [];
const stepRates: number[] = [];
const batchRates: number[] = [];
for (let round = 0; round < 3; round++) {
  local = inProcess(GAMES);
  localRates.push(rate(local));
  stepped = await overPipe(GAMES, BATCH, 'step', stepEngine);
  stepRates.push(rate(stepped));
  batched = await overPipe(GAMES, BATCH, 'batch', batchEngine);
  batchRates.push(rate(batched));
}
const localSingle = inProcess(SINGLE_GAMES);
const single = await overPipe(SINGLE_GAMES, 1, 'single', singleEngine);
for (const e of [stepEngine, batchEngine, singleEngine]) e.stop();
if (single.decisions !== localSingle.decisions || batched.decisions !== local.decisions || stepped.decisions !== local.decisions) {
  throw new Error('the pipe played other games than the engine in-process');
}
const inProc = median(localRates);
const share = (r: number): string => `${((100 * r) / inProc).toFixed(1)} % of in-process`;
console.log(`${GAME}, ${SEATS} seats, random choices; node ${process.version}`);
console.log(`  in-process          ${fmt(inProc).padStart(9)} decisions/s  (${GAMES} games, ${local.decisions} decisions; median of 3)`);
console.log(
  `  pipe, single        ${fmt(rate(single)).padStart(9)} decisions/s  (${SINGLE_GAMES} games, one apply a line)  ${share(rate(single))}`,
);
console.log(
  `  pipe, step    ${String(BATCH).padStart(4)}  ${fmt(median(stepRates)).padStart(9)} decisions/s  (${GAMES} games; median of 3)  ${share(median(stepRates))} (goal: 25 %)`,
);
console.log(
  `  pipe, batch   ${String(BATCH).padStart(4)}  ${fmt(median(batchRates)).padStart(9)} decisions/s  (${GAMES} games, a batch of applies; median of 3)  ${share(median(batchRates))}`,
);
