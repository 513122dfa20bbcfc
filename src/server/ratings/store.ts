/**
 * What the stores keep of ratings and read for the profiles: each account's rating per game, a
 * history row per rated game it played, and each finished game's result (scores, ranks, who
 * left). One interface on SQLite (store-sqlite.ts) and PostgreSQL (store-postgres.ts), in the
 * game store's database. Written only in the transaction that stores a game's last move
 * (Store.appendMove with `end`), never by any other move.
 */
import type { GameStatus } from '../store.js';

/** One row of a game's leaderboard. */
export interface LeaderRow {
  readonly accountId: string;
  readonly name: string;
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
}

/** An account's rating at one game. */
export interface RatingRow {
  readonly game: string;
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
  readonly lastPlayedAt: number;
}

/** What one rated game did to an account's rating. */
export interface HistoryRow {
  readonly game: string;
  readonly gameId: string;
  /** When the game ended. */
  readonly at: number;
  readonly muBefore: number;
  readonly sigmaBefore: number;
  readonly mu: number;
  readonly sigma: number;
  readonly rank: number;
  /** The account's seat was handed to a bot because its player was away or out of time. */
  readonly left: boolean;
}

/** A seat of a game, as a profile lists its players. */
export interface GamePlayer {
  readonly seat: number;
  readonly name: string | null;
  readonly kind: 'human' | 'bot';
  /** The bot spec of a bot seat, or of the bot now playing a human seat. */
  readonly bot: string | null;
}

/** A game an account has a seat in. */
export interface AccountGame {
  readonly gameId: string;
  readonly game: string;
  /** The account's seats (a bot level's account may play several). */
  readonly seats: readonly number[];
  readonly status: GameStatus;
  readonly rated: boolean;
  readonly moves: number;
  readonly updatedAt: number;
  readonly players: readonly GamePlayer[];
  /** Once finished (games finished before results were kept have none). */
  readonly result: { readonly endedAt: number; readonly scores: number[]; readonly ranks: number[]; readonly left: boolean[] } | null;
}

export interface RatingStore {
  /** Accounts with at least `minGames` rated games of `game`, the last one at `since` or later, best rating first. */
  leaderboard(game: string, opts: { readonly since: number; readonly minGames: number; readonly limit: number }): Promise<LeaderRow[]>;
  /** The account's rating at each game it played rated. */
  ratingsOf(accountId: string): Promise<RatingRow[]>;
  /** The account's history rows, oldest first. */
  historyOf(accountId: string): Promise<HistoryRow[]>;
  /** The games the account has a seat in, of that status, the latest changed first. */
  gamesOf(accountId: string, opts: { readonly status: GameStatus; readonly limit: number }): Promise<AccountGame[]>;
  /** The accounts attached to a game's seats. */
  seatAccounts(gameId: string): Promise<Map<number, string>>;
}
