/**
 * The Bot API's numbers and shapes, shared by its routes (docs/bot-api.md): its limits, how long a
 * challenge waits, how the event stream paces itself, and a challenge as both sides see it.
 */
import type { ChallengeWithNames } from '../accounts/bot-store.js';

export interface BotApiLimits {
  /** Pending challenges one person may have out at once. */
  readonly pendingPerChallenger: number;
  /** Games a bot account may play at once: accepting another is refused. */
  readonly gamesPerBot: number;
}

export const BOT_API_LIMITS: BotApiLimits = { pendingPerChallenger: 3, gamesPerBot: 8 };

/** How long a challenge waits for its answer before it expires. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** The most bot accounts GET /api/bots lists. */
export const LISTED_BOTS = 100;

/** How often a stream reads the store. */
export const STREAM_POLL_MS = 1000;
/** An empty line after this long without one, so that proxies and clients see the stream alive. */
export const KEEP_ALIVE_MS = 7000;
/** How often an open stream notes in the store that it is open (the bot shows as online)… */
export const STREAM_TOUCH_MS = 10_000;
/** …and how lately it must have, for the bot to count as online (a process that died stops noting). */
export const ONLINE_WINDOW_MS = 30_000;
/** Bytes of a stream's lines waiting unread before the stream is ended (a client that reads nothing). */
export const MAX_UNREAD_BYTES = 256 * 1024;

/** A challenge as its challenger and its bot see it. */
export const challengeView = (c: ChallengeWithNames) => ({
  id: c.id,
  challenger: c.challengerName,
  bot: c.botName,
  game: c.settings.game,
  clock: c.settings.clock ?? null,
  rated: c.settings.rated,
  status: c.status,
  gameId: c.gameId,
  createdAt: c.createdAt,
});
