import { parentPort, workerData } from 'node:worker_threads';
import type { Choice } from '../core/game.js';
import { createRng, type Seeding } from '../core/rng.js';
import { botFromSpec, decide, hint, type Bot, type Hint } from '../bots/index.js';
import { gameById } from '../bots/registry.js';

/** The game a job is about: rebuilt in the worker from its seed and log. */
export interface GameLog {
  readonly game: string;
  readonly seats: number;
  readonly seed: string;
  /** The seeding the game's seed is read with (LiveGame.seeding). */
  readonly rng: Seeding;
  readonly options: unknown;
  /**
   * The moves so far, each as the index of its choice among the legal choices of its position
   * (Match's packed log, `choiceCodes`): the worker runs the server's engine, so the indexes mean
   * the same choices there, and the server need not play the game again to name them.
   */
  readonly codes: readonly number[];
  /** Seeds the generator the bot (or the hint) draws from. */
  readonly rngSeed: string;
}

/**
 * A bot's thinking, off the server's event loop: rebuild the game from its log, decide, answer;
 * or a hint (src/bots/hint.ts): the greedy suggestion for `hint`, the seat to act.
 */
export type BotJob = GameLog & { readonly id: number } & ({ readonly bot: string } | { readonly hint: number });

export type BotAnswer =
  /**
   * `cut`: the pool asked the search to stop early (BotPool's slices); the pool adds `cutAtMs`, how
   * long the table waited for it.
   */
  | { readonly id: number; readonly choice: Choice; readonly cut?: true; readonly cutAtMs?: number }
  | { readonly id: number; readonly hint: Hint }
  | { readonly id: number; readonly error: string };

/** Set to 1 by the pool to ask the job running now to answer with its best so far (BotPool). */
const stopFlag = (workerData as { stop?: Int32Array } | null)?.stop ?? new Int32Array(1);
const stop = (): boolean => Atomics.load(stopFlag, 0) !== 0;

/** Bots built so far, by spec; cleared when full, since distinct specs are many but bots cheap to build. */
const bots = new Map<string, Bot>();
const MAX_CACHED_BOTS = 64;

parentPort?.on('message', (job: BotJob) => {
  try {
    const game = gameById(job.game);
    const state = game.setup(game.options(job.options), job.seats, createRng(job.seed, job.rng));
    for (const [i, code] of job.codes.entries()) {
      const c = game.choices(state)[code];
      if (c === undefined) throw new Error(`move ${i}: no legal choice #${code}`);
      game.apply(state, c, false);
    }
    if ('hint' in job) {
      parentPort!.postMessage({ id: job.id, hint: hint(game, state, job.hint, createRng(job.rngSeed)) } satisfies BotAnswer);
      return;
    }
    let bot = bots.get(job.bot);
    if (!bot) {
      if (bots.size >= MAX_CACHED_BOTS) bots.clear();
      bots.set(job.bot, (bot = botFromSpec(job.bot)));
    }
    const choice = decide(game, state, bot, createRng(job.rngSeed), stop);
    const answer: BotAnswer = stop() ? { id: job.id, choice, cut: true } : { id: job.id, choice };
    parentPort!.postMessage(answer);
  } catch (e) {
    parentPort!.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) } satisfies BotAnswer);
  }
});
