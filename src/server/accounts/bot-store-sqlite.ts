/**
 * The BotStore on SQLite, in the game store's database (store-sqlite.ts creates these tables with
 * the accounts' in init()). Each method is one statement, atomic within the process.
 */
import type Database from 'better-sqlite3';
import { SETTLED_KEPT_MS, type BotChallenge, type BotStore } from './bot-store.js';
import { challengeFromRow, tokenFromRow, type ChallengeRow, type TokenRow } from './bot-rows.js';

export const BOT_SCHEMA_SQLITE = `
CREATE TABLE IF NOT EXISTS bot_accounts (
  account_id  TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  upgraded_at    INTEGER NOT NULL,
  stream_id      TEXT,
  stream_seen_at INTEGER
);
CREATE TABLE IF NOT EXISTS api_tokens (
  id           TEXT PRIMARY KEY,
  token_hash   TEXT NOT NULL UNIQUE,
  account_id   TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  scope        TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX IF NOT EXISTS api_tokens_account ON api_tokens (account_id);
CREATE TABLE IF NOT EXISTS bot_challenges (
  id              TEXT PRIMARY KEY,
  challenger_id   TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  bot_id          TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  settings        TEXT NOT NULL,
  status          TEXT NOT NULL,
  game_id         TEXT,
  challenger_seat INTEGER,
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS bot_challenges_bot ON bot_challenges (bot_id, status);
CREATE INDEX IF NOT EXISTS bot_challenges_challenger ON bot_challenges (challenger_id, status);
CREATE INDEX IF NOT EXISTS bot_challenges_status ON bot_challenges (status, created_at);
`;

const WITH_NAMES = `SELECT c.*, a.name AS challenger_name, b.name AS bot_name FROM bot_challenges c
  JOIN accounts a ON a.id = c.challenger_id JOIN accounts b ON b.id = c.bot_id`;

