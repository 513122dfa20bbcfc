import { request } from './api.js';

/**
 * The server's account API (/api/account, src/server/accounts/routes.ts) as the client uses it; its
 * answers are typed here, as the web client imports no server code but the protocol's types. The
 * session is an HttpOnly cookie the page never sees: every call is a same-origin request that
 * carries it. Playing needs none of this: a guest's seats are the tokens this browser holds (api.ts).
 */

export interface Account {
  readonly id: string;
  readonly name: string;
}

/** A time as the server sends it: milliseconds since 1970 (ISO text is read as well). */
export type Instant = number | string;

export interface Passkey {
  readonly id: string;
  readonly name: string;
  readonly createdAt: Instant;
  readonly lastUsedAt: Instant | null;
}

export interface AccountDetails extends Account {
  readonly createdAt: Instant;
  /** Whether the account has a password (one made with a passkey may have none). */
  readonly hasPassword: boolean;
  /** A bot account (docs/bot-api.md): played by its owner's program with API tokens. */
  readonly bot?: boolean;
  readonly passkeys: readonly Passkey[];
}

/** A browser signed in to the account. */
export interface AccountSession {
  readonly id: string;
  readonly device: string;
  readonly createdAt: Instant;
  readonly lastUsedAt: Instant;
  /** This browser's own session. */
  readonly current: boolean;
}

/** A seat this browser holds, handed to the account. */
export interface SeatClaim {
  readonly gameId: string;
  readonly seat: number;
  readonly token: string;
}

export interface AttachAnswer {
  readonly attached: readonly { readonly gameId: string; readonly seat: number }[];
  readonly refused: readonly { readonly gameId: string; readonly seat: number }[];
}

/** What the server takes as an account's name: 3 to 20 letters, digits, `_` or `-`. */
export const ACCOUNT_NAME = { min: 3, max: 20, pattern: /^[A-Za-z0-9_-]+$/ } as const;

/** The only rule for a password: its length, at least 12 characters (and at most 256). */
export const MIN_PASSWORD = 12;
export const MAX_PASSWORD = 256;

/** Why a name is not one the server takes, or null when it is. */
export function nameProblem(name: string): 'nameLength' | 'nameCharacters' | null {
  if (name.length < ACCOUNT_NAME.min || name.length > ACCOUNT_NAME.max) return 'nameLength';
  return ACCOUNT_NAME.pattern.test(name) ? null : 'nameCharacters';
}

/** A password's length as a person counts it (characters, not UTF-16 units). */
export const passwordLength = (password: string): number => [...password].length;

export const signUp = async (name: string, password: string): Promise<Account> =>
  (await request<{ account: Account }>('POST', '/api/account/sign-up', { name, password })).account;

export const signIn = async (name: string, password: string): Promise<Account> =>
  (await request<{ account: Account }>('POST', '/api/account/sign-in', { name, password })).account;

export const signOut = (): Promise<void> => request('POST', '/api/account/sign-out');

export const getAccount = (): Promise<AccountDetails> => request('GET', '/api/account');

export const listSessions = (): Promise<AccountSession[]> => request('GET', '/api/account/sessions');

export const revokeSession = (id: string): Promise<void> => request('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`);

/** Signs out every other browser of the account. */
export const revokeOtherSessions = (): Promise<void> => request('DELETE', '/api/account/sessions');

export const attachSeats = (seats: readonly SeatClaim[]): Promise<AttachAnswer> => request('POST', '/api/account/attach', { seats });

/**
 * Deletes the account: with its password, or, for an account without one, from a session that
 * signed in with a passkey just now (the server says `reauth-needed` otherwise).
 */
export const deleteAccount = (password: string | null): Promise<void> =>
  request('DELETE', '/api/account', password === null ? {} : { password });

/** Everything the server holds about the account, as a JSON file (a plain download). */
export const EXPORT_URL = '/api/account/export';
