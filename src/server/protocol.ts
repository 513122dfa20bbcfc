import { z } from 'zod';
import type { ViewPatch as ViewPatchOps } from '../core/view-patch.js';
import type { MatchRecord } from '../core/match.js';
import { textFault } from '../core/text.js';
import { ChatClientMessages, ChatServerMessage, ChatWelcome } from './chat/protocol.js';

export type { ChatEntry, ChatRoom, ChatWelcome } from './chat/protocol.js';

/** Largest message a client may send; choices are small JSON objects. */
export const MAX_MESSAGE_BYTES = 8 * 1024;

/**
 * Shape limits checked on every parsed message and request body before anything walks it
 * (schemas, canonical JSON, the engine): a choice is a flat object, options a small record.
 */
export const JSON_LIMITS = { maxDepth: 8, maxNodes: 1000 } as const;

/** WebSocket close codes of this server (4000–4999 is the application's range). */
export const CloseCode = {
  /** The client floods after being told to slow down. */
  rateLimit: 1008,
  /** The client does not read: more than the allowed bytes wait unsent. */
  slowReader: 4001,
  /** The seat was taken on another device with its link: this connection's token is revoked. */
  seatTaken: 4003,
  /**
   * (RFC 6455 "try again later") The game cannot be reached through this connection now: a hello
   * was refused `unavailable`, or the cluster's message bus is down at the socket's process. The
   * client says hello again on a new socket. (When the process playing the game died or stopped
   * playing it, the socket's own process keeps the socket: see the error code `unavailable`.)
   */
  tryAgain: 1013,
} as const;

/**
 * A text field: 1–`max` UTF-16 units holding a visible character and no control, invisible or
 * text-direction character but those spelling needs (src/core/text.ts).
 */
export function text(max: number) {
  return z
    .string()
    .min(1)
    .max(max)
    .superRefine((v, ctx) => {
      const fault = textFault(v);
      if (fault !== null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: fault });
    });
}

/** A player's display name: 1–40 UTF-16 units of visible text. */
export const displayName = text(40);

/** A request id echoed back in the answer. */
const requestId = text(64);

const gameId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'game ids are URL-safe letters, digits, - and _');
const token = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'tokens are URL-safe');
/** What a seat link carries after `#key=`: 128 random bits in base64url are 22 characters. */
const inviteKey = z
  .string()
  .min(22)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'invitation keys are URL-safe');
/** A choice is a small JSON object with a string tag; the engine decides whether it is legal. */
const choice = z.object({ t: z.string().min(1).max(32) }).passthrough();

/** Everything a client may send over the WebSocket. */
export const ClientMessage = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('hello'),
      game: gameId,
      token: token.optional(),
      /** The log the client already holds: its last move number and that move's time (`at`). */
      since: z.number().int().min(0).max(1_000_000).optional(),
      at: z.number().int().min(0).optional(),
    })
    .strict(),
  z.object({ type: z.literal('choice'), choice, index: z.number().int().min(0).optional(), id: requestId.optional() }).strict(),
  z.object({ type: z.literal('undo'), id: requestId.optional() }).strict(),
  z.object({ type: z.literal('ping'), id: requestId.optional() }).strict(),
  /** The suggestion for the seat's decision now: only in a game where every other seat is a bot. */
  z.object({ type: z.literal('hint'), id: requestId.optional() }).strict(),
  /** The table chat (chat/protocol.ts). */
  ...ChatClientMessages,
  /**
   * A seat's answer to the rematch of its finished game: `accept` offers it (or joins the offer),
   * `accept: false` declines it, which ends the offer for everyone. Answered by an ack.
   */
  z.object({ type: z.literal('rematch'), accept: z.boolean(), id: requestId.optional() }).strict(),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

const seatSpec = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('human'), name: displayName.optional() }).strict(),
  z.object({ kind: z.literal('bot'), bot: text(40), name: displayName.optional() }).strict(),
]);

/** The shortest away time a game may set: a reload or a network hiccup must not cost a seat. */
export const MIN_AWAY_AFTER_MS = 1000;

