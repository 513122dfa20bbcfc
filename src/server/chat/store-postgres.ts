/** The chat's tables on PostgreSQL (see store.ts); `p` is the schema prefix of the game store. */
import type pg from 'pg';
import { messageFromRow, reportFromRow, type ChatStore, type MessageRow, type ReportRow } from './store.js';

export function chatSchemaPostgres(p: string): string {
  return `
CREATE TABLE IF NOT EXISTS ${p}chat_messages (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id    text NOT NULL REFERENCES ${p}games (id) ON DELETE CASCADE,
  room       text NOT NULL,
  seat       integer,
  account_id text,
  name       text,
  text       text,
  phrase     text,
  at         bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_messages_game ON ${p}chat_messages (game_id, room, id);
CREATE TABLE IF NOT EXISTS ${p}chat_mutes (
  game_id    text NOT NULL REFERENCES ${p}games (id) ON DELETE CASCADE,
  seat       integer NOT NULL,
  muted_seat integer NOT NULL,
  PRIMARY KEY (game_id, seat, muted_seat)
);
CREATE TABLE IF NOT EXISTS ${p}chat_reports (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id  bigint NOT NULL REFERENCES ${p}chat_messages (id) ON DELETE CASCADE,
  game_id     text NOT NULL,
  reporter_id text NOT NULL,
  at          bigint NOT NULL,
  UNIQUE (message_id, reporter_id)
);
CREATE TABLE IF NOT EXISTS ${p}account_suspensions (
  account_id text PRIMARY KEY REFERENCES ${p}accounts (id) ON DELETE CASCADE,
  at         bigint NOT NULL,
  reason     text NOT NULL
);`;
}

export function postgresChatStore(pool: pg.Pool, p: string): ChatStore {
  return {
    async addMessage(m) {
      const r = await pool.query<{ id: string }>(
        `INSERT INTO ${p}chat_messages (game_id, room, seat, account_id, name, text, phrase, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [m.gameId, m.room, m.seat, m.accountId, m.name, m.text, m.phrase, Math.round(m.at)],
      );
      return Number(r.rows[0]!.id);
    },
    async recentMessages(gameId, room, limit) {
      const r = await pool.query<MessageRow>(
        `SELECT * FROM (SELECT * FROM ${p}chat_messages WHERE game_id = $1 AND room = $2 ORDER BY id DESC LIMIT $3) m ORDER BY id`,
        [gameId, room, limit],
      );
      return r.rows.map(messageFromRow);
    },
    async message(id) {
      const r = await pool.query<MessageRow>(`SELECT * FROM ${p}chat_messages WHERE id = $1`, [id]);
      return r.rows[0] === undefined ? null : messageFromRow(r.rows[0]);
    },
    async mutes(gameId) {
      const r = await pool.query<{ seat: number; muted_seat: number }>(
        `SELECT seat, muted_seat FROM ${p}chat_mutes WHERE game_id = $1 ORDER BY seat, muted_seat`,
        [gameId],
      );
      const out = new Map<number, number[]>();
      for (const row of r.rows) out.set(row.seat, [...(out.get(row.seat) ?? []), row.muted_seat]);
      return out;
    },
    async setMute(gameId, seat, mutedSeat, muted) {
      await pool.query(
        muted
          ? `INSERT INTO ${p}chat_mutes (game_id, seat, muted_seat) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`
          : `DELETE FROM ${p}chat_mutes WHERE game_id = $1 AND seat = $2 AND muted_seat = $3`,
        [gameId, seat, mutedSeat],
      );
    },
    async addReport(messageId, gameId, reporterId, at) {
      const r = await pool.query(
        `INSERT INTO ${p}chat_reports (message_id, game_id, reporter_id, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [messageId, gameId, reporterId, Math.round(at)],
      );
      return r.rowCount === 1 ? 'added' : 'already';
    },
    async reports(limit) {
      const r = await pool.query<ReportRow>(
        `SELECT r.id AS report_id, r.reporter_id, ra.name AS reporter_name, r.at AS reported_at, sa.name AS speaker_account, m.*
         FROM ${p}chat_reports r JOIN ${p}chat_messages m ON m.id = r.message_id
         LEFT JOIN ${p}accounts ra ON ra.id = r.reporter_id LEFT JOIN ${p}accounts sa ON sa.id = m.account_id
         ORDER BY r.id DESC LIMIT $1`,
        [limit],
      );
      return r.rows.map(reportFromRow);
    },
    async suspend(accountId, at, reason) {
      await pool.query(
        `INSERT INTO ${p}account_suspensions (account_id, at, reason) VALUES ($1, $2, $3)
         ON CONFLICT (account_id) DO UPDATE SET at = excluded.at, reason = excluded.reason`,
        [accountId, Math.round(at), reason],
      );
    },
    async unsuspend(accountId) {
      const r = await pool.query(`DELETE FROM ${p}account_suspensions WHERE account_id = $1`, [accountId]);
      return (r.rowCount ?? 0) > 0;
    },
    async isSuspended(accountId) {
      const r = await pool.query(`SELECT 1 FROM ${p}account_suspensions WHERE account_id = $1`, [accountId]);
      return (r.rowCount ?? 0) > 0;
    },
  };
}
