import { botFromSpec, type Bot } from '../bots/index.js';
import { gameById } from '../bots/registry.js';
import { gameSeed, playGame, type GameOutcome } from './simulate.js';
import { CommandError } from './common.js';
import { runOrdered, WorkerFailed } from './worker-pool.js';

/**
 * What every game of a run shares. Plain data, since it crosses to worker threads: bots cannot
 * (they are closures), so a game names its seats' bots by spec and whoever plays it builds them.
 */
export interface GameRun {
  readonly game: string;
  readonly players: number;
  readonly seed: string;
  readonly cap: number;
  readonly options?: unknown;
}

/** Game n (1-based) of a run, with the bot spec of every seat. */
export interface GameTask {
  readonly n: number;
  readonly seats: readonly string[];
}

/** Bots by spec, built once per thread: bots keep no state between decisions, so one serves every seat. */
export class BotCache {
  private readonly bots = new Map<string, Bot>();
  get(spec: string): Bot {
    let bot = this.bots.get(spec);
    if (!bot) this.bots.set(spec, (bot = botFromSpec(spec)));
    return bot;
  }
}

/** Plays one game of a run; the same in the parent (one worker) as in a worker thread. */
export function playTask(run: GameRun, task: GameTask, bots: BotCache): GameOutcome {
  const game = gameById(run.game);
  const seated = task.seats.map((s) => bots.get(s));
  return playGame({ game, players: run.players, games: task.n, seed: run.seed, bots: seated, cap: run.cap, options: run.options }, task.n);
}

export const GAME_WORKER = new URL('./game-worker.js', import.meta.url);

/**
 * Plays games 1 … count of a run, `workers` at a time, and hands each outcome to `onOutcome` in
 * game order, so that whatever sums them up (hashes, ratings) comes out as with one worker. One
 * worker plays in this thread, yielding now and then so that the terminal and signals get a turn.
 */
export async function playGames(
  run: GameRun,
  count: number,
  seatsOf: (n: number) => readonly string[],
  workers: number,
  onOutcome: (o: GameOutcome) => void,
): Promise<void> {
  if (workers <= 1) {
    const bots = new BotCache();
    for (let n = 1; n <= count; n++) {
      onOutcome(playTask(run, { n, seats: seatsOf(n) }, bots));
      if (n % 8 === 0) await new Promise((r) => setImmediate(r));
    }
    return;
  }
  try {
    await runOrdered<GameTask, GameOutcome>({
      script: GAME_WORKER,
      workerData: run,
      workers,
      count,
      task: (i) => ({ n: i + 1, seats: seatsOf(i + 1) }),
      onResult: onOutcome,
      describe: (i) => `game ${i + 1} (seed "${gameSeed(run.seed, i + 1)}")`,
    });
  } catch (e) {
    if (e instanceof WorkerFailed) throw new CommandError(e.message);
    throw e;
  }
}
