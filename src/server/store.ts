import type { AccountStore } from './accounts/store.js';
import type { BotStore } from './accounts/bot-store.js';
import type { ChatStore } from './chat/store.js';
import type { GameEnd } from './ratings/rate.js';
import type { RatingStore } from './ratings/store.js';
import type { WaitStore } from './waits/store.js';
import type { MatchQueueStore } from './matchmaking/store.js';

/**
 * Durable storage of games behind one interface: SQLite (better-sqlite3, WAL) by default,
 * PostgreSQL (pg) when DATABASE_URL is set. The move log is the truth: a game is its seed,
 * options, seats and the ordered list of accepted choices; everything else is rebuilt by replay.
 */

export type GameStatus = 'active' | 'finished' | 'abandoned';

export interface SeatConfig {
  readonly seat: number;
  readonly kind: 'human' | 'bot';
  /** Bot spec (e.g. "greedy", "ismcts:500ms") for bot seats; for a human seat handed to a bot, the bot now playing it. */
  readonly bot: string | null;
  /** Display name. */
  readonly name: string | null;
  /** SHA-256 hex of the seat's secret token (human seats); the token itself is never stored. */
  readonly tokenHash: string | null;
  /**
   * SHA-256 hex of the seat's invitation key (human seats): the secret in the seat's link, which
   * takes the seat on any device. Stored hashed like the token; null for bot seats and for human
   * seats of games created before invitation keys existed.
   */
  readonly inviteHash: string | null;
  /** Whether a player has claimed the seat. */
  readonly claimed: boolean;
  /** Remaining time bank in ms when the game has clocks, else null. */
  readonly clockMs: number | null;
}

/** The fields of a seat that change during a game (Store.updateSeat). */
export type SeatPatch = Partial<Pick<SeatConfig, 'kind' | 'bot' | 'name' | 'tokenHash' | 'inviteHash' | 'claimed' | 'clockMs'>>;

export interface NewGame {
  readonly id: string;
  readonly game: string;
  readonly seats: number;
  readonly seed: string;
  readonly options: unknown;
  /** Extra settings (clocks, bot pacing, visibility) as JSON. */
  readonly settings: unknown;
  readonly createdAt: number;
  /** Open to anyone: listed in the lobby, and its free seats may be taken without their link. */
  readonly listed: boolean;
  /** Rated: its end updates its players' ratings (default false). */
  readonly rated?: boolean;
}

export interface MoveRow {
  /** 0-based position in the log. */
  readonly index: number;
  readonly seat: number;
  readonly choice: unknown;
  /** Engine state hash after this choice. */
  readonly hash: string;
  readonly at: number;
}

/**
 * Events of the table between two moves (a seat handed to a bot and why, a seat taken back by its
 * player), as the game log tells them. Stored with the seat change they come with, so that the
 * log reads the same after a restart or a takeover by another process.
 */
export interface TableEntry<Events = unknown> {
  /** How many moves were played before them (0: before the first). */
  readonly move: number;
  readonly at: number;
  /** The events, as JSON. */
  readonly events: Events;
}

export interface StoredGame extends NewGame {
  readonly rated: boolean;
  readonly status: GameStatus;
  /** State hash after the last move (or after setup when there is none). */
  readonly hash: string;
  readonly updatedAt: number;
  readonly seatConfigs: SeatConfig[];
  readonly moves: MoveRow[];
  /** The table's entries, in the order they were stored (by `move`, then as written). */
  readonly table: TableEntry[];
}

export interface GameSummary {
  readonly id: string;
  readonly game: string;
  readonly seats: number;
  readonly status: GameStatus;
  readonly moves: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Human seats nobody has claimed yet. */
  readonly openSeats: number[];
  readonly rated: boolean;
}

/** A move's index was already taken: another writer got there first. Nothing was written. */
export class StoreConflict extends Error {
  override readonly name = 'StoreConflict';
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** Creates the tables if missing (idempotent). */
  init(): Promise<void>;
  /** Accounts, their passkeys, sessions and attached seats, in the same database (after init()). */
  readonly accounts: AccountStore;
  /** Ratings, their history and the games' results, in the same database (after init()). */
  readonly ratings: RatingStore;
  /** What each game in progress waits for (a person's seat, until when), in the same database (after init()). */
  readonly waits: WaitStore;
  /** Bot accounts, their API tokens, their challenges and event streams, in the same database (after init()). */
  readonly botApi: BotStore;
  /** The quick-play queue, in the same database (after init()). */
  readonly matchQueue: MatchQueueStore;
  /** The table chat's messages, mutes, reports and suspended accounts, in the same database (after init()). */
  readonly chat: ChatStore;
  createGame(g: NewGame, seats: readonly SeatConfig[], hash: string): Promise<void>;
  getGame(id: string): Promise<StoredGame | null>;
  /**
   * Several games read at once (one snapshot, one round of queries), by id; unknown ids are left
   * out. A cluster process taking over a dead one's games loads them with it (PostgreSQL only).
   */
  getGames?(ids: readonly string[]): Promise<Map<string, StoredGame>>;
  /** Summaries, newest first; `listed` keeps only the games open to anyone (true) or only the others (false). */
  listGames(opts?: { status?: GameStatus; listed?: boolean; limit?: number }): Promise<GameSummary[]>;
  /**
   * Appends one move with the game's new hash, status and the seats' clocks, atomically; throws
   * StoreConflict when `move.index` is not the next index (and an Error for an unknown game),
   * writing nothing. Returns after commit. The appends asked for in one event-loop turn share one
   * transaction (group commit); each is refused alone, but if the transaction fails as a whole,
   * every one of them is rejected and none is stored. The other writes and getGame wait for the
   * appends asked for before them. `end`, on the move that finishes the game only: its result,
   * stored in the same transaction as the move, with the ratings it changes when the game is
   * rated (exactly once: a game's end is written at most once).
   */
  appendMove(
    gameId: string,
    move: MoveRow,
    after: { hash: string; status: GameStatus; clocks?: readonly (number | null)[]; end?: GameEnd },
  ): Promise<void>;
  /**
   * Undo: deletes moves with index ≥ fromIndex in one transaction and sets the hash; the table's
   * entries after the moves kept (`move` > fromIndex) go with them, as in the live game's log.
   */
  truncateMoves(gameId: string, fromIndex: number, after: { hash: string; status: GameStatus }): Promise<void>;
  /**
   * Changes the given fields of a seat; with `entry`, adds it to the game's table log in the same
   * transaction (both or neither). An unknown seat, or an entry whose `move` is no move count or
   * whose `at` is no time, is an Error and writes nothing.
   */
  updateSeat(gameId: string, seat: number, patch: SeatPatch, entry?: TableEntry): Promise<void>;
  /**
   * Cluster mode (PostgreSQL): from now on a move, an undo or a seat update of a game is written
   * only while the cluster's `cluster_owners` table names `node` as the game's owner, checked in
   * the statement that writes, with the owner's row locked until it commits (a claim by another
   * process waits for it, then reads what it wrote). Otherwise it is refused with StoreConflict and
   * nothing is written: a process that lost a game (thought dead while it was paused, say) cannot
   * write to it any more.
   */
  fenceBy?(node: string): void;
  /** Ids of games with status 'active', for rebuilding after a restart. */
  activeGameIds(): Promise<string[]>;
  close(): Promise<void>;
}
