/**
 * The account API under /api/account: sign-up and sign-in with a name and password, sessions,
 * attaching a guest's seats, the account's export and its deletion; passkeys in passkey-routes.ts.
 * JSON bodies; a refusal is `{ error, message }` with a fitting status (docs/server-api.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { InvalidInput } from '../../core/errors.js';
import { recordOf } from '../live-game.js';
import type { Store } from '../store.js';
import { tokenMatches } from '../tokens.js';
import {
  AccountContext,
  AccountError,
  DELETED_PLAYER,
  FAILURE_WINDOW_MS,
  RECENT_SIGN_IN_MS,
  checkName,
  checkPassword,
  parseBody,
  passkeyView,
  publicAccount,
  type AccountSettings,
} from './context.js';
import { passkeyRoutes } from './passkey-routes.js';
import { botAccountRoutes } from './bot-routes.js';
import { HashQueueFull, PASSWORD_MAX } from './passwords.js';
import { SESSION_IDLE_MS, clearSessionCookie, newPublicId } from './session-cookie.js';
import { nameKey } from './store.js';
import { displayDeviation, displayRating } from '../ratings/scale.js';

const Credentials = z.object({ name: z.string().max(100), password: z.string().max(PASSWORD_MAX * 4) }).strict();
const DeleteBody = z
  .object({
    password: z
      .string()
      .max(PASSWORD_MAX * 4)
      .optional(),
  })
  .strict();
const SessionPath = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const AttachBody = z
  .object({
    seats: z
      .array(
        z
          .object({
            gameId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
            seat: z.number().int().min(0).max(7),
            token: z.string().max(128),
          })
          .strict(),
      )
      .max(100),
  })
  .strict();

/**
 * The refusals of the account API and of the routes in its shape (ratings/routes.ts): `{ error,
 * message }` with a kebab-case code.
 */
export function accountErrorHandler(err: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const send = (status: number, error: string, message: string) => reply.code(status).send({ error, message });
  if (err instanceof AccountError) return send(err.status, err.code, err.message);
  if (err instanceof HashQueueFull)
    return reply
      .header('retry-after', '1')
      .code(503)
      .send({ error: 'busy', message: 'The server is checking too many passwords right now; try again in a moment.' });
  if (err instanceof InvalidInput) return send(400, 'bad-request', `The request is malformed (${err.message}).`);
  const status = (err as { statusCode?: number }).statusCode;
  if (status === 429) return send(429, 'rate-limited', 'Too many attempts from this address; wait a minute and try again.');
  if (status === 413) return send(413, 'too-large', 'The request is too large.');
  if (status !== undefined && status >= 400 && status < 500)
    return send(status, 'bad-request', `The request is malformed (${(err as Error).message}).`);
  req.log.error({ err, method: req.method, url: req.url }, 'internal error');
  return send(500, 'internal', 'Something went wrong on the server.');
}

