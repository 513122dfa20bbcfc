/**
 * The AccountStore on PostgreSQL, in the game store's schema (store-postgres.ts creates these
 * tables with its own in init()). Times are bigint ms, handed back by pg as strings.
 */
import type pg from 'pg';
import type { GameStatus } from '../store.js';
import { nameKey, type Account, type AccountSeat, type AccountStore, type Challenge, type Passkey, type Session } from './store.js';
import { inTransaction } from '../pg-transaction.js';

/** The tables, each named with the schema prefix `p` (`"schema".` or ''). */
export function accountSchemaPostgres(p: string): string {
  return `
CREATE TABLE IF NOT EXISTS ${p}accounts (
  id               text PRIMARY KEY,
  name             text NOT NULL,
  name_key         text NOT NULL UNIQUE,
  password_hash    text,
  webauthn_user_id text NOT NULL UNIQUE,
  created_at       bigint NOT NULL
);
CREATE TABLE IF NOT EXISTS ${p}passkeys (
  id           text PRIMARY KEY,
  account_id   text NOT NULL REFERENCES ${p}accounts (id) ON DELETE CASCADE,
  name         text NOT NULL,
  public_key   bytea NOT NULL,
  counter      bigint NOT NULL,
  transports   json NOT NULL,
  created_at   bigint NOT NULL,
  last_used_at bigint
);
CREATE INDEX IF NOT EXISTS passkeys_account ON ${p}passkeys (account_id);
CREATE TABLE IF NOT EXISTS ${p}sessions (
  id           text PRIMARY KEY,
  secret_hash  text NOT NULL UNIQUE,
  account_id   text NOT NULL REFERENCES ${p}accounts (id) ON DELETE CASCADE,
  device       text NOT NULL,
  created_at   bigint NOT NULL,
  last_used_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_account ON ${p}sessions (account_id);
CREATE TABLE IF NOT EXISTS ${p}account_seats (
  game_id     text NOT NULL,
  seat        integer NOT NULL,
  account_id  text NOT NULL REFERENCES ${p}accounts (id) ON DELETE CASCADE,
  attached_at bigint NOT NULL,
  PRIMARY KEY (game_id, seat),
  FOREIGN KEY (game_id, seat) REFERENCES ${p}seats (game_id, seat) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS account_seats_account ON ${p}account_seats (account_id);
CREATE TABLE IF NOT EXISTS ${p}auth_challenges (
  key_hash   text PRIMARY KEY,
  purpose    text NOT NULL,
  challenge  text NOT NULL,
  data       json NOT NULL,
  expires_at bigint NOT NULL
);
CREATE TABLE IF NOT EXISTS ${p}sign_in_failures (
  name_key     text PRIMARY KEY,
  window_start bigint NOT NULL,
  failures     integer NOT NULL
);`;
}

type Num = string | number;
interface AccountDbRow {
  id: string;
  name: string;
  password_hash: string | null;
  webauthn_user_id: string;
  created_at: Num;
}
interface PasskeyDbRow {
  id: string;
  account_id: string;
  name: string;
  public_key: Buffer;
  counter: Num;
  transports: string[];
  created_at: Num;
  last_used_at: Num | null;
}
interface SessionDbRow {
  id: string;
  account_id: string;
  device: string;
  created_at: Num;
  last_used_at: Num;
}

const account = (r: AccountDbRow): Account => ({
  id: r.id,
  name: r.name,
  createdAt: Number(r.created_at),
  passwordHash: r.password_hash,
  webauthnUserId: r.webauthn_user_id,
});
const passkey = (r: PasskeyDbRow): Passkey => ({
  id: r.id,
  accountId: r.account_id,
  name: r.name,
  publicKey: new Uint8Array(r.public_key),
  counter: Number(r.counter),
  transports: r.transports,
  createdAt: Number(r.created_at),
  lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
});
const session = (r: SessionDbRow): Session => ({
  id: r.id,
  accountId: r.account_id,
  device: r.device,
  createdAt: Number(r.created_at),
  lastUsedAt: Number(r.last_used_at),
});

const isUnique = (e: unknown): boolean => (e as { code?: unknown }).code === '23505';

