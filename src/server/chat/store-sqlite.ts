/** The chat's tables on SQLite (see store.ts). */
import type Database from 'better-sqlite3';
import { messageFromRow, reportFromRow, type ChatStore, type MessageRow, type NewChatMessage, type ReportRow } from './store.js';

export const CHAT_SCHEMA_SQLITE = `
CREATE TABLE IF NOT EXISTS chat_messages (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  room       TEXT NOT NULL,
  seat       INTEGER,
  account_id TEXT,
  name       TEXT,
  text       TEXT,
  phrase     TEXT,
  at         INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_messages_game ON chat_messages (game_id, room, id);
CREATE TABLE IF NOT EXISTS chat_mutes (
  game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seat       INTEGER NOT NULL,
  muted_seat INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat, muted_seat)
);
CREATE TABLE IF NOT EXISTS chat_reports (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id  INTEGER NOT NULL REFERENCES chat_messages (id) ON DELETE CASCADE,
  game_id     TEXT NOT NULL,
  reporter_id TEXT NOT NULL,
  at          INTEGER NOT NULL,
  UNIQUE (message_id, reporter_id)
);
CREATE TABLE IF NOT EXISTS account_suspensions (
  account_id TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  at         INTEGER NOT NULL,
  reason     TEXT NOT NULL
);
`;

export function sqliteChatStore(db: Database.Database): ChatStore {
  const insert = db.prepare<[string, string, number | null, string | null, string | null, string | null, string | null, number]>(
    'INSERT INTO chat_messages (game_id, room, seat, account_id, name, text, phrase, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const recent = db.prepare<[string, string, number], MessageRow>(
    'SELECT * FROM (SELECT * FROM chat_messages WHERE game_id = ? AND room = ? ORDER BY id DESC LIMIT ?) ORDER BY id',
  );
  const byId = db.prepare<[number], MessageRow>('SELECT * FROM chat_messages WHERE id = ?');
  const mutesOf = db.prepare<[string], { seat: number; muted_seat: number }>(
    'SELECT seat, muted_seat FROM chat_mutes WHERE game_id = ? ORDER BY seat, muted_seat',
  );
  const mute = db.prepare('INSERT OR IGNORE INTO chat_mutes (game_id, seat, muted_seat) VALUES (?, ?, ?)');
  const unmute = db.prepare('DELETE FROM chat_mutes WHERE game_id = ? AND seat = ? AND muted_seat = ?');
  const report = db.prepare('INSERT OR IGNORE INTO chat_reports (message_id, game_id, reporter_id, at) VALUES (?, ?, ?, ?)');
  const reports = db.prepare<
    [number],
    ReportRow
  >(`SELECT r.id AS report_id, r.reporter_id, ra.name AS reporter_name, r.at AS reported_at, sa.name AS speaker_account, m.*
     FROM chat_reports r JOIN chat_messages m ON m.id = r.message_id
     LEFT JOIN accounts ra ON ra.id = r.reporter_id LEFT JOIN accounts sa ON sa.id = m.account_id
     ORDER BY r.id DESC LIMIT ?`);
  const suspend = db.prepare(
    'INSERT INTO account_suspensions (account_id, at, reason) VALUES (?, ?, ?) ON CONFLICT (account_id) DO UPDATE SET at = excluded.at, reason = excluded.reason',
  );
  const unsuspend = db.prepare('DELETE FROM account_suspensions WHERE account_id = ?');
  const suspended = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM account_suspensions WHERE account_id = ?');
  return {
    async addMessage(m: NewChatMessage) {
      return Number(insert.run(m.gameId, m.room, m.seat, m.accountId, m.name, m.text, m.phrase, Math.round(m.at)).lastInsertRowid);
    },
    async recentMessages(gameId, room, limit) {
      return recent.all(gameId, room, limit).map(messageFromRow);
    },
    async message(id) {
      const r = byId.get(id);
      return r === undefined ? null : messageFromRow(r);
    },
    async mutes(gameId) {
      const out = new Map<number, number[]>();
      for (const r of mutesOf.all(gameId)) out.set(r.seat, [...(out.get(r.seat) ?? []), r.muted_seat]);
      return out;
    },
    async setMute(gameId, seat, mutedSeat, muted) {
      (muted ? mute : unmute).run(gameId, seat, mutedSeat);
    },
    async addReport(messageId, gameId, reporterId, at) {
      return report.run(messageId, gameId, reporterId, Math.round(at)).changes === 1 ? 'added' : 'already';
    },
    async reports(limit) {
      return reports.all(limit).map(reportFromRow);
    },
    async suspend(accountId, at, reason) {
      suspend.run(accountId, Math.round(at), reason);
    },
    async unsuspend(accountId) {
      return unsuspend.run(accountId).changes > 0;
    },
    async isSuspended(accountId) {
      return suspended.get(accountId) !== undefined;
    },
  };
}
