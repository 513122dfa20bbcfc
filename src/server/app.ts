import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import rateLimit from '@fastify/rate-limit';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Seat } from '../core/game.js';
import { InvalidInput } from '../core/errors.js';
import { Hub, type HubOptions } from './hub.js';
import { Refusal, type LiveGame, type Subscriber } from './live-game.js';
import { ClientMessage, CreateGame, HandToBot, JoinSeat, MAX_MESSAGE_BYTES, describeZodError, type ErrorCode } from './protocol.js';
import type { Store } from './store.js';

export interface ServerOptions extends HubOptions {
  /** HTTP requests per minute per client address. */
  readonly httpPerMinute?: number;
  /** WebSocket messages per second per connection (sustained), with a burst of twice that. */
  readonly wsPerSecond?: number;
  /** Folder of the built web client (index.html and assets); without it `/` explains how to build it. */
  readonly webRoot?: string;
}

/** Frames above this are refused by the socket layer itself (close code 1009). */
const HARD_FRAME_LIMIT = 64 * 1024;

const gameIdParam = z.object({ id: z.string().min(1).max(64) });
const seatParam = z.object({ id: z.string().min(1).max(64), seat: z.coerce.number().int().min(0).max(7) });

/** Builds the HTTP + WebSocket server on a store; `listen` is the caller's. */
export async function buildServer(store: Store, opts: ServerOptions = {}): Promise<{ app: FastifyInstance; hub: Hub }> {
  const hub = new Hub(store, opts);
  const app = Fastify({ bodyLimit: 16 * 1024, logger: false, return503OnClosing: true });
  await app.register(rateLimit, { max: opts.httpPerMinute ?? 600, timeWindow: '1 minute' });
  await app.register(websocket, { options: { maxPayload: HARD_FRAME_LIMIT } });

  app.setErrorHandler((err: unknown, _req, reply) => {
    if (err instanceof Refusal) {
      const status = err.code === 'no_game' ? 404 : err.code === 'bad_token' ? 403 : err.code === 'corrupt' ? 500 : 409;
      return void reply.code(status).send({ error: err.code, message: err.message });
    }
    if (err instanceof InvalidInput) return void reply.code(400).send({ error: 'bad_message', message: err.message });
    if (err instanceof z.ZodError) return void reply.code(400).send({ error: 'bad_message', message: describeZodError(err) });
    const e = err as { statusCode?: number; message?: string };
    if (e.statusCode && e.statusCode < 500) return void reply.code(e.statusCode).send({ error: e.statusCode === 413 ? 'too_large' : e.statusCode === 429 ? 'rate_limited' : 'bad_message', message: e.message });
    console.error(err);
    return void reply.code(500).send({ error: 'internal', message: 'internal error' });
  });

  app.get('/health', async () => ({ ok: true }));

  app.get('/api/games', async () => ({ games: await store.listGames({ status: 'active', limit: 100 }) }));

  app.post('/api/games', async (req, reply: FastifyReply) => {
    const body = CreateGame.parse(req.body);
    const { id } = await hub.create(body);
    return reply.code(201).send(await hub.summary(id));
  });

  app.get('/api/games/:id', async (req) => hub.summary(gameIdParam.parse(req.params).id));

  app.post('/api/games/:id/join', async (req) => {
    const { id } = gameIdParam.parse(req.params);
    const body = JoinSeat.parse(req.body);
    return hub.join(id, body.seat, body.name);
  });

  app.post('/api/games/:id/seats/:seat/bot', async (req) => {
    const { id, seat } = seatParam.parse(req.params);
    const body = HandToBot.parse(req.body);
    await hub.handToBot(id, seat, body.token, body.bot);
    return hub.summary(id);
  });

  /** The full record (with the seed) only once the game is over: the seed decides every hidden tile. */
  app.get('/api/games/:id/record', async (req, reply) => {
    const g = await hub.mustGet(gameIdParam.parse(req.params).id);
    if (g.status === 'active') return reply.code(409).send({ error: 'game_over', message: 'the record is published when the game is over' });
    return { format: 'expedition-match', version: 1, game: g.game.id, seats: g.stored.seats, seed: g.stored.seed, options: g.stored.options, choices: g.moves.map((m) => m.choice) };
  });

  const webRoot = opts.webRoot && existsSync(join(opts.webRoot, 'index.html')) ? opts.webRoot : null;
  if (webRoot) {
    // Hashed asset names never change content: cache them for good; index.html is always fresh.
    await app.register(fastifyStatic, {
      root: webRoot,
      index: 'index.html',
      cacheControl: false,
      setHeaders: (res, path) => res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    // The client routes (/game/:id, /local, /replay/:id) are pages of the single-page app.
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0]!;
      if (req.method === 'GET' && !path.startsWith('/api/') && path !== '/ws' && !path.startsWith('/assets/')) {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ error: 'not_found', message: `no route ${req.method} ${path}` });
    });
  } else {
    app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send(HOME_PAGE));
  }

  app.get('/ws', { websocket: true }, (socket: WebSocket) => {
    new Connection(hub, socket, opts.wsPerSecond ?? 20);
  });

  app.addHook('onClose', async () => hub.close());
  return { app, hub };
}