/** The account store on `pool`, its tables named with the prefix `p`. */
export function postgresAccountStore(pool: pg.Pool, p: string): AccountStore {
  const inTx = <T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> => inTransaction(pool, fn);
  const insertPasskey = (c: pg.Pool | pg.PoolClient, k: Passkey) =>
    c.query(
      `INSERT INTO ${p}passkeys (id, account_id, name, public_key, counter, transports, created_at, last_used_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [k.id, k.accountId, k.name, Buffer.from(k.publicKey), k.counter, JSON.stringify(k.transports), k.createdAt, k.lastUsedAt],
    );
  const one = async <R extends pg.QueryResultRow, T>(sql: string, values: unknown[], f: (r: R) => T): Promise<T | null> => {
    const r = await pool.query<R>(sql, values);
    return r.rows[0] === undefined ? null : f(r.rows[0]);
  };

  return {
    async createAccount(a, k) {
      try {
        await inTx(async (c) => {
          await c.query(
            `INSERT INTO ${p}accounts (id, name, name_key, password_hash, webauthn_user_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
            [a.id, a.name, nameKey(a.name), a.passwordHash, a.webauthnUserId, a.createdAt],
          );
          if (k) await insertPasskey(c, k);
        });
        return true;
      } catch (e) {
        if (isUnique(e) && (e as { constraint?: string }).constraint === 'accounts_name_key_key') return false;
        throw e;
      }
    },
    accountById: (id) => one(`SELECT * FROM ${p}accounts WHERE id = $1`, [id], account),
    accountByName: (name) => one(`SELECT * FROM ${p}accounts WHERE name_key = $1`, [nameKey(name)], account),
    async passkeysOf(accountId) {
      const r = await pool.query<PasskeyDbRow>(`SELECT * FROM ${p}passkeys WHERE account_id = $1 ORDER BY created_at, id`, [accountId]);
      return r.rows.map(passkey);
    },
    passkeyById: (id) => one(`SELECT * FROM ${p}passkeys WHERE id = $1`, [id], passkey),
    async addPasskey(k) {
      try {
        await insertPasskey(pool, k);
        return true;
      } catch (e) {
        if (isUnique(e)) return false;
        throw e;
      }
    },
    async usePasskey(id, counter, at) {
      await pool.query(`UPDATE ${p}passkeys SET counter = $1, last_used_at = $2 WHERE id = $3`, [counter, at, id]);
    },
    async createSession(s, secretHash) {
      await pool.query(
        `INSERT INTO ${p}sessions (id, secret_hash, account_id, device, created_at, last_used_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [s.id, secretHash, s.accountId, s.device, s.createdAt, s.lastUsedAt],
      );
    },
    sessionBySecret: (secretHash, idleSince) =>
      one(`SELECT * FROM ${p}sessions WHERE secret_hash = $1 AND last_used_at >= $2`, [secretHash, idleSince], session),
    async touchSession(id, at) {
      await pool.query(`UPDATE ${p}sessions SET last_used_at = greatest(last_used_at, $1) WHERE id = $2`, [at, id]);
    },
    async sessionsOf(accountId, idleSince) {
      await pool.query(`DELETE FROM ${p}sessions WHERE account_id = $1 AND last_used_at < $2`, [accountId, idleSince]);
      const r = await pool.query<SessionDbRow>(
        `SELECT * FROM ${p}sessions WHERE account_id = $1 AND last_used_at >= $2 ORDER BY last_used_at DESC, id`,
        [accountId, idleSince],
      );
      return r.rows.map(session);
    },
    async deleteSession(accountId, id) {
      const r = await pool.query(`DELETE FROM ${p}sessions WHERE account_id = $1 AND id = $2`, [accountId, id]);
      return (r.rowCount ?? 0) > 0;
    },
    async deleteOtherSessions(accountId, keepId) {
      await pool.query(`DELETE FROM ${p}sessions WHERE account_id = $1 AND id <> $2`, [accountId, keepId]);
    },
    async putChallenge(keyHash, c) {
      await pool.query(`DELETE FROM ${p}auth_challenges WHERE expires_at < $1`, [Date.now()]);
      await pool.query(`INSERT INTO ${p}auth_challenges (key_hash, purpose, challenge, data, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
        keyHash,
        c.purpose,
        c.challenge,
        JSON.stringify(c.data),
        c.expiresAt,
      ]);
    },
    takeChallenge: (keyHash) =>
      one(
        `DELETE FROM ${p}auth_challenges WHERE key_hash = $1 RETURNING purpose, challenge, data, expires_at`,
        [keyHash],
        (r: { purpose: Challenge['purpose']; challenge: string; data: Challenge['data']; expires_at: Num }): Challenge => ({
          purpose: r.purpose,
          challenge: r.challenge,
          data: r.data,
          expiresAt: Number(r.expires_at),
        }),
      ),
    async signInFailures(key, now, windowMs) {
      return (
        (await one(
          `SELECT failures FROM ${p}sign_in_failures WHERE name_key = $1 AND window_start > $2`,
          [key, now - windowMs],
          (r: { failures: number }) => r.failures,
        )) ?? 0
      );
    },
    async noteSignInFailure(key, now, windowMs) {
      // Windows that are over go, so that a spray of made-up names leaves nothing behind.
      await pool.query(`DELETE FROM ${p}sign_in_failures WHERE window_start <= $1`, [now - windowMs]);
      await pool.query(
        `INSERT INTO ${p}sign_in_failures AS f (name_key, window_start, failures) VALUES ($1, $2, 1)
         ON CONFLICT (name_key) DO UPDATE SET
           failures = CASE WHEN f.window_start > $3 THEN f.failures + 1 ELSE 1 END,
           window_start = CASE WHEN f.window_start > $3 THEN f.window_start ELSE $2 END`,
        [key, now, now - windowMs],
      );
    },
    async clearSignInFailures(key) {
      await pool.query(`DELETE FROM ${p}sign_in_failures WHERE name_key = $1`, [key]);
    },
    async seatTokenHash(gameId, seat) {
      const r = await pool.query<{ token_hash: string | null }>(`SELECT token_hash FROM ${p}seats WHERE game_id = $1 AND seat = $2`, [
        gameId,
        seat,
      ]);
      return r.rows[0] === undefined ? undefined : r.rows[0].token_hash;
    },
    async seatTaken(accountId, gameId, seat, at) {
      await pool.query(
        `INSERT INTO ${p}account_seats (game_id, seat, account_id, attached_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (game_id, seat) DO UPDATE SET account_id = excluded.account_id, attached_at = excluded.attached_at`,
        [gameId, seat, accountId, at],
      );
    },
    async attachSeat(accountId, gameId, seat, at) {
      await pool.query(
        `INSERT INTO ${p}account_seats (game_id, seat, account_id, attached_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [gameId, seat, accountId, at],
      );
      const owner = await one(
        `SELECT account_id FROM ${p}account_seats WHERE game_id = $1 AND seat = $2`,
        [gameId, seat],
        (r: { account_id: string }) => r.account_id,
      );
      return owner === accountId ? 'attached' : 'taken';
    },
    async seatsOf(accountId) {
      const r = await pool.query<{ game_id: string; seat: number; status: GameStatus; attached_at: Num }>(
        `SELECT a.game_id, a.seat, g.status, a.attached_at FROM ${p}account_seats a JOIN ${p}games g ON g.id = a.game_id
         WHERE a.account_id = $1 ORDER BY a.attached_at DESC, a.game_id, a.seat`,
        [accountId],
      );
      return r.rows.map((x): AccountSeat => ({ gameId: x.game_id, seat: x.seat, status: x.status, attachedAt: Number(x.attached_at) }));
    },
    async deleteAccount(id, deletedName) {
      await inTx(async (c) => {
        await c.query(
          `UPDATE ${p}seats s SET name = $1 FROM ${p}account_seats a JOIN ${p}games g ON g.id = a.game_id
           WHERE a.account_id = $2 AND g.status <> 'active' AND s.game_id = a.game_id AND s.seat = a.seat`,
          [deletedName, id],
        );
        await c.query(`DELETE FROM ${p}accounts WHERE id = $1`, [id]);
      });
    },
  };
}
