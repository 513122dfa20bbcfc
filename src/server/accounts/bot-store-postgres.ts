/**
 * The BotStore on PostgreSQL, in the game store's schema (store-postgres.ts creates these tables
 * with the accounts' in init()). Times are bigint ms, handed back by pg as strings.
 */
import type pg from 'pg';
import { SETTLED_KEPT_MS, type BotStore } from './bot-store.js';
import { challengeFromRow, tokenFromRow, type ChallengeRow, type TokenRow } from './bot-rows.js';

/** The tables, each named with the schema prefix `p` (`"schema".` or ''). */
export function botSchemaPostgres(p: string): string {
  return `
CREATE TABLE IF NOT EXISTS ${p}bot_accounts (
  account_id  text PRIMARY KEY REFERENCES ${p}accounts (id) ON DELETE CASCADE,
  upgraded_at    bigint NOT NULL,
  stream_id      text,
  stream_seen_at bigint
);
CREATE TABLE IF NOT EXISTS ${p}api_tokens (
  id           text PRIMARY KEY,
  token_hash   text NOT NULL UNIQUE,
  account_id   text NOT NULL REFERENCES ${p}accounts (id) ON DELETE CASCADE,
  name         text NOT NULL,
  scope        text NOT NULL,
  created_at   bigint NOT NULL,
  last_used_at bigint
);
CREATE INDEX IF NOT EXISTS api_tokens_account ON ${p}api_tokens (account_id);
CREATE TABLE IF NOT EXISTS ${p}bot_challenges (
  id              text PRIMARY KEY,
  challenger_id   text NOT NULL REFERENCES ${p}accounts (id) ON DELETE CASCADE,
  bot_id          text NOT NULL REFERENCES ${p}accounts (id) ON DELETE CASCADE,
  settings        json NOT NULL,
  status          text NOT NULL,
  game_id         text,
  challenger_seat integer,
  created_at      bigint NOT NULL,
  updated_at      bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS bot_challenges_bot ON ${p}bot_challenges (bot_id, status);
CREATE INDEX IF NOT EXISTS bot_challenges_challenger ON ${p}bot_challenges (challenger_id, status);
CREATE INDEX IF NOT EXISTS bot_challenges_status ON ${p}bot_challenges (status, created_at);`;
}

