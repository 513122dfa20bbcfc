/**
 * Quick play over HTTP: what a player sends to be queued and what the server answers about a
 * ticket (docs/server-api.md#quick-play). Re-exported as types by protocol.ts for the web client.
 */
import { z } from 'zod';
import { displayName, text } from '../protocol.js';

/** How fast the game goes: a clock for one sitting, or one that leaves a day per move. */
export const PACES = ['realtime', 'daily'] as const;
export type Pace = (typeof PACES)[number];

/** The table sizes a player may accept; a game's own bounds narrow them further. */
export const MIN_TABLE = 2;
export const MAX_TABLE = 5;

/** The longest a player may ask to wait for people before bots fill the table. */
export const MAX_BOTS_AFTER_MS = 10 * 60_000;

/** POST /api/quickplay. */
export const QueueRequest = z
  .object({
    game: text(40),
    /** Table sizes the player accepts (each 2–5, no repeats). */
    seats: z
      .array(z.number().int().min(MIN_TABLE).max(MAX_TABLE))
      .min(1)
      .max(MAX_TABLE - MIN_TABLE + 1)
      .refine((s) => new Set(s).size === s.length, 'a table size is listed once'),
    pace: z.enum(PACES),
    rated: z.boolean(),
    /** After this long without a full table of people, bots of the player's level fill it; null: never. */
    botsAfterMs: z.number().int().min(0).max(MAX_BOTS_AFTER_MS).nullable(),
    /** A guest's name at the table (an account plays under its own). */
    name: displayName.optional(),
  })
  .strict();
export type QueueRequest = z.infer<typeof QueueRequest>;

/**
 * Where a ticket is: waiting in the queue; matched, its game being made (seating); seated at
 * `gameId`, seat `seat` (the ticket's token is the seat's token); cancelled by its player; or
 * expired (its player stopped asking about it).
 */
export type TicketState = 'waiting' | 'seating' | 'seated' | 'cancelled' | 'expired';

export interface TicketView {
  readonly id: string;
  readonly game: string;
  readonly seats: readonly number[];
  readonly pace: Pace;
  readonly rated: boolean;
  readonly botsAfterMs: number | null;
  readonly state: TicketState;
  /** The rating the ticket is matched at (display points). */
  readonly rating: number;
  readonly queuedAt: number;
  /** How far from `rating` the players it may be seated with are allowed to be, now. */
  readonly band: number;
  readonly gameId?: string;
  readonly seat?: number;
}

/** The answer to POST /api/quickplay: the ticket and its token, which becomes the seat's token once seated. */
export interface QueuedTicket {
  readonly ticket: TicketView;
  readonly token: string;
}

/** GET /api/quickplay/waiting: players waiting now, per game. */
export interface QueueCounts {
  readonly waiting: Readonly<Record<string, number>>;
}

/** The path of /api/quickplay/tickets/:id. */
export const TicketPath = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16}$/, 'a ticket id is 16 URL-safe characters') });
