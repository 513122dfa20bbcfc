import type { GameId } from '../game-types.js';

/** A seat of a game played in the browser: a person at this screen, or a bot (spec as on the CLI). */
export interface LocalSeat {
  readonly kind: 'human' | 'bot';
  /** Bot spec: 'random', 'greedy', 'ismcts:1s', … */
  readonly bot?: string;
  readonly name?: string;
}

/** Everything needed to start an offline game; the engine's options as the server takes them. */
export interface LocalConfig {
  /** Relic Runners unless said otherwise. */
  readonly game?: GameId;
  readonly seats: readonly LocalSeat[];
  /** The game's options, as the server takes them (Relic Runners: layout, openScores). */
  readonly options: Readonly<Record<string, unknown>>;
  readonly seed: string;
}

/** localStorage key under which the lobby leaves a new offline game for /local to start. */
export const NEW_LOCAL_GAME_KEY = 'expedition.local.new';

/**
 * "Play again" at the end of an offline game: the same game, options and players, everyone one
 * seat further on (seat i of the old game plays seat i+1), with a new seed.
 */
export function playAgainConfig(
  r: { readonly game: string; readonly players: readonly LocalSeat[]; readonly options: unknown },
  seed: string,
): LocalConfig {
  const n = r.players.length;
  return {
    game: r.game as GameId,
    seats: r.players.map((_, i) => r.players[(i + n - 1) % n]!),
    options: r.options as Readonly<Record<string, unknown>>,
    seed,
  };
}

/** Called by the lobby (and "Play again"): /local picks the config up, starts the game and forgets the key. */
export function requestLocalGame(cfg: LocalConfig): void {
  localStorage.setItem(NEW_LOCAL_GAME_KEY, JSON.stringify(cfg));
}
