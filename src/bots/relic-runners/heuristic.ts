import { TermSum, type Heuristic, type Term } from '../heuristic.js';
import type { Player, State } from '../../games/relic-runners/state.js';
import { distinctRelics, ivoryBonus } from '../../games/relic-runners/scoring.js';
import { END_RELICS, IVORY_TILES, tileFace } from '../../games/relic-runners/tiles.js';
import { tablesFor, type Tables } from './tables.js';
import { chainLength, reach, reachLen } from './walks.js';

/*
 * Relic Runners position value: an estimate of a seat's final score, in VP. It is what the seat
 * has (VP, blue tiles, relic colours, level-1 ivory bonus, exactly as scoreBreakdown counts them)
 * plus what its position promises: toolboxes, rations, pathways, ivory tiles of levels 2 and 3, an
 * expedition it stands ready for, and the decision it is in the middle of. Promises fade as the
 * game nears its end (fewer relics left to collect), and vanish for a seat with no turn left.
 *
 * Tiles are numbers: colour * 100 + level * 10 + face (tiles.ts); ivory is colour 0, so an ivory
 * tile of level L and effect e is L * 10 + e.
 */

/** Tunable weights, in VP. */
export const W = {
  /** Expected gross worth of one exploration (a tile, a pathway, progress toward a shrine). */
  explore: 2.6,
  /** Marginal worth of the 1st…5th ration held (rations buy explorations). */
  ration: [2.0, 1.7, 1.4, 1.0, 0.6],
  /** A pathway on the board: mobility for moves and expeditions, chain length. */
  pathway: 0.9,
  /** Extra for a pathway touching a shrine that holds a relic (expedition routes). */
  pathwayShrine: 0.4,
  /** Extra for a pathway touching another own pathway (chains, long moves). */
  pathwayLink: 0.25,
  /** Discount per toolbox step still to climb before an action can be used. */
  stepDiscount: 0.55,
  /** Probability weight of an expedition the seat stands ready for (another seat may take the relic first). */
  expedition: 0.8,
  /** Same, when the seat is deciding its move right now. */
  expeditionNow: 0.95,
  /** Weight of an expedition plan per move it still needs beyond the first. */
  approach: 0.5,
  /** Any relic: it brings the end nearer, and Machete 3 and IV1-3 grow with relics. */
  relicBase: 1.5,
  /** A banked lead once the end is triggered (scaled down for leads under 8 VP). */
  lock: 15,
  /** Lowest `fut` before the end is triggered. */
  futFloor: 0.3,
  /** A pending move decision: the turn itself is worth something. */
  turn: 1.0,
  /** Level-2 ivory tiles by effect (one use). IV2-3 is valued by the rations it would refill. */
  iv2: [0, 2.0, 1.5, 0, 1.5, 1.5, 2.0],
  /** Level-3 ivory tiles by effect (permanent), at full future. */
  iv3: [0, 3.0, 2.5, 4.0, 1.5, 1.5, 0.8],
  /** IV1-6, the extra turn. */
  extraTurn: 4.0,
  /** A toolbox action usable now but kept for a later turn, relative to using it now. */
  later: 0.85,
  /** Shovel 3 later: a good turn's VP that it will double. */
  shovel3: 4.0,
};

// Scratch: relic shrines per relic colour, refilled per call.
const shrineCount = new Int8Array(4);
// Scratch: the seat's one-move reach from where it stands.
const nowLen = new Int8Array(128);

/** Relic colour of a site: green (0) for ruins, else temple colour + 1. */
function relicColourOf(s: State, T: Tables, loc: number): number {
  return T.kind[loc] === 1 ? 0 : s.colour[loc]! + 1;
}

function isRelicShrine(s: State, T: Tables, loc: number): boolean {
  return T.kind[loc] !== 0 && s.relic[loc] === true && s.stacks[loc]!.length === 0;
}

/**
 * Whether `seat` will still begin a turn: always before the end is triggered (RR-END-1), then only
 * the seats before the trigger seat. The current seat counts when its turn has not yet begun to
 * be played (its move is pending); the rest of a turn under way is the search's business.
 */
function willPlay(s: State, seat: number, atStart: boolean): boolean {
  if (seat === s.cur) return s.trigger < 0 || atStart;
  if (s.trigger < 0) return true;
  const n = s.seats;
  const d = (seat - s.cur + n) % n;
  const dT = (s.trigger - s.cur + n) % n || n;
  return d < dT;
}

function blueFaces(p: Player): number {
  let v = 0;
  for (let i = 0; i < p.blue.length; i++) v += tileFace(p.blue[i]!);
  return v;
}

/** Final score as scoreBreakdown counts it, without allocating. */
export function banked(p: Player): number {
  return p.vp + blueFaces(p) + 5 * distinctRelics(p) + ivoryBonus(p);
}

