/**
 * The AccountStore on SQLite, in the game store's database (store-sqlite.ts creates these tables
 * with its own in init()). better-sqlite3 answers at once; each method is one statement or one
 * transaction, atomic within the process.
 */
import type Database from 'better-sqlite3';
import type { GameStatus } from '../store.js';
import { nameKey, type Account, type AccountSeat, type AccountStore, type Challenge, type Passkey, type Session } from './store.js';

export const ACCOUNT_SCHEMA_SQLITE = `
CREATE TABLE IF NOT EXISTS accounts (
  id               TEXT PRIMARY KEY,
  name             TEXT NOT NULL,
  name_key         TEXT NOT NULL UNIQUE,
  password_hash    TEXT,
  webauthn_user_id TEXT NOT NULL UNIQUE,
  created_at       INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS passkeys (
  id           TEXT PRIMARY KEY,
  account_id   TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  public_key   BLOB NOT NULL,
  counter      INTEGER NOT NULL,
  transports   TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX IF NOT EXISTS passkeys_account ON passkeys (account_id);
CREATE TABLE IF NOT EXISTS sessions (
  id           TEXT PRIMARY KEY,
  secret_hash  TEXT NOT NULL UNIQUE,
  account_id   TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  device       TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account_id);
CREATE TABLE IF NOT EXISTS account_seats (
  game_id     TEXT NOT NULL,
  seat        INTEGER NOT NULL,
  account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  attached_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat),
  FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS account_seats_account ON account_seats (account_id);
CREATE TABLE IF NOT EXISTS auth_challenges (
  key_hash   TEXT PRIMARY KEY,
  purpose    TEXT NOT NULL,
  challenge  TEXT NOT NULL,
  data       TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sign_in_failures (
  name_key     TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  failures     INTEGER NOT NULL
);
`;

interface AccountDbRow {
  id: string;
  name: string;
  password_hash: string | null;
  webauthn_user_id: string;
  created_at: number;
}
interface PasskeyDbRow {
  id: string;
  account_id: string;
  name: string;
  public_key: Buffer;
  counter: number;
  transports: string;
  created_at: number;
  last_used_at: number | null;
}
interface SessionDbRow {
  id: string;
  account_id: string;
  device: string;
  created_at: number;
  last_used_at: number;
}

const account = (r: AccountDbRow): Account => ({
  id: r.id,
  name: r.name,
  createdAt: r.created_at,
  passwordHash: r.password_hash,
  webauthnUserId: r.webauthn_user_id,
});
const passkey = (r: PasskeyDbRow): Passkey => ({
  id: r.id,
  accountId: r.account_id,
  name: r.name,
  publicKey: new Uint8Array(r.public_key),
  counter: r.counter,
  transports: JSON.parse(r.transports) as string[],
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});
const session = (r: SessionDbRow): Session => ({
  id: r.id,
  accountId: r.account_id,
  device: r.device,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});

