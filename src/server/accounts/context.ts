/**
 * What the account routes share: their settings, their refusals, and the two questions every
 * signed-in route asks (which session is this, and may this request change anything).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { originAllowed } from '../limits.js';
import { BOT_NAME_PREFIX } from '../ratings/bot-accounts.js';
import type { Account, AccountStore, Passkey, Session } from './store.js';
import { BOT_PLAY_SCOPE, type ApiToken, type BotStore } from './bot-store.js';
import { hashToken } from '../tokens.js';
import { PASSWORD_MAX, PASSWORD_MIN, PasswordHasher } from './passwords.js';
import {
  SESSION_COOKIE,
  SESSION_IDLE_MS,
  TOUCH_EVERY_MS,
  clearSessionCookie,
  deviceOf,
  isSecret,
  newPublicId,
  newSecret,
  secretHash,
  setSessionCookie,
} from './session-cookie.js';

export interface AccountSettings {
  /**
   * The origin the site is served from (PUBLIC_ORIGIN, scheme://host[:port]): the relying party of
   * passkeys (its host is their rpID, and the origin their signed origin must be), an origin
   * whose pages may change an account, and whether the cookie is Secure (https).
   */
  readonly publicOrigin: string;
  /** Other origins whose pages may make requests (ALLOWED_ORIGINS), as for the WebSocket. */
  readonly allowedOrigins: ReadonlySet<string>;
  /** Sign-ups, sign-ins and passkey ceremonies per minute per client address, each route its own budget. */
  readonly attemptsPerMinute: number;
  /** Failed sign-ins under one name within FAILURE_WINDOW_MS before that name is refused for the rest of the window. */
  readonly failuresPerName: number;
  /** The password hasher (one per server; a test passes its own to count the hashes checked). */
  readonly hasher?: PasswordHasher;
  /** Whether the operators suspended an account (chat/store.ts): it may not sign in nor use a session. */
  readonly suspended?: (accountId: string) => Promise<boolean>;
}

/** The refusal of a suspended account, at sign-in and on any signed-in request. */
export const SUSPENDED = () =>
  new AccountError(403, 'suspended', 'This account is suspended by the operators: it cannot sign in, chat or start games.');

/** The window failed sign-ins of one name are counted in. */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** A passkey-only account is deleted only from a session opened this recently. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;
/** What a deleted account's seats in finished games are shown as. */
export const DELETED_PLAYER = 'a deleted player';

/** A refusal of the account API: its status, code and an English sentence. */
export class AccountError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const SIGNED_OUT = () => new AccountError(401, 'signed-out', 'You are not signed in (or your session has ended).');

/** Parses a body with `schema`, or refuses it as a bad request naming the first problem. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new AccountError(400, 'bad-request', `The request is malformed (${where}${issue?.message ?? 'invalid'}).`);
}

/** An API token: 256 random bits in base64url, 43 characters. */
const BEARER = /^Bearer ([A-Za-z0-9_-]{43})$/;

/** A bot's request, authenticated by its API token. */
export interface BotCaller {
  readonly token: ApiToken;
  readonly account: Account;
}

export interface SignedIn {
  readonly session: Session;
  readonly account: Account;
}

/** The account routes' shared state and helpers. */
export class AccountContext {
  readonly hasher: PasswordHasher;
  readonly rpID: string;
  readonly origin: string;
  private readonly origins: ReadonlySet<string>;

  constructor(
    readonly store: AccountStore,
    readonly settings: AccountSettings,
    readonly bots: BotStore,
  ) {
    this.hasher = settings.hasher ?? new PasswordHasher();
    const url = new URL(settings.publicOrigin);
    this.rpID = url.hostname;
    this.origin = url.origin;
    this.origins = new Set([...settings.allowedOrigins, url.origin]);
  }

  /**
   * A request that would change something must come from one of the server's pages: its Origin is
   * the server's own (the Host it was sent to), the public origin, or an allowed one (the
   * WebSocket's rule). Without an Origin (not a browser, or an old one), a browser's
   * Sec-Fetch-Site still tells a request of another site.
   */
  checkOrigin(req: FastifyRequest): void {
    if (!this.fromOwnPages(req))
      throw new AccountError(
        403,
        'cross-site',
        `Requests from pages of ${req.headers.origin ?? 'another site'} cannot change an account here.`,
      );
  }

  /** Whether the request comes from one of the server's pages, as checkOrigin decides. */
  fromOwnPages(req: FastifyRequest): boolean {
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    return origin !== undefined ? originAllowed(origin, req.host, this.origins) : site !== 'cross-site' && site !== 'same-site';
  }

