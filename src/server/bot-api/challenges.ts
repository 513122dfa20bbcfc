/**
 * Challenges to bot accounts over HTTP (docs/bot-api.md): a signed-in person challenges a bot
 * account (session, from the server's pages), follows the answer and may cancel; the bot accepts
 * or declines with its API token. An accepted challenge makes a two-seat game, each seat attached
 * to its account, which each side then joins without a key (POST /api/games/:id/join).
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GAMES } from '../../bots/registry.js';
import { AccountError, parseBody, type AccountContext } from '../accounts/context.js';
import { accountErrorHandler } from '../accounts/routes.js';
import { newPublicId } from '../accounts/session-cookie.js';
import type { BotChallenge, ChallengeWithNames } from '../accounts/bot-store.js';
import type { Hub } from '../hub.js';
import { CreateGame, text } from '../protocol.js';
import { checkRatedGame } from '../ratings/rated-games.js';
import type { Store } from '../store.js';
import { CHALLENGE_TTL_MS, LISTED_BOTS, ONLINE_WINDOW_MS, challengeView, type BotApiLimits } from './rules.js';

const ChallengeBody = z
  .object({
    game: text(40),
    clock: CreateGame.shape.clock,
    rated: z.boolean().optional(),
  })
  .strict();
const BotPath = z.object({ name: z.string().max(100) });
const ChallengePath = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

const noChallenge = () => new AccountError(404, 'no-challenge', 'There is no challenge of that id for you.');
const notPending = (c: BotChallenge) =>
  new AccountError(409, 'not-pending', `This challenge was ${c.status} already: only a pending challenge is answered.`);

export async function challengeRoutes(
  app: FastifyInstance,
  opts: { store: Store; ctx: AccountContext; hub: Hub; limits: BotApiLimits },
): Promise<void> {
  const { store, ctx, hub, limits } = opts;
  const bots = store.botApi;
  app.setErrorHandler(accountErrorHandler);

  /** The challenge of `id` whose bot is the token's account, with the expired ones expired first. */
  const botsChallenge = async (id: string, botId: string): Promise<ChallengeWithNames> => {
    const now = Date.now();
    await bots.expireChallenges(now - CHALLENGE_TTL_MS, now);
    const c = await bots.challengeById(id);
    if (c === null || c.botId !== botId) throw noChallenge();
    if (c.status !== 'pending') throw notPending(c);
    return c;
  };

  app.post('/api/challenge/:name', async (req, reply) => {
    ctx.checkOrigin(req);
    const { name } = parseBody(BotPath, req.params);
    const body = parseBody(ChallengeBody, req.body);
    const { account } = await ctx.signedIn(req, reply);
    const game = GAMES.get(body.game);
    if (game === undefined || game.minSeats > 2 || game.maxSeats < 2)
      throw new AccountError(400, 'bad-game', `"${body.game}" is no game two can play here (known: ${[...GAMES.keys()].join(', ')}).`);
    const rated = body.rated === true;
    checkRatedGame({ game: body.game, seats: [{ kind: 'human' }, { kind: 'human' }], rated, ...(body.clock ? { clock: body.clock } : {}) });
    const bot = await store.accounts.accountByName(name);
    if (bot === null || !(await bots.isBot(bot.id))) throw new AccountError(404, 'no-bot', `There is no bot account named "${name}".`);
    if (bot.id === account.id) throw new AccountError(400, 'self-challenge', 'A bot account cannot challenge itself.');
    const now = Date.now();
    await bots.expireChallenges(now - CHALLENGE_TTL_MS, now);
    const c: BotChallenge = {
      id: newPublicId(),
      challengerId: account.id,
      botId: bot.id,
      settings: { game: body.game, rated, ...(body.clock ? { clock: body.clock } : {}) },
      status: 'pending',
      gameId: null,
      challengerSeat: null,
      createdAt: now,
      updatedAt: now,
    };
    if (!(await bots.createChallenge(c, limits.pendingPerChallenger)))
      throw new AccountError(
        429,
        'too-many-challenges',
        `At most ${limits.pendingPerChallenger} challenges wait for an answer at once: cancel one or wait for it.`,
      );
    return reply.code(201).send(challengeView((await bots.challengeById(c.id))!));
  });

  /** The challenger follows its challenge (its page polls this until the answer). */
  app.get('/api/challenge/:id', async (req, reply) => {
    const { id } = parseBody(ChallengePath, req.params);
    const { account } = await ctx.signedIn(req, reply);
    const now = Date.now();
    await bots.expireChallenges(now - CHALLENGE_TTL_MS, now);
    const c = await bots.challengeById(id);
    if (c === null || c.challengerId !== account.id) throw noChallenge();
    return { ...challengeView(c), seat: c.challengerSeat };
  });

  app.delete('/api/challenge/:id', async (req, reply) => {
    ctx.checkOrigin(req);
    const { id } = parseBody(ChallengePath, req.params);
    const { account } = await ctx.signedIn(req, reply);
    const c = await bots.challengeById(id);
    if (c === null || c.challengerId !== account.id) throw noChallenge();
    if (!(await bots.settleChallenge(id, 'pending', 'cancelled', Date.now()))) throw notPending((await bots.challengeById(id)) ?? c);
    return reply.code(204).send();
  });

  app.post('/api/challenge/:id/decline', async (req, reply) => {
    const { id } = parseBody(ChallengePath, req.params);
    const { account } = await ctx.bearer(req);
    const c = await botsChallenge(id, account.id);
    if (!(await bots.settleChallenge(id, 'pending', 'declined', Date.now()))) throw notPending((await bots.challengeById(id)) ?? c);
    return reply.code(204).send();
  });

  app.post('/api/challenge/:id/accept', async (req) => {
    const { id } = parseBody(ChallengePath, req.params);
    const { account } = await ctx.bearer(req);
    const c = await botsChallenge(id, account.id);
    if ((await bots.activeGamesOf(account.id)).length >= limits.gamesPerBot)
      throw new AccountError(
        429,
        'too-many-games',
        `A bot account plays at most ${limits.gamesPerBot} games at once: finish one before accepting another.`,
      );
    // Taken first, so that two accepts of one challenge make one game.
    if (!(await bots.settleChallenge(id, 'pending', 'accepted', Date.now()))) throw notPending((await bots.challengeById(id)) ?? c);
    const challengerSeat = randomInt(2);
    const seatOf = (who: 'challenger' | 'bot') => (who === 'challenger' ? challengerSeat : 1 - challengerSeat);
    const names = [null, null] as (string | null)[];
    names[seatOf('challenger')] = c.challengerName;
    names[seatOf('bot')] = c.botName;
    let gameId: string;
    try {
      const s = c.settings;
      ({ id: gameId } = await hub.create({
        game: s.game,
        seats: names.map((n) => ({ kind: 'human' as const, name: n! })),
        ...(s.clock ? { clock: s.clock } : {}),
        ...(s.rated ? { rated: true } : {}),
      }));
      const at = Date.now();
      await store.accounts.attachSeat(c.challengerId, gameId, seatOf('challenger'), at);
      await store.accounts.attachSeat(account.id, gameId, seatOf('bot'), at);
    } catch (e) {
      await bots.settleChallenge(id, 'accepted', 'pending', Date.now());
      throw e;
    }
    await bots.settleChallenge(id, 'accepted', 'accepted', Date.now(), { gameId, challengerSeat });
    return { id, gameId, seat: seatOf('bot') };
  });

  /** The bot accounts people may challenge, those whose program is connected first (the lobby lists them). */
  app.get('/api/bots', async () => ({ bots: await bots.listBots(Date.now() - ONLINE_WINDOW_MS, LISTED_BOTS) }));

  /** The bot's own account, so that a bot knows its name. */
  app.get('/api/bot/account', async (req) => {
    const { account } = await ctx.bearer(req);
    return { id: account.id, name: account.name, bot: true };
  });
}
