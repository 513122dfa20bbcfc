/**
 * The quick-play queue, in the game store's database (SQLite for one process, PostgreSQL for a
 * cluster): never in one process's memory, so that any process may answer about any ticket and a
 * process that dies loses nothing. One row per ticket (`match_queue`) and one per table being made
 * (`match_tables`). A table is written, with its tickets marked matched, in the transaction that
 * claims them (PostgreSQL: `FOR UPDATE SKIP LOCKED`); its game is made afterwards, by whichever
 * process holds the table's row (again SKIP LOCKED), and the table is marked ready in that same
 * transaction: a process killed in between leaves the row pending, and the next one to take it
 * finishes the game (made again from the same id and seats when it was not stored yet).
 */
import type { TablePlan, WaitingTicket } from './planner.js';

export interface NewTicket extends WaitingTicket {
  /** Who queued it: `a:<account id>` or `g:<guest id>` (the guest cookie). */
  readonly owner: string;
  readonly accountId: string | null;
  /** The name shown at the table. */
  readonly name: string;
  /** SHA-256 of the ticket's token, which becomes the seat's token. */
  readonly tokenHash: string;
  /** The client address that queued it (addressKey), for the per-address cap. */
  readonly address: string;
  readonly seenAt: number;
}

export type StoredTicketState = 'waiting' | 'matched' | 'cancelled' | 'expired';

export interface TicketRow extends NewTicket {
  readonly state: StoredTicketState;
  readonly tableId: string | null;
  readonly seat: number | null;
  /** The state of its table once matched (refused: its game could not be made, and the ticket could not wait again). */
  readonly tableState: 'pending' | 'ready' | 'refused' | null;
}

/** A seat of a table being made: a queued player (its token's hash is the seat's), or a bot. */
export type TableSeat =
  | {
      readonly kind: 'player';
      readonly ticket: string;
      readonly accountId: string | null;
      readonly name: string;
      readonly tokenHash: string;
    }
  | { readonly kind: 'bot'; readonly spec: string };

export interface PendingTable {
  /** The game's id, drawn when the table was planned. */
  readonly id: string;
  readonly game: string;
  readonly pace: TablePlan['pace'];
  readonly rated: boolean;
  readonly seats: readonly TableSeat[];
  readonly createdAt: number;
}

/** A table whose game cannot be made (its request is refused): its tickets go back to waiting. */
export class TableRefused extends Error {
  override readonly name = 'TableRefused';
}

export type EnqueueResult = 'queued' | 'already-queued' | 'too-many';

export interface MatchQueueStore {
  /**
   * Adds a waiting ticket, unless its owner, or another name of the same player (`sameAs`: the
   * guest it was before signing in), has one waiting already ('already-queued'), or its address
   * has `maxPerAddress`. Requests of one player are decided one after the other (PostgreSQL: a
   * transaction lock per owner), and a unique index holds one waiting ticket per owner.
   */
  enqueue(t: NewTicket, maxPerAddress: number, sameAs?: readonly string[]): Promise<EnqueueResult>;
  ticket(id: string): Promise<TicketRow | null>;
  /** Its player still asks about it (a ticket nobody asks about expires). */
  touch(id: string, now: number): Promise<void>;
  /** Cancels a waiting ticket; false when it is not waiting (matched already, say). */
  cancel(id: string): Promise<boolean>;
  /** Waiting tickets seen at `seenSince` or later, per game. */
  waitingCounts(seenSince: number): Promise<Record<string, number>>;
  /** Expires the waiting tickets not seen since `seenBefore`; how many. */
  expire(seenBefore: number): Promise<number>;
  /**
   * In one transaction: takes up to `limit` waiting tickets seen at `seenSince` or later (none that
   * another process holds), the oldest half and the newest half, so that a crowd of tickets that
   * cannot be matched does not hide the ones arriving; plans tables of them, writes each table (its id from `newId`) pending
   * and its tickets matched. The tables written.
   */
  claim(opts: {
    readonly seenSince: number;
    readonly limit: number;
    readonly now: number;
    readonly plan: (tickets: readonly WaitingTicket[]) => TablePlan[];
    readonly newId: () => string;
  }): Promise<PendingTable[]>;
  /**
   * Takes pending tables one at a time, oldest first (none another process holds), runs `make` on
   * each while holding it, and marks it ready in the same transaction; a TableRefused sends its
   * tickets back to waiting (those whose owner has not queued again meanwhile). Any other error
   * leaves the table pending for a later round, is handed to `failed`, and the round goes on with
   * the next table. Stops after `max` tables; how many were made.
   */
  completePending(make: (t: PendingTable) => Promise<void>, max: number, failed: (t: PendingTable, e: unknown) => void): Promise<number>;
  /** Deletes the tickets no longer waiting and the tables no longer pending, made or ended before `before`. */
  prune(before: number): Promise<void>;
}

/** Table sizes as a bit mask (bit n: n seats accepted), the stores' column. */
export const seatMask = (seats: readonly number[]): number => seats.reduce((m, n) => m | (1 << n), 0);
export const seatsOfMask = (mask: number): number[] => Array.from({ length: 31 }, (_, n) => n).filter((n) => (mask & (1 << n)) !== 0);

/** The seats of a planned table: its tickets' players, then its bots. */
export function tableSeats(plan: TablePlan, tickets: ReadonlyMap<string, NewTicket>): TableSeat[] {
  return [
    ...plan.tickets.map((id): TableSeat => {
      const t = tickets.get(id)!;
      return { kind: 'player', ticket: id, accountId: t.accountId, name: t.name, tokenHash: t.tokenHash };
    }),
    ...plan.bots.map((b): TableSeat => ({ kind: 'bot', spec: b.spec })),
  ];
}