/** What one more relic of colour c is worth to p beyond the expedition's VP. */
function relicWorth(p: Player, c: number, macheteWeight: number): number {
  let v = W.relicBase + 4 * macheteWeight;
  if (p.relics[c] === 0) v += 5;
  else if (p.ivory[0] === IVORY_TILES.perExtraRelic) v += 5;
  return v;
}

/**
 * Toolboxes (RR-TOOL-1, RR-TB-1…9): each is worth the best action it can reach, discounted per
 * step still to climb; the action at its own level is usable now. Returns the sum; writes the
 * weight of Machete 3 (how likely a new relic is counted by it) into `mach`.
 */
let mach = 0;
function toolboxes(s: State, T: Tables, seat: number, p: Player, fut: number, futR: number, now: boolean): number {
  const tb = p.tb;
  let any = tb[0]!;
  for (let i = 1; i < 10; i++) any += tb[i]!;
  mach = 0;
  if (any === 0) return 0;
  const relics = p.relics[0]! + p.relics[1]! + p.relics[2]! + p.relics[3]!;
  const onBoard = 10 - p.supply;
  const rv = p.rations < 5 ? W.ration[p.rations]! : 0;
  const rv2 = p.rations < 4 ? rv + W.ration[p.rations + 1]! : rv;
  // Compass 3 needs the chain: only walk it when a compass toolbox is on the table.
  const chain = tb[4]! + tb[5]! + tb[6]! > 0 ? chainLength(T, s.owners, seat) : 0.6 * onBoard;
  let s3 = 1 + W.shovel3 * fut;
  if (seat === s.cur && !s.turn.toolUsed && s.turn.vp > s3) s3 = s.turn.vp;
  // Action values by position 1..9 (machete 1-3, compass 1-3, shovel 1-3).
  const a1 = W.explore * futR;
  const a2 = rv2 * futR;
  const a3 = 4 * (relics + fut);
  const a4 = 0.8 * fut;
  const a5 = 1.5 * fut;
  const a6 = 2 * chain;
  const a7 = p.reserve > 0 ? Math.max(2, 3 * fut) : 2;
  const a8 = (W.pathway + 0.3) * fut;
  const a9 = s3;
  const d = W.stepDiscount * (0.3 + 0.7 * fut);
  const d2 = d * d;
  const d3 = d2 * d;
  // Now-usable actions count only if the seat will begin another turn, and a little below what
  // they would bank, so that an action worth as much now as later is used rather than hoarded.
  const u = now ? W.later : 0;
  const m1 = Math.max(u * a1, d * a2, d2 * a3);
  const m2 = Math.max(u * a2, d * a3);
  const m3 = u * a3;
  const c1 = Math.max(u * a4, d * a5, d2 * a6);
  const c2 = Math.max(u * a5, d * a6);
  const c3 = u * a6;
  const s1 = Math.max(u * a7, d * a8, d2 * a9);
  const s2 = Math.max(u * a8, d * a9);
  const s3v = u * a9;
  const bottom = Math.max(d * m1, d * c1, d * s1, d3 * a3);
  mach = (tb[3]! * u + tb[2]! * d + tb[1]! * d2 + tb[0]! * d3) * 0.5;
  return (
    tb[0]! * bottom +
    tb[1]! * m1 +
    tb[2]! * m2 +
    tb[3]! * m3 +
    tb[4]! * c1 +
    tb[5]! * c2 +
    tb[6]! * c3 +
    tb[7]! * s1 +
    tb[8]! * s2 +
    tb[9]! * s3v
  );
}

/** Ivory tiles of levels 2 and 3, and IV1-6 (its bonus is a turn, not VP). */
function ivoryPotential(p: Player, fut: number, futR: number): number {
  let v = 0;
  if (p.ivory[0] === IVORY_TILES.extraTurn) v += W.extraTurn;
  const t2 = p.ivory[1]!;
  if (t2 !== 0) {
    const e = t2 % 10;
    if (e === 3) {
      // IV2-3 refills to 5 at a turn start: worth the rations it would add, a little less.
      let r = 0;
      for (let i = p.rations; i < 5; i++) r += W.ration[i]!;
      v += 0.5 + 0.8 * r * futR;
    } else {
      v += W.iv2[e]!;
    }
  }
  const t3 = p.ivory[2]!;
  if (t3 !== 0) {
    const e = t3 % 10;
    v += W.iv3[e]! * fut * (e === 1 ? Math.min(1, p.supply / 4) : 1);
  }
  return v;
}

