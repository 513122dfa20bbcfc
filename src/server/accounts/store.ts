/**
 * What the stores keep of accounts: the accounts, their passkeys and sessions, the seats they
 * attached, the passkey ceremonies' challenges and the failed sign-ins per name. One interface,
 * implemented on SQLite (store-sqlite.ts) and PostgreSQL (store-postgres.ts) beside each game
 * store, in the same database. Nothing here is read or written by a move.
 */
import type { GameStatus } from '../store.js';

export interface Account {
  /** Random, public (the account page and the export show it). */
  readonly id: string;
  /** As its owner wrote it; unique regardless of case (`nameKey`). */
  readonly name: string;
  readonly createdAt: number;
  /** The argon2id PHC string; null for an account made with a passkey alone. */
  readonly passwordHash: string | null;
  /** The WebAuthn user handle (base64url of 16 random bytes), which a discoverable passkey returns. */
  readonly webauthnUserId: string;
}

export interface Passkey {
  /** The credential id (base64url), as the authenticator made it. */
  readonly id: string;
  readonly accountId: string;
  /** A label for the account page: the device it was made on. */
  readonly name: string;
  /** The COSE public key. */
  readonly publicKey: Uint8Array<ArrayBuffer>;
  /** The signature counter last seen (0 for authenticators that keep none). */
  readonly counter: number;
  readonly transports: readonly string[];
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}

export interface Session {
  /** Public id (the sessions list and revocation name it); not the cookie's secret. */
  readonly id: string;
  readonly accountId: string;
  /** The browser and system it was opened from, as its User-Agent told. */
  readonly device: string;
  /** When it was opened: when its owner signed in. */
  readonly createdAt: number;
  readonly lastUsedAt: number;
}

export type ChallengePurpose = 'sign-up' | 'add' | 'sign-in';

/** A passkey ceremony's challenge, as its options handed it out, until its verify takes it. */
export interface Challenge {
  readonly purpose: ChallengePurpose;
  /** The challenge (base64url) the authenticator must sign. */
  readonly challenge: string;
  /** What the ceremony is for: the name and user handle of an account to make (sign-up), the session adding a passkey (add). */
  readonly data: { readonly name?: string; readonly userId?: string; readonly accountId?: string; readonly sessionId?: string };
  readonly expiresAt: number;
}

/** A seat an account attached, and its game's status now. */
export interface AccountSeat {
  readonly gameId: string;
  readonly seat: number;
  readonly status: GameStatus;
  readonly attachedAt: number;
}

export interface AccountStore {
  /**
   * Creates an account, with its first passkey when given, in one transaction. False (nothing
   * written) when the name is taken, in any case.
   */
  createAccount(a: Account, passkey?: Passkey): Promise<boolean>;
  accountById(id: string): Promise<Account | null>;
  /** By name, regardless of case. */
  accountByName(name: string): Promise<Account | null>;

  passkeysOf(accountId: string): Promise<Passkey[]>;
  passkeyById(id: string): Promise<Passkey | null>;
  /** False (nothing written) when a passkey of that credential id exists already. */
  addPasskey(p: Passkey): Promise<boolean>;
  /** Records a sign-in with a passkey: its new counter and when. */
  usePasskey(id: string, counter: number, at: number): Promise<void>;

  /** Opens a session; `secretHash` is the SHA-256 (hex) of the cookie's secret, never the secret. */
  createSession(s: Session, secretHash: string): Promise<void>;
  /** The session whose cookie secret hashes to `secretHash`, if used since `idleSince`; older ones are gone. */
  sessionBySecret(secretHash: string, idleSince: number): Promise<Session | null>;
  touchSession(id: string, at: number): Promise<void>;
  /** The account's sessions used since `idleSince`, the most recently used first. */
  sessionsOf(accountId: string, idleSince: number): Promise<Session[]>;
  /** Ends one of the account's sessions; false when it has none of that id. */
  deleteSession(accountId: string, id: string): Promise<boolean>;
  /** Ends every session of the account but `keepId`. */
  deleteOtherSessions(accountId: string, keepId: string): Promise<void>;

  /** Keeps a ceremony's challenge under `keyHash` (SHA-256 of the attempt's secret); expired ones are dropped. */
  putChallenge(keyHash: string, c: Challenge): Promise<void>;
  /** Takes the challenge kept under `keyHash` (deleting it: a challenge serves once), or null. */
  takeChallenge(keyHash: string): Promise<Challenge | null>;

  /** Failed sign-ins under a name key since the window began (0 once `windowMs` has passed since its first). */
  signInFailures(nameKey: string, now: number, windowMs: number): Promise<number>;
  /** Counts one failed sign-in under a name key, opening a new window when the last one is over; windows over are dropped. */
  noteSignInFailure(nameKey: string, now: number, windowMs: number): Promise<void>;
  clearSignInFailures(nameKey: string): Promise<void>;

  /** The seat's token hash: null when it has none, undefined when there is no such seat. */
  seatTokenHash(gameId: string, seat: number): Promise<string | null | undefined>;
  /** Links a seat to the account: 'attached' (also when it already was), or 'taken' by another account. */
  attachSeat(accountId: string, gameId: string, seat: number, at: number): Promise<'attached' | 'taken'>;
  /**
   * A seat of a game that is not rated moved to the account (a signed-in player took it with its
   * link, which is the seat): it is the account's from now on, whoever's it was.
   */
  seatTaken(accountId: string, gameId: string, seat: number, at: number): Promise<void>;
  /** The seats the account attached, the most recently attached first. */
  seatsOf(accountId: string): Promise<AccountSeat[]>;

  /**
   * Deletes the account with its passkeys, sessions and links to seats, in one transaction. Its
   * seats in games that are over keep their place under `deletedName` instead of the name they
   * had; its seats in games still played are left as they are (their tokens still play them).
   */
  deleteAccount(id: string, deletedName: string): Promise<void>;
}

/** The key a name is unique under: names are ASCII letters, digits, _ and -, so lower case is their case folding. */
export function nameKey(name: string): string {
  return name.toLowerCase();
}