/** POST /api/games */
export const CreateGame = z
  .object({
    game: text(40),
    seats: z.array(seatSpec).min(1).max(8),
    options: z.record(text(40), z.unknown()).optional(),
    seed: z.union([text(64), z.number().int()]).optional(),
    /** Per-seat clocks, as on Board Game Arena: a time bank, and a refund per move. */
    clock: z
      .object({
        bankMs: z
          .number()
          .int()
          .min(1000)
          .max(30 * 24 * 3600 * 1000),
        incrementMs: z
          .number()
          .int()
          .min(0)
          .max(7 * 24 * 3600 * 1000),
      })
      .strict()
      .optional(),
    /** How long a bot at the table waits before playing, so that people can follow. */
    botDelayMs: z.number().int().min(0).max(10_000).optional(),
    /** Open to anyone: listed in the lobby, its free seats taken without a link. Default: friends only, by link. */
    open: z.boolean().optional(),
    /** The bot that plays a seat whose clock ran out, or that the others hand to a bot (a bot spec; default the lobby's middle level). */
    botLevel: text(40).optional(),
    /** How long a player must be away before the others may hand the seat to a bot (games without a clock; default 3 min). */
    awayAfterMs: z
      .number()
      .int()
      .min(MIN_AWAY_AFTER_MS)
      .max(7 * 24 * 3600 * 1000)
      .optional(),
    /**
     * Rated: its end changes its players' ratings. Needs a clock and a signed-in creator; every
     * human seat is then taken by a signed-in account, every bot seat is one of the lobby's levels.
     */
    rated: z.boolean().optional(),
  })
  .strict();
export type CreateGame = z.infer<typeof CreateGame>;

/**
 * POST /api/games/:id/join. With the seat's invitation key: the seat, on this device (a new token;
 * the old one stops working). Without: only a free seat of a game open to anyone.
 */
export const JoinSeat = z
  .object({ seat: z.number().int().min(0).max(7), name: displayName.optional(), key: inviteKey.optional() })
  .strict();

/**
 * POST /api/games/:id/seats/:seat/bot: hand a seat whose player left (or ran out of time) to the
 * game's bot, the level its creator set: never one the other players choose.
 */
export const HandToBot = z.strictObject(
  { token },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? "a hand-over carries only the token: the seat goes to the game's bot level, set when the game was created"
        : undefined,
  },
);

/** The path of /api/games/:id and the routes under it. */
export const GamePath = z.object({ id: gameId });

/** The path of /api/games/:id/seats/:seat/…: the seat in decimal digits (no sign, space, exponent or hex). */
export const SeatPath = z.object({
  id: gameId,
  seat: z
    .string()
    .regex(/^[0-9]{1,2}$/, 'seat numbers are written in decimal digits')
    .transform(Number)
    .pipe(z.number().int().min(0).max(7)),
});

/** POST /api/games/:id/join */
export type JoinSeat = z.infer<typeof JoinSeat>;

/** POST /api/games/:id/seats/:seat/bot */
export type HandToBot = z.infer<typeof HandToBot>;

