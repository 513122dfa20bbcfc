import { destination } from './board.js';
import { routeKey, type RRChoice } from './choice.js';
import { needsIv21 } from './moves.js';
import { expeditionTo, expeditionVp, flipsOnLeaving, relicColour, stepsEarned, tokensFlipped, triggersEnd } from './rules.js';
import type { State } from './state.js';
import { RELIC_NAMES, type RelicColour } from './tiles.js';

/*
 * What a choice on offer would bring, told before it is made. Every figure comes from the very
 * functions the rules run when the choice is played (rules.ts), so a preview cannot drift from
 * the result; only public facts go in, so a preview reveals nothing.
 */

/** The relic an expedition takes (RR-EXP-1): its colour, its VP, and whether it triggers the end (RR-END-1). */
export interface RelicOffer {
  readonly site: string;
  readonly relic: RelicColour;
  readonly vp: number;
  readonly endsGame: boolean;
}

/** A move's consequences at its end (RR-MOVE-7). */
export interface MoveOutcome {
  /** Trail ids of the move that carry the mover's own pathway (RR-MOVE-2: familiar). */
  readonly familiar: readonly number[];
  /** River trail ids whose token the move turns grey (RR-TOOL-2). */
  readonly flips: readonly number[];
  /** Toolbox steps earned, the reset step of RR-TOOL-4 included. */
  readonly steps: number;
  /** The relic the move's end offers, if it ends an expedition. */
  readonly expedition: RelicOffer | null;
  /** The move is legal only thanks to IV2-1, which it spends. */
  readonly spendsIv21: boolean;
  /** IV3-6 (D-28): the mover's own flip on leaving base camp comes first and may change `flips` and `steps`. */
  readonly flipFirst: boolean;
}

function relicOffer(s: State, loc: number, trails: number): RelicOffer {
  return {
    site: s.board.locations[loc]!.id,
    relic: RELIC_NAMES[relicColour(s, loc)]!,
    vp: expeditionVp(s, trails),
    endsGame: triggersEnd(s, 1),
  };
}

/**
 * A move's outcome as the view carries it (`RRView.routes`): a MoveOutcome without the members
 * that are at their default (no trail, no step, no relic, false), which most are: whole, a
 * route's previews would be a large share of the bytes of a move's state messages (`node
 * dist/bench/state-bytes.js`; bench/README.md), and a phone downloads them at every move it
 * owes. `outcomeOf` reads one back whole.
 */
export type RoutePreview = Partial<MoveOutcome>;

const NO_TRAILS: readonly number[] = Object.freeze([]);
const NOTHING: MoveOutcome = Object.freeze({
  familiar: NO_TRAILS,
  flips: NO_TRAILS,
  steps: 0,
  expedition: null,
  spendsIv21: false,
  flipFirst: false,
});

/** A route's preview with its defaults filled in. */
export function outcomeOf(p: RoutePreview): MoveOutcome {
  return { ...NOTHING, ...p };
}

/** What the current player's move along `trailIds` would bring, from the state before it (RR-MOVE-7). */
export function routePreview(s: State, trailIds: readonly number[]): RoutePreview {
  const b = s.board;
  const trails = trailIds.map((id) => b.trailOf[id]!);
  const me = 1 << s.cur;
  const at = destination(b, s.players[s.cur]!.loc, trailIds);
  const flipped = tokensFlipped(s, trails);
  const p: { -readonly [K in keyof MoveOutcome]?: MoveOutcome[K] } = {};
  // Loops, and an array only for a member that has trails: the server previews every route on offer
  // at every move decision, and filter-then-map made two arrays a member (sampling heap profile).
  let familiar: number[] | undefined;
  let flips: number[] | undefined;
  for (const trail of trails) {
    if ((s.owners[trail]! & me) !== 0) (familiar ??= []).push(b.trails[trail]!.id);
    const bit = b.riverBit[trail]!;
    if (bit >= 0 && (flipped & (1 << bit)) !== 0) (flips ??= []).push(b.trails[trail]!.id);
  }
  if (familiar) p.familiar = familiar;
  if (flips) p.flips = flips;
  const steps = stepsEarned(s, flipped);
  if (steps > 0) p.steps = steps;
  if (expeditionTo(s, at)) p.expedition = relicOffer(s, at, trails.length);
  if (needsIv21(s, s.cur, trails)) p.spendsIv21 = true;
  if (flipsOnLeaving(s, s.players[s.cur]!.loc)) p.flipFirst = true;
  return p;
}

/** The preview of every move among `choices`, by `routeKey`. */
export function routeOutcomes(s: State, choices: readonly RRChoice[]): Record<string, RoutePreview> {
  const out: Record<string, RoutePreview> = {};
  for (const c of choices) if (c.t === 'move') out[routeKey(c.trails)] = routePreview(s, c.trails);
  return out;
}

/** The relic of a pending relic decision (the move that reached it is this turn's). */
export function pendingRelic(s: State): RelicOffer | null {
  const f = s.stack[s.stack.length - 1];
  return f?.k === 'relic' ? relicOffer(s, f.site, s.turn.moved.length) : null;
}
