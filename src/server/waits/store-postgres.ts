/** The WaitStore on PostgreSQL, in the game store's schema (after the games' and the accounts' tables). */
import type pg from 'pg';
import { wholeMs } from '../store-encoding.js';
import { WaitBatch } from './batch.js';
import type { WaitStore } from './store.js';

/** The table, named with the schema prefix `p`. */
export function waitSchemaPostgres(p: string): string {
  return `
CREATE TABLE IF NOT EXISTS ${p}game_waits (
  game_id text PRIMARY KEY REFERENCES ${p}games (id) ON DELETE CASCADE,
  seat    integer NOT NULL,
  due_at  bigint
);
CREATE INDEX IF NOT EXISTS game_waits_due ON ${p}game_waits (due_at) WHERE due_at IS NOT NULL;`;
}

export function postgresWaitStore(pool: pg.Pool, p: string): WaitStore {
  // One statement per batch: the games' cleared waits deleted, the others written unless unchanged,
  // each only where its game exists.
  const batch = new WaitBatch(async (waits) => {
    const ids = [...waits.keys()];
    const seats = ids.map((id) => waits.get(id)?.seat ?? null);
    const dues = ids.map((id) => waits.get(id)?.dueAt ?? null);
    await pool.query({
      name: 'wait-batch',
      text: `WITH i AS (SELECT * FROM unnest($1::text[], $2::integer[], $3::bigint[]) AS i(game_id, seat, due_at)),
        gone AS (DELETE FROM ${p}game_waits w USING i WHERE w.game_id = i.game_id AND i.seat IS NULL)
        INSERT INTO ${p}game_waits (game_id, seat, due_at)
        SELECT i.game_id, i.seat, i.due_at FROM i JOIN ${p}games g ON g.id = i.game_id WHERE i.seat IS NOT NULL
        ON CONFLICT (game_id) DO UPDATE SET seat = excluded.seat, due_at = excluded.due_at
        WHERE (${p}game_waits.seat, ${p}game_waits.due_at) IS DISTINCT FROM (excluded.seat, excluded.due_at)`,
      values: [ids, seats, dues],
    });
  });
  return {
    async set(gameId, wait) {
      // Encoded at once: a time that is no time fails alone, before it joins a batch.
      return batch.set(gameId, wait === null ? null : { seat: wait.seat, dueAt: wait.dueAt === null ? null : wholeMs(wait.dueAt) });
    },
    settled: () => batch.settled(),
    async claimDue(now, leaseMs, limit) {
      // SKIP LOCKED: the rows another process is claiming at this moment are left to it.
      const r = await pool.query<{ game_id: string }>(
        `UPDATE ${p}game_waits w SET due_at = $2
         FROM (SELECT game_id FROM ${p}game_waits WHERE due_at IS NOT NULL AND due_at <= $1
               ORDER BY due_at LIMIT $3 FOR UPDATE SKIP LOCKED) d
         WHERE w.game_id = d.game_id RETURNING w.game_id`,
        [wholeMs(now), wholeMs(now + leaseMs), limit],
      );
      return r.rows.map((row) => row.game_id);
    },
    async waitingFor(accountId) {
      const r = await pool.query<{ game_id: string; seat: number; due_at: string | null }>(
        `SELECT w.game_id, w.seat, w.due_at FROM ${p}account_seats a
         JOIN ${p}game_waits w ON w.game_id = a.game_id AND w.seat = a.seat
         WHERE a.account_id = $1 ORDER BY w.due_at NULLS LAST, w.game_id`,
        [accountId],
      );
      return r.rows.map((row) => ({ gameId: row.game_id, seat: row.seat, dueAt: row.due_at === null ? null : Number(row.due_at) }));
    },
  };
}
