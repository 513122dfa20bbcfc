/**
 * What the stores keep for the Bot API (docs/bot-api.md): which accounts are bot accounts, their
 * API tokens (hashed), the challenges people send them, and which event stream of each bot
 * account is the open one. One interface on SQLite (bot-store-sqlite.ts) and PostgreSQL
 * (bot-store-postgres.ts), in the accounts' database; an account's deletion deletes all of it.
 */

/** The one scope a token has today: playing the account's games as a bot. */
export const BOT_PLAY_SCOPE = 'bot:play';

export interface ApiToken {
  /** Public (the tokens list and the revocation name it); not the token. */
  readonly id: string;
  readonly accountId: string;
  /** Its owner's label. */
  readonly name: string;
  readonly scope: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}

/** An answered, cancelled or expired challenge is kept this long (its challenger's page may still ask), then dropped. */
export const SETTLED_KEPT_MS = 24 * 3600 * 1000;

export type ChallengeStatus = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';

/** What a challenge asks for: a two-seat game of `game`, with a clock or without, rated or not. */
export interface ChallengeSettings {
  readonly game: string;
  readonly clock?: { readonly bankMs: number; readonly incrementMs: number };
  readonly rated: boolean;
}

export interface BotChallenge {
  readonly id: string;
  readonly challengerId: string;
  readonly botId: string;
  readonly settings: ChallengeSettings;
  readonly status: ChallengeStatus;
  /** The game an accepted challenge made, and the challenger's seat in it. */
  readonly gameId: string | null;
  readonly challengerSeat: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** A challenge with its two accounts' names, as the event stream and the challenger's page show it. */
export interface ChallengeWithNames extends BotChallenge {
  readonly challengerName: string;
  readonly botName: string;
}

/** A seat of an account in a game still played. */
export interface BotGame {
  readonly gameId: string;
  /** The game's kind (quetzal, relic-runners, …). */
  readonly game: string;
  readonly seat: number;
}

/** A bot account as the lobby lists it. */
export interface ListedBot {
  readonly name: string;
  /** Its program is connected: its event stream was seen lately. */
  readonly online: boolean;
}

export interface BotStore {
  /** Makes the account a bot account (for good); true when it was not one already. */
  markBot(accountId: string, at: number): Promise<boolean>;
  isBot(accountId: string): Promise<boolean>;

  /** Keeps a token; `tokenHash` is the SHA-256 (hex) of the token, never the token. */
  createToken(t: ApiToken, tokenHash: string): Promise<void>;
  /** The token whose hash is `tokenHash`, or null (revoked, or never made). */
  tokenByHash(tokenHash: string): Promise<ApiToken | null>;
  /** Records a use (written at most so often by the caller). */
  touchToken(id: string, at: number): Promise<void>;
  /** The account's tokens, the newest first. */
  tokensOf(accountId: string): Promise<ApiToken[]>;
  /** Revokes one of the account's tokens; false when it has none of that id. */
  deleteToken(accountId: string, id: string): Promise<boolean>;

  /**
   * Stores a new pending challenge unless its challenger has `maxPending` pending ones already
   * (then false, nothing written). Challenges settled more than SETTLED_KEPT_MS ago go.
   */
  createChallenge(c: BotChallenge, maxPending: number): Promise<boolean>;
  challengeById(id: string): Promise<ChallengeWithNames | null>;
  /** The bot's pending challenges, the oldest first. */
  pendingFor(botId: string): Promise<ChallengeWithNames[]>;
  /**
   * Moves a challenge from `from` to `to` (with the game made when accepted), only if it is in
   * `from` now: true when this call moved it, false when another got there first.
   */
  settleChallenge(
    id: string,
    from: ChallengeStatus,
    to: ChallengeStatus,
    at: number,
    game?: { readonly gameId: string; readonly challengerSeat: number },
  ): Promise<boolean>;
  /** Every challenge still pending and made before `before` becomes expired. */
  expireChallenges(before: number, at: number): Promise<void>;

  /** The account's seats in games still played: the game, its kind and the seat. */
  activeGamesOf(accountId: string): Promise<BotGame[]>;

  /** Makes `streamId` the bot account's open event stream (any other one ends at its next look), seen at `at`. */
  claimStream(accountId: string, streamId: string, at: number): Promise<void>;
  /** The stream is still open at `at` (when it is still the account's). */
  touchStream(accountId: string, streamId: string, at: number): Promise<void>;
  /** The stream ended (when it was still the account's). */
  releaseStream(accountId: string, streamId: string): Promise<void>;
  /** The bot account's open event stream, or null. */
  currentStream(accountId: string): Promise<string | null>;
  /** Bot accounts, those with a stream seen since `onlineSince` first, then by name. */
  listBots(onlineSince: number, limit: number): Promise<ListedBot[]>;
  /** Whether the bot account has a stream seen since `onlineSince`. */
  isOnline(accountId: string, onlineSince: number): Promise<boolean>;
}
