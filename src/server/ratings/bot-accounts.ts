/**
 * The bots' accounts: one per level the lobby offers (src/bots/levels.ts), named `bot-<level>`,
 * so that a bot seat of a rated game plays as its level's account and the bots are rated on the
 * players' scale. Their ids are their names: an account made by a person has a random id of 22
 * characters, and a person's name cannot begin with `bot-` (accounts/context.ts checkName).
 * Nobody can sign in to them: they have no password and no passkey.
 */
import { BOT_LEVELS, type BotLevelKey } from '../../bots/levels.js';
import { BOT_START_RATINGS } from './bot-start-ratings.js';
import { DEFAULT_MU, DEFAULT_SIGMA } from './scale.js';

/** What a person's account name may not begin with. */
export const BOT_NAME_PREFIX = 'bot-';

export interface BotAccount {
  readonly id: string;
  readonly name: string;
  readonly level: BotLevelKey;
  readonly spec: string;
}

export const BOT_ACCOUNTS: readonly BotAccount[] = BOT_LEVELS.map((l) => ({
  id: `${BOT_NAME_PREFIX}${l.key}`,
  name: `${BOT_NAME_PREFIX}${l.key}`,
  level: l.key,
  spec: l.spec,
}));

const BY_ID = new Map(BOT_ACCOUNTS.map((b) => [b.id, b]));
const BY_SPEC = new Map(BOT_ACCOUNTS.map((b) => [b.spec, b]));

/** The bot account of an account id, or undefined for a person's. */
export const botAccount = (id: string): BotAccount | undefined => BY_ID.get(id);

/** The bot account that plays a bot seat of spec `spec` in a rated game; undefined for a spec the lobby does not offer. */
export const botAccountOfSpec = (spec: string): BotAccount | undefined => BY_SPEC.get(spec);

/**
 * Where an account's rating at `game` starts: a bot's from the committed tournament among the
 * levels (bot-start-ratings.ts), everyone else from OpenSkill's defaults.
 */
export function startRating(accountId: string, game: string): { mu: number; sigma: number } {
  const bot = botAccount(accountId);
  const start = bot === undefined ? undefined : BOT_START_RATINGS[game]?.[bot.level];
  return start ?? { mu: DEFAULT_MU, sigma: DEFAULT_SIGMA };
}
