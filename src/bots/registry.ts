import type { AnyGame, Choice, Game, GameEvent, RuleId } from '../core/game.js';
import { InvalidInput } from '../core/errors.js';
import { quetzal } from '../games/quetzal/index.js';
import { RULE_IDS as QUETZAL_RULES } from '../games/quetzal/rule-ids.js';
import { relicRunners } from '../games/relic-runners/index.js';
import { RULE_IDS as RELIC_RUNNERS_RULES } from '../games/relic-runners/rule-ids.js';
import type { Heuristic } from './heuristic.js';
import { quetzalHeuristic } from './quetzal/index.js';
import { relicRunnersHeuristic } from './relic-runners/index.js';

/**
 * The registry of games: every game the platform plays, each listed once with all its parts. It
 * sits with the bots, the highest of the layers that run in a browser too, because the heuristic
 * is a bot's part; the server, the CLI and the web client reach every game through it.
 */

/** One registered game, its types opaque: the code that serves every game reads only these. */
export interface Registration {
  /** The engine (the contract of src/core/game.ts). */
  readonly game: AnyGame;
  /** The rules document's table (docs/rules/<id>.md): its ids are the engine's `ruleIds`, in order. */
  readonly rules: readonly RuleId[];
  /** What greedy, ISMCTS, hints and the post-game analysis know of the game. */
  readonly heuristic: Heuristic;
}

/** A game's parts, typed together: the heuristic reads the engine's own state. */
function register<S, C extends Choice, O, V, E extends GameEvent>(parts: {
  readonly game: Game<S, C, O, V, E>;
  readonly rules: readonly RuleId[];
  readonly heuristic: Heuristic<S>;
}): Registration {
  return { game: parts.game, rules: parts.rules, heuristic: parts.heuristic };
}

/** Every game by id (its `game.id`), in the order the CLI and the lobby list them. */
export const REGISTRY = {
  'relic-runners': register({ game: relicRunners, rules: RELIC_RUNNERS_RULES, heuristic: relicRunnersHeuristic }),
  quetzal: register({ game: quetzal, rules: QUETZAL_RULES, heuristic: quetzalHeuristic }),
} as const satisfies Readonly<Record<string, Registration>>;

/** The ids of the registered games (the web client's registry is typed by the same ids). */
export type GameId = keyof typeof REGISTRY;

const BY_ID: ReadonlyMap<string, Registration> = new Map(Object.entries(REGISTRY));

/** Every engine by id. */
export const GAMES: ReadonlyMap<string, AnyGame> = new Map([...BY_ID].map(([id, r]) => [id, r.game]));

/** A registered game's parts; an unknown id is an InvalidInput naming the known ones. */
export function registrationOf(id: string): Registration {
  const r = BY_ID.get(id);
  if (!r) throw new InvalidInput(`unknown game "${id}" (known: ${[...BY_ID.keys()].join(', ')})`);
  return r;
}

export function gameById(id: string): AnyGame {
  return registrationOf(id).game;
}

/** The heuristic of a registered game (the greedy bot, ISMCTS, hints and the analysis read it). */
export function heuristicFor(game: AnyGame): Heuristic {
  return registrationOf(game.id).heuristic;
}

/** The rules document's table of a registered game: id, summary, where (`expedition rules`). */
export function ruleTable(game: AnyGame): readonly RuleId[] {
  return registrationOf(game.id).rules;
}
