/**
 * How both stores turn values into column values: one encoding, so that SQLite and PostgreSQL
 * hold the same data and refuse the same bad values.
 */
import type { PendingAppend } from './group-commit.js';
import type { GameEnd } from './ratings/rate.js';
import type { GameStatus, MoveRow, TableEntry } from './store.js';

/** JSON text for a JSON column; `undefined` becomes null so the NOT NULL column always holds valid JSON. */
export function jsonText(v: unknown): string {
  return JSON.stringify(v ?? null);
}

/** Times and clocks are whole milliseconds in both backends (PostgreSQL's bigint rejects fractions). */
export function wholeMs(v: number): number {
  const r = Math.round(v);
  if (!Number.isSafeInteger(r)) throw new RangeError(`not a time in ms: ${v}`);
  return r;
}

/**
 * A move as the group commit writes it. Encoded when it is asked for, not in the batch, so that a
 * choice that is no JSON or a time that is no time fails alone.
 */
export function encodeAppend(
  gameId: string,
  move: MoveRow,
  after: { hash: string; status: GameStatus; clocks?: readonly (number | null)[]; end?: GameEnd },
): PendingAppend {
  return {
    gameId,
    index: move.index,
    seat: move.seat,
    choice: jsonText(move.choice),
    hash: move.hash,
    at: wholeMs(move.at),
    gameHash: after.hash,
    status: after.status,
    clocks: after.clocks?.map((ms) => (ms === null ? null : wholeMs(ms))),
    end: after.end,
  };
}

/** A table entry as both stores write it; a move count that is no count, or a time that is no time, fails before anything is written. */
export function encodeTableEntry(e: TableEntry): { move: number; at: number; events: string } {
  if (!Number.isSafeInteger(e.move) || e.move < 0) throw new RangeError(`not a move count: ${e.move}`);
  return { move: e.move, at: wholeMs(e.at), events: jsonText(e.events) };
}
