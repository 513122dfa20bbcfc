import type { Board } from './board.js';
import type { RRChoice } from './choice.js';

export type Layout = 'first' | 'standard' | 'random';

export interface Options {
  /** Temple colour layout (RR-SETUP-3). */
  readonly layout: Layout;
  /** Whether tiles with the red gem are used; always false in the first-game layout. */
  readonly gems: boolean;
  /** Seat that plays first (D-20: 0). */
  readonly startSeat: number;
  /** Show every VP total to everyone (D-17). */
  readonly openScores: boolean;
}

/** Columns of the progression table. */
export const COLUMNS = ['machete', 'compass', 'shovel'] as const;
export type Column = (typeof COLUMNS)[number];

/** Toolbox positions (RR-TOOL-1): 0 is the bottom row, then 1 + column * 3 + (level - 1). */
export const BOTTOM = 0;
export const tbPos = (col: number, level: number): number => (level === 0 ? BOTTOM : 1 + col * 3 + (level - 1));
export const posCol = (pos: number): number => Math.floor((pos - 1) / 3);
export const posLevel = (pos: number): number => (pos === BOTTOM ? 0 : ((pos - 1) % 3) + 1);

/** The action of the toolbox at each position (§3.4), by tbPos; the bottom row has none. */
export const TOOL_ACTIONS = [
  null,
  'exploreHere', // Machete 1
  'takeRations', // Machete 2
  'relicVp', // Machete 3
  'moveOne', // Compass 1
  'moveTwo', // Compass 2
  'chainVp', // Compass 3
  'reserveOrVp', // Shovel 1
  'placeAdjacent', // Shovel 2
  'double', // Shovel 3
] as const;
export type ToolAction = NonNullable<(typeof TOOL_ACTIONS)[number]>;

export interface Player {
  loc: number;
  /** Pathways not on the board. */
  supply: number;
  rations: number;
  /** Toolboxes per position (see tbPos); the reserve is 3 minus their sum. */
  tb: number[];
  reserve: number;
  /** Ivory tile held per level (index level - 1), as a tile code, or 0. */
  ivory: number[];
  /** Blue tiles held, as tile codes, in the order taken. */
  blue: number[];
  /** Whether each blue tile was revealed by Shovel 3. */
  blueShown: boolean[];
  /** Relics held per colour: green, ivory, blue, purple. */
  relics: number[];
  /** VP scored during play, an integer (D-1: no coins); blue tiles and end bonuses come at final scoring. */
  vp: number;
}

/** One exploration under way, for IV3-3 (once per exploration, and only if it scored). */
export interface Exploration {
  readonly iv33: boolean;
  scored: boolean;
}

export interface TurnState {
  /** Shrine with a relic the turn began on, or -1 (RR-TURN-1). */
  startRelic: number;
  /** VP scored so far this turn (for Shovel 3). */
  vp: number;
  doubled: boolean;
  toolUsed: boolean;
  /** Trails of this turn's move (empty before the move and for teleports); replaced, never written to. */
  moved: readonly number[];
  /** Extra steps owed at the end of the move (IV3-6 flips). */
  bonus: number;
  /** Blue tiles taken this turn (the last ones of the player's list). */
  blueTaken: number;
  explorations: Exploration[];
}

/**
 * Pending work of the current turn, last element on top. Decision frames wait for a choice;
 * automatic frames run as soon as they are on top. Frames are never mutated once pushed
 * (replaced instead), so clones may share them.
 */
export type Frame =
  | { readonly k: 'refill' }
  | { readonly k: 'move' }
  | { readonly k: 'leaveFlip' }
  | { readonly k: 'moveEnd' }
  | { readonly k: 'campArrive' }
  | { readonly k: 'steps'; readonly n: number }
  | { readonly k: 'relic'; readonly site: number }
  | { readonly k: 'post'; readonly explored: boolean }
  | { readonly k: 'place'; readonly second: boolean }
  | { readonly k: 'keep'; readonly held: number; readonly taken: number }
  | { readonly k: 'peek'; readonly site: number }
  | { readonly k: 'pick'; readonly site: number }
  | { readonly k: 'take'; readonly site: number; readonly depth: number }
  | { readonly k: 'lift'; readonly left: number; readonly avoid: number; readonly fresh: number }
  | { readonly k: 'lay'; readonly from: number; readonly left: number; readonly avoid: number }
  | { readonly k: 'bonus' }
  | { readonly k: 'neighbour' }
  | { readonly k: 'flip8'; readonly left: number; readonly done: number; readonly steps: number }
  | { readonly k: 'shrine'; readonly site: number }
  | { readonly k: 'exEnd' }
  | { readonly k: 'extra' }
  | { readonly k: 'turnEnd' };

type Bare = Extract<
  Frame,
  { readonly k: 'refill' | 'move' | 'leaveFlip' | 'moveEnd' | 'campArrive' | 'bonus' | 'neighbour' | 'exEnd' | 'extra' | 'turnEnd' }
>;

