/**
 * What each game in progress waits for, kept apart from its moves so that it can be read without
 * loading the game: the seat of a person that owes the next decision, and when that seat's clock
 * runs out. The lobby lists an account's games waiting for it from it, and each server process's
 * sweeper (sweeper.ts) finds there the games whose time ran out while nobody held them in memory.
 * One interface on SQLite and PostgreSQL, in the game store's database; written by the live game
 * (LiveGame.syncWait) after each change of who owes the decision.
 */

/** A game waits for a person: seat `seat` owes the decision, until `dueAt` (ms since the epoch) when the game has clocks. */
export interface Wait {
  readonly seat: number;
  /** When the seat's clock runs out; null in a game without clocks. */
  readonly dueAt: number | null;
}

/** A game waiting for one of an account's seats. */
export interface WaitingSeat {
  readonly gameId: string;
  readonly seat: number;
  readonly dueAt: number | null;
}

export interface WaitStore {
  /**
   * What game `gameId` waits for now: a seat of a person, or null (a bot plays, or the game is
   * over). Writes nothing when the row already says so. The waits asked for in one turn of the
   * event loop are written together (WaitBatch); a game that does not exist (any more) is skipped.
   */
  set(gameId: string, wait: Wait | null): Promise<void>;
  /** Resolves once every `set` asked for so far is written (the store's close waits for it). */
  settled(): Promise<void>;
  /**
   * Claims up to `limit` games whose seat to act ran out of time at or before `now`, the earliest
   * first: each claimed game's due time moves to `now + leaseMs`, so that no other process's sweep
   * claims it during the lease (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: one statement, one
   * transaction). Whoever loads the game writes its true wait again (LiveGame.syncWait); a claimer
   * that dies leaves it to the next sweep after the lease.
   */
  claimDue(now: number, leaseMs: number, limit: number): Promise<string[]>;
  /** The games waiting for a seat attached to the account (accounts' account_seats), the earliest due first. */
  waitingFor(accountId: string): Promise<WaitingSeat[]>;
}
