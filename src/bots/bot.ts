import type { AnyGame, Choice, Seat } from '../core/game.js';
import type { Rng } from '../core/rng.js';

/** What a bot is given to decide: never the true state. */
export interface BotInput {
  readonly game: AnyGame;
  readonly seat: Seat;
  /** The legal choices of the seat (what the seat itself sees). */
  readonly choices: readonly Choice[];
  /**
   * A state consistent with what `seat` knows, its hidden information drawn at random
   * (Game.determinize); null for bots that decide from the choices alone.
   */
  readonly sample: unknown;
  readonly rng: Rng;
  /**
   * Asks a bot that searches until a limit (ISMCTS) to stop now and answer with its best choice so
   * far: a server shares its workers between tables this way. Absent: search to the limit.
   */
  readonly stop?: () => boolean;
}

/**
 * A bot picks one of the choices it is given. It is written against the core contract only, so
 * it runs in Node, on the server and in a Web Worker.
 */
export interface Bot {
  readonly name: string;
  /** Whether the bot reads a state; false lets `decide` skip drawing a sample. */
  readonly needsSample: boolean;
  /** The think time its spec grants, for a bot that stops on the clock: a server's deadline builds on it. */
  readonly timeLimitMs?: number;
  /**
   * The bot searches until a limit and can answer early with its best choice so far (BotInput.stop):
   * a server runs it among the searches, which take turns, and other bots among the quick jobs.
   */
  readonly anytime?: true;
  /** Returns one of `input.choices`, or a choice equal to one of them. */
  choose(input: BotInput): Choice;
}

/**
 * The only way a bot is asked for a choice. It gets a determinized sample, never the true state,
 * and its answer is mapped back to the true state's equal choice. Choices never depend on what the
 * acting seat cannot know, so the sample's list and the true list match one to one.
 */
export function decide(game: AnyGame, state: unknown, bot: Bot, rng: Rng, stop?: () => boolean): Choice {
  const seat = game.toAct(state);
  if (seat === null) throw new Error('no decision is owed: the game is over');
  const real = game.choices(state);
  if (!bot.needsSample) return matchChoice(bot.name, real, real, bot.choose({ game, seat, choices: real, sample: null, rng }));
  const sample = game.determinize(state, seat, rng);
  const mine = game.choices(sample);
  return matchChoice(bot.name, mine, real, bot.choose({ game, seat, choices: mine, sample, rng, ...(stop ? { stop } : {}) }));
}

/** The true state's choice equal to `c`, one of `offered` (the sample's list, in the same order). */
export function matchChoice(name: string, offered: readonly Choice[], real: readonly Choice[], c: Choice): Choice {
  let i = offered.indexOf(c);
  if (i < 0) {
    const key = JSON.stringify(c);
    i = offered.findIndex((o) => JSON.stringify(o) === key);
  }
  if (i < 0) throw new Error(`bot ${name} returned a choice that was not offered: ${JSON.stringify(c)}`);
  const r = real[i];
  if (r === undefined || (offered !== real && JSON.stringify(r) !== JSON.stringify(offered[i]))) {
    throw new Error(`the sample offered other choices than the true state at ${JSON.stringify(c)}`);
  }
  return r;
}
