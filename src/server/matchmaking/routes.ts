/**
 * Quick play over HTTP, in the account API's shape (`{ error, message }`, kebab-case codes):
 * queue a ticket, ask about it (which also keeps it alive), cancel it, and the lobby's count of
 * waiting players per game (docs/server-api.md#quick-play). A ticket is its owner's: the signed-in
 * account's, or a guest's, known by the guest cookie this API sets.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GAMES } from '../../bots/registry.js';
import { AccountError, parseBody, type AccountContext } from '../accounts/context.js';
import { accountErrorHandler } from '../accounts/routes.js';
import { addressKey } from '../limits.js';
import { DEFAULT_MU, displayRating } from '../ratings/scale.js';
import type { Store } from '../store.js';
import { hashToken, newToken } from '../tokens.js';
import { bandAfter } from './planner.js';
import type { TicketRow } from './store.js';
import { QueueRequest, TicketPath, type QueueCounts, type QueuedTicket, type TicketView } from './wire.js';

/** The guest cookie: a random id naming a guest's tickets (nothing else is known of a guest). */
export const GUEST_COOKIE = 'expedition_guest';
const GUEST_ID = /^[A-Za-z0-9_-]{22}$/;
/** The name a guest who gave none plays under. */
export const GUEST_NAME = 'Guest';

/**
 * A waiting ticket's last sight is written at most this often: ten thousand players asking every
 * 2 s would otherwise be five thousand writes a second, for a ticket that expires only after 30 s.
 */
const TOUCH_EVERY_MS = 10_000;

/** How long one reading of the waiting counts answers the lobbies. */
const COUNTS_MS = 1000;

const NO_TICKET = () => new AccountError(404, 'no-ticket', 'You hold no quick-play ticket of this id.');

export function viewOf(t: TicketRow, now: number): TicketView {
  const state =
    t.state !== 'matched' ? t.state : t.tableState === 'ready' ? 'seated' : t.tableState === 'refused' ? 'cancelled' : 'seating';
  return {
    id: t.id,
    game: t.game,
    seats: t.seats,
    pace: t.pace,
    rated: t.rated,
    botsAfterMs: t.botsAfterMs,
    state,
    rating: Math.round(t.rating),
    queuedAt: t.queuedAt,
    band: bandAfter(now - t.queuedAt),
    ...(state === 'seated' ? { gameId: t.tableId!, seat: t.seat! } : {}),
  };
}

