/**
 * The RatingStore on SQLite, in the game store's database, and the write of a game's end that
 * store-sqlite.ts runs inside the transaction of the game's last move.
 */
import type Database from 'better-sqlite3';
import type { GameStatus } from '../store.js';
import { BOT_ACCOUNTS, startRating } from './bot-accounts.js';
import { planRatings, type GameEnd, type StoredSkill } from './rate.js';
import { accountGames } from './account-games.js';
import type { GamePlayer, HistoryRow, RatingStore } from './store.js';

/** After the games' and the accounts' tables. */
export const RATING_SCHEMA_SQLITE = `
CREATE TABLE IF NOT EXISTS game_results (
  game_id  TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  ended_at INTEGER NOT NULL,
  scores   TEXT NOT NULL,
  ranks    TEXT NOT NULL,
  leavers  TEXT NOT NULL,
  rated    INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS ratings (
  account_id     TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  game           TEXT NOT NULL,
  mu             REAL NOT NULL,
  sigma          REAL NOT NULL,
  games          INTEGER NOT NULL,
  last_played_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, game)
);
CREATE INDEX IF NOT EXISTS ratings_board ON ratings (game, mu DESC);
CREATE TABLE IF NOT EXISTS rating_history (
  account_id   TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  game_id      TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  game         TEXT NOT NULL,
  at           INTEGER NOT NULL,
  mu_before    REAL NOT NULL,
  sigma_before REAL NOT NULL,
  mu           REAL NOT NULL,
  sigma        REAL NOT NULL,
  rank         INTEGER NOT NULL,
  left_game    INTEGER NOT NULL,
  PRIMARY KEY (account_id, game_id)
);
`;

/** The bots' accounts (bot-accounts.ts), made once; a person's account holding one of their names stops the start. */
export function ensureBotAccountsSqlite(db: Database.Database, now: number): void {
  const insert = db.prepare(
    `INSERT INTO accounts (id, name, name_key, password_hash, webauthn_user_id, created_at) VALUES (?, ?, ?, NULL, ?, ?) ON CONFLICT DO NOTHING`,
  );
  const byId = db.prepare<[string], { id: string }>('SELECT id FROM accounts WHERE id = ?');
  for (const b of BOT_ACCOUNTS) {
    insert.run(b.id, b.name, b.name.toLowerCase(), b.id, now);
    if (byId.get(b.id) === undefined) throw new Error(`the bot account "${b.name}" cannot be made: a person's account has that name`);
  }
}

/** Writes a game's end: its result, and in a rated game the ratings and history rows, once (a second call is a no-op). */
export type EndWriter = (gameId: string, at: number, end: GameEnd) => void;