/** The bot store on `db`, whose tables BOT_SCHEMA_SQLITE made. */
export function sqliteBotStore(db: Database.Database): BotStore {
  const q = {
    markBot: db.prepare('INSERT INTO bot_accounts (account_id, upgraded_at) VALUES (?, ?) ON CONFLICT DO NOTHING'),
    isBot: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM bot_accounts WHERE account_id = ?'),
    insertToken: db.prepare(
      'INSERT INTO api_tokens (id, token_hash, account_id, name, scope, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    tokenByHash: db.prepare<[string], TokenRow>('SELECT * FROM api_tokens WHERE token_hash = ?'),
    touchToken: db.prepare('UPDATE api_tokens SET last_used_at = max(coalesce(last_used_at, 0), ?) WHERE id = ?'),
    tokensOf: db.prepare<[string], TokenRow>('SELECT * FROM api_tokens WHERE account_id = ? ORDER BY created_at DESC, id'),
    deleteToken: db.prepare('DELETE FROM api_tokens WHERE account_id = ? AND id = ?'),
    insertChallenge: db.prepare(`INSERT INTO bot_challenges
      (id, challenger_id, bot_id, settings, status, game_id, challenger_seat, created_at, updated_at)
      SELECT @id, @challenger, @bot, @settings, 'pending', NULL, NULL, @at, @at
      WHERE (SELECT count(*) FROM bot_challenges WHERE challenger_id = @challenger AND status = 'pending') < @max`),
    pruneSettled: db.prepare("DELETE FROM bot_challenges WHERE status <> 'pending' AND updated_at < ?"),
    challengeById: db.prepare<[string], ChallengeRow>(`${WITH_NAMES} WHERE c.id = ?`),
    pendingFor: db.prepare<[string], ChallengeRow>(`${WITH_NAMES} WHERE c.bot_id = ? AND c.status = 'pending' ORDER BY c.created_at, c.id`),
    activeGamesOf: db.prepare<[string], { game_id: string; game: string; seat: number }>(
      `SELECT a.game_id, g.game, a.seat FROM account_seats a JOIN games g ON g.id = a.game_id
       WHERE a.account_id = ? AND g.status = 'active' ORDER BY a.attached_at, a.game_id, a.seat`,
    ),
    settle: db.prepare(
      'UPDATE bot_challenges SET status = ?, updated_at = ?, game_id = coalesce(?, game_id), challenger_seat = coalesce(?, challenger_seat) WHERE id = ? AND status = ?',
    ),
    expire: db.prepare("UPDATE bot_challenges SET status = 'expired', updated_at = ? WHERE status = 'pending' AND created_at < ?"),
    claimStream: db.prepare('UPDATE bot_accounts SET stream_id = ?, stream_seen_at = ? WHERE account_id = ?'),
    touchStream: db.prepare('UPDATE bot_accounts SET stream_seen_at = ? WHERE account_id = ? AND stream_id = ?'),
    releaseStream: db.prepare('UPDATE bot_accounts SET stream_id = NULL, stream_seen_at = NULL WHERE account_id = ? AND stream_id = ?'),
    listBots: db.prepare<[number, number], { name: string; online: number }>(
      `SELECT a.name, (b.stream_id IS NOT NULL AND b.stream_seen_at >= ?) AS online FROM bot_accounts b
       JOIN accounts a ON a.id = b.account_id ORDER BY online DESC, a.name_key LIMIT ?`,
    ),
    isOnline: db.prepare<[string, number], { one: number }>(
      'SELECT 1 AS one FROM bot_accounts WHERE account_id = ? AND stream_id IS NOT NULL AND stream_seen_at >= ?',
    ),
    stream: db.prepare<[string], { stream_id: string | null }>('SELECT stream_id FROM bot_accounts WHERE account_id = ?'),
  };

  return {
    async markBot(accountId, at) {
      return q.markBot.run(accountId, at).changes > 0;
    },
    async isBot(accountId) {
      return q.isBot.get(accountId) !== undefined;
    },
    async createToken(t, tokenHash) {
      q.insertToken.run(t.id, tokenHash, t.accountId, t.name, t.scope, t.createdAt, t.lastUsedAt);
    },
    async tokenByHash(tokenHash) {
      const r = q.tokenByHash.get(tokenHash);
      return r === undefined ? null : tokenFromRow(r);
    },
    async touchToken(id, at) {
      q.touchToken.run(at, id);
    },
    async tokensOf(accountId) {
      return q.tokensOf.all(accountId).map(tokenFromRow);
    },
    async deleteToken(accountId, id) {
      return q.deleteToken.run(accountId, id).changes > 0;
    },
    async createChallenge(c: BotChallenge, maxPending) {
      q.pruneSettled.run(c.createdAt - SETTLED_KEPT_MS);
      const r = q.insertChallenge.run({
        id: c.id,
        challenger: c.challengerId,
        bot: c.botId,
        settings: JSON.stringify(c.settings),
        at: c.createdAt,
        max: maxPending,
      });
      return r.changes > 0;
    },
    async challengeById(id) {
      const r = q.challengeById.get(id);
      return r === undefined ? null : challengeFromRow(r);
    },
    async pendingFor(botId) {
      return q.pendingFor.all(botId).map(challengeFromRow);
    },
    async activeGamesOf(accountId) {
      return q.activeGamesOf.all(accountId).map((r) => ({ gameId: r.game_id, game: r.game, seat: r.seat }));
    },
    async settleChallenge(id, from, to, at, game) {
      return q.settle.run(to, at, game?.gameId ?? null, game?.challengerSeat ?? null, id, from).changes > 0;
    },
    async expireChallenges(before, at) {
      q.expire.run(at, before);
    },
    async claimStream(accountId, streamId, at) {
      q.claimStream.run(streamId, at, accountId);
    },
    async touchStream(accountId, streamId, at) {
      q.touchStream.run(at, accountId, streamId);
    },
    async releaseStream(accountId, streamId) {
      q.releaseStream.run(accountId, streamId);
    },
    async listBots(onlineSince, limit) {
      return q.listBots.all(onlineSince, limit).map((r) => ({ name: r.name, online: r.online === 1 }));
    },
    async isOnline(accountId, onlineSince) {
      return q.isOnline.get(accountId, onlineSince) !== undefined;
    },
    async currentStream(accountId) {
      return q.stream.get(accountId)?.stream_id ?? null;
    },
  };
}
