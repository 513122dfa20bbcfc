/**
 * The quick-play queue on PostgreSQL, shared by every process of a cluster: tickets and tables are
 * taken with `FOR UPDATE SKIP LOCKED`, so two processes never claim one ticket or make one table,
 * and a process that dies releases what it held at once (its connection ends, its transaction
 * rolls back).
 */
import type pg from 'pg';
import { TableRefused, seatMask, tableSeats, type MatchQueueStore, type PendingTable } from './store.js';
import { tableOfRow, ticketOfRow, type QueueDbRow, type TableDbRow } from './store-sqlite.js';
import { inTransaction } from '../pg-transaction.js';

/** The tables, each named with the schema prefix `p`. */
export function matchSchemaPostgres(p: string): string {
  return `
CREATE TABLE IF NOT EXISTS ${p}match_queue (
  id            text PRIMARY KEY,
  owner         text NOT NULL,
  account_id    text,
  name          text NOT NULL,
  game          text NOT NULL,
  seat_mask     integer NOT NULL,
  pace          text NOT NULL,
  rated         boolean NOT NULL,
  rating        double precision NOT NULL,
  bots_after_ms integer,
  queued_at     bigint NOT NULL,
  seen_at       bigint NOT NULL,
  token_hash    text NOT NULL,
  address       text NOT NULL,
  state         text NOT NULL,
  table_id      text,
  seat          integer
);
CREATE UNIQUE INDEX IF NOT EXISTS match_queue_one_waiting ON ${p}match_queue (owner) WHERE state = 'waiting';
CREATE INDEX IF NOT EXISTS match_queue_waiting ON ${p}match_queue (queued_at) WHERE state = 'waiting';
CREATE TABLE IF NOT EXISTS ${p}match_tables (
  id         text PRIMARY KEY,
  game       text NOT NULL,
  pace       text NOT NULL,
  rated      boolean NOT NULL,
  seats      text NOT NULL,
  state      text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS match_tables_pending ON ${p}match_tables (created_at) WHERE state = 'pending';`;
}

/** bigint columns as numbers (pg reads them as strings). */
const TICKET_COLUMNS = `q.id, q.owner, q.account_id, q.name, q.game, q.seat_mask, q.pace, q.rated, q.rating, q.bots_after_ms,
  q.queued_at::float8 AS queued_at, q.seen_at::float8 AS seen_at, q.token_hash, q.address, q.state, q.table_id, q.seat`;

