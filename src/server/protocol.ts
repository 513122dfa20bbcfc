import { z } from 'zod';

/** Largest message a client may send; choices are small JSON objects. */
export const MAX_MESSAGE_BYTES = 8 * 1024;

const gameId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'game ids are URL-safe letters, digits, - and _');
const token = z.string().min(16).max(128).regex(/^[A-Za-z0-9_-]+$/, 'tokens are URL-safe');
/** What a seat link carries after `#key=`: 128 random bits in base64url are 22 characters. */
const inviteKey = z.string().min(22).max(128).regex(/^[A-Za-z0-9_-]+$/, 'invitation keys are URL-safe');
/** A choice is a small JSON object with a string tag; the engine decides whether it is legal. */
const choice = z.object({ t: z.string().min(1).max(32) }).passthrough();

/** Everything a client may send over the WebSocket. */
export const ClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), game: gameId, token: token.optional() }).strict(),
  z.object({ type: z.literal('choice'), choice, index: z.number().int().min(0).optional(), id: z.string().max(64).optional() }).strict(),
  z.object({ type: z.literal('undo'), id: z.string().max(64).optional() }).strict(),
  z.object({ type: z.literal('ping'), id: z.string().max(64).optional() }).strict(),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

const seatSpec = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('human'), name: z.string().min(1).max(40).optional() }).strict(),
  z.object({ kind: z.literal('bot'), bot: z.string().min(1).max(40), name: z.string().min(1).max(40).optional() }).strict(),
]);

/** POST /api/games */
export const CreateGame = z
  .object({
    game: z.string().min(1).max(40),
    seats: z.array(seatSpec).min(1).max(8),
    options: z.record(z.string(), z.unknown()).optional(),
    seed: z.union([z.string().min(1).max(64), z.number().int()]).optional(),
    /** Per-seat clocks, as on Board Game Arena: a time bank, and a refund per move. */
    clock: z.object({ bankMs: z.number().int().min(1000).max(30 * 24 * 3600 * 1000), incrementMs: z.number().int().min(0).max(7 * 24 * 3600 * 1000) }).strict().optional(),
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
export const JoinSeat = z.object({ seat: z.number().int().min(0).max(7), name: z.string().min(1).max(40).optional(), key: inviteKey.optional() }).strict();

/** POST /api/games/:id/seats/:seat/bot: hand a seat whose player left (or ran out of time) to a bot. */
export const HandToBot = z.object({ token, bot: z.string().min(1).max(40).optional() }).strict();

/** Error codes a client can act on; the message says the rest in words. */
export type ErrorCode =
  | 'bad_message'
  | 'too_large'
  | 'rate_limited'
  | 'no_game'
  | 'not_joined'
  | 'bad_token'
  | 'not_your_turn'
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
