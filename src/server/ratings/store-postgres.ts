/**
 * The RatingStore on PostgreSQL, in the game store's schema, and the write of a game's end that
 * store-postgres.ts runs inside the transaction of the game's last move.
 */
import type pg from 'pg';
import type { GameStatus } from '../store.js';
import { BOT_ACCOUNTS, startRating } from './bot-accounts.js';
import { planRatings, type GameEnd, type StoredSkill } from './rate.js';
import { accountGames } from './account-games.js';
import type { GamePlayer, HistoryRow, RatingStore } from './store.js';

/** The tables, each named with the schema prefix `p`; after the games' and the accounts' tables. */
export function ratingSchemaPostgres(p: string): string {
  return `
ALTER TABLE ${p}games ADD COLUMN IF NOT EXISTS rated boolean NOT NULL DEFAULT false;
CREATE TABLE IF NOT EXISTS ${p}game_results (
  game_id  text PRIMARY KEY REFERENCES ${p}games (id) ON DELETE CASCADE,
  ended_at bigint NOT NULL,
  scores   json NOT NULL,
  ranks    json NOT NULL,
  leavers  json NOT NULL,
  rated    boolean NOT NULL
);
CREATE TABLE IF NOT EXISTS ${p}ratings (
  account_id     text NOT NULL REFERENCES ${p}accounts (id) ON DELETE CASCADE,
  game           text NOT NULL,
  mu             double precision NOT NULL,
  sigma          double precision NOT NULL,
  games          integer NOT NULL,
  last_played_at bigint NOT NULL,
  PRIMARY KEY (account_id, game)
);
CREATE INDEX IF NOT EXISTS ratings_board ON ${p}ratings (game, mu DESC);
CREATE TABLE IF NOT EXISTS ${p}rating_history (
  account_id   text NOT NULL REFERENCES ${p}accounts (id) ON DELETE CASCADE,
  game_id      text NOT NULL REFERENCES ${p}games (id) ON DELETE CASCADE,
  game         text NOT NULL,
  at           bigint NOT NULL,
  mu_before    double precision NOT NULL,
  sigma_before double precision NOT NULL,
  mu           double precision NOT NULL,
  sigma        double precision NOT NULL,
  rank         integer NOT NULL,
  left_game    boolean NOT NULL,
  PRIMARY KEY (account_id, game_id)
);`;
}

/** The bots' accounts (bot-accounts.ts), made once; a person's account holding one of their names stops the start. */
export async function ensureBotAccountsPostgres(c: pg.ClientBase, p: string, now: number): Promise<void> {
  for (const b of BOT_ACCOUNTS) {
    await c.query(
      `INSERT INTO ${p}accounts (id, name, name_key, password_hash, webauthn_user_id, created_at) VALUES ($1, $2, $3, NULL, $1, $4) ON CONFLICT DO NOTHING`,
      [b.id, b.name, b.name.toLowerCase(), now],
    );
    const r = await c.query(`SELECT 1 FROM ${p}accounts WHERE id = $1`, [b.id]);
    if (r.rowCount === 0) throw new Error(`the bot account "${b.name}" cannot be made: a person's account has that name`);
  }
}

/**
 * Writes a game's end on `c`, inside the transaction of its last move: its result, and in a rated
 * game the ratings and history rows, once (a second call is a no-op). The accounts' rating rows
 * are made (at their start) and locked in the order of their ids, so that two games ending at once
 * with the same players (a bot level's account, often) take turns instead of losing an update.
 */
export async function writeEndPostgres(c: pg.ClientBase, p: string, gameId: string, at: number, end: GameEnd): Promise<void> {
  const first = await c.query(
    `INSERT INTO ${p}game_results (game_id, ended_at, scores, ranks, leavers, rated) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [gameId, at, JSON.stringify(end.scores), JSON.stringify(end.ranks), JSON.stringify(end.left), end.rated],
  );
  if (first.rowCount === 0 || !end.rated) return;
  const seatRows = await c.query<{ seat: number; account_id: string }>(
    `SELECT seat, account_id FROM ${p}account_seats WHERE game_id = $1`,
    [gameId],
  );
  const seats = new Map(seatRows.rows.map((r) => [r.seat, r.account_id]));
  const ids = [...new Set(seats.values())].sort();
  if (ids.length === 0) return;
  const starts = ids.map((id) => startRating(id, end.game));
  await c.query(
    `INSERT INTO ${p}ratings (account_id, game, mu, sigma, games, last_played_at)
     SELECT id, $2, mu, sigma, 0, $3 FROM unnest($1::text[], $4::float8[], $5::float8[]) AS s(id, mu, sigma) ORDER BY id
     ON CONFLICT DO NOTHING`,
    [ids, end.game, at, starts.map((s) => s.mu), starts.map((s) => s.sigma)],
  );
  const locked = await c.query<{ account_id: string; mu: number; sigma: number; games: number }>(
    `SELECT account_id, mu, sigma, games FROM ${p}ratings WHERE game = $1 AND account_id = ANY($2::text[]) ORDER BY account_id FOR UPDATE`,
    [end.game, ids],
  );
  const now = new Map<string, StoredSkill>(
    locked.rows.map((r) => [r.account_id, { accountId: r.account_id, mu: r.mu, sigma: r.sigma, games: r.games }]),
  );
  const plan = planRatings(end, seats, now);
  for (const r of plan.ratings)
    await c.query(
      `UPDATE ${p}ratings SET mu = $1, sigma = $2, games = $3, last_played_at = GREATEST(last_played_at, $4) WHERE account_id = $5 AND game = $6`,
      [r.mu, r.sigma, r.games, at, r.accountId, end.game],
    );
  for (const h of plan.history)
    await c.query(
      `INSERT INTO ${p}rating_history (account_id, game_id, game, at, mu_before, sigma_before, mu, sigma, rank, left_game)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [h.accountId, gameId, end.game, at, h.muBefore, h.sigmaBefore, h.mu, h.sigma, h.rank, h.left],
    );
}

