/** The quick-play queue on SQLite (one process: its transactions are the only locking needed). */
import type Database from 'better-sqlite3';
import type { Pace } from './wire.js';
import {
  TableRefused,
  seatMask,
  seatsOfMask,
  tableSeats,
  type MatchQueueStore,
  type NewTicket,
  type PendingTable,
  type StoredTicketState,
  type TicketRow,
} from './store.js';

export const MATCH_SCHEMA_SQLITE = `
CREATE TABLE IF NOT EXISTS match_queue (
  id            TEXT PRIMARY KEY,
  owner         TEXT NOT NULL,
  account_id    TEXT,
  name          TEXT NOT NULL,
  game          TEXT NOT NULL,
  seat_mask     INTEGER NOT NULL,
  pace          TEXT NOT NULL,
  rated         INTEGER NOT NULL,
  rating        REAL NOT NULL,
  bots_after_ms INTEGER,
  queued_at     INTEGER NOT NULL,
  seen_at       INTEGER NOT NULL,
  token_hash    TEXT NOT NULL,
  address       TEXT NOT NULL,
  state         TEXT NOT NULL,
  table_id      TEXT,
  seat          INTEGER
);
CREATE UNIQUE INDEX IF NOT EXISTS match_queue_one_waiting ON match_queue (owner) WHERE state = 'waiting';
CREATE INDEX IF NOT EXISTS match_queue_waiting ON match_queue (queued_at) WHERE state = 'waiting';
CREATE TABLE IF NOT EXISTS match_tables (
  id         TEXT PRIMARY KEY,
  game       TEXT NOT NULL,
  pace       TEXT NOT NULL,
  rated      INTEGER NOT NULL,
  seats      TEXT NOT NULL,
  state      TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS match_tables_pending ON match_tables (created_at) WHERE state = 'pending';`;

export interface QueueDbRow {
  id: string;
  owner: string;
  account_id: string | null;
  name: string;
  game: string;
  seat_mask: number;
  pace: string;
  rated: number;
  rating: number;
  bots_after_ms: number | null;
  queued_at: number;
  seen_at: number;
  token_hash: string;
  address: string;
  state: string;
  table_id: string | null;
  seat: number | null;
  table_state?: string | null;
}

export interface TableDbRow {
  id: string;
  game: string;
  pace: string;
  rated: number;
  seats: string;
  created_at: number;
}

export const ticketOfRow = (r: QueueDbRow): TicketRow => ({
  id: r.id,
  owner: r.owner,
  accountId: r.account_id,
  name: r.name,
  game: r.game,
  seats: seatsOfMask(Number(r.seat_mask)),
  pace: r.pace as Pace,
  rated: Boolean(r.rated),
  rating: Number(r.rating),
  botsAfterMs: r.bots_after_ms === null ? null : Number(r.bots_after_ms),
  queuedAt: Number(r.queued_at),
  seenAt: Number(r.seen_at),
  tokenHash: r.token_hash,
  address: r.address,
  state: r.state as StoredTicketState,
  tableId: r.table_id,
  seat: r.seat === null ? null : Number(r.seat),
  tableState: (r.table_state ?? null) as TicketRow['tableState'],
});

export const tableOfRow = (r: TableDbRow): PendingTable => ({
  id: r.id,
  game: r.game,
  pace: r.pace as Pace,
  rated: Boolean(r.rated),
  seats: JSON.parse(r.seats) as PendingTable['seats'],
  createdAt: Number(r.created_at),
});