/** Registers the account API on `app` (under /api/account); the session cookie's parser is the server's (app.ts). */
export async function accountRoutes(app: FastifyInstance, opts: { store: Store; ctx: AccountContext }): Promise<void> {
  const { store, ctx } = opts;
  const accounts = store.accounts;
  const settings: AccountSettings = ctx.settings;
  const attempts = { config: { rateLimit: { max: settings.attemptsPerMinute, timeWindow: '1 minute' } } };

  app.setErrorHandler(accountErrorHandler);

  // Every request that could change an account comes from one of the server's pages.
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') ctx.checkOrigin(req);
  });

  app.post('/sign-up', attempts, async (req, reply) => {
    const { name, password } = parseBody(Credentials, req.body);
    checkName(name);
    checkPassword(password);
    if ((await accounts.accountByName(name)) !== null) throw nameTaken();
    const account = {
      id: newPublicId(),
      name,
      createdAt: Date.now(),
      passwordHash: await ctx.hasher.hash(password),
      webauthnUserId: newPublicId(),
    };
    if (!(await accounts.createAccount(account))) throw nameTaken();
    await ctx.openSession(req, reply, account);
    return reply.code(201).send({ account: publicAccount(account) });
  });

  app.post('/sign-in', attempts, async (req, reply) => {
    const { name, password } = parseBody(Credentials, req.body);
    const key = nameKey(name);
    const now = Date.now();
    // Counted by name, known or not, so that the refusal tells nothing of which names exist.
    if ((await accounts.signInFailures(key, now, FAILURE_WINDOW_MS)) >= settings.failuresPerName)
      throw new AccountError(
        429,
        'rate-limited',
        `Too many failed sign-ins with this name; wait ${FAILURE_WINDOW_MS / 60_000} minutes and try again.`,
      );
    const account = await accounts.accountByName(name);
    // An unknown name is checked against a dummy hash: the same answer, in the same time.
    if (!(await ctx.hasher.verify(account?.passwordHash ?? null, password)) || account === null) {
      await accounts.noteSignInFailure(key, now, FAILURE_WINDOW_MS);
      throw badCredentials();
    }
    await accounts.clearSignInFailures(key);
    await ctx.openSession(req, reply, account);
    return { account: publicAccount(account) };
  });

  app.post('/sign-out', async (req, reply) => {
    const s = await ctx.session(req, reply);
    if (s) await accounts.deleteSession(s.account.id, s.session.id);
    clearSessionCookie(req, reply, settings.publicOrigin);
    return reply.code(204).send();
  });

  app.get('/', async (req, reply) => {
    const { account } = await ctx.signedIn(req, reply);
    return {
      id: account.id,
      name: account.name,
      createdAt: account.createdAt,
      hasPassword: account.passwordHash !== null,
      bot: await store.botApi.isBot(account.id),
      passkeys: (await accounts.passkeysOf(account.id)).map(passkeyView),
    };
  });

  app.get('/sessions', async (req, reply) => {
    const { account, session } = await ctx.signedIn(req, reply);
    const list = await accounts.sessionsOf(account.id, Date.now() - SESSION_IDLE_MS);
    return list.map((s) => ({
      id: s.id,
      device: s.device,
      createdAt: s.createdAt,
      lastUsedAt: s.lastUsedAt,
      current: s.id === session.id,
    }));
  });

  app.delete('/sessions/:id', async (req, reply) => {
    const { id } = parseBody(SessionPath, req.params);
    const { account, session } = await ctx.signedIn(req, reply);
    if (!(await accounts.deleteSession(account.id, id)))
      throw new AccountError(404, 'no-session', 'This account has no session of that id (it may have ended already).');
    if (id === session.id) clearSessionCookie(req, reply, settings.publicOrigin);
    return reply.code(204).send();
  });

  app.delete('/sessions', async (req, reply) => {
    const { account, session } = await ctx.signedIn(req, reply);
    await accounts.deleteOtherSessions(account.id, session.id);
    return reply.code(204).send();
  });

  app.post('/attach', async (req, reply) => {
    const { seats } = parseBody(AttachBody, req.body);
    const { account } = await ctx.signedIn(req, reply);
    const attached: { gameId: string; seat: number }[] = [];
    const refused: { gameId: string; seat: number; reason: string }[] = [];
    for (const { gameId, seat, token } of seats) {
      const hash = await accounts.seatTokenHash(gameId, seat);
      const reason =
        hash === undefined
          ? 'no-seat'
          : !tokenMatches(token, hash)
            ? 'bad-token'
            : (await accounts.attachSeat(account.id, gameId, seat, Date.now())) === 'taken'
              ? 'taken'
              : null;
      if (reason === null) attached.push({ gameId, seat });
      else refused.push({ gameId, seat, reason });
    }
    return { attached, refused };
  });

  app.get('/export', async (req, reply) => {
    const { account } = await ctx.signedIn(req, reply);
    const seats = await accounts.seatsOf(account.id);
    const games = [];
    for (const s of seats) {
      const g = await store.getGame(s.gameId);
      if (g === null) continue;
      games.push({
        id: g.id,
        game: g.game,
        seat: s.seat,
        name: g.seatConfigs[s.seat]?.name ?? null,
        status: g.status,
        createdAt: g.createdAt,
        updatedAt: g.updatedAt,
        attachedAt: s.attachedAt,
        // The seed decides every hidden draw: a game still played keeps it (and so its record) to itself.
        record: g.status === 'active' ? null : recordOf(g),
      });
    }
    const sessions = await accounts.sessionsOf(account.id, Date.now() - SESSION_IDLE_MS);
    return reply
      .header('content-disposition', `attachment; filename="expedition-account-${account.name}.json"`)
      .header('cache-control', 'no-store')
      .send({
        format: 'expedition-account',
        exportedAt: Date.now(),
        account: { id: account.id, name: account.name, createdAt: account.createdAt, hasPassword: account.passwordHash !== null },
        passkeys: (await accounts.passkeysOf(account.id)).map(passkeyView),
        sessions: sessions.map((s) => ({ id: s.id, device: s.device, createdAt: s.createdAt, lastUsedAt: s.lastUsedAt })),
        games,
        ratings: await exportedRatings(store, account.id),
      });
  });

  app.delete('/', attempts, async (req, reply) => {
    const { password } = parseBody(DeleteBody, req.body);
    const { account, session } = await ctx.signedIn(req, reply);
    if (account.passwordHash !== null) {
      if (password === undefined) throw new AccountError(400, 'bad-request', 'Deleting the account takes its password.');
      if (!(await ctx.hasher.verify(account.passwordHash, password))) throw badCredentials();
    } else if (Date.now() - session.createdAt > RECENT_SIGN_IN_MS) {
      throw new AccountError(
        403,
        'reauth-needed',
        `Sign in again with your passkey to delete the account (a sign-in within the last ${RECENT_SIGN_IN_MS / 60_000} minutes is needed).`,
      );
    }
    await accounts.deleteAccount(account.id, DELETED_PLAYER);
    clearSessionCookie(req, reply, settings.publicOrigin);
    return reply.code(204).send();
  });

  await passkeyRoutes(app, ctx, attempts);
  await botAccountRoutes(app, ctx, store);
}

/** The account's ratings for its export: per game, the figures and every rated game's change. */
async function exportedRatings(store: Store, accountId: string) {
  const history = await store.ratings.historyOf(accountId);
  return (await store.ratings.ratingsOf(accountId)).map((r) => ({
    game: r.game,
    rating: displayRating(r.mu),
    deviation: displayDeviation(r.sigma),
    mu: r.mu,
    sigma: r.sigma,
    games: r.games,
    lastPlayedAt: r.lastPlayedAt,
    history: history.filter((h) => h.game === r.game),
  }));
}

const nameTaken = () => new AccountError(409, 'name-taken', 'That name is taken; choose another.');
export const badCredentials = () => new AccountError(401, 'bad-credentials', 'The name or the password is wrong.');
