import type { Seat } from '../../core/game.js';
import type { RRChoice } from './choice.js';
import type { Board } from './board.js';
import { tbPos, type Frame, type Options, type State } from './state.js';
import { relicCount, scoreBreakdown, winners, type ScoreBreakdown } from './scoring.js';
import {
  COLOUR_NAMES,
  END_RELICS,
  IVORY,
  PURPLE,
  RELIC_NAMES,
  ivoryName,
  purpleName,
  tileColour,
  tileFace,
  tileLevel,
  type RelicColour,
} from './tiles.js';
import { isShrine, relicColour, relicShrine } from './rules.js';
import { pendingRelic, routeOutcomes, type RelicOffer, type RoutePreview } from './outcome.js';

/** A tile as a reader sees it: ivory "IV2-4", purple "PU-3", blue "B2:4" (level 2, worth 4). */
export function tileName(code: number): string {
  return (TILE_NAMES[code] ??= nameOf(code));
}

/**
 * Each tile's name, made once: every view lists the discards by name, and a new string per tile
 * per view would be garbage the server makes at every move (seen in a sampling heap profile).
 * Tile codes are below 400.
 */
const TILE_NAMES: (string | undefined)[] = new Array<string | undefined>(400).fill(undefined);

function nameOf(code: number): string {
  const c = tileColour(code);
  if (c === IVORY) return ivoryName(code);
  if (c === PURPLE) return purpleName(code);
  return `B${tileLevel(code)}:${tileFace(code)}`;
}

export interface SiteView {
  readonly id: string;
  readonly kind: 'camp' | 'ruin' | 'temple';
  readonly colour: 'ivory' | 'blue' | 'purple' | null;
  /** Tiles left; their faces stay hidden except a purple temple's top tile. */
  readonly height: number;
  readonly top: string | null;
  readonly shrine: boolean;
  readonly relic: RelicColour | null;
}

export interface PlayerView {
  readonly seat: Seat;
  readonly at: string;
  readonly supply: number;
  readonly pathways: readonly number[];
  readonly rations: number;
  readonly reserve: number;
  readonly bottom: number;
  /** Toolboxes per column at levels 1, 2, 3. */
  readonly machete: readonly number[];
  readonly compass: readonly number[];
  readonly shovel: readonly number[];
  readonly ivory: readonly string[];
  readonly relics: Readonly<Record<RelicColour, number>>;
  readonly blueCount: number;
  /** Blue tiles everyone may see (revealed by Shovel 3), or all of them for their owner. */
  readonly blue: readonly { readonly level: number; readonly value: number; readonly shown: boolean }[];
  /** Own VP (or everyone's with open scores, or at the end); null when hidden from this viewer. */
  readonly vp: number | null;
}

export interface RRView {
  readonly game: 'relic-runners';
  readonly board: string;
  readonly viewer: Seat | null;
  readonly seats: number;
  readonly options: { readonly layout: string; readonly openScores: boolean };
  readonly turn: number;
  readonly current: Seat;
  readonly toAct: Seat | null;
  /** Kind of the pending decision (public: everyone sees what is being decided). */
  readonly decision: string | null;
  readonly sites: readonly SiteView[];
  /** River trails whose toolbox token shows its coloured side. */
  readonly tokens: readonly number[];
  readonly pool: number;
  readonly players: readonly PlayerView[];
  readonly discards: readonly string[];
  readonly relicsCollected: number;
  readonly endAt: number;
  readonly endTriggeredBy: Seat | null;
  /** Toolbox steps still to take during a steps decision (public), else null. */
  readonly stepsLeft: number | null;
  /** Ivory tiles being chosen between (public), during a keep decision. */
  readonly keep: readonly string[] | null;
  /** IV2-2: the stack the viewer is choosing from, top first, only for that viewer. */
  readonly peek: { readonly site: string; readonly tiles: readonly string[] } | null;
  /** Legal choices, only for the seat that owes the decision. */
  readonly choices: readonly RRChoice[] | null;
  /** What each move among `choices` would bring, by `routeKey` of its trails, defaults left out (outcome.ts: `outcomeOf` fills them); null with no choices. */
  readonly routes: Readonly<Record<string, RoutePreview>> | null;
  /** The relic at stake in a pending relic decision (public, like the decision), else null. */
  readonly relicOffer: RelicOffer | null;
  readonly result: { readonly scores: readonly ScoreBreakdown[]; readonly winners: readonly Seat[] } | null;
}