export function sqliteMatchQueueStore(db: Database.Database): MatchQueueStore {
  const q = {
    insert: db.prepare(
      `INSERT INTO match_queue (id, owner, account_id, name, game, seat_mask, pace, rated, rating, bots_after_ms, queued_at, seen_at, token_hash, address, state)
       VALUES (@id, @owner, @accountId, @name, @game, @seatMask, @pace, @rated, @rating, @botsAfterMs, @queuedAt, @seenAt, @tokenHash, @address, 'waiting')
       ON CONFLICT DO NOTHING`,
    ),
    ownerWaiting: db.prepare<[string], { id: string }>(`SELECT id FROM match_queue WHERE owner = ? AND state = 'waiting'`),
    perAddress: db.prepare<[string], { n: number }>(`SELECT count(*) AS n FROM match_queue WHERE state = 'waiting' AND address = ?`),
    ticket: db.prepare<[string], QueueDbRow>(
      `SELECT q.*, t.state AS table_state FROM match_queue q LEFT JOIN match_tables t ON t.id = q.table_id WHERE q.id = ?`,
    ),
    touch: db.prepare(`UPDATE match_queue SET seen_at = max(seen_at, ?) WHERE id = ?`),
    cancel: db.prepare(`UPDATE match_queue SET state = 'cancelled' WHERE id = ? AND state = 'waiting'`),
    counts: db.prepare<[number], { game: string; n: number }>(
      `SELECT game, count(*) AS n FROM match_queue WHERE state = 'waiting' AND seen_at >= ? GROUP BY game`,
    ),
    expire: db.prepare(`UPDATE match_queue SET state = 'expired' WHERE state = 'waiting' AND seen_at < ?`),
    oldest: db.prepare<[number, number], QueueDbRow>(
      `SELECT * FROM match_queue WHERE state = 'waiting' AND seen_at >= ? ORDER BY queued_at, id LIMIT ?`,
    ),
    newest: db.prepare<[number, number], QueueDbRow>(
      `SELECT * FROM match_queue WHERE state = 'waiting' AND seen_at >= ? ORDER BY queued_at DESC, id DESC LIMIT ?`,
    ),
    insertTable: db.prepare(
      `INSERT INTO match_tables (id, game, pace, rated, seats, state, created_at) VALUES (?, ?, ?, ?, ?, 'pending', ?)`,
    ),
    matched: db.prepare(`UPDATE match_queue SET state = 'matched', table_id = ?, seat = ? WHERE id = ? AND state = 'waiting'`),
    pending: db.prepare<[], TableDbRow>(`SELECT * FROM match_tables WHERE state = 'pending' ORDER BY created_at, id LIMIT 1`),
    pendingAfter: db.prepare<[number, string], TableDbRow>(
      `SELECT * FROM match_tables WHERE state = 'pending' AND (created_at, id) > (?, ?) ORDER BY created_at, id LIMIT 1`,
    ),
    // A matched ticket goes with its table; one whose table is still pending is kept.
    pruneTickets: db.prepare(
      `DELETE FROM match_queue WHERE queued_at < ? AND (state IN ('cancelled', 'expired')
         OR (state = 'matched' AND table_id IN (SELECT id FROM match_tables WHERE state <> 'pending')))`,
    ),
    pruneTables: db.prepare(
      `DELETE FROM match_tables WHERE state <> 'pending' AND created_at < ?
         AND NOT EXISTS (SELECT 1 FROM match_queue WHERE table_id = match_tables.id)`,
    ),
    ready: db.prepare(`UPDATE match_tables SET state = 'ready' WHERE id = ?`),
    refused: db.prepare(`UPDATE match_tables SET state = 'refused' WHERE id = ?`),
    requeue: db.prepare(`UPDATE match_queue SET state = 'waiting', table_id = NULL, seat = NULL WHERE table_id = ? AND state = 'matched'
       AND NOT EXISTS (SELECT 1 FROM match_queue w WHERE w.owner = match_queue.owner AND w.state = 'waiting')`),
  };

  const enqueueTx = db.transaction((t: NewTicket, max: number, sameAs: readonly string[]) => {
    if (sameAs.some((o) => q.ownerWaiting.get(o) !== undefined)) return 'already-queued' as const;
    if (q.perAddress.get(t.address)!.n >= max) return 'too-many' as const;
    const r = q.insert.run({ ...t, seatMask: seatMask(t.seats), rated: t.rated ? 1 : 0 });
    return r.changes === 1 ? ('queued' as const) : ('already-queued' as const);
  });

  return {
    async enqueue(t, max, sameAs = []) {
      return enqueueTx.immediate(t, max, sameAs);
    },
    async ticket(id) {
      const r = q.ticket.get(id);
      return r ? ticketOfRow(r) : null;
    },
    async touch(id, now) {
      q.touch.run(now, id);
    },
    async cancel(id) {
      return q.cancel.run(id).changes === 1;
    },
    async waitingCounts(seenSince) {
      return Object.fromEntries(q.counts.all(seenSince).map((r) => [r.game, Number(r.n)]));
    },
    async expire(seenBefore) {
      return q.expire.run(seenBefore).changes;
    },
    async claim({ seenSince, limit, now, plan, newId }) {
      return db
        .transaction(() => {
          const half = Math.ceil(limit / 2);
          const rows = [...q.oldest.all(seenSince, half), ...q.newest.all(seenSince, limit - half)];
          const byId = new Map(rows.map((r) => [r.id, ticketOfRow(r)]));
          const tickets = [...byId.values()];
          const tables: PendingTable[] = [];
          for (const p of plan(tickets)) {
            const table: PendingTable = {
              id: newId(),
              game: p.game,
              pace: p.pace,
              rated: p.rated,
              seats: tableSeats(p, byId),
              createdAt: now,
            };
            q.insertTable.run(table.id, table.game, table.pace, table.rated ? 1 : 0, JSON.stringify(table.seats), now);
            p.tickets.forEach((id, seat) => q.matched.run(table.id, seat, id));
            tables.push(table);
          }
          return tables;
        })
        .immediate();
    },
    async completePending(make, max, failed) {
      let done = 0;
      let tried = 0;
      let row = q.pending.get();
      while (row && tried < max) {
        const table = tableOfRow(row);
        tried++;
        try {
          await make(table);
          q.ready.run(table.id);
          done++;
        } catch (e) {
          if (e instanceof TableRefused)
            db.transaction(() => {
              q.refused.run(table.id);
              q.requeue.run(table.id);
            }).immediate();
          else failed(table, e);
        }
        row = q.pendingAfter.get(table.createdAt, table.id);
      }
      return done;
    },
    async prune(before) {
      db.transaction(() => {
        q.pruneTickets.run(before);
        q.pruneTables.run(before);
      }).immediate();
    },
  };
}
