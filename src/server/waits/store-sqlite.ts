/** The WaitStore on SQLite, in the game store's database (after the games' and the accounts' tables). */
import type Database from 'better-sqlite3';
import { wholeMs } from '../store-encoding.js';
import { WaitBatch } from './batch.js';
import type { WaitStore } from './store.js';

export const WAIT_SCHEMA_SQLITE = `
CREATE TABLE IF NOT EXISTS game_waits (
  game_id TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  seat    INTEGER NOT NULL,
  due_at  INTEGER
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS game_waits_due ON game_waits (due_at) WHERE due_at IS NOT NULL;`;

export function sqliteWaitStore(db: Database.Database): WaitStore {
  const q = {
    upsert: db.prepare(`INSERT INTO game_waits (game_id, seat, due_at) SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM games WHERE id = ?)
      ON CONFLICT (game_id) DO UPDATE SET seat = excluded.seat, due_at = excluded.due_at
      WHERE game_waits.seat IS NOT excluded.seat OR game_waits.due_at IS NOT excluded.due_at`),
    clear: db.prepare('DELETE FROM game_waits WHERE game_id = ?'),
    // One statement: SQLite runs it in one write transaction, so two processes never claim the same row.
    claim: db.prepare<[number, number, number], { game_id: string }>(`UPDATE game_waits SET due_at = ?
      WHERE game_id IN (SELECT game_id FROM game_waits WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at LIMIT ?)
      RETURNING game_id`),
    waitingFor: db.prepare<[string], { game_id: string; seat: number; due_at: number | null }>(
      `SELECT w.game_id, w.seat, w.due_at FROM account_seats a JOIN game_waits w ON w.game_id = a.game_id AND w.seat = a.seat
       WHERE a.account_id = ? ORDER BY w.due_at IS NULL, w.due_at, w.game_id`,
    ),
  };
  // One write transaction per batch.
  const writeAll = db.transaction((waits: ReadonlyMap<string, { seat: number; dueAt: number | null } | null>) => {
    for (const [id, w] of waits) {
      if (w === null) q.clear.run(id);
      else q.upsert.run(id, w.seat, w.dueAt, id);
    }
  });
  const batch = new WaitBatch((waits) => writeAll.immediate(waits));
  return {
    async set(gameId, wait) {
      // Encoded at once: a time that is no time fails alone, before it joins a batch.
      return batch.set(gameId, wait === null ? null : { seat: wait.seat, dueAt: wait.dueAt === null ? null : wholeMs(wait.dueAt) });
    },
    settled: () => batch.settled(),
    async claimDue(now, leaseMs, limit) {
      return q.claim.all(wholeMs(now + leaseMs), wholeMs(now), limit).map((r) => r.game_id);
    },
    async waitingFor(accountId) {
      return q.waitingFor.all(accountId).map((r) => ({ gameId: r.game_id, seat: r.seat, dueAt: r.due_at }));
    },
  };
}