export function sqliteEndWriter(db: Database.Database): EndWriter {
  const q = {
    result: db.prepare(
      'INSERT INTO game_results (game_id, ended_at, scores, ranks, leavers, rated) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    seats: db.prepare<[string], { seat: number; account_id: string }>('SELECT seat, account_id FROM account_seats WHERE game_id = ?'),
    start: db.prepare(
      'INSERT INTO ratings (account_id, game, mu, sigma, games, last_played_at) VALUES (?, ?, ?, ?, 0, ?) ON CONFLICT DO NOTHING',
    ),
    now: db.prepare<[string, string], { mu: number; sigma: number; games: number }>(
      'SELECT mu, sigma, games FROM ratings WHERE account_id = ? AND game = ?',
    ),
    set: db.prepare(
      'UPDATE ratings SET mu = ?, sigma = ?, games = ?, last_played_at = max(last_played_at, ?) WHERE account_id = ? AND game = ?',
    ),
    history: db.prepare(`INSERT INTO rating_history (account_id, game_id, game, at, mu_before, sigma_before, mu, sigma, rank, left_game)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
  };
  return (gameId, at, end) => {
    const first = q.result.run(
      gameId,
      at,
      JSON.stringify(end.scores),
      JSON.stringify(end.ranks),
      JSON.stringify(end.left),
      end.rated ? 1 : 0,
    );
    if (first.changes === 0 || !end.rated) return;
    const seats = new Map(q.seats.all(gameId).map((r) => [r.seat, r.account_id]));
    const now = new Map<string, StoredSkill>();
    for (const id of [...new Set(seats.values())].sort()) {
      const s = startRating(id, end.game);
      q.start.run(id, end.game, s.mu, s.sigma, at);
      const r = q.now.get(id, end.game)!;
      now.set(id, { accountId: id, mu: r.mu, sigma: r.sigma, games: r.games });
    }
    const plan = planRatings(end, seats, now);
    for (const r of plan.ratings) q.set.run(r.mu, r.sigma, r.games, at, r.accountId, end.game);
    for (const h of plan.history)
      q.history.run(h.accountId, gameId, end.game, at, h.muBefore, h.sigmaBefore, h.mu, h.sigma, h.rank, h.left ? 1 : 0);
  };
}

interface GameRow {
  game_id: string;
  game: string;
  seat: number;
  status: GameStatus;
  rated: number;
  moves: number;
  updated_at: number;
  ended_at: number | null;
  scores: string | null;
  ranks: string | null;
  leavers: string | null;
}

export function sqliteRatingStore(db: Database.Database): RatingStore {
  const q = {
    board: db.prepare<[string, number, number, number], { account_id: string; name: string; mu: number; sigma: number; games: number }>(
      `SELECT r.account_id, a.name, r.mu, r.sigma, r.games FROM ratings r JOIN accounts a ON a.id = r.account_id
       WHERE r.game = ? AND r.games >= ? AND r.last_played_at >= ? ORDER BY r.mu DESC, r.sigma, a.name_key LIMIT ?`,
    ),
    ratingsOf: db.prepare<[string], { game: string; mu: number; sigma: number; games: number; last_played_at: number }>(
      'SELECT game, mu, sigma, games, last_played_at FROM ratings WHERE account_id = ? AND games > 0 ORDER BY game',
    ),
    historyOf: db.prepare<
      [string],
      {
        game: string;
        game_id: string;
        at: number;
        mu_before: number;
        sigma_before: number;
        mu: number;
        sigma: number;
        rank: number;
        left_game: number;
      }
    >('SELECT * FROM rating_history WHERE account_id = ? ORDER BY at, game_id'),
    // The account's latest games of a status first (one uncorrelated subquery, evaluated once), then their rows.
    gamesOf: db.prepare<[{ account: string; status: string; limit: number }], GameRow>(
      `SELECT a.game_id, g.game, a.seat, g.status, g.rated,
         coalesce((SELECT max(m.idx) + 1 FROM moves m WHERE m.game_id = g.id), 0) AS moves,
         max(g.updated_at, coalesce((SELECT m.at FROM moves m WHERE m.game_id = g.id ORDER BY m.idx DESC LIMIT 1), 0)) AS updated_at,
         r.ended_at, r.scores, r.ranks, r.leavers
       FROM account_seats a JOIN games g ON g.id = a.game_id LEFT JOIN game_results r ON r.game_id = g.id
       WHERE a.account_id = @account AND g.id IN (
         SELECT a2.game_id FROM account_seats a2 JOIN games g2 ON g2.id = a2.game_id
         WHERE a2.account_id = @account AND g2.status = @status GROUP BY a2.game_id ORDER BY max(g2.updated_at) DESC LIMIT @limit)
       ORDER BY a.game_id, a.seat`,
    ),
    players: db.prepare<[string], GamePlayer>('SELECT seat, name, kind, bot FROM seats WHERE game_id = ? ORDER BY seat'),
    seatAccounts: db.prepare<[string], { seat: number; account_id: string }>(
      'SELECT seat, account_id FROM account_seats WHERE game_id = ?',
    ),
  };
  return {
    async leaderboard(game, o) {
      return q.board
        .all(game, o.minGames, o.since, o.limit)
        .map((r) => ({ accountId: r.account_id, name: r.name, mu: r.mu, sigma: r.sigma, games: r.games }));
    },
    async ratingsOf(accountId) {
      return q.ratingsOf
        .all(accountId)
        .map((r) => ({ game: r.game, mu: r.mu, sigma: r.sigma, games: r.games, lastPlayedAt: r.last_played_at }));
    },
    async historyOf(accountId) {
      return q.historyOf.all(accountId).map((r): HistoryRow => ({
        game: r.game,
        gameId: r.game_id,
        at: r.at,
        muBefore: r.mu_before,
        sigmaBefore: r.sigma_before,
        mu: r.mu,
        sigma: r.sigma,
        rank: r.rank,
        left: r.left_game !== 0,
      }));
    },
    async gamesOf(accountId, o) {
      const rows = q.gamesOf.all({ account: accountId, status: o.status, limit: o.limit });
      return accountGames(rows, (id) => q.players.all(id));
    },
    async seatAccounts(gameId) {
      return new Map(q.seatAccounts.all(gameId).map((r) => [r.seat, r.account_id]));
    },
  };
}