  /** The session of the request's cookie and its account, or null; its last use is written at most once a minute. */
  async session(req: FastifyRequest, reply: FastifyReply): Promise<SignedIn | null> {
    const secret = req.cookies[SESSION_COOKIE];
    if (secret === undefined) return null;
    const now = Date.now();
    const session = isSecret(secret) ? await this.store.sessionBySecret(secretHash(secret), now - SESSION_IDLE_MS) : null;
    const account = session === null ? null : await this.store.accountById(session.accountId);
    if (session === null || account === null) {
      clearSessionCookie(req, reply, this.settings.publicOrigin);
      return null;
    }
    if (await this.settings.suspended?.(account.id)) {
      await this.store.deleteSession(account.id, session.id);
      clearSessionCookie(req, reply, this.settings.publicOrigin);
      throw SUSPENDED();
    }
    if (now - session.lastUsedAt >= TOUCH_EVERY_MS) {
      await this.store.touchSession(session.id, now);
      // The cookie lasts as long as the session would: another 30 days from this use.
      setSessionCookie(req, reply, secret, this.settings.publicOrigin);
    }
    return { session, account };
  }

  /** The request's session, or a refusal: 401 signed-out. */
  async signedIn(req: FastifyRequest, reply: FastifyReply): Promise<SignedIn> {
    const s = await this.session(req, reply);
    if (s === null) throw SIGNED_OUT();
    return s;
  }

  /** Whether the request carries an Authorization header (a bot's, or a wrong one: either way not a session's request). */
  hasBearer(req: FastifyRequest): boolean {
    return req.headers.authorization !== undefined;
  }

  /**
   * The bot account of the request's API token (`Authorization: Bearer <token>`), or a refusal:
   * 401 bad-token for a missing, malformed, wrong or revoked token, 403 wrong-scope for a token
   * that may not play, 403 suspended for a suspended account. Its last use is written at most once
   * a minute.
   */
  async bearer(req: FastifyRequest): Promise<BotCaller> {
    const m = BEARER.exec(req.headers.authorization ?? '');
    const token = m === null ? null : await this.bots.tokenByHash(hashToken(m[1]!));
    const account = token === null ? null : await this.store.accountById(token.accountId);
    if (token === null || account === null)
      throw new AccountError(
        401,
        'bad-token',
        m === null
          ? 'This route takes an API token: "Authorization: Bearer <token>" (a bot account makes tokens on its account page).'
          : 'The API token is wrong or was revoked.',
      );
    if (token.scope !== BOT_PLAY_SCOPE)
      throw new AccountError(403, 'wrong-scope', `This API token may not play (its scope is "${token.scope}", not "${BOT_PLAY_SCOPE}").`);
    if (await this.settings.suspended?.(account.id)) throw SUSPENDED();
    const now = Date.now();
    if (token.lastUsedAt === null || now - token.lastUsedAt >= TOUCH_EVERY_MS) await this.bots.touchToken(token.id, now);
    return { token, account };
  }

  /** Opens a session for `account` on this browser: a new secret in the cookie, its hash in the store. */
  async openSession(req: FastifyRequest, reply: FastifyReply, account: Account): Promise<Session> {
    if (await this.settings.suspended?.(account.id)) throw SUSPENDED();
    const now = Date.now();
    // A session this browser still had ends: one browser, one session.
    const old = req.cookies[SESSION_COOKIE];
    const before = isSecret(old) ? await this.store.sessionBySecret(secretHash(old), now - SESSION_IDLE_MS) : null;
    if (before !== null) await this.store.deleteSession(before.accountId, before.id);
    const secret = newSecret();
    const session: Session = {
      id: newPublicId(),
      accountId: account.id,
      device: deviceOf(req.headers['user-agent']),
      createdAt: now,
      lastUsedAt: now,
    };
    await this.store.createSession(session, secretHash(secret));
    setSessionCookie(req, reply, secret, this.settings.publicOrigin);
    return session;
  }
}

export const passkeyView = (p: Passkey) => ({ id: p.id, name: p.name, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt });

export const NAME_RULE = /^[A-Za-z0-9_-]{3,20}$/;

/** A new account's name: 3–20 ASCII letters, digits, _ or -, not a bot's (`bot-…`), or a refusal saying so. */
export function checkName(name: string): void {
  if (!NAME_RULE.test(name))
    throw new AccountError(400, 'bad-name', 'A name has 3 to 20 characters, each a letter (a–z, A–Z), a digit, _ or -.');
  if (name.toLowerCase().startsWith(BOT_NAME_PREFIX))
    throw new AccountError(400, 'bad-name', `Names beginning with "${BOT_NAME_PREFIX}" are the bots' accounts'; choose another.`);
}

/** A new password: 12 to 256 characters, nothing else required of it. */
export function checkPassword(password: string): void {
  if ([...password].length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    throw new AccountError(400, 'bad-password', `A password has at least ${PASSWORD_MIN} characters (and at most ${PASSWORD_MAX}).`);
}

/** An account as the sign-up and sign-in answers show it. */
export const publicAccount = (a: Account) => ({ id: a.id, name: a.name });