/** The bot store on `pool`, its tables named with the prefix `p`. */
export function postgresBotStore(pool: pg.Pool, p: string): BotStore {
  const withNames = `SELECT c.*, a.name AS challenger_name, b.name AS bot_name FROM ${p}bot_challenges c
    JOIN ${p}accounts a ON a.id = c.challenger_id JOIN ${p}accounts b ON b.id = c.bot_id`;
  const rows = async <R extends pg.QueryResultRow>(sql: string, values: unknown[]): Promise<R[]> => (await pool.query<R>(sql, values)).rows;
  const changed = async (sql: string, values: unknown[]): Promise<boolean> => ((await pool.query(sql, values)).rowCount ?? 0) > 0;

  return {
    markBot: (accountId, at) =>
      changed(`INSERT INTO ${p}bot_accounts (account_id, upgraded_at) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [accountId, at]),
    isBot: async (accountId) => (await rows(`SELECT 1 FROM ${p}bot_accounts WHERE account_id = $1`, [accountId])).length > 0,
    async createToken(t, tokenHash) {
      await pool.query(
        `INSERT INTO ${p}api_tokens (id, token_hash, account_id, name, scope, created_at, last_used_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [t.id, tokenHash, t.accountId, t.name, t.scope, t.createdAt, t.lastUsedAt],
      );
    },
    async tokenByHash(tokenHash) {
      const [r] = await rows<TokenRow>(`SELECT * FROM ${p}api_tokens WHERE token_hash = $1`, [tokenHash]);
      return r === undefined ? null : tokenFromRow(r);
    },
    async touchToken(id, at) {
      await pool.query(`UPDATE ${p}api_tokens SET last_used_at = greatest(coalesce(last_used_at, 0), $1) WHERE id = $2`, [at, id]);
    },
    tokensOf: async (accountId) =>
      (await rows<TokenRow>(`SELECT * FROM ${p}api_tokens WHERE account_id = $1 ORDER BY created_at DESC, id`, [accountId])).map(
        tokenFromRow,
      ),
    deleteToken: (accountId, id) => changed(`DELETE FROM ${p}api_tokens WHERE account_id = $1 AND id = $2`, [accountId, id]),
    async createChallenge(c, maxPending) {
      await pool.query(`DELETE FROM ${p}bot_challenges WHERE status <> 'pending' AND updated_at < $1`, [c.createdAt - SETTLED_KEPT_MS]);
      return changed(
        `INSERT INTO ${p}bot_challenges (id, challenger_id, bot_id, settings, status, game_id, challenger_seat, created_at, updated_at)
         SELECT $1, $2, $3, $4, 'pending', NULL, NULL, $5, $5
         WHERE (SELECT count(*) FROM ${p}bot_challenges WHERE challenger_id = $2 AND status = 'pending') < $6`,
        [c.id, c.challengerId, c.botId, JSON.stringify(c.settings), c.createdAt, maxPending],
      );
    },
    async challengeById(id) {
      const [r] = await rows<ChallengeRow>(`${withNames} WHERE c.id = $1`, [id]);
      return r === undefined ? null : challengeFromRow(r);
    },
    pendingFor: async (botId) =>
      (await rows<ChallengeRow>(`${withNames} WHERE c.bot_id = $1 AND c.status = 'pending' ORDER BY c.created_at, c.id`, [botId])).map(
        challengeFromRow,
      ),
    activeGamesOf: async (accountId) =>
      (
        await rows<{ game_id: string; game: string; seat: number }>(
          `SELECT a.game_id, g.game, a.seat FROM ${p}account_seats a JOIN ${p}games g ON g.id = a.game_id
           WHERE a.account_id = $1 AND g.status = 'active' ORDER BY a.attached_at, a.game_id, a.seat`,
          [accountId],
        )
      ).map((r) => ({ gameId: r.game_id, game: r.game, seat: r.seat })),
    settleChallenge: (id, from, to, at, game) =>
      changed(
        `UPDATE ${p}bot_challenges SET status = $1, updated_at = $2, game_id = coalesce($3, game_id),
           challenger_seat = coalesce($4, challenger_seat) WHERE id = $5 AND status = $6`,
        [to, at, game?.gameId ?? null, game?.challengerSeat ?? null, id, from],
      ),
    async expireChallenges(before, at) {
      await pool.query(`UPDATE ${p}bot_challenges SET status = 'expired', updated_at = $1 WHERE status = 'pending' AND created_at < $2`, [
        at,
        before,
      ]);
    },
    async claimStream(accountId, streamId, at) {
      await pool.query(`UPDATE ${p}bot_accounts SET stream_id = $1, stream_seen_at = $2 WHERE account_id = $3`, [streamId, at, accountId]);
    },
    async touchStream(accountId, streamId, at) {
      await pool.query(`UPDATE ${p}bot_accounts SET stream_seen_at = $1 WHERE account_id = $2 AND stream_id = $3`, [
        at,
        accountId,
        streamId,
      ]);
    },
    async releaseStream(accountId, streamId) {
      await pool.query(`UPDATE ${p}bot_accounts SET stream_id = NULL, stream_seen_at = NULL WHERE account_id = $1 AND stream_id = $2`, [
        accountId,
        streamId,
      ]);
    },
    listBots: async (onlineSince, limit) =>
      await rows<{ name: string; online: boolean }>(
        `SELECT a.name, (b.stream_id IS NOT NULL AND coalesce(b.stream_seen_at >= $1, false)) AS online FROM ${p}bot_accounts b
         JOIN ${p}accounts a ON a.id = b.account_id ORDER BY online DESC, a.name_key LIMIT $2`,
        [onlineSince, limit],
      ),
    isOnline: async (accountId, onlineSince) =>
      (
        await rows(`SELECT 1 FROM ${p}bot_accounts WHERE account_id = $1 AND stream_id IS NOT NULL AND stream_seen_at >= $2`, [
          accountId,
          onlineSince,
        ])
      ).length > 0,
    async currentStream(accountId) {
      const [r] = await rows<{ stream_id: string | null }>(`SELECT stream_id FROM ${p}bot_accounts WHERE account_id = $1`, [accountId]);
      return r?.stream_id ?? null;
    },
  };
}