function pathways(s: State, T: Tables, seat: number, fut: number): number {
  const me = 1 << seat;
  const own = s.owners;
  let v = 0;
  for (let t = 0; t < T.trails; t++) {
    if ((own[t]! & me) === 0) continue;
    v += W.pathway;
    const a = T.ends[2 * t]!;
    const b = T.ends[2 * t + 1]!;
    if (isRelicShrine(s, T, a) || isRelicShrine(s, T, b)) v += W.pathwayShrine;
    // A link at either end: another own pathway there makes a chain.
    for (let k = 0; k < 2; k++) {
      const l = k === 0 ? a : b;
      for (let i = T.incStart[l]!, e = T.incStart[l + 1]!; i < e; i++) {
        const o = T.inc[i]!;
        if (o !== t && (own[o]! & me) !== 0) {
          v += W.pathwayLink;
          break;
        }
      }
    }
  }
  return v * fut;
}

/**
 * RR-EXP-1: standing on a relic shrine at the start of its next turn, the seat may move to another
 * shrine holding a relic of the same colour: 2 VP per trail + the relic. Otherwise an expedition is
 * a plan of k moves (onto a relic shrine, then on to a same-coloured one), worth a fraction falling
 * with k. A seat that just declined a relic (it moved from a relic shrine onto a same-coloured one
 * this turn) is charged what it declined: greedy play must never stall the game by declining.
 */
function expeditions(s: State, T: Tables, seat: number, p: Player, ready: number): number {
  shrineCount.fill(0);
  let any = false;
  for (let i = 0; i < T.sites.length; i++) {
    const l = T.sites[i]!;
    if (isRelicShrine(s, T, l)) {
      shrineCount[relicColourOf(s, T, l)]!++;
      any = true;
    }
  }
  if (!any) return 0;
  const loc = p.loc;
  const n = T.n;
  let v = 0;
  if (isRelicShrine(s, T, loc)) {
    const c = relicColourOf(s, T, loc);
    if (shrineCount[c]! >= 2) {
      const from = s.turn.startRelic;
      if (seat === s.cur && from >= 0 && from !== loc && s.turn.moved.length > 0 && relicColourOf(s, T, from) === c) {
        // Declined: count it as a loss of what taking would have given, so that no score mode
        // (not even one that dislikes ending the game while behind) prefers it.
        return -(2 * s.turn.moved.length + relicWorth(p, c, mach));
      }
      reach(T, s.owners, seat, loc);
      let best = 0;
      let near = 127;
      for (let i = 0; i < T.sites.length; i++) {
        const l = T.sites[i]!;
        if (l === loc || !isRelicShrine(s, T, l) || relicColourOf(s, T, l) !== c) continue;
        const len = reachLen[l]!;
        if (len > 0 && 2 * len > best) best = 2 * len;
        const d = T.dist[loc * n + l]!;
        if (d < near) near = d;
      }
      if (best > 0) return ready * (best + relicWorth(p, c, mach));
      // A partner further than one move: k = its distance in moves (trails, roughly).
      v = (2 + relicWorth(p, c, mach)) * Math.pow(W.approach, near - 1);
    }
  }
  // Plans through another relic shrine S: moves onto S, then on to a partner. Moves are counted
  // with the seat's pathways for the shrines it can reach now (that is what makes pathways toward
  // shrines worth placing), and as board distance beyond.
  reach(T, s.owners, seat, loc);
  for (let i = 0; i < T.sites.length; i++) nowLen[T.sites[i]!] = reachLen[T.sites[i]!]!;
  const row = loc * n;
  for (let i = 0; i < T.sites.length; i++) {
    const S = T.sites[i]!;
    if (S === loc || !isRelicShrine(s, T, S)) continue;
    const c = relicColourOf(s, T, S);
    if (shrineCount[c]! < 2) continue;
    const to = nowLen[S]! > 0 ? 1 : T.dist[row + S]!;
    let from = 127;
    let len = 1;
    if (to === 1) {
      reach(T, s.owners, seat, S);
      for (let j = 0; j < T.sites.length; j++) {
        const l = T.sites[j]!;
        if (l !== S && reachLen[l]! > len - 1 && reachLen[l]! > 0 && isRelicShrine(s, T, l) && relicColourOf(s, T, l) === c) {
          from = 1;
          if (reachLen[l]! > len) len = reachLen[l]!;
        }
      }
    }
    if (from === 127) {
      for (let j = 0; j < T.sites.length; j++) {
        const l = T.sites[j]!;
        if (l === S || !isRelicShrine(s, T, l) || relicColourOf(s, T, l) !== c) continue;
        const d = T.dist[S * n + l]!;
        if (d < from) from = d;
      }
    }
    const w = (2 * len + relicWorth(p, c, mach)) * Math.pow(W.approach, to + from - 1);
    if (w > v) v = w;
  }
  return v * ready;
}