function top(s: State): Frame | undefined {
  return s.stack[s.stack.length - 1];
}

/*
 * Parts of a view that look the same from move to move (a site, a toolbox column, a relic count)
 * are one frozen object per look, made when first seen and shared by every view that shows it.
 * The server builds a view per audience before and after every move and sends the difference
 * (core/view-patch.ts): a part that did not change is then the same object, which the diff passes
 * over at once, and building a view allocates only what changed. The tables are bounded by the
 * game's pieces (a site's heights, tiles and relic; toolboxes 0–3), not by the games played.
 */
const siteLooks = new WeakMap<Board, Map<number, SiteView>[]>();

function siteView(s: State, i: number): SiteView {
  const b = s.board;
  let looks = siteLooks.get(b);
  if (looks === undefined) siteLooks.set(b, (looks = b.locations.map(() => new Map<number, SiteView>())));
  const st = s.stacks[i]!;
  const colour = s.colour[i]!;
  // RR-SETUP-8: a purple temple's top tile lies face up; ivory and blue stacks stay face down.
  const top = colour === PURPLE && st.length > 0 ? st[st.length - 1]! : -1;
  const relic = relicShrine(s, i);
  // Tile codes are below 400, stacks far below 64, colours -1..2.
  const key = ((top + 1) * 64 + st.length) * 8 + (colour + 1) * 2 + (relic ? 1 : 0);
  let v = looks[i]!.get(key);
  if (v === undefined) {
    const l = b.locations[i]!;
    v = Object.freeze({
      id: l.id,
      kind: l.kind,
      colour: colour >= 0 ? COLOUR_NAMES[colour]! : null,
      height: st.length,
      top: top >= 0 ? tileName(top) : null,
      shrine: isShrine(s, i),
      relic: relic ? RELIC_NAMES[relicColour(s, i)]! : null,
    });
    looks[i]!.set(key, v);
  }
  return v;
}

/** A column's toolboxes at levels 1–3, each 0–3 (RR-TOOL-1): 64 looks. */
const TOOL_COLUMNS: readonly (readonly number[])[] = Array.from({ length: 64 }, (_, k) => Object.freeze([k >> 4, (k >> 2) & 3, k & 3]));

function toolColumn(tb: readonly number[], col: number): readonly number[] {
  return TOOL_COLUMNS[tb[tbPos(col, 1)]! * 16 + tb[tbPos(col, 2)]! * 4 + tb[tbPos(col, 3)]!]!;
}

const relicLooks = new Map<number, Readonly<Record<RelicColour, number>>>();

function relicsView(r: readonly number[]): Readonly<Record<RelicColour, number>> {
  const key = ((r[0]! * 32 + r[1]!) * 32 + r[2]!) * 32 + r[3]!;
  let v = relicLooks.get(key);
  if (v === undefined) relicLooks.set(key, (v = Object.freeze({ green: r[0]!, ivory: r[1]!, blue: r[2]!, purple: r[3]! })));
  return v;
}

const ivoryLooks = new Map<number, readonly string[]>();

/** The ivory tiles held, one per level at most (codes below 400, 0 for none). */
function ivoryView(codes: readonly number[]): readonly string[] {
  let key = 0;
  for (const c of codes) key = key * 400 + c;
  let v = ivoryLooks.get(key);
  if (v === undefined) ivoryLooks.set(key, (v = Object.freeze(codes.filter((code) => code !== 0).map(tileName))));
  return v;
}

type BlueView = PlayerView['blue'][number];
const blueLooks = new Map<number, BlueView>();

function blueView(code: number, shown: boolean): BlueView {
  const key = code * 2 + (shown ? 1 : 0);
  let v = blueLooks.get(key);
  if (v === undefined) blueLooks.set(key, (v = Object.freeze({ level: tileLevel(code), value: tileFace(code), shown })));
  return v;
}

const optionLooks = new WeakMap<Options, RRView['options']>();

function optionsView(o: Options): RRView['options'] {
  let v = optionLooks.get(o);
  if (v === undefined) optionLooks.set(o, (v = Object.freeze({ layout: o.layout, openScores: o.openScores })));
  return v;
}

const tokenLooks = new WeakMap<Board, Map<number, readonly number[]>>();

/** River trails whose token shows its coloured side, from the bit set of rivers. */
function tokensView(b: Board, tokens: number): readonly number[] {
  let looks = tokenLooks.get(b);
  if (looks === undefined) tokenLooks.set(b, (looks = new Map<number, readonly number[]>()));
  let v = looks.get(tokens);
  if (v === undefined)
    looks.set(tokens, (v = Object.freeze(b.rivers.flatMap((trail, i) => ((tokens & (1 << i)) !== 0 ? [b.trails[trail]!.id] : [])))));
  return v;
}

