/**
 * What the lobby forms hold, and the requests they turn into: pure data and functions, so the
 * forms stay thin and the requests are tested without a browser.
 */
import type { BOT_LEVELS } from '../../../src/bots/levels.js';
import type { LocalConfig } from '../offline/config.js';
import type { CreateGameRequest, SeatRequest } from '../net/api.js';
import type { GameId, OptionsOf } from '../game-types.js';
import { CLIENT_GAMES, GAME_IDS } from '../registry.js';
import { cleanName } from '../../../src/core/text.js';

export const MIN_SEATS = 2;
export const MAX_SEATS = 5;
export type BotSpec = (typeof BOT_LEVELS)[number]['spec'];

/** Every game's options as a form holds them: switching to another game and back keeps what was set. */
export type OptionsByGame = { readonly [G in GameId]: OptionsOf<G> };

/** Each game's options to start a form with (its registry entry's defaults for that form). */
const defaultOptions = (form: 'bots' | 'friends'): OptionsByGame =>
  Object.fromEntries(GAME_IDS.map((g) => [g, CLIENT_GAMES[g].lobby.defaults[form]])) as OptionsByGame;

/** The form's options with those of `game` replaced. */
export const withOptions = <G extends GameId>(all: OptionsByGame, game: G, options: OptionsOf<G>): OptionsByGame => ({
  ...all,
  [game]: options,
});

/** The game a new form offers first. */
export const DEFAULT_GAME: GameId = 'relic-runners';

/** The level a new bot seat starts at: the middle one, a fair opponent for a first game. */
export const DEFAULT_BOT: BotSpec = 'greedy';

/** Another seat of a game with friends: a friend who joins by link, or a bot. */
export type OtherSeat = { readonly kind: 'human' } | { readonly kind: 'bot'; readonly bot: BotSpec };

export interface BotGameForm {
  readonly game: GameId;
  readonly seats: number;
  /** Bot level of seats 1…seats-1 (longer lists keep levels chosen before the count was lowered). */
  readonly bots: readonly BotSpec[];
  readonly options: OptionsByGame;
  readonly where: 'local' | 'server';
}

export interface FriendsGameForm {
  readonly game: GameId;
  readonly seats: number;
  readonly others: readonly OtherSeat[];
  readonly options: OptionsByGame;
  /** Listed in the lobby for anyone to join; otherwise only the seat links let people in. */
  readonly open: boolean;
  /** Each player's time (a key of CLOCKS): once it runs out, the bot plays the seat. */
  readonly clock: ClockKey;
  /** Games without a clock: after this many minutes away, the others may hand a seat to the bot. */
  readonly awayMinutes: number;
  /** The bot that plays a seat for a player who ran out of time or is away. */
  readonly botLevel: BotSpec;
  /** Rated: only signed-in accounts sit, with a clock, and the result moves their ratings. */
  readonly rated: boolean;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/** The clocks a friends game offers: a time bank and a refund per move, from a quick game to one move a day. */
export const CLOCKS = [
  { key: 'none', clock: null },
  { key: 'quick', clock: { bankMs: 5 * MINUTE, incrementMs: 10 * SECOND } },
  { key: 'normal', clock: { bankMs: 20 * MINUTE, incrementMs: 30 * SECOND } },
  { key: 'relaxed', clock: { bankMs: 60 * MINUTE, incrementMs: MINUTE } },
  { key: 'daily', clock: { bankMs: 3 * DAY, incrementMs: DAY } },
] as const;
export type ClockKey = (typeof CLOCKS)[number]['key'];

/** The away times a friends game offers, in minutes (the server's default is 3). */
export const AWAY_MINUTES = [1, 3, 5, 10, 30] as const;

/**
 * The two cards start from different tables, each what its players most likely want: against bots,
 * a quick game with one opponent (short waits for bot turns, the first-game layout); with friends,
 * a group of four, the standard layout, each friend invited by a link.
 */
export const initialBotForm: BotGameForm = {
  game: DEFAULT_GAME,
  seats: 2,
  bots: Array.from({ length: MAX_SEATS - 1 }, () => DEFAULT_BOT),
  options: defaultOptions('bots'),
  where: 'server',
};

export const initialFriendsForm: FriendsGameForm = {
  game: DEFAULT_GAME,
  seats: 4,
  others: Array.from({ length: MAX_SEATS - 1 }, () => ({ kind: 'human' }) as const),
  options: defaultOptions('friends'),
  open: false,
  clock: 'none',
  awayMinutes: 3,
  botLevel: DEFAULT_BOT,
  rated: false,
};

/** The clock a rated game starts with when none was chosen: a rated game needs one. */
export const RATED_CLOCK: ClockKey = 'normal';

/** The form after ticking or unticking "Rated": a rated game always has a clock. */
export function withRated(f: FriendsGameForm, rated: boolean): FriendsGameForm {
  return { ...f, rated, clock: rated && f.clock === 'none' ? RATED_CLOCK : f.clock };
}

export const clampSeats = (n: number): number => Math.min(MAX_SEATS, Math.max(MIN_SEATS, Math.round(n) || MIN_SEATS));

/** A fresh random seed for an offline game, from the browser's cryptographic generator. */
export function randomSeed(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** The player's seat, with its name as the server takes it (cleanName: '' when nothing visible is left). */
const you = (name: string): SeatRequest => ({ kind: 'human', ...(cleanName(name) ? { name: cleanName(name) } : {}) });
/** The engine's options: those of the chosen game only. */
const options = (f: { game: GameId; options: OptionsByGame }): OptionsOf<GameId> => f.options[f.game];

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
  const clock = CLOCKS.find((c) => c.key === f.clock)?.clock ?? null;
  return {
    game: f.game,
    seats: [you(name), ...others],
    options: options(f),
    open: f.open,
    ...(clock ? { clock } : {}),
    awayAfterMs: f.awayMinutes * MINUTE,
    botLevel: f.botLevel,
    ...(f.rated ? { rated: true } : {}),
  };
}
