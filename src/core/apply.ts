import { IllegalChoice } from './errors.js';
import type { Choice, GameEvent } from './game.js';
import { sameJson } from './hash.js';
import { EventRecorder, silentRecorder } from './events.js';

/** What a search that asked for no events gets back: nothing, without an allocation per choice. */
export const NO_EVENTS: readonly GameEvent[] = Object.freeze([]);

/**
 * The engine's own copy of a legal choice equal to `raw`: the same object (a bot passing back one
 * of `choices()`), else the same canonical JSON (a choice that crossed a wire or a file).
 */
export function findChoice<C extends Choice>(cs: readonly C[], raw: unknown): C | undefined {
  for (let i = 0; i < cs.length; i++) if (cs[i] === raw) return cs[i];
  if (typeof raw !== 'object' || raw === null) return undefined;
  const t = (raw as { t?: unknown }).t;
  for (let i = 0; i < cs.length; i++) if (cs[i]!.t === t && sameJson(cs[i], raw)) return cs[i];
  return undefined;
}

/** A game state as `applyChoice` needs it: over or not, and the legal choices of the pending decision. */
export interface CachedChoices<C extends Choice> {
  readonly over: boolean;
  readonly cache: readonly C[];
}

/**
 * The contract's `apply` for an engine that caches its legal choices: checks `raw` against them
 * (IllegalChoice with the game's explanation, state untouched), plays it with `step` and a recorder
 * of its own, and returns the events recorded (none when `events` is false).
 */
export function applyChoice<S extends CachedChoices<C>, C extends Choice, E extends GameEvent>(
  s: S,
  raw: unknown,
  events: boolean,
  explain: (s: S, raw: unknown) => string,
  step: (s: S, c: C, rec: EventRecorder<E>) => void,
): E[] {
  if (s.over) throw new IllegalChoice('the game is over', raw);
  const c = findChoice(s.cache, raw);
  if (c === undefined) throw new IllegalChoice(explain(s, raw), raw);
  if (!events) {
    step(s, c, silentRecorder<E>());
    return NO_EVENTS as E[];
  }
  const rec = new EventRecorder<E>(true);
  step(s, c, rec);
  return rec.list;
}
