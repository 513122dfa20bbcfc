/**
 * GET /api/stream/event: a bot account's events, newline-delimited JSON (docs/bot-api.md), as
 * lichess's Bot API streams them. The stream reads the store once a second (so a challenge made
 * or a game started at any process of a cluster reaches it), never another process's memory. One
 * open stream per bot account: a new one replaces the one before, which ends at its next look; a
 * revoked token's stream ends the same way.
 */
import type { FastifyInstance } from 'fastify';
import { AccountError, type AccountContext } from '../accounts/context.js';
import { accountErrorHandler } from '../accounts/routes.js';
import { newPublicId } from '../accounts/session-cookie.js';
import type { BotGame, ChallengeWithNames } from '../accounts/bot-store.js';
import type { Store } from '../store.js';
import { hashToken } from '../tokens.js';
import { CHALLENGE_TTL_MS, KEEP_ALIVE_MS, MAX_UNREAD_BYTES, STREAM_POLL_MS, STREAM_TOUCH_MS, challengeView } from './rules.js';

export type BotEvent =
  | { readonly type: 'challenge'; readonly challenge: ReturnType<typeof challengeView> }
  | { readonly type: 'challengeCanceled' | 'challengeDeclined'; readonly challenge: ReturnType<typeof challengeView> }
  | { readonly type: 'gameStart' | 'gameFinish'; readonly game: { readonly id: string; readonly game: string; readonly seat: number } };

export async function eventStreamRoutes(
  app: FastifyInstance,
  opts: { store: Store; ctx: AccountContext; pollMs?: number; keepAliveMs?: number },
): Promise<void> {
  const { store, ctx } = opts;
  const bots = store.botApi;
  const pollMs = opts.pollMs ?? STREAM_POLL_MS;
  const keepAliveMs = opts.keepAliveMs ?? KEEP_ALIVE_MS;
  const open = new Set<() => Promise<void>>();
  app.setErrorHandler(accountErrorHandler);
  // A stream never ends by itself: the server's close ends them all.
  app.addHook('onClose', async () => {
    await Promise.all([...open].map((end) => end()));
  });

  app.get('/api/stream/event', async (req, reply) => {
    const { account } = await ctx.bearer(req);
    if (!(await bots.isBot(account.id))) throw new AccountError(403, 'not-bot', 'Only a bot account has an event stream.');
    const tokenHash = hashToken(/^Bearer (.+)$/.exec(req.headers.authorization!)![1]!);
    const streamId = newPublicId();
    let touched = Date.now();
    await bots.claimStream(account.id, streamId, touched);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
    res.flushHeaders();

    const challenges = new Map<string, ChallengeWithNames>();
    const games = new Map<string, BotGame>();
    let lastWrite = Date.now();
    let timer: NodeJS.Timeout | null = null;
    let ended = false;
    const write = (e: BotEvent | null): void => {
      // A look that was under way when the stream ended (the client left) writes nothing more.
      if (ended) return;
      lastWrite = Date.now();
      res.write(e === null ? '\n' : `${JSON.stringify(e)}\n`);
      // A client that reads nothing would have its lines pile up here: it is let go instead.
      if (res.writableLength > MAX_UNREAD_BYTES) void end();
    };
    let released: Promise<void> | null = null;
    const end = (): Promise<void> => {
      if (released !== null) return released;
      ended = true;
      if (timer !== null) clearTimeout(timer);
      res.end();
      // Offline at once when it ends cleanly; else its last note ages out of the online window.
      released = bots
        .releaseStream(account.id, streamId)
        .catch((err: unknown) => req.log.warn({ err }, 'a bot event stream was not released'))
        .finally(() => open.delete(end));
      return released;
    };
    open.add(end);
    res.on('close', () => void end());

    const look = async (): Promise<void> => {
      // Replaced by a newer stream of the account, its token revoked or the account suspended: this one ends.
      if (
        (await bots.currentStream(account.id)) !== streamId ||
        (await bots.tokenByHash(tokenHash)) === null ||
        (await ctx.settings.suspended?.(account.id)) === true
      )
        return void end();
      const now = Date.now();
      if (now - touched >= STREAM_TOUCH_MS) {
        touched = now;
        await bots.touchStream(account.id, streamId, now);
      }
      await bots.expireChallenges(now - CHALLENGE_TTL_MS, now);
      const pending = await bots.pendingFor(account.id);
      const pendingIds = new Set(pending.map((c) => c.id));
      for (const c of pending)
        if (!challenges.has(c.id)) {
          challenges.set(c.id, c);
          write({ type: 'challenge', challenge: challengeView(c) });
        }
      for (const [id, before] of [...challenges].filter(([id]) => !pendingIds.has(id))) {
        challenges.delete(id);
        const c = (await bots.challengeById(id)) ?? { ...before, status: 'cancelled' as const };
        // An accepted one is told by its game's start.
        if (c.status === 'cancelled' || c.status === 'expired') write({ type: 'challengeCanceled', challenge: challengeView(c) });
        else if (c.status === 'declined') write({ type: 'challengeDeclined', challenge: challengeView(c) });
      }
      const active = await bots.activeGamesOf(account.id);
      const activeIds = new Set(active.map((g) => g.gameId));
      for (const g of active)
        if (!games.has(g.gameId)) {
          games.set(g.gameId, g);
          write({ type: 'gameStart', game: { id: g.gameId, game: g.game, seat: g.seat } });
        }
      for (const [id, g] of [...games].filter(([id]) => !activeIds.has(id))) {
        games.delete(id);
        write({ type: 'gameFinish', game: { id, game: g.game, seat: g.seat } });
      }
      if (Date.now() - lastWrite >= keepAliveMs) write(null);
    };
    const loop = async (): Promise<void> => {
      try {
        await look();
      } catch (err) {
        req.log.error({ err }, 'the bot event stream failed to read the store');
        return void end();
      }
      if (!ended) timer = setTimeout(() => void loop(), pollMs);
    };
    await loop();
  });
}