/*
 * A view's lists are gathered in these and copied out at their size: an array pushed from empty
 * holds room for 16 or more, and a server builds four views a move (seen in a sampling heap profile).
 */
const SCRATCH_IDS: number[] = [];
const SCRATCH_BLUE: BlueView[] = [];
const NONE: readonly never[] = Object.freeze([]);

/** The list as a new array of its length (one shared frozen array when empty). */
function exactCopy<T>(list: readonly T[]): readonly T[] {
  return list.length === 0 ? NONE : list.slice();
}

/**
 * The state as one seat (or a spectator, null) may know it (rules §7). As a patch's starting point
 * (`base`, the contract's diffBase) the seat's legal choices and routes are NaN: both are worked
 * out again after every move, so the server sends them whole from the view after. Diffed member
 * by member, the choices come out as a dozen operations ("this one's t", "that one's trail
 * deleted", "cut to 2") longer than the list itself: sent whole, the patch is smaller and quicker
 * to make (`SEATS=2 npm run bench:views`; bench/README.md).
 */
export function viewOf(s: State, viewer: Seat | null, base = false): RRView {
  const b = s.board;
  const f = top(s);
  const toAct = s.over ? null : s.cur;
  // Made at its size (pushed, it grew twice past it): a server builds four views a move.
  const sites = b.locations.map((_, i) => siteView(s, i));
  // Plain loops below: the server builds a view per audience at every move (bench:server).
  const players: PlayerView[] = s.players.map((p, seat) => {
    const own = viewer === seat;
    const tb = p.tb;
    const me = 1 << seat;
    const pathways = SCRATCH_IDS;
    pathways.length = 0;
    for (let trail = 0; trail < s.owners.length; trail++) if ((s.owners[trail]! & me) !== 0) pathways.push(b.trails[trail]!.id);
    // RR-EXPL-5: a blue tile's value is its owner's until Shovel 3 shows it (RR-TB-9) or the game ends.
    const blue = SCRATCH_BLUE;
    blue.length = 0;
    for (let i = 0; i < p.blue.length; i++) {
      const shown = p.blueShown[i]!;
      if (own || shown || s.over) blue.push(blueView(p.blue[i]!, shown));
    }
    return {
      seat,
      at: b.locations[p.loc]!.id,
      supply: p.supply,
      pathways: exactCopy(pathways),
      rations: p.rations,
      reserve: p.reserve,
      bottom: p.tb[0]!,
      machete: toolColumn(tb, 0),
      compass: toolColumn(tb, 1),
      shovel: toolColumn(tb, 2),
      ivory: ivoryView(p.ivory),
      relics: relicsView(p.relics),
      blueCount: p.blue.length,
      blue: exactCopy(blue),
      // RR-COMP-6: VP stay hidden from the others, unless the table chose open scores (D-17).
      vp: own || s.opts.openScores || s.over ? p.vp : null,
    };
  });
  const mine = viewer !== null && viewer === toAct;
  return {
    game: 'relic-runners',
    board: b.id,
    viewer,
    seats: s.seats,
    options: optionsView(s.opts),
    turn: s.turnNo,
    current: s.cur,
    toAct,
    decision: f ? f.k : null,
    sites,
    tokens: tokensView(b, s.tokens),
    pool: s.pool,
    players,
    discards: s.discards.map(tileName),
    relicsCollected: s.players.reduce((a, p) => a + relicCount(p), 0),
    endAt: END_RELICS[s.seats]!,
    endTriggeredBy: s.trigger >= 0 ? s.trigger : null,
    stepsLeft: f?.k === 'steps' ? f.n : null,
    keep: f?.k === 'keep' ? [tileName(f.held), tileName(f.taken)] : null,
    peek: f?.k === 'pick' && mine ? { site: b.locations[f.site]!.id, tiles: s.stacks[f.site]!.slice().reverse().map(tileName) } : null,
    choices: mine ? (base ? (NaN as never) : s.cache) : null,
    routes: mine && f?.k === 'move' ? (base ? (NaN as never) : routeOutcomes(s, s.cache)) : null,
    relicOffer: pendingRelic(s),
    result: s.over ? { scores: s.players.map(scoreBreakdown), winners: winners(s) } : null,
  };
}
