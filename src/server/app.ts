import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import helmet from 'helmet';
import websocket from '@fastify/websocket';
import rateLimit from '@fastify/rate-limit';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { InvalidInput } from '../core/errors.js';
import { Hub, type HubOptions, type Invite, type Joiner } from './hub.js';
import { Refusal } from './refusal.js';
import {
  CreateGame,
  GamePath,
  HandToBot,
  JSON_LIMITS,
  JoinSeat,
  SeatPath,
  describeZodError,
  type ErrorAnswer,
  type GameListing,
  type JoinAnswer,
  type OpenGames,
  type RecordAnswer,
} from './protocol.js';
import { checkJsonShape } from '../core/json-shape.js';
import { Heartbeat } from './heartbeat.js';
import { Connection, DEFAULT_MAX_BUFFERED_BYTES } from './connection.js';
import {
  LiveGamesPerAddress,
  PerAddressCount,
  addressKey,
  hostAllowed,
  originAllowed,
  parseHosts,
  parseOrigins,
  type TrustProxy,
} from './limits.js';
import { defaultLog, type ServerLog } from './log.js';
import type { Store } from './store.js';
import { newNodeId } from './tokens.js';
import { SESSION_COOKIE } from './accounts/session-cookie.js';
import { speakerOf, type Speaker } from './chat/speaker.js';
import type { ClusterOptions } from './cluster/index.js';
import fastifyCookie from '@fastify/cookie';
import { accountRoutes } from './accounts/routes.js';
import type { PasswordHasher } from './accounts/passwords.js';
import { AccountContext, AccountError } from './accounts/context.js';
import { ratingRoutes } from './ratings/routes.js';
import { DeadlineSweeper, SWEEP_EVERY_MS } from './waits/sweeper.js';
import { checkRatedGame } from './ratings/rated-games.js';
import { challengeRoutes } from './bot-api/challenges.js';
import { BOT_API_LIMITS, type BotApiLimits } from './bot-api/rules.js';
import { eventStreamRoutes } from './bot-api/event-stream.js';
import { quickPlayRoutes } from './matchmaking/routes.js';
import { Matcher } from './matchmaking/matcher.js';

export interface ServerOptions extends HubOptions {
  /** HTTP requests per minute per client address (other than /health, game creation and WebSocket upgrades). */
  readonly httpPerMinute?: number;
  /** Games created (POST /api/games) per minute per client address. */
  readonly createPerMinute?: number;
  /** WebSocket upgrades (GET /ws) per minute per client address. */
  readonly wsUpgradesPerMinute?: number;
  /** WebSockets one client address may hold open at once. */
  readonly wsPerAddress?: number;
  /** Live (unfinished, in memory) games one client address may have created. */
  readonly liveGamesPerAddress?: number;
  /** Quick-play tickets one client address may have waiting at once (counted across processes). */
  readonly quickPlayPerAddress?: number;
  /** Sign-ups, sign-ins, passkey ceremonies and account deletions per minute per client address (each route its own budget). */
  readonly signInPerMinute?: number;
  /** WebSocket messages per second per connection (sustained), with a burst of twice that. */
  readonly wsPerSecond?: number;
  /** Bytes that may wait unsent for one WebSocket client before it is closed as too slow. */
  readonly wsMaxBufferedBytes?: number;
  /** Origins (scheme://host[:port]) besides the server's own whose pages may open WebSockets. */
  readonly allowedOrigins?: readonly string[];
  /**
   * Names (or name:port) besides IP addresses and localhost that requests may carry as their Host:
   * the names the server is reached by (ALLOWED_HOSTS, and HOST when it is a name).
   */
  readonly allowedHosts?: readonly string[];
  /**
   * The origin the site is served from (PUBLIC_ORIGIN, scheme://host[:port]; default
   * http://localhost:8080): passkeys are bound to it, its pages may change accounts, and the
   * session cookie is Secure when it is https.
   */
  readonly publicOrigin?: string;
  /** Failed sign-ins under one name in 15 minutes before that name is refused for the rest of them. */
  readonly signInFailuresPerName?: number;
  /** The password hasher of the account routes (a test passes its own to count what it checks). */
  readonly passwordHasher?: PasswordHasher;
  /** Fastify's trustProxy: which X-Forwarded-For hops decide a client's address (see limits.ts). */
  readonly trustProxy?: TrustProxy;
  /** Folder of the built web client (index.html and assets); without it `/` explains how to build it. */
  readonly webRoot?: string;
  /**
   * Every this many ms each WebSocket is pinged; one that has not answered the previous ping is
   * closed, so a player gone without a word shows as away within two beats (default HEARTBEAT_MS).
   */
  readonly heartbeatMs?: number;
  /**
   * Every this many ms the stored waits are swept for games out of memory whose clock ran out
   * (waits/sweeper.ts; default SWEEP_EVERY_MS, 0: never).
   */
  readonly sweepDeadlinesMs?: number;
  /**
   * Cluster mode (REDIS_URL): this process is one of several on one PostgreSQL database; the
   * cluster code is loaded only then.
   */
  readonly cluster?: ClusterOptions;
  /**
   * The server's logger (log.ts serverLog; default: the process's, at info). Every line of a
   * cluster node also carries its node id (`node`).
   */
  readonly log?: ServerLog;
  /** The Bot API's limits: challenges waiting per person, games at once per bot account (docs/bot-api.md). */
  readonly botApi?: Partial<BotApiLimits> & { readonly pollMs?: number; readonly keepAliveMs?: number };
}

