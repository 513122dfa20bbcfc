import type { Tables } from './tables.js';

/*
 * Allocation-free walks over one seat's pathways, for the heuristic's hot path. Scratch arrays are
 * module-level: the heuristic is synchronous and never re-entered, so sharing them is safe.
 */

const used = new Uint8Array(128);
/** Longest move (in trails) that ends at each location; -1 where no move ends. */
export const reachLen = new Int8Array(128);

let T: Tables;
let owners: readonly number[];
let me = 0;
let start = 0;
let best = 0;

// Direct-mapped caches keyed by the seat's pathway set (trail bits, two 32-bit halves).
const SLOTS = 1024;
const rTables: (Tables | undefined)[] = new Array<Tables | undefined>(SLOTS).fill(undefined);
const rLo = new Int32Array(SLOTS);
const rHi = new Int32Array(SLOTS);
const rFrom = new Int16Array(SLOTS);
const rLen = new Int8Array(SLOTS * 128);
const cTables: (Tables | undefined)[] = new Array<Tables | undefined>(SLOTS).fill(undefined);
const cLo = new Int32Array(SLOTS);
const cHi = new Int32Array(SLOTS);
const cLen = new Int8Array(SLOTS);
let keyLo = 0;
let keyHi = 0;

/** The seat's pathway set as trail bits: boards have at most 53 trails, so two words hold it. */
function maskOf(tables: Tables, own: readonly number[], seat: number): void {
  const bit = 1 << seat;
  let lo = 0;
  let hi = 0;
  for (let t = 0; t < tables.trails; t++) {
    if ((own[t]! & bit) === 0) continue;
    if (t < 32) lo |= 1 << t;
    else hi |= 1 << (t - 32);
  }
  keyLo = lo;
  keyHi = hi;
}

function mark(at: number, len: number): void {
  if (at !== start && reachLen[at]! < len) reachLen[at] = len;
}

/** Familiar walks from `at`; with `unfamiliar`, each may end with one unfamiliar trail (F*U). */
function familiar(at: number, len: number, unfamiliar: boolean): void {
  if (len > 0) mark(at, len);
  if (len > 0 && at === T.camp) return;
  for (let i = T.incStart[at]!, e = T.incStart[at + 1]!; i < e; i++) {
    const t = T.inc[i]!;
    if (used[t] === 1) continue;
    const to = T.ends[2 * t] === at ? T.ends[2 * t + 1]! : T.ends[2 * t]!;
    if ((owners[t]! & me) !== 0) {
      used[t] = 1;
      familiar(to, len + 1, unfamiliar);
      used[t] = 0;
    } else if (unfamiliar) {
      mark(to, len + 1);
    }
  }
}

/**
 * Fills `reachLen` with the longest legal move (RR-MOVE-2…4, without IV2-1) from `from` to every
 * location, for the seat's pathways. This is what an expedition from `from` would score: 2 VP per trail.
 */
export function reach(tables: Tables, own: readonly number[], seat: number, from: number): void {
  // Cached by the seat's pathway set and the start: in a search, pathways rarely change.
  maskOf(tables, own, seat);
  const slot = ((Math.imul(keyLo, 0x9e3779b1) ^ Math.imul(keyHi + 1, 0x85ebca6b) ^ Math.imul(from + 1, 0xc2b2ae35)) >>> 22) & (SLOTS - 1);
  const base = slot * 128;
  if (rTables[slot] === tables && rLo[slot] === keyLo && rHi[slot] === keyHi && rFrom[slot] === from) {
    reachLen.set(rLen.subarray(base, base + tables.n));
    return;
  }
  walkReach(tables, own, seat, from);
  rTables[slot] = tables;
  rLo[slot] = keyLo;
  rHi[slot] = keyHi;
  rFrom[slot] = from;
  rLen.set(reachLen.subarray(0, tables.n), base);
}

function walkReach(tables: Tables, own: readonly number[], seat: number, from: number): void {
  T = tables;
  owners = own;
  me = 1 << seat;
  start = from;
  reachLen.fill(-1, 0, T.n);
  familiar(from, 0, true);
  // UF+: the unfamiliar trail first, then familiar trails.
  for (let i = T.incStart[from]!, e = T.incStart[from + 1]!; i < e; i++) {
    const t = T.inc[i]!;
    if ((owners[t]! & me) !== 0) continue;
    const to = T.ends[2 * t] === from ? T.ends[2 * t + 1]! : T.ends[2 * t]!;
    if (to === T.camp) continue;
    used[t] = 1;
    familiar(to, 1, false);
    used[t] = 0;
  }
}

function chain(at: number, len: number): void {
  if (len > best) best = len;
  if (len > 0 && at === T.camp) return;
  for (let i = T.incStart[at]!, e = T.incStart[at + 1]!; i < e; i++) {
    const t = T.inc[i]!;
    if (used[t] === 1 || (owners[t]! & me) === 0) continue;
    used[t] = 1;
    chain(T.ends[2 * t] === at ? T.ends[2 * t + 1]! : T.ends[2 * t]!, len + 1);
    used[t] = 0;
  }
}

/** Compass 3's chain (D-8), as scoring.longestChain computes it, without allocating. */
export function chainLength(tables: Tables, own: readonly number[], seat: number): number {
  maskOf(tables, own, seat);
  const slot = ((Math.imul(keyLo, 0x9e3779b1) ^ Math.imul(keyHi + 1, 0x85ebca6b)) >>> 22) & (SLOTS - 1);
  if (cTables[slot] === tables && cLo[slot] === keyLo && cHi[slot] === keyHi) return cLen[slot]!;
  const n = walkChain(tables, own, seat);
  cTables[slot] = tables;
  cLo[slot] = keyLo;
  cHi[slot] = keyHi;
  cLen[slot] = n;
  return n;
}

function walkChain(tables: Tables, own: readonly number[], seat: number): number {
  T = tables;
  owners = own;
  me = 1 << seat;
  best = 0;
  for (let t = 0; t < T.trails; t++) {
    if ((owners[t]! & me) === 0) continue;
    for (let k = 0; k < 2; k++) {
      const end = T.ends[2 * t + k]!;
      used[t] = 1;
      chain(T.ends[2 * t] === end ? T.ends[2 * t + 1]! : T.ends[2 * t]!, 1);
      used[t] = 0;
    }
    // A chain can never be longer than the pathways on the board.
  }
  return best;
}
