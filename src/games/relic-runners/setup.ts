import { InvalidInput } from '../../core/errors.js';
import type { Rng } from '../../core/rng.js';
import { shuffle } from '../../core/rng.js';
import { QUADRANTS, type Board } from './board.js';
import type { Layout, Options, Player, State } from './state.js';
import { DRAWN_PER_LEVEL, tileSet, type Level } from './tiles.js';

export const DEFAULT_OPTIONS: Options = { layout: 'standard', gems: true, startSeat: 0, openScores: false };
const LAYOUTS: readonly Layout[] = ['first', 'standard', 'random'];

/** Validates options, filling defaults (D-20); the first game never uses gemmed tiles (RR-SETUP-3). */
export function parseOptions(raw: unknown, seats?: number): Options {
  if (raw === undefined || raw === null) return DEFAULT_OPTIONS;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new InvalidInput('options must be an object');
  const r = raw as Record<string, unknown>;
  for (const k of Object.keys(r)) {
    if (!['layout', 'gems', 'startSeat', 'openScores'].includes(k)) throw new InvalidInput(`unknown option "${k}"`);
  }
  const layout = (r.layout ?? DEFAULT_OPTIONS.layout) as Layout;
  if (!LAYOUTS.includes(layout)) throw new InvalidInput(`option "layout" must be one of ${LAYOUTS.join(', ')}`);
  const gems = r.gems ?? DEFAULT_OPTIONS.gems;
  if (typeof gems !== 'boolean') throw new InvalidInput('option "gems" must be true or false');
  const startSeat = r.startSeat ?? DEFAULT_OPTIONS.startSeat;
  if (typeof startSeat !== 'number' || !Number.isInteger(startSeat) || startSeat < 0 || (seats !== undefined && startSeat >= seats)) {
    throw new InvalidInput('option "startSeat" must be a seat number');
  }
  const openScores = r.openScores ?? DEFAULT_OPTIONS.openScores;
  if (typeof openScores !== 'boolean') throw new InvalidInput('option "openScores" must be true or false');
  return { layout, gems: layout === 'first' ? false : gems, startSeat, openScores };
}

/** Temple colour per location for a layout (RR-SETUP-3). */
export function templeColours(board: Board, layout: Layout, rng: Rng): number[] {
  const colour = board.locations.map(() => -1);
  if (layout === 'first') {
    for (const l of board.temples) colour[l] = board.firstGame[l]!;
  } else if (layout === 'standard') {
    for (const q of QUADRANTS) {
      const sites = board.quadrantTemples.get(q)!;
      if (sites.length !== 3)
        throw new InvalidInput(`the standard layout needs 3 temple sites in quadrant ${q}, board has ${sites.length}`);
      const cols = shuffle(rng, [0, 1, 2]);
      sites.forEach((l, i) => (colour[l] = cols[i]!));
    }
  } else {
    const cols = shuffle(rng, [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
    board.temples.forEach((l, i) => (colour[l] = cols[i]!));
  }
  return colour;
}

/**
 * RR-SETUP-5: explorer on base camp, 1 toolbox at the bottom of the table and 2 in reserve, the
 * 10 pathways of RR-COMP-2 in supply, 3 rations on the chart.
 */
export function newPlayer(loc: number): Player {
  return {
    loc,
    supply: 10,
    rations: 3,
    tb: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    reserve: 2,
    ivory: [0, 0, 0],
    blue: [],
    blueShown: [],
    relics: [0, 0, 0, 0],
    vp: 0,
  };
}

/**
 * A new game (§2). The stacks are dealt here once; nothing random happens during play, so the
 * state carries no generator.
 */
export function setupState(board: Board, opts: Options, seats: number, rng: Rng): State {
  if (opts.startSeat >= seats) throw new InvalidInput(`option "startSeat" ${opts.startSeat} is not a seat of a ${seats}-seat game`);
  const colour = templeColours(board, opts.layout, rng);
  const levels: Level[] = seats === 2 ? [1, 2] : [1, 2, 3];
  const stacks: number[][] = board.locations.map(() => []);
  const box: number[] = [];
  // RR-SETUP-1 (RR-COMP-3: ruin tiles are all alike, so only counted).
  for (const l of board.ruins) stacks[l] = new Array<number>(seats === 2 ? 2 : 3).fill(0);
  // RR-SETUP-2: per colour 4 large, then 4 medium, then 4 small tiles, unseen; 2 players: no small ones.
  for (let c = 0; c < 3; c++) {
    const sites = board.temples.filter((l) => colour[l] === c);
    for (const level of [1, 2, 3] as Level[]) {
      const set = shuffle(rng, tileSet(c, level, opts.gems));
      const drawn = levels.includes(level) ? set.slice(0, DRAWN_PER_LEVEL) : [];
      box.push(...set.slice(drawn.length));
      // The draw is already random, so dealing in site order keeps each stack random.
      sites.forEach((l, i) => {
        if (i < drawn.length) stacks[l]!.push(drawn[i]!);
      });
    }
  }
  box.sort((a, b) => a - b);
  const players: Player[] = [];
  for (let p = 0; p < seats; p++) players.push(newPlayer(board.camp));
  return {
    board,
    opts,
    seats,
    owners: board.trails.map(() => 0),
    // RR-SETUP-4: every token coloured side up.
    tokens: (1 << board.rivers.length) - 1,
    // RR-SETUP-6, RR-COMP-4: 2 rations per player in base camp, the rest of the 25 stays in the box (D-2).
    pool: 2 * seats,
    colour,
    stacks,
    full: stacks.map((x) => x.length),
    relic: board.locations.map(() => false),
    players,
    // RR-SETUP-7: the chosen start seat, then seat order (rules.ts endTurn).
    cur: opts.startSeat,
    turnNo: 0,
    turn: { startRelic: -1, vp: 0, doubled: false, toolUsed: false, moved: [], bonus: 0, blueTaken: 0, explorations: [] },
    stack: [],
    trigger: -1,
    extra: 0,
    over: false,
    discards: [],
    box,
    peeked: new Array<number>(seats).fill(0),
    cache: [],
  };
}