/** The origin passkeys are bound to when PUBLIC_ORIGIN is not set: the server's default address. */
export const DEFAULT_PUBLIC_ORIGIN = 'http://localhost:8080';
/** OWASP ASVS asks for at most 100 failed attempts an hour per account: 10 in 15 minutes is 40. */
export const SIGN_IN_FAILURES_PER_NAME = 10;

/** Heartbeat period: a silent drop is seen within 2–4 s, well inside the 5 s presence promises. */
export const HEARTBEAT_MS = 2000;

/** Frames above this are refused by the socket layer itself (close code 1009). */
const HARD_FRAME_LIMIT = 64 * 1024;
/** The most games GET /api/games lists (the most recently played first); the lobby says when it is reached. */
export const LISTED_GAMES = 100;

/** Defaults a browser user never reaches: a lobby page opens a few sockets, offline play none. */
export const LIMIT_DEFAULTS = {
  httpPerMinute: 600,
  createPerMinute: 20,
  wsUpgradesPerMinute: 120,
  wsPerAddress: 64,
  liveGamesPerAddress: 20,
  wsPerSecond: 20,
  wsMaxBufferedBytes: DEFAULT_MAX_BUFFERED_BYTES,
  signInPerMinute: 10,
  quickPlayPerAddress: 8,
} as const;

/**
 * The client is all same-origin files: module scripts (no inline script), stylesheets (React's
 * style props go through the CSSOM, which style-src does not govern), the offline Web Worker, and
 * the WebSocket (connect-src 'self' covers ws:/wss: to the same host). No framing at all. No
 * upgrade-insecure-requests: the server is also run over plain HTTP on a LAN.
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Fastify's lines about requests, at debug rather than info: a busy server answers a request for
 * every socket it opens and every lobby's list, and two lines each at info would be most of its
 * log. At debug, one line a request, when it is answered (method, path, status, time); a request
 * that failed with an error is still logged as one.
 */
class RequestLines extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`no route ${request.method} ${request.url}`);
  }
}

/** An HTTP refusal, the same shape for every route. */
const refusal = (error: string, message: string): ErrorAnswer => ({ error, message });