/** The decision the seat is in the middle of, when it is the current seat (see rules.ts frames). */
function pending(s: State, T: Tables, p: Player, fut: number): number {
  const f = s.stack[s.stack.length - 1];
  if (f === undefined) return 0;
  switch (f.k) {
    case 'move':
      return W.turn * fut;
    case 'post':
      if (!f.explored && p.rations > 0 && T.kind[p.loc] !== 0 && s.stacks[p.loc]!.length > 0) {
        return Math.max(0, W.explore - W.ration[p.rations - 1]!);
      }
      return 0;
    case 'relic':
      return 2 * s.turn.moved.length + relicWorth(p, relicColourOf(s, T, f.site), mach);
    case 'steps':
      return f.n * 1.0 * fut;
    case 'place':
      return p.supply > 0 ? W.pathway * fut : 0;
    case 'keep':
    case 'bonus':
      return 2;
    default:
      return 0;
  }
}

/** The value's terms, by index into KEYS; banked ones are integers, so their order cannot round. */
const T_VP = 0,
  T_TILES = 1,
  T_RELICS = 2,
  T_IVORY = 3,
  T_LEAD = 4,
  T_TOOLBOXES = 5,
  T_RATIONS = 6,
  T_PATHWAYS = 7,
  T_EXPEDITION = 8,
  T_TURN = 9;
const KEYS = ['vp', 'tiles', 'relics', 'ivory', 'lead', 'toolboxes', 'rations', 'pathways', 'expedition', 'turn'] as const;
const sum = new TermSum(KEYS);

/** Adds the value of `seat` in `s` to `sum`, term by term. */
function valueInto(s: State, seat: number): void {
  const p = s.players[seat]!;
  sum.reset();
  sum.add(T_VP, p.vp);
  sum.add(T_TILES, blueFaces(p));
  sum.add(T_RELICS, 5 * distinctRelics(p));
  sum.add(T_IVORY, ivoryBonus(p));
  if (s.over) return;
  const base = sum.v;
  const T = tablesFor(s.board);
  const end = END_RELICS[s.seats]!;
  const collected = relicsCollectedFast(s);
  const top = s.stack.length > 0 ? s.stack[s.stack.length - 1]!.k : '';
  const atStart = seat === s.cur && (top === 'move' || top === 'refill');
  const now = willPlay(s, seat, atStart);
  // How much of the game is left to use promises in: 1 at the start, 0 once the end is triggered.
  // It never falls below a floor before that: a game only ends by expeditions, however few relics remain.
  const fut = s.trigger >= 0 ? 0 : Math.max(W.futFloor, Math.min(1, (end - collected) / end + 0.15));
  // Rations (and exploring) are worth something only while sites hold tiles.
  const futR = fut * Math.min(1, tilesLeft(s, T) / (3 * s.seats));
  if (s.trigger >= 0) sum.add(T_LEAD, lockBonus(s, seat, base));
  sum.add(T_TOOLBOXES, toolboxes(s, T, seat, p, fut, futR, now));
  // Rations buy explorations: worth their marginal value while sites remain.
  let r = 0;
  for (let i = 0; i < p.rations && i < 5; i++) r += W.ration[i]!;
  sum.add(T_RATIONS, r * futR);
  sum.add(T_PATHWAYS, pathways(s, T, seat, fut));
  sum.add(T_IVORY, ivoryPotential(p, fut, futR));
  if (now) {
    // A seat in mid-turn has already moved: its position counts for its next turn.
    sum.add(T_EXPEDITION, expeditions(s, T, seat, p, atStart ? W.expeditionNow : W.expedition));
  }
  if (seat === s.cur) sum.add(T_TURN, pending(s, T, p, fut));
}

function value(s: State, seat: number): number {
  valueInto(s, seat);
  return sum.v;
}

function terms(s: State, seat: number): Term[] {
  valueInto(s, seat);
  return sum.list();
}

/**
 * Once the end is triggered (RR-END-1) a lead in banked VP is nearly final: worth more than its
 * margin, since a win is what counts. Without this a leader would rather keep its promises
 * (toolboxes, pathways, an expedition) than end a game it has won, and games could stall.
 */
function lockBonus(s: State, seat: number, mine: number): number {
  let other = -Infinity;
  for (let q = 0; q < s.seats; q++) {
    if (q === seat) continue;
    const b = banked(s.players[q]!);
    if (b > other) other = b;
  }
  const margin = mine - other;
  return margin > 0 ? W.lock * Math.min(1, margin / 8) : 0;
}

function tilesLeft(s: State, T: Tables): number {
  let n = 0;
  for (let i = 0; i < T.sites.length; i++) n += s.stacks[T.sites[i]!]!.length;
  return n;
}

function relicsCollectedFast(s: State): number {
  let n = 0;
  for (let i = 0; i < s.players.length; i++) {
    const r = s.players[i]!.relics;
    n += r[0]! + r[1]! + r[2]! + r[3]!;
  }
  return n;
}

export const rrHeuristic = { value, terms } satisfies Heuristic<State>;
