import { InvalidInput } from '../../core/errors.js';
import { silentRecorder } from '../../core/events.js';
import { createRng } from '../../core/rng.js';
import type { Board } from './board.js';
import { settle } from './rules.js';
import { parseOptions, setupState } from './setup.js';
import type { Options, State } from './state.js';
import { BLUE, COLOUR_NAMES, IVORY, PURPLE, RELIC_NAMES, tile, type RelicColour } from './tiles.js';
import { STANDARD_BOARD } from './index.js';

/** One seat's holdings; anything left out keeps its setup value. */
export interface SeatSpec {
  readonly at?: string;
  /** Trail ids with this seat's pathways; the supply is 10 minus their number. */
  readonly pathways?: readonly number[];
  readonly rations?: number;
  readonly reserve?: number;
  readonly bottom?: number;
  /** Toolboxes in a column at levels 1, 2, 3. */
  readonly machete?: readonly number[];
  readonly compass?: readonly number[];
  readonly shovel?: readonly number[];
  /** Ivory tiles held, by name: "IV1-3". */
  readonly ivory?: readonly string[];
  /** Blue tiles held, by name: "B2:4" (level 2, worth 4). */
  readonly blue?: readonly string[];
  readonly relics?: Partial<Record<RelicColour, number>>;
  readonly vp?: number;
}

/**
 * A position to test from, without playing up to it. Sites are named by id; stacks list tiles
 * bottom first ("IV1-3", "PU-7", "B2:4"; a ruin stack is a number of tiles).
 */
export interface PositionSpec {
  readonly seats: number;
  readonly options?: Partial<Options>;
  readonly seed?: number;
  /** Temple colour of every temple site; leaves the setup's layout when absent. */
  readonly temples?: Readonly<Record<string, 'ivory' | 'blue' | 'purple'>>;
  readonly stacks?: Readonly<Record<string, readonly string[] | number>>;
  /** Stack height that counts as "full" for IV3-2 (D-6); default: the setup height. */
  readonly full?: Readonly<Record<string, number>>;
  /** Shrines (empty sites) that hold their relic. */
  readonly relics?: readonly string[];
  readonly players?: readonly SeatSpec[];
  /** River trail ids whose token shows its coloured side; default all. */
  readonly tokens?: readonly number[];
  /** Rations in base camp; default 5 per seat minus the rations on the charts. */
  readonly pool?: number;
  /** Seat whose turn begins. */
  readonly current?: number;
  /** Seat that already triggered the end (RR-END-1). */
  readonly trigger?: number;
  readonly board?: Board;
}

export function parseTile(name: string): number {
  let m = /^IV([123])-([1-6])$/.exec(name);
  if (m) return tile(IVORY, Number(m[1]), Number(m[2]));
  m = /^PU-([1-8])(?:@([123]))?$/.exec(name);
  if (m) return tile(PURPLE, Number(m[2] ?? 1), Number(m[1]));
  m = /^B([123]):([2-5])$/.exec(name);
  if (m) return tile(BLUE, Number(m[1]), Number(m[2]));
  throw new InvalidInput(`unknown tile name "${name}" (use IV2-4, PU-3 or PU-3@2 for level 2, B2:4)`);
}

/** Builds the position and begins the current seat's turn (RR-TURN-1 is noted from it). */
export function buildPosition(spec: PositionSpec): State {
  const board = spec.board ?? STANDARD_BOARD;
  const opts = parseOptions({ ...(spec.options ?? {}) }, spec.seats);
  const s = setupState(board, opts, spec.seats, createRng(spec.seed ?? 1));
  const loc = (id: string): number => {
    const i = board.locIndex.get(id);
    if (i === undefined) throw new InvalidInput(`unknown location "${id}"`);
    return i;
  };
  const trail = (id: number): number => {
    const i = board.trailIndex.get(id);
    if (i === undefined) throw new InvalidInput(`unknown trail ${id}`);
    return i;
  };
  if (spec.temples) {
    for (const [id, c] of Object.entries(spec.temples)) s.colour[loc(id)] = COLOUR_NAMES.indexOf(c);
  }
  for (const [id, st] of Object.entries(spec.stacks ?? {})) {
    const l = loc(id);
    s.stacks[l] = typeof st === 'number' ? new Array<number>(st).fill(0) : st.map(parseTile);
  }
  for (const [id, n] of Object.entries(spec.full ?? {})) s.full[loc(id)] = n;
  for (const id of spec.relics ?? []) {
    const l = loc(id);
    if (s.stacks[l]!.length > 0) throw new InvalidInput(`"${id}" still has tiles, so it shows no shrine`);
    s.relic[l] = true;
  }
  (spec.players ?? []).forEach((ps, seat) => {
    const p = s.players[seat]!;
    if (ps.at !== undefined) p.loc = loc(ps.at);
    if (ps.pathways) {
      for (const id of ps.pathways) s.owners[trail(id)]! |= 1 << seat;
      p.supply = 10 - ps.pathways.length;
    }
    if (ps.rations !== undefined) p.rations = ps.rations;
    const cols = [ps.machete, ps.compass, ps.shovel];
    if (ps.bottom !== undefined || cols.some((c) => c !== undefined) || ps.reserve !== undefined) {
      p.tb = [ps.bottom ?? 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
      cols.forEach((c, ci) => (c ?? []).forEach((n, lv) => (p.tb[1 + ci * 3 + lv] = n)));
      const placed = p.tb.reduce((a, b) => a + b, 0);
      p.reserve = ps.reserve ?? 3 - placed;
      if (placed + p.reserve !== 3) throw new InvalidInput(`seat ${seat} has ${placed + p.reserve} toolboxes, not 3`);
    }
    if (ps.ivory) for (const n of ps.ivory) p.ivory[(Math.floor(parseTile(n) / 10) % 10) - 1] = parseTile(n);
    if (ps.blue) {
      p.blue = ps.blue.map(parseTile);
      p.blueShown = p.blue.map(() => false);
    }
    if (ps.relics) p.relics = RELIC_NAMES.map((c) => ps.relics![c] ?? 0);
    if (ps.vp !== undefined) p.vp = ps.vp;
  });
  if (spec.tokens) {
    s.tokens = 0;
    for (const id of spec.tokens) {
      const bit = board.riverBit[trail(id)]!;
      if (bit < 0) throw new InvalidInput(`trail ${id} is not a river trail`);
      s.tokens |= 1 << bit;
    }
  }
  s.pool = spec.pool ?? Math.max(0, 5 * spec.seats - s.players.reduce((a, p) => a + p.rations, 0));
  s.cur = spec.current ?? opts.startSeat;
  if (spec.trigger !== undefined) s.trigger = spec.trigger;
  s.stack = [];
  s.cache = settle(s, silentRecorder());
  return s;
}
