/**
 * What the lobby forms hold, and the requests they turn into: pure data and functions, so the
 * forms stay thin and the requests are tested without a browser.
 */
import { BOT_LEVELS, type LocalConfig } from '../offline/config.js';
import type { CreateGameRequest, GameOptions, SeatRequest } from '../net/api.js';
import type { GameId } from '../net/session.js';

export const MIN_SEATS = 2;
export const MAX_SEATS = 5;
export const LAYOUTS = ['first', 'standard', 'random'] as const;
export type Layout = (typeof LAYOUTS)[number];
export type BotSpec = (typeof BOT_LEVELS)[number]['spec'];
/** The games the lobby offers, in the order of its selector. */
export const GAMES: readonly GameId[] = ['relic-runners', 'quetzal'];

/** The level a new bot seat starts at: the middle one, a fair opponent for a first game. */
export const DEFAULT_BOT: BotSpec = 'greedy';

/** Another seat of a game with friends: a friend who joins by link, or a bot. */
export type OtherSeat = { readonly kind: 'human' } | { readonly kind: 'bot'; readonly bot: BotSpec };

export interface BotGameForm {
  readonly game: GameId;
  readonly seats: number;
  /** Bot level of seats 1…seats-1 (longer lists keep levels chosen before the count was lowered). */
  readonly bots: readonly BotSpec[];
  readonly layout: Layout;
  readonly openScores: boolean;
  readonly where: 'local' | 'server';
}

export interface FriendsGameForm {
  readonly game: GameId;
  readonly seats: number;
  readonly others: readonly OtherSeat[];
  readonly layout: Layout;
  readonly openScores: boolean;
  /** Listed in the lobby for anyone to join; otherwise only the seat links let people in. */
  readonly open: boolean;
}

export const initialBotForm: BotGameForm = {
  game: 'relic-runners',
  seats: 3,
  bots: Array.from({ length: MAX_SEATS - 1 }, () => DEFAULT_BOT),
  layout: 'first',
  openScores: false,
  where: 'server',
};

export const initialFriendsForm: FriendsGameForm = {
  game: 'relic-runners',
  seats: 3,
  others: Array.from({ length: MAX_SEATS - 1 }, () => ({ kind: 'human' }) as const),
  layout: 'standard',
  openScores: false,
  open: false,
};

export const clampSeats = (n: number): number => Math.min(MAX_SEATS, Math.max(MIN_SEATS, Math.round(n) || MIN_SEATS));

/** A fresh random seed for an offline game, from the browser's cryptographic generator. */
export function randomSeed(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

const you = (name: string): SeatRequest => ({ kind: 'human', ...(name.trim() ? { name: name.trim() } : {}) });
/** The engine's options: Relic Runners takes its setup and open scores; Quetzal needs none (its start seat defaults to A). */
const options = (f: { game: GameId; layout: Layout; openScores: boolean }): GameOptions =>
  f.game === 'quetzal' ? {} : { layout: f.layout, openScores: f.openScores };

/** The bot seats of a game against bots, after the player's own seat 0. */
export const botSeats = (f: BotGameForm): BotSpec[] => f.bots.slice(0, f.seats - 1);

export function localConfig(f: BotGameForm, name: string, seed: string = randomSeed()): LocalConfig {
  return { game: f.game, seats: [you(name), ...botSeats(f).map((bot) => ({ kind: 'bot' as const, bot }))], options: options(f), seed };
}

export function botGameRequest(f: BotGameForm, name: string): CreateGameRequest {
  return { game: f.game, seats: [you(name), ...botSeats(f).map((bot) => ({ kind: 'bot' as const, bot }))], options: options(f) };
}

export function friendsGameRequest(f: FriendsGameForm, name: string): CreateGameRequest {
  const others = f.others
    .slice(0, f.seats - 1)
    .map((s): SeatRequest => (s.kind === 'bot' ? { kind: 'bot', bot: s.bot } : { kind: 'human' }));
  return { game: f.game, seats: [you(name), ...others], options: options(f), open: f.open };
}
