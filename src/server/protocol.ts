import { z } from 'zod';

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
} as const;

/**
 * Characters no text field may hold: control characters (NUL is refused by PostgreSQL and
 * invisible everywhere), lone surrogates (not valid UTF-8), line and paragraph separators, and
 * the bidirectional overrides that make a name read differently from what it is.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;

/** A text field: 1–`max` printable characters, not only spaces. */
export function text(max: number) {
  return z
    .string()
    .min(1)
    .max(max)
    .refine((v) => !UNPRINTABLE.test(v), 'must be printable text (no control characters)')
    .refine((v) => v.trim().length > 0, 'must not be blank');
}

/** A player's display name: 1–40 printable characters. */
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
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

const seatSpec = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('human'), name: displayName.optional() }).strict(),
  z.object({ kind: z.literal('bot'), bot: text(40), name: displayName.optional() }).strict(),
]);

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

/** POST /api/games/:id/seats/:seat/bot: hand a seat whose player left (or ran out of time) to a bot. */
export const HandToBot = z.object({ token, bot: text(40).optional() }).strict();

/** Error codes a client can act on; the message says the rest in words. */
export type ErrorCode =
  | 'bad_message'
  | 'too_large'
  | 'rate_limited'
  | 'no_game'
  | 'not_joined'
  | 'bad_token'
  | 'not_your_turn'
  | 'out_of_time'
  | 'illegal_choice'
  | 'stale'
  | 'game_over'
  | 'cannot_undo'
  | 'corrupt'
  | 'internal';

export function describeZodError(e: z.ZodError): string {
  return e.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`)
    .join('; ');
}