/** One WebSocket client: a seat's player or a spectator of one game at a time. */
class Connection implements Subscriber {
  seat: Seat | null = null;
  private game: LiveGame | null = null;
  private tokens: number;
  private last = Date.now();
  private strikes = 0;
  /** Messages are handled one at a time, in order: a choice sent right after hello waits for it. */
  private inbox: Promise<void> = Promise.resolve();

  constructor(private readonly hub: Hub, private readonly socket: WebSocket, private readonly perSecond: number) {
    this.tokens = 2 * perSecond;
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      if (!this.allow()) {
        // A client that keeps flooding after being told is cut off; one that slows down is forgiven.
        if (++this.strikes > 200) this.socket.close(1008, 'rate limit');
        else this.error('rate_limited', `more than ${this.perSecond} messages per second`);
        return;
      }
      this.strikes = 0;
      this.inbox = this.inbox.then(() => this.onMessage(data, isBinary)).catch((e: unknown) => console.error(e));
    });
    socket.on('close', () => this.leave());
    socket.on('error', () => this.leave());
  }

  send(msg: unknown): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(msg));
  }

  private error(code: ErrorCode, message: string, id?: string): void {
    this.send({ type: 'error', code, message, ...(id !== undefined ? { id } : {}) });
  }

  /** Token bucket: a burst of 2 s worth of messages, then `perSecond`. */
  private allow(): boolean {
    const now = Date.now();
    this.tokens = Math.min(2 * this.perSecond, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens--;
    return true;
  }

  private async onMessage(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): Promise<void> {
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (isBinary) return this.error('bad_message', 'messages are JSON text');
    if (buf.length > MAX_MESSAGE_BYTES) return this.error('too_large', `messages are at most ${MAX_MESSAGE_BYTES} bytes, this one has ${buf.length}`);
    let raw: unknown;
    try {
      raw = JSON.parse(buf.toString('utf8'));
    } catch {
      return this.error('bad_message', 'not JSON');
    }
    const parsed = ClientMessage.safeParse(raw);
    if (!parsed.success) return this.error('bad_message', describeZodError(parsed.error), idOf(raw));
    const msg = parsed.data;
    try {
      switch (msg.type) {
        case 'ping':
          return this.send({ type: 'pong', ...(msg.id !== undefined ? { id: msg.id } : {}) });
        case 'hello':
          return await this.hello(msg.game, msg.token);
        case 'choice': {
          const { game, seat } = this.player();
          const index = await game.submit(seat, msg.choice, msg.index);
          return this.send({ type: 'ack', index, ...(msg.id !== undefined ? { id: msg.id } : {}) });
        }
        case 'undo': {
          const { game, seat } = this.player();
          const moves = await game.undo(seat);
          return this.send({ type: 'ack', undone: true, moves, ...(msg.id !== undefined ? { id: msg.id } : {}) });
        }
      }
    } catch (e) {
      const id = 'id' in msg ? msg.id : undefined;
      if (e instanceof Refusal) return this.error(e.code, e.message, id);
      if (e instanceof InvalidInput) return this.error('bad_message', e.message, id);
      console.error(e);
      return this.error('internal', 'the server could not handle this message; nothing was changed', id);
    }
  }

  private player(): { game: LiveGame; seat: Seat } {
    if (!this.game) throw new Refusal('not_joined', 'say hello with a game id (and your seat token) first');
    if (this.seat === null) throw new Refusal('not_joined', 'spectators cannot act; say hello with your seat token');
    return { game: this.game, seat: this.seat };
  }

  private async hello(id: string, token: string | undefined): Promise<void> {
    const g = await this.hub.get(id);
    if (!g) throw new Refusal('no_game', `no game "${id}"`);
    // Closed while the game was loading: subscribing now would show the seat as connected forever.
    if (this.socket.readyState !== this.socket.OPEN) return;
    const seat = token === undefined ? null : this.hub.seatOf(g, token);
    this.leave();
    this.game = g;
    this.seat = seat;
    g.subscribers.add(this);
    if (seat !== null) {
      g.leftAt[seat] = null;
      // A player coming back takes its seat back from the bot it was handed to.
      await g.reclaim(seat);
    }
    this.send({ ...(g.stateMessage(seat) as object), type: 'welcome', log: g.publicLog() });
  }

  private leave(): void {
    const g = this.game;
    if (!g) return;
    g.subscribers.delete(this);
    if (this.seat !== null && ![...g.subscribers].some((s) => s.seat === this.seat)) g.leftAt[this.seat] = Date.now();
    this.game = null;
  }
}

function idOf(raw: unknown): string | undefined {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length <= 64 ? id : undefined;
}

const HOME_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Expedition</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; line-height: 1.5">
<h1>Expedition</h1>
<p>The game server is running, but the web client is not built: run <code>npm start</code> (or
<code>npm run build</code>). Meanwhile the server speaks
HTTP (<code>POST /api/games</code>, <code>POST /api/games/:id/join</code>, <code>GET /api/games</code>)
and WebSocket (<code>/ws</code>).</p>
<p><a href="/health">health</a> · <a href="/api/games">open games</a></p>
</body></html>`;
