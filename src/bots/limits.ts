/**
 * Upper bounds on what a bot spec may ask for. A spec is text from outside (the lobby, a stored
 * game, the CLI's --bots) and a bot's budget is CPU time taken from every other game on a server,
 * so every budget has a ceiling here and a spec above it is refused, naming the fault. The server
 * may lower the think-time ceiling (BOT_MAX_MS); the others are fixed.
 *
 * ISMCTS makes a few thousand iterations a second, more in Relic Runners than in Quetzal (`npm
 * run bench:bots` prints them), so the iteration ceiling is at most about the think-time ceiling.
 * Greedy's time is mostly the heuristic's walk to the end of the turn, which every choice needs
 * whatever the budget: up to the ceiling a larger budget hardly slows it, far beyond it the
 * slowest decisions take seconds (`GREEDY=greedy:5000 node dist/bench/greedy.js`; figures in
 * bench/README.md). On a server every bot but `random` thinks in the worker pool, under a
 * deadline (src/server/bot-pool.ts).
 */

/** The limits a caller may tighten: a server lowers the think time with BOT_MAX_MS. */
export interface BotLimits {
  /** Longest think time an `ismcts:…ms` / `ismcts:…s` spec may ask for, in ms. */
  readonly maxMs: number;
}

/** Longest think time of a timed ISMCTS spec (the lobby's strongest level asks for 1 s). */
export const MAX_THINK_MS = 10_000;

/** Most iterations of an `ismcts:…it` spec (tests and the README use up to 2,000). */
export const MAX_ISMCTS_ITERATIONS = 20_000;

/** Largest greedy node budget (default 1,000; a larger one played no stronger: bench/README.md). */
export const MAX_GREEDY_BUDGET = 5_000;

/** Inclusive ranges of the ISMCTS settings after the limit (`ismcts:2s+c=0.7`). */
export const ISMCTS_SETTING_RANGES = {
  /** Best-child backup threshold in visits (0: mean backup); an integer. */
  max: { min: 0, max: 1_000, integer: true },
  /** Weight of the heuristic's unrealised potential. */
  potential: { min: 0, max: 1, integer: false },
  /** UCB exploration constant for rewards in [0, 1]. */
  c: { min: 0, max: 10, integer: false },
  /** VP margin of a clear lead (must be above 0: rewards divide by it). */
  scale: { min: 0.01, max: 100, integer: false },
  /** Playout length in turns beyond the leaf; an integer. */
  rollout: { min: 0, max: 50, integer: true },
  /** Share by which an estimated reward is pulled toward 1/2 (below 1). */
  shrink: { min: 0, max: 0.99, integer: false },
  /** Weight of the heuristic prior (progressive bias); 0 turns it off. */
  bias: { min: 0, max: 10, integer: false },
  /** Iterations per visit by which the best-child threshold grows (0: fixed); an integer. */
  per: { min: 0, max: 1_000_000, integer: true },
} as const;

export const DEFAULT_BOT_LIMITS: BotLimits = { maxMs: MAX_THINK_MS };

/**
 * The bot that plays, on a server, a seat whose own bot cannot be built from its stored spec
 * (refused by today's limits) or failed (threw, answered illegally, passed its deadline).
 */
export const FALLBACK_BOT_SPEC = 'greedy';
