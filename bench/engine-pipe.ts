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
 *  - pipe, batched: one line carries an apply for each game still going (BATCH of them at once).
 * GAME (default quetzal), SEATS (3), GAMES (256, the batched and in-process runs), SINGLE_GAMES
 * (32) and BATCH (256) set the run. In-process and batched runs alternate, three rounds each after
 * a warm-up round, and their medians are compared.
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

type Answer = { ok: boolean; gameId?: number; count?: number; toAct?: number | null; responses?: Answer[]; error?: unknown };

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

async function overPipe(games: number, batch: number): Promise<{ decisions: number; seconds: number }> {
  const { ask, stop } = engine();
  await ask({ type: 'hello' });
  let decisions = 0;
  const t0 = now();
  for (let first = 1; first <= games; first += batch) {
    const ks = Array.from({ length: Math.min(batch, games - first + 1) }, (_, i) => first + i);
    const created = check(
      await ask({ type: 'batch', requests: ks.map((k) => ({ id: k, type: 'create', game: GAME, seats: SEATS, seed: seed(k) })) }),
    );
    let live = created.responses!.map((r, i) => ({ gameId: r.gameId!, count: r.count!, rng: picker(ks[i]!) }));
    while (live.length > 0) {
      const reqs = live.map((g) => ({ id: g.gameId, type: 'apply', gameId: g.gameId, index: g.rng.int(g.count) }));
      const answers = batch === 1 ? [check(await ask(reqs[0]!))] : check(await ask({ type: 'batch', requests: reqs })).responses!;
      decisions += live.length;
      answers.forEach((a, i) => (live[i]!.count = check(a).toAct === null ? 0 : a.count!));
      const over = live.filter((g) => g.count === 0);
      if (over.length > 0) {
        await ask({ type: 'batch', requests: over.map((g) => ({ id: g.gameId, type: 'close', gameId: g.gameId })) });
        live = live.filter((g) => g.count > 0);
      }
    }
  }
  const seconds = now() - t0;
  stop();
  return { decisions, seconds };
}

const rate = (r: { decisions: number; seconds: number }): number => r.decisions / r.seconds;
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

/** The median of three rounds, in-process and batched alternating, so that a busy machine's spells of load fall on both. */
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[1]!;
inProcess(GAMES); // warm up the JIT on the engine
const localRates: number[] = [];
const batchedRates: number[] = [];
let local = inProcess(GAMES);
let batched = await overPipe(GAMES, BATCH);
for (let round = 0; round < 3; round++) {
  local = inProcess(GAMES);
  localRates.push(rate(local));
  batched = await overPipe(GAMES, BATCH);
  batchedRates.push(rate(batched));
}
const localSingle = inProcess(SINGLE_GAMES);
const single = await overPipe(SINGLE_GAMES, 1);
if (single.decisions !== localSingle.decisions || batched.decisions !== local.decisions) {
  throw new Error('the pipe played other games than the engine in-process');
}
const inProc = median(localRates);
const batchedRate = median(batchedRates);
console.log(`${GAME}, ${SEATS} seats, random choices; node ${process.version}`);
console.log(`  in-process          ${fmt(inProc).padStart(9)} decisions/s  (${GAMES} games, ${local.decisions} decisions; median of 3)`);
console.log(
  `  pipe, single        ${fmt(rate(single)).padStart(9)} decisions/s  (${SINGLE_GAMES} games, one request a line)  ${((100 * rate(single)) / inProc).toFixed(1)} % of in-process`,
);
console.log(
  `  pipe, batched ${String(BATCH).padStart(4)}  ${fmt(batchedRate).padStart(9)} decisions/s  (${GAMES} games; median of 3)  ${((100 * batchedRate) / inProc).toFixed(1)} % of in-process (goal: 25 %)`,
);