export function postgresMatchQueueStore(pool: pg.Pool, p: string): MatchQueueStore {
  const inTx = <T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> => inTransaction(pool, fn);

  return {
    async enqueue(t, max, sameAs = []) {
      return inTx(async (c) => {
        const owners = [...new Set([t.owner, ...sameAs])].sort();
        for (const o of owners) await c.query(`SELECT pg_advisory_xact_lock(hashtext('match_queue'), hashtext($1))`, [o]);
        const mine = await c.query(`SELECT 1 FROM ${p}match_queue WHERE state = 'waiting' AND owner = ANY($1::text[])`, [owners]);
        if ((mine.rowCount ?? 0) > 0) return 'already-queued';
        // Two requests of one address on two processes may both pass this count: the cap is approximate, the one-per-owner rule is not.
        const n = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${p}match_queue WHERE state = 'waiting' AND address = $1`, [
          t.address,
        ]);
        if (n.rows[0]!.n >= max) return 'too-many';
        const r = await c.query(
          `INSERT INTO ${p}match_queue (id, owner, account_id, name, game, seat_mask, pace, rated, rating, bots_after_ms, queued_at, seen_at, token_hash, address, state)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'waiting') ON CONFLICT DO NOTHING`,
          [
            t.id,
            t.owner,
            t.accountId,
            t.name,
            t.game,
            seatMask(t.seats),
            t.pace,
            t.rated,
            t.rating,
            t.botsAfterMs,
            t.queuedAt,
            t.seenAt,
            t.tokenHash,
            t.address,
          ],
        );
        return r.rowCount === 1 ? 'queued' : 'already-queued';
      });
    },
    async ticket(id) {
      const r = await pool.query<QueueDbRow>(
        `SELECT ${TICKET_COLUMNS}, t.state AS table_state FROM ${p}match_queue q LEFT JOIN ${p}match_tables t ON t.id = q.table_id WHERE q.id = $1`,
        [id],
      );
      return r.rows[0] ? ticketOfRow(r.rows[0]) : null;
    },
    async touch(id, now) {
      await pool.query(`UPDATE ${p}match_queue SET seen_at = greatest(seen_at, $1) WHERE id = $2`, [now, id]);
    },
    async cancel(id) {
      const r = await pool.query(`UPDATE ${p}match_queue SET state = 'cancelled' WHERE id = $1 AND state = 'waiting'`, [id]);
      return r.rowCount === 1;
    },
    async waitingCounts(seenSince) {
      const r = await pool.query<{ game: string; n: number }>(
        `SELECT game, count(*)::int AS n FROM ${p}match_queue WHERE state = 'waiting' AND seen_at >= $1 GROUP BY game`,
        [seenSince],
      );
      return Object.fromEntries(r.rows.map((x) => [x.game, x.n]));
    },
    async expire(seenBefore) {
      // Only rows nobody holds: a ticket being claimed right now is the claimer's to decide.
      const r = await pool.query(
        `UPDATE ${p}match_queue SET state = 'expired' WHERE id IN (
           SELECT id FROM ${p}match_queue WHERE state = 'waiting' AND seen_at < $1 FOR UPDATE SKIP LOCKED)`,
        [seenBefore],
      );
      return r.rowCount ?? 0;
    },
    async claim({ seenSince, limit, now, plan, newId }) {
      return inTx(async (c) => {
        // A row this transaction locked already is not skipped: the newest half may meet the oldest.
        const half = Math.ceil(limit / 2);
        const rows: QueueDbRow[] = [];
        for (const [order, n] of [
          ['q.queued_at, q.id', half],
          ['q.queued_at DESC, q.id DESC', limit - half],
        ] as const) {
          const r = await c.query<QueueDbRow>(
            `SELECT ${TICKET_COLUMNS} FROM ${p}match_queue q WHERE q.state = 'waiting' AND q.seen_at >= $1
             ORDER BY ${order} LIMIT $2 FOR UPDATE SKIP LOCKED`,
            [seenSince, n],
          );
          rows.push(...r.rows);
        }
        const byId = new Map(rows.map((r) => [r.id, ticketOfRow(r)]));
        const tickets = [...byId.values()];
        const tables: PendingTable[] = plan(tickets).map((pl) => ({
          id: newId(),
          game: pl.game,
          pace: pl.pace,
          rated: pl.rated,
          seats: tableSeats(pl, byId),
          createdAt: now,
        }));
        if (tables.length === 0) return tables;
        await c.query(
          `INSERT INTO ${p}match_tables (id, game, pace, rated, seats, state, created_at)
           SELECT * , 'pending', $6::bigint FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::text[])`,
          [
            tables.map((t) => t.id),
            tables.map((t) => t.game),
            tables.map((t) => t.pace),
            tables.map((t) => t.rated),
            tables.map((t) => JSON.stringify(t.seats)),
            now,
          ],
        );
        const ids: string[] = [];
        const tableIds: string[] = [];
        const seats: number[] = [];
        for (const t of tables)
          t.seats.forEach((s, seat) => {
            if (s.kind !== 'player') return;
            ids.push(s.ticket);
            tableIds.push(t.id);
            seats.push(seat);
          });
        await c.query(
          `UPDATE ${p}match_queue q SET state = 'matched', table_id = u.table_id, seat = u.seat
           FROM unnest($1::text[], $2::text[], $3::int[]) AS u(id, table_id, seat) WHERE q.id = u.id`,
          [ids, tableIds, seats],
        );
        return tables;
      });
    },
    async completePending(make, max, failed) {
      let done = 0;
      /** Tables that failed this round: left pending, not taken again before the next. */
      const skipped: string[] = [];
      while (done + skipped.length < max) {
        const c = await pool.connect();
        let more = true;
        try {
          await c.query('BEGIN');
          const r = await c.query<TableDbRow>(
            `SELECT id, game, pace, rated, seats, created_at::float8 AS created_at FROM ${p}match_tables
             WHERE state = 'pending' AND id <> ALL($1::text[]) ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
            [skipped],
          );
          const row = r.rows[0];
          if (!row) more = false;
          else {
            const table = tableOfRow(row);
            try {
              await make(table);
              await c.query(`UPDATE ${p}match_tables SET state = 'ready' WHERE id = $1`, [table.id]);
              done++;
            } catch (e) {
              if (!(e instanceof TableRefused)) {
                skipped.push(table.id);
                failed(table, e);
                await c.query('ROLLBACK');
                continue;
              }
              await c.query(`UPDATE ${p}match_tables SET state = 'refused' WHERE id = $1`, [table.id]);
              await c.query(
                `UPDATE ${p}match_queue q SET state = 'waiting', table_id = NULL, seat = NULL WHERE table_id = $1 AND state = 'matched'
                 AND NOT EXISTS (SELECT 1 FROM ${p}match_queue w WHERE w.owner = q.owner AND w.state = 'waiting')`,
                [table.id],
              );
            }
          }
          await c.query('COMMIT');
        } catch (e) {
          await c.query('ROLLBACK').catch(() => undefined);
          throw e;
        } finally {
          c.release();
        }
        if (!more) break;
      }
      return done;
    },
    async prune(before) {
      await inTx(async (c) => {
        await c.query(
          `DELETE FROM ${p}match_queue q WHERE q.queued_at < $1 AND (q.state IN ('cancelled', 'expired')
             OR (q.state = 'matched' AND EXISTS (SELECT 1 FROM ${p}match_tables t WHERE t.id = q.table_id AND t.state <> 'pending')))`,
          [before],
        );
        await c.query(
          `DELETE FROM ${p}match_tables t WHERE t.state <> 'pending' AND t.created_at < $1
             AND NOT EXISTS (SELECT 1 FROM ${p}match_queue q WHERE q.table_id = t.id)`,
          [before],
        );
      });
    },
  };
}