/**
 * The frames without fields, one object each for every state: a frame pushed at each turn or move
 * lives as long as the turn, and at a human pace that is long enough for the young generation to
 * copy it out.
 */
export const FRAME: { readonly [K in Bare['k']]: Extract<Bare, { readonly k: K }> } = Object.freeze({
  refill: Object.freeze({ k: 'refill' }),
  move: Object.freeze({ k: 'move' }),
  leaveFlip: Object.freeze({ k: 'leaveFlip' }),
  moveEnd: Object.freeze({ k: 'moveEnd' }),
  campArrive: Object.freeze({ k: 'campArrive' }),
  bonus: Object.freeze({ k: 'bonus' }),
  neighbour: Object.freeze({ k: 'neighbour' }),
  exEnd: Object.freeze({ k: 'exEnd' }),
  extra: Object.freeze({ k: 'extra' }),
  turnEnd: Object.freeze({ k: 'turnEnd' }),
});

/** A turn's trails before its move (and after a teleport): never written to, so one array for all. */
export const NO_TRAILS: readonly number[] = Object.freeze([]);

/*
 * Why the state is packed: bots clone and play out millions of states per decision (playouts,
 * determinizations), so the state is small flat data that copies with slice() and hashes as one
 * JSON array. Locations and trails are board indexes; tiles are integer codes (tiles.ts), named
 * only where a reader meets them (IVORY_TILES, PURPLE_EFFECTS, events, the view); a trail's
 * pathways, the toolbox tokens and what each seat has peeked at are bit sets. Everything a
 * player or a log reads is unpacked by the view and the events.
 */
export interface State {
  readonly board: Board;
  readonly opts: Options;
  readonly seats: number;
  /** Bit p set: seat p has a pathway on that trail. */
  owners: number[];
  /** Bit i set: the toolbox token of river i (board.rivers[i]) shows its coloured side. */
  tokens: number;
  /** Rations in base camp. */
  pool: number;
  /** Temple colour per location, -1 for camp and ruins. */
  colour: number[];
  /** Tiles per location, bottom first; ruin tiles are 0. Empty on a shrine and on camp. */
  stacks: number[][];
  /** Stack height at setup, for "first to explore" (D-6). */
  full: number[];
  /** Whether a shrine holds its relic. */
  relic: boolean[];
  players: Player[];
  cur: number;
  /** Turns begun so far. */
  turnNo: number;
  turn: TurnState;
  stack: Frame[];
  /** Seat whose relic triggered the end, or -1 (RR-END-1). */
  trigger: number;
  /** The IV1-6 extra turn: 0 not yet, 1 being played, 2 done or declined. */
  extra: number;
  over: boolean;
  /** Public: ivory and purple tiles discarded, in order. */
  discards: number[];
  /** Hidden from all: tiles returned to the box at setup. */
  box: number[];
  /** Per seat, bit per location: that seat has seen the whole stack there (IV2-2). */
  peeked: number[];
  /** Choices of the pending decision, computed once when the state settles (not part of the hash). */
  cache: readonly RRChoice[];
}

export function clonePlayer(p: Player): Player {
  return {
    loc: p.loc,
    supply: p.supply,
    rations: p.rations,
    tb: p.tb.slice(),
    reserve: p.reserve,
    ivory: p.ivory.slice(),
    blue: p.blue.slice(),
    blueShown: p.blueShown.slice(),
    relics: p.relics.slice(),
    vp: p.vp,
  };
}

export function cloneState(s: State): State {
  return {
    board: s.board,
    opts: s.opts,
    seats: s.seats,
    owners: s.owners.slice(),
    tokens: s.tokens,
    pool: s.pool,
    colour: s.colour,
    stacks: s.stacks.map((x) => x.slice()),
    full: s.full,
    relic: s.relic.slice(),
    players: s.players.map(clonePlayer),
    cur: s.cur,
    turnNo: s.turnNo,
    turn: {
      startRelic: s.turn.startRelic,
      vp: s.turn.vp,
      doubled: s.turn.doubled,
      toolUsed: s.turn.toolUsed,
      moved: s.turn.moved.slice(),
      bonus: s.turn.bonus,
      blueTaken: s.turn.blueTaken,
      explorations: s.turn.explorations.map((e) => ({ iv33: e.iv33, scored: e.scored })),
    },
    stack: s.stack.slice(),
    trigger: s.trigger,
    extra: s.extra,
    over: s.over,
    discards: s.discards.slice(),
    box: s.box.slice(),
    peeked: s.peeked.slice(),
    cache: s.cache,
  };
}

/** Every field that matters, in a fixed order: what the state hash is of (as its JSON: core/hash.ts hashJson). */
export function hashedFields(s: State): unknown[] {
  return [
    s.board.id,
    s.opts,
    s.seats,
    s.owners,
    s.tokens,
    s.pool,
    s.colour,
    s.stacks,
    s.full,
    s.relic,
    s.players,
    s.cur,
    s.turnNo,
    s.turn,
    s.stack,
    s.trigger,
    s.extra,
    s.over,
    s.discards,
    s.box,
    s.peeked,
  ];
}
