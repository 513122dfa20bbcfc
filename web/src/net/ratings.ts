import { BOT_LEVELS } from '../../../src/bots/levels.js';
import { request } from './api.js';
import type { Instant } from './account.js';

/**
 * The server's ratings and profiles as the client reads them: the leaderboard of a game, a
 * player's profile, and the signed-in account's games waiting for it. Typed here, as the web
 * client imports no server code but the protocol's types.
 */

/** A rating at one moment: after the rated game `gameId` ended. */
export interface RatingPoint {
  readonly at: Instant;
  readonly rating: number;
  readonly deviation: number;
  readonly gameId: string;
}

/** A player's rating at one game: the number, how uncertain it still is, and how it got there. */
export interface GameRating {
  readonly game: string;
  readonly rating: number;
  /** The ± of the rating: large while few games are known, smaller with each one. */
  readonly deviation: number;
  readonly games: number;
  /** Oldest first. */
  readonly history: readonly RatingPoint[];
}

export interface GameInProgress {
  readonly gameId: string;
  readonly game: string;
  readonly seat: number;
  /** Whether the game waits for the player's move (told to the player only: false on anyone else's view). */
  readonly yourTurn: boolean;
  /** The seats' names in seat order; null for a seat nobody has taken. */
  readonly players: readonly (string | null)[];
  readonly moves: number;
  readonly rated?: boolean;
}

export interface FinishedPlayer {
  /** The seat's name: an account's in a rated game, a bot's level or spec, a guest's chosen name. */
  readonly name: string | null;
  /** Null when the game's result was not stored. */
  readonly score: number | null;
  /** 1 for the winner (ties share a rank); null when the game's result was not stored. */
  readonly rank: number | null;
  readonly bot: boolean;
}

export interface FinishedGame {
  readonly gameId: string;
  readonly game: string;
  readonly endedAt: Instant;
  readonly rated: boolean;
  readonly players: readonly FinishedPlayer[];
  /** The profile's player's rank (null when the result was not stored). */
  readonly rank: number | null;
  /** How much the player's rating moved with this game; null for a game that was not rated. */
  readonly ratingChange: number | null;
}

/** Games against one bot level, and how many of them the player won. */
export interface VersusBot {
  readonly level: string;
  readonly games: number;
  readonly wins: number;
}

export interface Profile {
  readonly name: string;
  readonly bot: boolean;
  /** A bot account of the Bot API: people may challenge it from its profile. */
  readonly botAccount?: boolean;
  readonly createdAt: Instant;
  readonly ratings: readonly GameRating[];
  /** Of `games` finished games, how many the player left before the end. */
  readonly left: { readonly games: number; readonly left: number };
  readonly inProgress: readonly GameInProgress[];
  /** The most recent first. */
  readonly finished: readonly FinishedGame[];
  readonly vsBots: readonly VersusBot[];
}

export interface LeaderboardEntry {
  readonly name: string;
  readonly rating: number;
  readonly deviation: number;
  readonly games: number;
  readonly bot?: boolean;
}

export interface Leaderboard {
  readonly game: string;
  readonly players: readonly LeaderboardEntry[];
}

/** A game of the signed-in account, as the lobby lists it. */
export interface WaitingGame {
  readonly gameId: string;
  readonly game: string;
  readonly seat: number;
  readonly yourTurn: boolean;
  /** When the player's time for this move runs out (their turn, in a game with clocks); else null. */
  readonly dueAt?: number | null;
  readonly players: readonly (string | null)[];
  readonly moves: number;
}

/** How many players a leaderboard shows. */
export const LEADERBOARD_SIZE = 50;

/** The profile's address: names are letters, digits, _ and - (bots' names may hold more), so it is encoded. */
export const profileHref = (name: string): string => `/player/${encodeURIComponent(name)}`;

/**
 * The table of a game where the signed-in account plays `seat`: opened on a device that holds no
 * token for it, it takes the seat there through the account (the server moves it as a link would).
 */
export const accountSeatHref = (gameId: string, seat: number): string => `/game/${encodeURIComponent(gameId)}?seat=${seat}`;

export const leaderboardHref = (game: string): string => `/leaderboard/${encodeURIComponent(game)}`;

/** A player's profile; an ApiError with code `no-player` (404) when nobody has that name. */
export const getProfile = (name: string): Promise<Profile> => request('GET', `/api/players/${encodeURIComponent(name)}`);

export const getLeaderboard = (game: string, limit = LEADERBOARD_SIZE): Promise<Leaderboard> =>
  request('GET', `/api/leaderboard/${encodeURIComponent(game)}?limit=${limit}`);

/** The signed-in account's games in progress; an ApiError 401 `signed-out` for a guest. */
export const getMyGames = async (): Promise<readonly WaitingGame[]> =>
  (await request<{ waiting: readonly WaitingGame[] }>('GET', '/api/account/games')).waiting;

/**
 * The bot level a bot's name stands for: the account a level plays rated games as (`bot-<level>`),
 * or the level's spec, which names a bot seat of any other game.
 */
export function botLevel(name: string): (typeof BOT_LEVELS)[number] | undefined {
  return BOT_LEVELS.find((l) => name === `bot-${l.key}` || name === l.spec);
}

/**
 * The account whose profile a seat's name links to, or null: a bot's level's account, or, in a
 * rated game (whose seats only accounts take, under their names), the player's. A name in any
 * other game is whatever its player typed.
 */
export function profileName(name: string | null, bot: boolean | undefined, rated: boolean | undefined): string | null {
  if (name === null) return null;
  if (bot) {
    const level = botLevel(name);
    return level ? `bot-${level.key}` : null;
  }
  return rated ? name : null;
}
