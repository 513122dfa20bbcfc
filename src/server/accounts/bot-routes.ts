/**
 * A bot account's side of the account API (under /api/account, with its session and Origin check):
 * the upgrade to a bot account, and its API tokens, made, listed and revoked. The bot itself uses
 * a token (Authorization: Bearer) on the Bot API's routes (src/server/bot-api, docs/bot-api.md).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '../protocol.js';
import type { Store } from '../store.js';
import { hashToken, newToken } from '../tokens.js';
import { botAccount } from '../ratings/bot-accounts.js';
import { AccountError, parseBody, type AccountContext } from './context.js';
import { BOT_PLAY_SCOPE, type ApiToken } from './bot-store.js';
import { newPublicId } from './session-cookie.js';

/** Tokens one bot account may hold at once. */
export const MAX_TOKENS = 10;

const TokenBody = z.object({ name: text(40) }).strict();
const TokenPath = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export const tokenView = (t: ApiToken) => ({ id: t.id, name: t.name, scope: t.scope, createdAt: t.createdAt, lastUsedAt: t.lastUsedAt });

const notBot = () => new AccountError(403, 'not-bot', 'Only a bot account has API tokens: upgrade the account to a bot account first.');

export async function botAccountRoutes(app: FastifyInstance, ctx: AccountContext, store: Store): Promise<void> {
  const bots = store.botApi;

  app.post('/bot', async (req, reply) => {
    const { account } = await ctx.signedIn(req, reply);
    if (botAccount(account.id) !== undefined) throw new AccountError(403, 'not-allowed', "The bot levels' accounts stay as they are.");
    if (await bots.isBot(account.id)) throw new AccountError(409, 'already-bot', 'This account is a bot account already.');
    // As on lichess: a bot's rating is not a person's, so an account that has a person's rating stays a person's.
    if ((await store.ratings.ratingsOf(account.id)).length > 0)
      throw new AccountError(
        409,
        'has-rated-games',
        'An account that has played rated games cannot become a bot account: make a new account for the bot.',
      );
    await bots.markBot(account.id, Date.now());
    return reply.code(201).send({ bot: true });
  });

  app.get('/tokens', async (req, reply) => {
    const { account } = await ctx.signedIn(req, reply);
    if (!(await bots.isBot(account.id))) throw notBot();
    return (await bots.tokensOf(account.id)).map(tokenView);
  });

  app.post('/tokens', async (req, reply) => {
    const { name } = parseBody(TokenBody, req.body);
    const { account } = await ctx.signedIn(req, reply);
    if (!(await bots.isBot(account.id))) throw notBot();
    if ((await bots.tokensOf(account.id)).length >= MAX_TOKENS)
      throw new AccountError(409, 'too-many-tokens', `A bot account holds at most ${MAX_TOKENS} tokens: revoke one first.`);
    const secret = newToken();
    const t: ApiToken = { id: newPublicId(), accountId: account.id, name, scope: BOT_PLAY_SCOPE, createdAt: Date.now(), lastUsedAt: null };
    await bots.createToken(t, hashToken(secret));
    // The only time the token leaves the server: the store keeps its hash.
    return reply
      .code(201)
      .header('cache-control', 'no-store')
      .send({ ...tokenView(t), token: secret });
  });

  app.delete('/tokens/:id', async (req, reply) => {
    const { id } = parseBody(TokenPath, req.params);
    const { account } = await ctx.signedIn(req, reply);
    if (!(await bots.deleteToken(account.id, id)))
      throw new AccountError(404, 'no-token', 'This account has no token of that id (it may have been revoked already).');
    return reply.code(204).send();
  });
}