/** Builds the HTTP + WebSocket server on a store; `listen` is the caller's. */
export async function buildServer(store: Store, opts: ServerOptions = {}): Promise<{ app: FastifyInstance; hub: Hub }> {
  // Settings first: a bad one refuses to build the server before anything (the bot pool's threads) starts.
  const allowedOrigins = parseOrigins(opts.allowedOrigins ?? []);
  const allowedHosts = parseHosts(opts.allowedHosts ?? []);
  const [publicOrigin] = parseOrigins([opts.publicOrigin ?? DEFAULT_PUBLIC_ORIGIN]);
  // A cluster node's id is drawn first, so that every line its process logs names it.
  const node = opts.cluster ? newNodeId() : null;
  const log = node === null ? (opts.log ?? defaultLog()) : (opts.log ?? defaultLog()).child({ node });
  const hub = new Hub(store, { ...opts, log });
  const cluster = opts.cluster && node !== null ? await (await import('./cluster/index.js')).startCluster(hub, opts.cluster, node) : null;
  const limits = limitsOf(opts);
  // Typed as Fastify's own logger, so that the app keeps Fastify's default types.
  const fastifyLog: FastifyBaseLogger = log;
  const app = Fastify({
    bodyLimit: 16 * 1024,
    loggerInstance: fastifyLog,
    logController: new RequestLines(),
    return503OnClosing: true,
    trustProxy: opts.trustProxy ?? false,
    // A path that is not valid percent-encoded UTF-8, or a parameter over 100 characters: the
    // router refuses it before any route, as a bad request in the API's own shape.
    frameworkErrors: (err, req, res) => {
      const bad = (err.statusCode ?? 500) < 500;
      if (!bad) req.log.error({ err }, 'the router failed');
      return void (res as FastifyReply)
        .code(bad ? 400 : 500)
        .send(bad ? refusal('bad_message', `the request's path cannot be read: ${err.message}`) : refusal('internal', 'internal error'));
    },
  });
  // First, so that every answer carries the headers, refusals included. Referrer: none at all,
  // since a seat link carries the seat's secret.
  // The headers' middleware is built once, not per request: building it parses the whole CSP, which
  // a burst of requests (2,000 sockets opening, /health probes) would pay for each time.
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Browsers heed it over HTTPS only; not for subdomains, which this server knows nothing of.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  });
  app.addHook('onRequest', (req, reply, done) => {
    // A WebSocket upgrade is answered by ws on the raw socket, without the response's headers.
    if (req.raw.headers.upgrade !== undefined) return done();
    securityHeaders(req.raw, reply.raw, (e?: unknown) => done(e instanceof Error ? e : undefined));
  });
  // One budget per address for the HTTP API; game creation and WebSocket upgrades have their own
  // (route config below), /health none.
  await app.register(rateLimit, { max: limits.httpPerMinute, timeWindow: '1 minute' });
  await app.register(websocket, { options: { maxPayload: HARD_FRAME_LIMIT } });
  // The session cookie is read by the account API and by the routes of rated games.
  await app.register(fastifyCookie);
  const accountCtx = new AccountContext(
    store.accounts,
    {
      publicOrigin: publicOrigin!,
      allowedOrigins,
      attemptsPerMinute: limits.signInPerMinute,
      failuresPerName: opts.signInFailuresPerName ?? SIGN_IN_FAILURES_PER_NAME,
      suspended: (id) => store.chat.isSuspended(id),
      ...(opts.passwordHasher ? { hasher: opts.passwordHasher } : {}),
    },
    store.botApi,
  );
  // A Host that is not one of the server's names is a page of another site whose name was pointed
  // at this server's address (DNS rebinding): its Origin matches that Host, so only the Host tells.
  // Every request, not only the WebSocket, since such a page could read the API as its own origin.
  // The Host as Fastify reads it: behind a trusted proxy (TRUST_PROXY), its X-Forwarded-Host.
  // /health is for monitors that reach the server by whatever name their network gives it. After
  // the WebSocket plugin's own hook, which marks an upgrade so that a refused one's socket is ended.
  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.url === '/health' || hostAllowed(req.host, allowedHosts)) return;
    return reply
      .code(403)
      .send(
        refusal(
          'forbidden_host',
          'this server does not answer for the name in the Host header (its ALLOWED_HOSTS setting lists its names)',
        ),
      );
  });
  const openSockets = new PerAddressCount(limits.wsPerAddress);
  /** The signed-in account of each WebSocket upgrade, read before it (see the /ws route). */
  const speakers = new WeakMap<IncomingMessage, Speaker>();
  const liveGames = new LiveGamesPerAddress(limits.liveGamesPerAddress, (id) => hub.isPlaying(id));

  app.setErrorHandler((err: unknown, req, reply) => {
    // The refusals about accounts (a rated game's seats), in the account API's shape.
    if (err instanceof AccountError) return void reply.code(err.status).send(refusal(err.code, err.message));
    if (err instanceof Refusal) {
      const status =
        err.code === 'no_game'
          ? 404
          : err.code === 'bad_token'
            ? 403
            : err.code === 'corrupt'
              ? 500
              : err.code === 'unavailable'
                ? 503
                : 409;
      return void reply.code(status).send(refusal(err.code, err.message));
    }
    if (err instanceof InvalidInput) return void reply.code(400).send(refusal('bad_message', err.message));
    if (err instanceof z.ZodError) return void reply.code(400).send(refusal('bad_message', describeZodError(err)));
    const e = err as { statusCode?: number; message?: string };
    if (e.statusCode && e.statusCode < 500)
      return void reply
        .code(e.statusCode)
        .send(
          refusal(
            e.statusCode === 413 ? 'too_large' : e.statusCode === 429 ? 'rate_limited' : 'bad_message',
            e.message ?? `HTTP ${e.statusCode}`,
          ),
        );
    req.log.error({ err, method: req.method, url: req.url }, 'internal error');
    return void reply.code(500).send(refusal('internal', 'internal error'));
  });

  // Every body is bounded in depth and size before a schema, the engine or canonical JSON walks it.
  app.addHook('preHandler', async (req) => {
    if (req.body !== undefined && req.body !== null) checkJsonShape(req.body, JSON_LIMITS, 'the request body');
  });

  app.get('/health', { config: { rateLimit: false } }, async () => (cluster ? { ok: true, node: cluster.id } : { ok: true }));

  // The operations on one live game: in a cluster, run by the process playing it (over the bus when
  // that is another one).
  const ops = {
    summary: (id: string) => hub.summary(id),
    join: async (id: string, a: unknown) => {
      const b = a as JoinSeat & { account: Joiner | null };
      return (await hub.join(id, b.seat, b.name, b.key, b.account)) satisfies JoinAnswer;
    },
    handToBot: async (id: string, a: unknown) => {
      const b = a as { seat: number } & HandToBot;
      await hub.handToBot(id, b.seat, b.token);
      return hub.summary(id);
    },
    /** What the lobby shows of each game of `ids` this process plays (`id` unused). */
    listings: async (_id: string, ids: unknown) =>
      Object.fromEntries((ids as string[]).flatMap((g) => (hub.liveListing(g) ? [[g, hub.liveListing(g)]] : []))),
    record: async (id: string) => {
      const g = await hub.mustGet(id);
      if (g.status === 'active') throw new Refusal('game_over', 'the record is published when the game is over');
      return g.match.record satisfies RecordAnswer;
    },
  };
  cluster?.setOperations(ops);
  const atOwner = (op: keyof typeof ops, id: string, args: unknown = null): Promise<unknown> =>
    cluster ? cluster.atOwner(op, id, args) : ops[op](id, args);

  // Only games their creators opened to anyone: a friends game is found through its links alone.
  // Each with its seats and who is to act when the game is in memory (a game out of it is idle).
  app.get('/api/games', async () => {
    const games = await store.listGames({ status: 'active', listed: true, limit: LISTED_GAMES });
    // In a cluster, the games played by other processes are described by them (one request each).
    const elsewhere = cluster ? await cluster.listings(games.map((g) => g.id).filter((id) => !hub.isLive(id))) : new Map();
    return {
      games: games.map(({ rated, ...g }) => ({
        ...g,
        ...((hub.liveListing(g.id) ?? elsewhere.get(g.id) ?? null) as Pick<GameListing, 'players' | 'toAct'> | null),
        ...(rated ? { rated: true as const } : {}),
      })),
    } satisfies OpenGames;
  });

  app.post(
    '/api/games',
    {
      config: { rateLimit: { max: limits.createPerMinute, timeWindow: '1 minute' } },
      // A burst of creations is read, checked and played out one per turn of the event loop.
      onRequest: () => hub.turns.next(),
    },
    async (req, reply: FastifyReply) => {
      const body = CreateGame.parse(req.body);
      if (body.rated === true) {
        // Created by a signed-in player, from one of the server's pages.
        checkRatedGame(body);
        accountCtx.checkOrigin(req);
        await accountCtx.signedIn(req, reply);
      } else if (req.cookies[SESSION_COOKIE] !== undefined && accountCtx.fromOwnPages(req)) {
        // A suspended account starts no game, rated or not (the session check refuses it).
        await accountCtx.session(req, reply);
      }
      const slot = liveGames.reserve(addressKey(req.ip));
      if (!slot)
        return reply
          .code(429)
          .send(refusal('too_many_games', `at most ${limits.liveGamesPerAddress} unfinished games per address; finish one first`));
      let id: string;
      let invites: Invite[];
      try {
        ({ id, invites } = await hub.create(body, addressKey(req.ip)));
      } catch (e) {
        slot.cancel();
        throw e;
      }
      slot.created(id);
      // The only time the invitation keys leave the server: the creator hands them on as seat links.
      return reply.code(201).send({ ...((await hub.summary(id)) as object), invites });
    },
  );

  // Accounts: a plugin of their own (their refusals, the Origin check). The game routes read a
  // session only where a rated game needs one (its creation, its seats).
  await app.register(accountRoutes, { prefix: '/api/account', store, ctx: accountCtx });
  // Ratings, leaderboards, profiles and the signed-in player's games, in the account API's shape.
  await app.register(ratingRoutes, { store, ctx: accountCtx });
  // Quick play: the queue is in the store, and every process's matcher makes tables of it.
  const matcher = new Matcher(store, hub, { log });
  await app.register(quickPlayRoutes, {
    prefix: '/api/quickplay',
    store,
    ctx: accountCtx,
    abandonMs: matcher.abandonMs,
    perAddress: limits.quickPlayPerAddress,
  });
  matcher.start();

  // The Bot API: challenges to bot accounts and their event stream (docs/bot-api.md).
  await app.register(challengeRoutes, { store, ctx: accountCtx, hub, limits: { ...BOT_API_LIMITS, ...opts.botApi } });
  await app.register(eventStreamRoutes, {
    store,
    ctx: accountCtx,
    ...(opts.botApi?.pollMs !== undefined ? { pollMs: opts.botApi.pollMs } : {}),
    ...(opts.botApi?.keepAliveMs !== undefined ? { keepAliveMs: opts.botApi.keepAliveMs } : {}),
  });

  app.get('/api/games/:id', async (req) => atOwner('summary', GamePath.parse(req.params).id));

  app.post('/api/games/:id/join', async (req, reply) => {
    const { id } = GamePath.parse(req.params);
    const body = JoinSeat.parse(req.body);
    // The joiner's account, for a rated game's seat or a seat attached to it: a bot's API token
    // (docs/bot-api.md), or a session, which only a request from one of the server's pages
    // carries (a page of another site joins as nobody). A wrong API token is refused, never taken
    // for nobody.
    let account: Joiner | null = null;
    if (accountCtx.hasBearer(req)) {
      const { account: bot } = await accountCtx.bearer(req);
      account = { id: bot.id, name: bot.name };
    } else if (req.cookies[SESSION_COOKIE] !== undefined && accountCtx.fromOwnPages(req)) {
      const s = await accountCtx.session(req, reply);
      if (s) account = { id: s.account.id, name: s.account.name };
    }
    // A JoinAnswer, made by hub.join at the game's owner.
    return atOwner('join', id, { ...body, account });
  });

  app.post('/api/games/:id/seats/:seat/bot', async (req) => {
    const { id, seat } = SeatPath.parse(req.params);
    const body = HandToBot.parse(req.body);
    return atOwner('handToBot', id, { ...body, seat });
  });

  /** The full record (with the seed) only once the game is over: the seed decides every hidden tile. */
  app.get('/api/games/:id/record', async (req) => atOwner('record', GamePath.parse(req.params).id));

  const webRoot = opts.webRoot && existsSync(join(opts.webRoot, 'index.html')) ? opts.webRoot : null;
  if (webRoot) {
    // Hashed asset names never change content: cache them for good; index.html is always fresh.
    // The build wrote .br/.gz copies of the text files (web/precompress.ts): sent to clients that
    // accept them, so caches must key on Accept-Encoding.
    await app.register(fastifyStatic, {
      root: webRoot,
      index: 'index.html',
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // The client routes (/game/:id, /local, /replay/:id) are pages of the single-page app.
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, (req, reply) => {
      const path = req.url.split('?')[0]!;
      if (req.method === 'GET' && !path.startsWith('/api/') && path !== '/ws' && !path.startsWith('/assets/')) {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send(refusal('not_found', `no route ${req.method} ${path}`));
    });
  } else {
    app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send(HOME_PAGE));
  }

  app.get(
    '/ws',
    {
      websocket: true,
      config: { rateLimit: { max: limits.wsUpgradesPerMinute, timeWindow: '1 minute' } },
      // Refused before the upgrade, so a refused client holds nothing.
      onRequest: async (req, reply) => {
        if (!originAllowed(req.headers.origin, req.host, allowedOrigins)) {
          return reply
            .code(403)
            .send(refusal('forbidden_origin', `WebSocket connections from pages of ${req.headers.origin} are not accepted`));
        }
        if (req.headers.upgrade?.toLowerCase() !== 'websocket') return;
        const key = addressKey(req.ip);
        if (!openSockets.take(key)) {
          return reply.code(429).send(refusal('too_many_connections', `at most ${limits.wsPerAddress} open WebSockets per address`));
        }
        // The chat names a signed-in speaker and checks its account (chat/speaker.ts).
        const speaker = await speakerOf(store.accounts, req.cookies[SESSION_COOKIE]);
        if (speaker !== null) speakers.set(req.raw, speaker);
        // The TCP socket closes once, whether the upgrade failed or the WebSocket ended later.
        req.raw.socket.once('close', () => openSockets.release(key));
        // An upgrade costs about half a millisecond: a crowd of them arriving at once takes turns
        // with the other work (and /health) instead of holding the event loop for all of them.
        await hub.turns.next();
      },
    },
    (socket: WebSocket, req) => {
      forgetUpgrade(socket);
      const c = new Connection(
        hub,
        socket,
        { perSecond: limits.wsPerSecond, maxBufferedBytes: limits.wsMaxBufferedBytes },
        speakers.get(req.raw) ?? null,
      );
      socket.once('close', heartbeat.add(c));
    },
  );

  /**
   * @fastify/websocket leaves the upgrade's request and response reachable from each socket for
   * its whole life: its 'error' listener closes over them, and the TCP socket still points at the
   * response, with every security header set on it: over a hundred objects per socket that the
   * garbage collector marks at every major collection. Errors close the socket as that listener
   * did (the Connection hears of it on 'close').
   */
  const forgetUpgrade = (socket: WebSocket): void => {
    socket.removeAllListeners('error');
    socket.on('error', () => socket.terminate());
    const tcp = (socket as unknown as { _socket?: Socket & { _httpMessage?: ServerResponse | null } })._socket;
    tcp?._httpMessage?.detachSocket(tcp);
  };

  // One timer for all sockets, not one per socket.
  const heartbeat = new Heartbeat<Connection>(opts.heartbeatMs ?? HEARTBEAT_MS);
  // The clocks of the games out of memory.
  const deadlines = new DeadlineSweeper(hub, store.waits, log, { everyMs: opts.sweepDeadlinesMs ?? SWEEP_EVERY_MS });
  deadlines.start();

  app.addHook('onClose', async () => {
    heartbeat.stop();
    await deadlines.stop();
    cluster?.stopping();
    await matcher.stop();
    // Games stop first; then the cluster's connections end, and other processes take the games over.
    await hub.close();
    await cluster?.close();
  });
  return { app, hub };
}

const HOME_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Expedition</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<h1>Expedition</h1>
<p>The game server is running, but the web client is not built: run <code>npm start</code> (or
<code>npm run build</code>). Meanwhile the server speaks
HTTP (<code>POST /api/games</code>, <code>POST /api/games/:id/join</code>, <code>GET /api/games</code>)
and WebSocket (<code>/ws</code>).</p>
<p><a href="/health">health</a> · <a href="/api/games">open games</a></p>
</body></html>`;

/** Each limit as set, or its default. */
function limitsOf(opts: ServerOptions): Record<keyof typeof LIMIT_DEFAULTS, number> {
  const out = { ...LIMIT_DEFAULTS } as Record<keyof typeof LIMIT_DEFAULTS, number>;
  for (const k of Object.keys(LIMIT_DEFAULTS) as (keyof typeof LIMIT_DEFAULTS)[]) out[k] = opts[k] ?? LIMIT_DEFAULTS[k];
  return out;
}