/** Error codes a client can act on over the WebSocket; the message says the rest in words. */
export const ErrorCode = z.enum([
  'bad_message',
  'too_large',
  'rate_limited',
  'no_game',
  'not_joined',
  'bad_token',
  'not_your_turn',
  'out_of_time',
  'illegal_choice',
  'stale',
  'game_over',
  'cannot_undo',
  'corrupt',
  'internal',
  /**
   * Cluster mode: the process playing the game cannot be reached now (HTTP 503); try again shortly.
   * Without an `id` on an open socket that was welcome: the process playing its game stopped, or
   * stopped playing it (another one plays it now), or forgot this socket; this socket's process
   * keeps it and it watches no game now; say hello again on it.
   */
  'unavailable',
  /** A hint was asked in a game where another seat is a person (hints are for playing against bots). */
  'no_hint',
  /** The account is suspended by the operators: it may not chat (nor sign in). */
  'suspended',
  /** The request needs a signed-in account (reporting a chat message, a spectator speaking). */
  'signed_out',
  /** A rematch answer where none can be given: the game is not over, nothing was offered, or the rematch exists already. */
  'no_rematch',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

// What the server sends. The game's view is `unknown` here: the engine builds it, and the client
// types it per game (web/src/game-types.ts) rather than checking a whole view on every move.

const seat = z.number().int().min(0).max(7);

/** A seat as everyone may see it: who sits there, and whether they are connected. */
export const PublicSeat = z.object({
  seat,
  kind: z.enum(['human', 'bot']),
  name: z.string().nullable(),
  bot: z.string().nullable(),
  /** A human seat somebody has taken (with its link, or as a free seat of an open game). */
  claimed: z.boolean(),
  connected: z.boolean(),
  /**
   * How long a claimed human seat has been without a connection, in ms as the server measured it
   * when sending (null while connected): an elapsed time, not a date, so that the clients' clocks
   * need not agree with the server's.
   */
  awayMs: z.number().int().min(0).nullable(),
});
export type PublicSeat = z.infer<typeof PublicSeat>;

export const GameStatus = z.enum(['active', 'finished', 'abandoned']);
export type GameStatus = z.infer<typeof GameStatus>;

/** A public event of the engine (never a hidden value): its type, and its game's own fields. */
export const PublicEvent = z.object({ type: z.string(), seat: seat.optional() }).passthrough();
export type PublicEvent = z.infer<typeof PublicEvent>;

/** One entry of the game log: the public events one accepted choice caused. */
export const LogEntry = z.object({
  /** 1-based move number; for the table's events, the number of moves before them (0 before the first). */
  move: z.number().int().min(0),
  /** When the move was stored: with `move`, it tells a returning client whether its copy still holds. */
  at: z.number(),
  events: z.array(PublicEvent),
  /** The table's events (a seat handed to a bot, taken back), not a move: the client holds its copy of them apart. */
  table: z.literal(true).optional(),
});
export type LogEntry = z.infer<typeof LogEntry>;

const stateFields = {
  game: gameId,
  /** The seat the message is for, null for a spectator: the view shows what it may know. */
  seat: seat.nullable(),
  moves: z.number().int().min(0),
  /** When the last move was stored (the client keeps it with its log for its next hello). */
  at: z.number().nullable(),
  status: GameStatus,
  toAct: seat.nullable(),
  /**
   * The game's announcement counter: +1 at each state message of the game (a move, an undo, a join,
   * a table event). A client that holds `seq - 1` applies the message; one that holds less missed
   * one and says hello again.
   */
  seq: z.number().int().min(0),
  /** The public events of the move that led here (none in a welcome). */
  events: z.array(PublicEvent),
  canUndo: z.boolean(),
  /** Milliseconds left per seat when the game has clocks. */
  clocks: z.array(z.number().nullable()).nullable(),
};

/** Who sits where and the away time: a welcome always carries them, a state message when they changed. */
const tableFields = {
  seats: z.array(PublicSeat),
  /** After how long away a seat may be handed to a bot (games without a clock). */
  awayAfterMs: z.number().int().min(0),
};

const patchPath = z.array(z.union([z.string(), z.number().int().min(0)]));

/** A view patch (src/core/view-patch.ts): [path, value] sets, [path] deletes a key, [path, n, 0] cuts an array to n. */
export const ViewPatch = z.array(
  z.union([z.tuple([patchPath]), z.tuple([patchPath, z.unknown()]), z.tuple([patchPath, z.number().int().min(0), z.literal(0)])]),
) as unknown as z.ZodType<ViewPatchOps>;

/**
 * The game after a change: each audience's own view, either whole (`view`) or as the `patch` that
 * turns the view it was sent at `seq - 1` into this one; never both. `seats` only when they changed
 * since the state message before (a join, a seat handed to a bot or taken back, someone came or
 * went): a move leaves them as they were, and they would be a large share of a move's message
 * (`node dist/bench/state-bytes.js`).
 * `awayAfterMs` never changes during a game: the welcome tells it.
 */
export const StateMessage = z
  .object({
    type: z.literal('state'),
    ...stateFields,
    seats: tableFields.seats.optional(),
    view: z.unknown().optional(),
    patch: ViewPatch.optional(),
  })
  .refine((m) => (m.view === undefined) !== (m.patch === undefined), 'a state message carries either view or patch');
export type StateMessage = z.infer<typeof StateMessage>;

/**
 * The rematch of a finished game as one audience may know it: which seats of this game accepted,
 * which declined (the offer then ended), which are still waiting to answer (its players; bots
 * accept at once). Once all accepted, `next` names the new game; the connections of a seat that
 * plays in it also get their seat there, its token and its link's key (nobody else ever does).
 */
export const RematchOffer = z.object({
  accepted: z.array(seat),
  declined: z.array(seat),
  waiting: z.array(seat),
  next: z
    .object({
      game: gameId,
      seat: seat.optional(),
      token: token.optional(),
      key: inviteKey.optional(),
    })
    .optional(),
});
export type RematchOffer = z.infer<typeof RematchOffer>;

/** The rematch offer changed: pushed to every subscriber of the finished game (each seat its own `next`). */
export const RematchMessage = RematchOffer.extend({ type: z.literal('rematch') });
export type RematchMessage = z.infer<typeof RematchMessage>;

/** The answer to hello: the state and the log the client lacks (the moves after `logFrom`). */
export const WelcomeMessage = z.object({
  type: z.literal('welcome'),
  ...stateFields,
  ...tableFields,
  view: z.unknown(),
  logFrom: z.number().int().min(0),
  log: z.array(LogEntry),
  /** Present in a rated game only. */
  rated: z.literal(true).optional(),
  /** The table chat's backlog of the reader's room and the seats it muted (chat/protocol.ts). */
  chat: ChatWelcome.optional(),
  /** The rematch offered at the end, when there is one (as the receiver's seat may know it). */
  rematch: RematchOffer.optional(),
});
export type WelcomeMessage = z.infer<typeof WelcomeMessage>;

/** A request was done: a choice (`index`, the move it became) or an undo (`undone`, `moves` left). */
export const AckMessage = z.object({
  type: z.literal('ack'),
  id: requestId.optional(),
  index: z.number().int().min(0).optional(),
  undone: z.literal(true).optional(),
  moves: z.number().int().min(0).optional(),
});
export type AckMessage = z.infer<typeof AckMessage>;

/** A refusal; with the request's id when it answers one, without when it answers hello or ends the connection. */
export const ErrorMessage = z.object({ type: z.literal('error'), id: requestId.optional(), code: ErrorCode, message: z.string() });
export type ErrorMessage = z.infer<typeof ErrorMessage>;

/**
 * The answer to a hint request, sent to the asking connection only: the greedy bot's choice for
 * the seat's decision at move count `move` (from what the seat knows), and why: the heuristic term
 * (a key such as `relics`) that gains the most by the end of the turn.
 */
export const HintMessage = z.object({
  type: z.literal('hint'),
  id: requestId.optional(),
  move: z.number().int().min(0),
  choice: z.object({ t: z.string() }).passthrough(),
  reason: z.object({ term: z.string(), gain: z.number() }),
});
export type HintMessage = z.infer<typeof HintMessage>;

export const PongMessage = z.object({ type: z.literal('pong'), id: requestId.optional() });
export type PongMessage = z.infer<typeof PongMessage>;

/** Someone came or went: the seats, pushed to every subscriber (one text for all) whenever a seat's presence changes. */
export const SeatsMessage = z.object({ type: z.literal('seats'), seats: z.array(PublicSeat) });
export type SeatsMessage = z.infer<typeof SeatsMessage>;

/** Everything the server may send over the WebSocket. */
export const ServerMessage = z.discriminatedUnion('type', [
  StateMessage,
  WelcomeMessage,
  AckMessage,
  ErrorMessage,
  PongMessage,
  SeatsMessage,
  HintMessage,
  ChatServerMessage,
  RematchMessage,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

// HTTP answers.

/** A human seat's invitation key: the secret of its link, handed out once, to the game's creator. */
export const Invite = z.object({ seat, key: inviteKey });
export type Invite = z.infer<typeof Invite>;

/** GET /api/games/:id (and POST /api/games/:id/seats/:seat/bot). */
export const GameSummary = z.object({
  id: gameId,
  game: z.string(),
  seats: z.array(PublicSeat),
  status: GameStatus,
  moves: z.number().int().min(0),
  toAct: seat.nullable(),
  /** The engine's result once the game is over. */
  result: z.unknown(),
  /** Present in a rated game only. */
  rated: z.literal(true).optional(),
});
export type GameSummary = z.infer<typeof GameSummary>;

/** POST /api/games: the game, and its human seats' invitation keys (the only time they leave the server). */
export const CreatedGame = GameSummary.extend({ invites: z.array(Invite) });
export type CreatedGame = z.infer<typeof CreatedGame>;

/** POST /api/games/:id/join: the seat's token, and the key of its link from now on. */
export const JoinAnswer = z.object({ token, seat, key: inviteKey });
export type JoinAnswer = z.infer<typeof JoinAnswer>;

/** One game of GET /api/games: the active games their creators opened to anyone. */
export const GameListing = z.object({
  id: gameId,
  game: z.string(),
  seats: z.number().int(),
  status: GameStatus,
  moves: z.number().int().min(0),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Human seats nobody has claimed yet. */
  openSeats: z.array(seat),
  /** For a game in memory: its seats (names, bots, who is connected) and who is to act. A game
   * without them has been idle long enough to leave memory. */
  players: z.array(PublicSeat).optional(),
  toAct: seat.nullable().optional(),
  /** Present in a rated game only. */
  rated: z.literal(true).optional(),
});
export type GameListing = z.infer<typeof GameListing>;

export const OpenGames = z.object({ games: z.array(GameListing) });
export type OpenGames = z.infer<typeof OpenGames>;

/**
 * GET /api/games/:id/record, once the game is over: the engine's match record. Its one reader is
 * core's parseRecord (CLI, replay viewer, tests), so it has no second description here.
 */
export type RecordAnswer = MatchRecord;

/** Every refusal of the HTTP API: a code (the WebSocket's, or 'too_many_games', 'not_found', …) and words. */
export const ErrorAnswer = z.object({ error: z.string(), message: z.string() });
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

export function describeZodError(e: z.ZodError): string {
  return e.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`)
    .join('; ');
}

/** Quick play's requests and answers (src/server/matchmaking/wire.ts), for the web client. */
export type { Pace, QueueCounts, QueueRequest, QueuedTicket, TicketState, TicketView } from './matchmaking/wire.js';