type Num = string | number;

export function postgresRatingStore(pool: pg.Pool, p: string): RatingStore {
  return {
    async leaderboard(game, o) {
      const r = await pool.query<{ account_id: string; name: string; mu: number; sigma: number; games: number }>(
        `SELECT r.account_id, a.name, r.mu, r.sigma, r.games FROM ${p}ratings r JOIN ${p}accounts a ON a.id = r.account_id
         WHERE r.game = $1 AND r.games >= $2 AND r.last_played_at >= $3 ORDER BY r.mu DESC, r.sigma, a.name_key LIMIT $4`,
        [game, o.minGames, o.since, o.limit],
      );
      return r.rows.map((x) => ({ accountId: x.account_id, name: x.name, mu: x.mu, sigma: x.sigma, games: x.games }));
    },
    async ratingsOf(accountId) {
      const r = await pool.query<{ game: string; mu: number; sigma: number; games: number; last_played_at: Num }>(
        `SELECT game, mu, sigma, games, last_played_at FROM ${p}ratings WHERE account_id = $1 AND games > 0 ORDER BY game`,
        [accountId],
      );
      return r.rows.map((x) => ({ game: x.game, mu: x.mu, sigma: x.sigma, games: x.games, lastPlayedAt: Number(x.last_played_at) }));
    },
    async historyOf(accountId) {
      const r = await pool.query<{
        game: string;
        game_id: string;
        at: Num;
        mu_before: number;
        sigma_before: number;
        mu: number;
        sigma: number;
        rank: number;
        left_game: boolean;
      }>(`SELECT * FROM ${p}rating_history WHERE account_id = $1 ORDER BY at, game_id`, [accountId]);
      return r.rows.map((x): HistoryRow => ({
        game: x.game,
        gameId: x.game_id,
        at: Number(x.at),
        muBefore: x.mu_before,
        sigmaBefore: x.sigma_before,
        mu: x.mu,
        sigma: x.sigma,
        rank: x.rank,
        left: x.left_game,
      }));
    },
    async gamesOf(accountId, o) {
      const r = await pool.query<{
        game_id: string;
        game: string;
        seat: number;
        status: GameStatus;
        rated: boolean;
        moves: number;
        updated_at: Num;
        ended_at: Num | null;
        scores: unknown;
        ranks: unknown;
        leavers: unknown;
      }>(
        `WITH mine AS (
           SELECT g.id FROM ${p}account_seats a JOIN ${p}games g ON g.id = a.game_id
           WHERE a.account_id = $1 AND g.status = $2 GROUP BY g.id ORDER BY max(g.updated_at) DESC LIMIT $3)
         SELECT a.game_id, g.game, a.seat, g.status, g.rated, g.moves, g.updated_at, r.ended_at, r.scores, r.ranks, r.leavers
         FROM mine JOIN ${p}games g ON g.id = mine.id JOIN ${p}account_seats a ON a.game_id = g.id AND a.account_id = $1
         LEFT JOIN ${p}game_results r ON r.game_id = g.id ORDER BY a.game_id, a.seat`,
        [accountId, o.status, o.limit],
      );
      const ids = [...new Set(r.rows.map((x) => x.game_id))];
      const players = await pool.query<GamePlayer & { game_id: string }>(
        `SELECT game_id, seat, name, kind, bot FROM ${p}seats WHERE game_id = ANY($1::text[]) ORDER BY game_id, seat`,
        [ids],
      );
      const byGame = new Map<string, GamePlayer[]>();
      for (const { game_id, ...pl } of players.rows) byGame.set(game_id, [...(byGame.get(game_id) ?? []), pl]);
      return accountGames(r.rows, (id) => byGame.get(id) ?? []);
    },
    async seatAccounts(gameId) {
      const r = await pool.query<{ seat: number; account_id: string }>(
        `SELECT seat, account_id FROM ${p}account_seats WHERE game_id = $1`,
        [gameId],
      );
      return new Map(r.rows.map((x) => [x.seat, x.account_id]));
    },
  };
}