export async function quickPlayRoutes(
  app: FastifyInstance,
  opts: {
    store: Store;
    ctx: AccountContext;
    abandonMs: number;
    /** Waiting tickets one client address may hold (a household, a club's room), counted across processes. */
    perAddress: number;
  },
): Promise<void> {
  const { store, ctx } = opts;
  const q = store.matchQueue;
  app.setErrorHandler(accountErrorHandler);

  // Queueing and cancelling come from one of the server's pages (or from no browser at all).
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') ctx.checkOrigin(req);
  });

  const guestOf = (req: FastifyRequest): string | null => {
    const v = req.cookies[GUEST_COOKIE];
    return v !== undefined && GUEST_ID.test(v) ? v : null;
  };

  /** The owners a request speaks for: its account, and the guest it was before signing in. */
  const ownersOf = async (req: FastifyRequest, reply: FastifyReply): Promise<string[]> => {
    const s = await ctx.session(req, reply);
    const guest = guestOf(req);
    return [...(s ? [`a:${s.account.id}`] : []), ...(guest ? [`g:${guest}`] : [])];
  };

  const mine = async (req: FastifyRequest, reply: FastifyReply): Promise<TicketRow> => {
    const { id } = parseBody(TicketPath, req.params);
    const t = await q.ticket(id);
    if (t === null || !(await ownersOf(req, reply)).includes(t.owner)) throw NO_TICKET();
    return t;
  };

  app.post('/', async (req, reply) => {
    const body = parseBody(QueueRequest, req.body);
    const game = GAMES.get(body.game);
    if (!game) throw new AccountError(400, 'unknown-game', `There is no game "${body.game}" (known: ${[...GAMES.keys()].join(', ')}).`);
    const outside = body.seats.filter((n) => n < game.minSeats || n > game.maxSeats);
    if (outside.length > 0)
      throw new AccountError(
        400,
        'bad-seats',
        `${game.id} is played by ${game.minSeats}–${game.maxSeats} players, not ${outside.join(', ')}.`,
      );
    const s = await ctx.session(req, reply);
    if (body.rated && s === null)
      throw new AccountError(401, 'signed-out', 'Rated quick play is for signed-in players: sign in, or queue for an unrated game.');
    let owner: string;
    const before = guestOf(req);
    if (s) owner = `a:${s.account.id}`;
    else {
      let guest = guestOf(req);
      if (guest === null) {
        guest = randomBytes(16).toString('base64url');
        reply.setCookie(GUEST_COOKIE, guest, {
          httpOnly: true,
          sameSite: 'lax',
          path: '/api/quickplay',
          secure: req.protocol === 'https' || ctx.origin.startsWith('https:'),
        });
      }
      owner = `g:${guest}`;
    }
    const mu = s ? (await store.ratings.ratingsOf(s.account.id)).find((r) => r.game === game.id)?.mu : undefined;
    const token = newToken();
    const now = Date.now();
    const row = {
      id: randomBytes(12).toString('base64url'),
      owner,
      accountId: s?.account.id ?? null,
      name: s?.account.name ?? body.name ?? GUEST_NAME,
      game: game.id,
      seats: [...body.seats].sort((a, b) => a - b),
      pace: body.pace,
      rated: body.rated,
      rating: displayRating(mu ?? DEFAULT_MU),
      botsAfterMs: body.botsAfterMs,
      queuedAt: now,
      seenAt: now,
      tokenHash: hashToken(token),
      address: addressKey(req.ip),
    };
    const r = await q.enqueue(row, opts.perAddress, before !== null ? [`g:${before}`] : []);
    if (r === 'already-queued')
      throw new AccountError(
        409,
        'already-queued',
        'You are waiting in the quick-play queue already: cancel that ticket before queueing again.',
      );
    if (r === 'too-many')
      throw new AccountError(429, 'too-many-tickets', `At most ${opts.perAddress} players of one address may wait in the queue at once.`);
    const answer: QueuedTicket = { ticket: viewOf({ ...row, state: 'waiting', tableId: null, seat: null, tableState: null }, now), token };
    return reply.code(201).send(answer);
  });

  app.get('/tickets/:id', async (req, reply) => {
    const t = await mine(req, reply);
    const now = Date.now();
    if (t.state === 'waiting' && now - t.seenAt >= TOUCH_EVERY_MS) await q.touch(t.id, now);
    return viewOf(t, now);
  });

  app.delete('/tickets/:id', async (req, reply) => {
    const t = await mine(req, reply);
    if (!(await q.cancel(t.id)))
      throw new AccountError(409, 'not-waiting', 'This ticket is no longer waiting: its table is made, or it was cancelled or expired.');
    return viewOf({ ...t, state: 'cancelled' }, Date.now());
  });

  // Every lobby asks every 10 s: the count is read from the store at most once per COUNTS_MS per
  // process, and the requests meanwhile share that answer (a read cached, never a decision).
  let counts: { at: number; answer: Promise<QueueCounts> } | null = null;
  app.get('/waiting', async () => {
    const now = Date.now();
    if (counts === null || now - counts.at >= COUNTS_MS) {
      const answer = q.waitingCounts(now - opts.abandonMs).then((waiting) => ({ waiting }));
      counts = { at: now, answer };
      answer.catch(() => (counts = null));
    }
    return counts.answer;
  });
}