const isUnique = (e: unknown): boolean => {
  const code = (e as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/** The account store on `db`, whose tables ACCOUNT_SCHEMA_SQLITE made. */
export function sqliteAccountStore(db: Database.Database): AccountStore {
  const q = {
    insertAccount: db.prepare(
      'INSERT INTO accounts (id, name, name_key, password_hash, webauthn_user_id, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    accountById: db.prepare<[string], AccountDbRow>('SELECT * FROM accounts WHERE id = ?'),
    accountByKey: db.prepare<[string], AccountDbRow>('SELECT * FROM accounts WHERE name_key = ?'),
    insertPasskey: db.prepare(
      'INSERT INTO passkeys (id, account_id, name, public_key, counter, transports, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    passkeysOf: db.prepare<[string], PasskeyDbRow>('SELECT * FROM passkeys WHERE account_id = ? ORDER BY created_at, id'),
    passkeyById: db.prepare<[string], PasskeyDbRow>('SELECT * FROM passkeys WHERE id = ?'),
    usePasskey: db.prepare('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?'),
    insertSession: db.prepare(
      'INSERT INTO sessions (id, secret_hash, account_id, device, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    dropIdle: db.prepare('DELETE FROM sessions WHERE account_id = ? AND last_used_at < ?'),
    sessionBySecret: db.prepare<[string, number], SessionDbRow>('SELECT * FROM sessions WHERE secret_hash = ? AND last_used_at >= ?'),
    touchSession: db.prepare('UPDATE sessions SET last_used_at = max(last_used_at, ?) WHERE id = ?'),
    sessionsOf: db.prepare<[string, number], SessionDbRow>(
      'SELECT * FROM sessions WHERE account_id = ? AND last_used_at >= ? ORDER BY last_used_at DESC, id',
    ),
    deleteSession: db.prepare('DELETE FROM sessions WHERE account_id = ? AND id = ?'),
    deleteOtherSessions: db.prepare('DELETE FROM sessions WHERE account_id = ? AND id <> ?'),
    dropExpiredChallenges: db.prepare('DELETE FROM auth_challenges WHERE expires_at < ?'),
    putChallenge: db.prepare('INSERT INTO auth_challenges (key_hash, purpose, challenge, data, expires_at) VALUES (?, ?, ?, ?, ?)'),
    takeChallenge: db.prepare<[string], { purpose: Challenge['purpose']; challenge: string; data: string; expires_at: number }>(
      'DELETE FROM auth_challenges WHERE key_hash = ? RETURNING purpose, challenge, data, expires_at',
    ),
    failures: db.prepare<[string, number], { failures: number }>(
      'SELECT failures FROM sign_in_failures WHERE name_key = ? AND window_start > ?',
    ),
    noteFailure: db.prepare(`INSERT INTO sign_in_failures (name_key, window_start, failures) VALUES (@key, @now, 1)
      ON CONFLICT (name_key) DO UPDATE SET
        failures = CASE WHEN window_start > @since THEN failures + 1 ELSE 1 END,
        window_start = CASE WHEN window_start > @since THEN window_start ELSE @now END`),
    clearFailures: db.prepare('DELETE FROM sign_in_failures WHERE name_key = ?'),
    dropOldFailures: db.prepare('DELETE FROM sign_in_failures WHERE window_start <= ?'),
    seatToken: db.prepare<[string, number], { token_hash: string | null }>('SELECT token_hash FROM seats WHERE game_id = ? AND seat = ?'),
    attach: db.prepare('INSERT INTO account_seats (game_id, seat, account_id, attached_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING'),
    take: db.prepare(`INSERT INTO account_seats (game_id, seat, account_id, attached_at) VALUES (?, ?, ?, ?)
      ON CONFLICT (game_id, seat) DO UPDATE SET account_id = excluded.account_id, attached_at = excluded.attached_at`),
    seatOwner: db.prepare<[string, number], { account_id: string }>('SELECT account_id FROM account_seats WHERE game_id = ? AND seat = ?'),
    seatsOf: db.prepare<[string], { game_id: string; seat: number; status: GameStatus; attached_at: number }>(
      `SELECT a.game_id, a.seat, g.status, a.attached_at FROM account_seats a JOIN games g ON g.id = a.game_id
       WHERE a.account_id = ? ORDER BY a.attached_at DESC, a.game_id, a.seat`,
    ),
    renameFinishedSeats: db.prepare(`UPDATE seats SET name = ? WHERE (game_id, seat) IN (
      SELECT a.game_id, a.seat FROM account_seats a JOIN games g ON g.id = a.game_id WHERE a.account_id = ? AND g.status <> 'active')`),
    deleteAccount: db.prepare('DELETE FROM accounts WHERE id = ?'),
  };
  const insertPasskey = (p: Passkey): void => {
    q.insertPasskey.run(
      p.id,
      p.accountId,
      p.name,
      Buffer.from(p.publicKey),
      p.counter,
      JSON.stringify(p.transports),
      p.createdAt,
      p.lastUsedAt,
    );
  };
  const createTx = db.transaction((a: Account, p: Passkey | undefined) => {
    q.insertAccount.run(a.id, a.name, nameKey(a.name), a.passwordHash, a.webauthnUserId, a.createdAt);
    if (p) insertPasskey(p);
  });
  const deleteTx = db.transaction((id: string, deletedName: string) => {
    q.renameFinishedSeats.run(deletedName, id);
    q.deleteAccount.run(id);
  });

  return {
    async createAccount(a, p) {
      try {
        createTx.immediate(a, p);
        return true;
      } catch (e) {
        if (isUnique(e) && q.accountByKey.get(nameKey(a.name)) !== undefined) return false;
        throw e;
      }
    },
    async accountById(id) {
      const r = q.accountById.get(id);
      return r === undefined ? null : account(r);
    },
    async accountByName(name) {
      const r = q.accountByKey.get(nameKey(name));
      return r === undefined ? null : account(r);
    },
    async passkeysOf(accountId) {
      return q.passkeysOf.all(accountId).map(passkey);
    },
    async passkeyById(id) {
      const r = q.passkeyById.get(id);
      return r === undefined ? null : passkey(r);
    },
    async addPasskey(p) {
      try {
        insertPasskey(p);
        return true;
      } catch (e) {
        if (isUnique(e)) return false;
        throw e;
      }
    },
    async usePasskey(id, counter, at) {
      q.usePasskey.run(counter, at, id);
    },
    async createSession(s, secretHash) {
      q.insertSession.run(s.id, secretHash, s.accountId, s.device, s.createdAt, s.lastUsedAt);
    },
    async sessionBySecret(secretHash, idleSince) {
      const r = q.sessionBySecret.get(secretHash, idleSince);
      return r === undefined ? null : session(r);
    },
    async touchSession(id, at) {
      q.touchSession.run(at, id);
    },
    async sessionsOf(accountId, idleSince) {
      q.dropIdle.run(accountId, idleSince);
      return q.sessionsOf.all(accountId, idleSince).map(session);
    },
    async deleteSession(accountId, id) {
      return q.deleteSession.run(accountId, id).changes > 0;
    },
    async deleteOtherSessions(accountId, keepId) {
      q.deleteOtherSessions.run(accountId, keepId);
    },
    async putChallenge(keyHash, c) {
      q.dropExpiredChallenges.run(Date.now());
      q.putChallenge.run(keyHash, c.purpose, c.challenge, JSON.stringify(c.data), c.expiresAt);
    },
    async takeChallenge(keyHash) {
      const r = q.takeChallenge.get(keyHash);
      return r === undefined
        ? null
        : { purpose: r.purpose, challenge: r.challenge, data: JSON.parse(r.data) as Challenge['data'], expiresAt: r.expires_at };
    },
    async signInFailures(key, now, windowMs) {
      return q.failures.get(key, now - windowMs)?.failures ?? 0;
    },
    async noteSignInFailure(key, now, windowMs) {
      // Windows that are over go, so that a spray of made-up names leaves nothing behind.
      q.dropOldFailures.run(now - windowMs);
      q.noteFailure.run({ key, now, since: now - windowMs });
    },
    async clearSignInFailures(key) {
      q.clearFailures.run(key);
    },
    async seatTokenHash(gameId, seat) {
      const r = q.seatToken.get(gameId, seat);
      return r === undefined ? undefined : r.token_hash;
    },
    async seatTaken(accountId, gameId, seat, at) {
      q.take.run(gameId, seat, accountId, at);
    },
    async attachSeat(accountId, gameId, seat, at) {
      q.attach.run(gameId, seat, accountId, at);
      return q.seatOwner.get(gameId, seat)?.account_id === accountId ? 'attached' : 'taken';
    },
    async seatsOf(accountId) {
      return q.seatsOf
        .all(accountId)
        .map((r): AccountSeat => ({ gameId: r.game_id, seat: r.seat, status: r.status, attachedAt: r.attached_at }));
    },
    async deleteAccount(id, deletedName) {
      deleteTx.immediate(id, deletedName);
    },
  };
}
