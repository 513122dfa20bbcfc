import { InvalidInput } from '../../core/errors.js';

export type LocationKind = 'camp' | 'ruin' | 'temple';
export type Quadrant = 'NE' | 'SE' | 'SW' | 'NW';
export type TempleColour = 'ivory' | 'blue' | 'purple';
export const TEMPLE_COLOURS: readonly TempleColour[] = ['ivory', 'blue', 'purple'];
export const QUADRANTS: readonly Quadrant[] = ['NE', 'SE', 'SW', 'NW'];

export interface LocationData {
  readonly id: string;
  readonly kind: LocationKind;
  readonly x: number;
  readonly y: number;
  readonly quadrant: Quadrant | null;
}

export interface TrailData {
  readonly id: number;
  readonly a: string;
  readonly b: string;
  readonly river: boolean;
}

/** The board as it is stored: see docs/rules/relic-runners-data.md. */
export interface BoardData {
  readonly id: string;
  readonly note?: string;
  readonly locations: readonly LocationData[];
  readonly trails: readonly TrailData[];
  readonly firstGameTemples: Readonly<Record<string, TempleColour>>;
}

/** A validated board with index tables; locations and trails are referred to by index inside the engine. */
export interface Board {
  readonly data: BoardData;
  readonly id: string;
  readonly locations: readonly LocationData[];
  readonly trails: readonly TrailData[];
  /** Board id of each trail, by index. */
  readonly trailIds: Int32Array;
  readonly camp: number;
  readonly ruins: readonly number[];
  readonly temples: readonly number[];
  /** trailEnds[2 * trail], trailEnds[2 * trail + 1]: the two locations of a trail. */
  readonly trailEnds: Int8Array;
  /** Trails touching each location. */
  readonly incident: readonly (readonly number[])[];
  /** River trails in board order; riverBit[trail] is the trail's position among them, or -1. */
  readonly rivers: readonly number[];
  readonly riverBit: Int8Array;
  readonly locIndex: ReadonlyMap<string, number>;
  readonly trailIndex: ReadonlyMap<number, number>;
  /** Trail index by board id, dense for the hot path: trailOf[id] (-1 where no such trail). */
  readonly trailOf: Int16Array;
  /** Temple colour per location in the first-game layout (-1 where no temple). */
  readonly firstGame: Int8Array;
  readonly quadrantTemples: ReadonlyMap<Quadrant, readonly number[]>;
}

export function otherEnd(b: Board, trail: number, loc: number): number {
  const a = b.trailEnds[2 * trail]!;
  return a === loc ? b.trailEnds[2 * trail + 1]! : a;
}

/** Where a move along these trails (board ids, in order) from `start` ends. */
export function destination(b: Board, start: number, trailIds: readonly number[]): number {
  let at = start;
  for (const id of trailIds) at = otherEnd(b, b.trailOf[id]!, at);
  return at;
}

function fail(msg: string): never {
  throw new InvalidInput(`invalid board: ${msg}`);
}

const KINDS: readonly LocationKind[] = ['camp', 'ruin', 'temple'];

function denseIndex(trails: readonly TrailData[]): Int16Array {
  const max = trails.reduce((m, tr) => Math.max(m, tr.id), 0);
  const a = new Int16Array(max + 1).fill(-1);
  trails.forEach((tr, i) => {
    if (tr.id >= 0) a[tr.id] = i;
  });
  return a;
}

/** Validates raw board JSON (R-1's engine requirement) and builds the index tables. */
export function loadBoard(raw: unknown): Board {
  if (typeof raw !== 'object' || raw === null) fail('not a JSON object');
  const r = raw as Record<string, unknown>;
  if (typeof r.id !== 'string' || r.id === '') fail('"id" must be a non-empty string');
  if (!Array.isArray(r.locations)) fail('"locations" must be an array');
  if (!Array.isArray(r.trails)) fail('"trails" must be an array');
  const locations: LocationData[] = [];
  const locIndex = new Map<string, number>();
  (r.locations as unknown[]).forEach((l, i) => {
    if (typeof l !== 'object' || l === null) fail(`location #${i} is not an object`);
    const o = l as Record<string, unknown>;
    if (typeof o.id !== 'string' || o.id === '') fail(`location #${i} has no string id`);
    if (locIndex.has(o.id)) fail(`location id "${o.id}" is not unique`);
    if (!KINDS.includes(o.kind as LocationKind)) fail(`location "${o.id}" has unknown kind ${JSON.stringify(o.kind)}`);
    if (typeof o.x !== 'number' || typeof o.y !== 'number') fail(`location "${o.id}" needs numeric x and y`);
    const kind = o.kind as LocationKind;
    const q = o.quadrant ?? null;
    if (kind === 'camp' ? q !== null : !QUADRANTS.includes(q as Quadrant)) {
      fail(`location "${o.id}" has quadrant ${JSON.stringify(q)} (camp has none; others one of ${QUADRANTS.join(', ')})`);
    }
    locIndex.set(o.id, locations.length);
    locations.push({ id: o.id, kind, x: o.x, y: o.y, quadrant: q as Quadrant | null });
  });
  // RR-COMP-1: one base camp, 8 ruin sites, 12 temple sites; 10 of the trails are river trails.
  const count = (k: LocationKind) => locations.filter((l) => l.kind === k).length;
  if (count('camp') !== 1) fail(`needs exactly one camp, has ${count('camp')}`);
  if (count('ruin') !== 8) fail(`needs exactly 8 ruin sites, has ${count('ruin')}`);
  if (count('temple') !== 12) fail(`needs exactly 12 temple sites, has ${count('temple')}`);
  if (locations.length > 127) fail('too many locations');

  const trails: TrailData[] = [];
  const trailIndex = new Map<number, number>();
  const pairs = new Set<string>();
  (r.trails as unknown[]).forEach((tr, i) => {
    if (typeof tr !== 'object' || tr === null) fail(`trail #${i} is not an object`);
    const o = tr as Record<string, unknown>;
    if (typeof o.id !== 'number' || !Number.isInteger(o.id)) fail(`trail #${i} has no integer id`);
    if (trailIndex.has(o.id)) fail(`trail id ${o.id} is not unique`);
    if (typeof o.a !== 'string' || !locIndex.has(o.a)) fail(`trail ${o.id} starts at unknown location ${JSON.stringify(o.a)}`);
    if (typeof o.b !== 'string' || !locIndex.has(o.b)) fail(`trail ${o.id} ends at unknown location ${JSON.stringify(o.b)}`);
    if (o.a === o.b) fail(`trail ${o.id} joins "${o.a}" to itself`);
    if (typeof o.river !== 'boolean') fail(`trail ${o.id} needs a boolean "river"`);
    const key = [o.a, o.b].sort().join('|');
    if (pairs.has(key)) fail(`two trails join "${o.a}" and "${o.b}"`);
    pairs.add(key);
    trailIndex.set(o.id, trails.length);
    trails.push({ id: o.id, a: o.a, b: o.b, river: o.river });
  });
  const rivers = trails.flatMap((tr, i) => (tr.river ? [i] : []));
  if (rivers.length !== 10) fail(`needs exactly 10 river trails, has ${rivers.length}`);
  if (trails.length > 53) fail('too many trails');

  const incident: number[][] = locations.map(() => []);
  const trailEnds = new Int8Array(trails.length * 2);
  trails.forEach((tr, i) => {
    const a = locIndex.get(tr.a)!;
    const b = locIndex.get(tr.b)!;
    trailEnds[2 * i] = a;
    trailEnds[2 * i + 1] = b;
    incident[a]!.push(i);
    incident[b]!.push(i);
  });
  // Connected: every location reachable from the camp.
  const camp = locations.findIndex((l) => l.kind === 'camp');
  const seen = new Set([camp]);
  const todo = [camp];
  while (todo.length) {
    const l = todo.pop()!;
    for (const trail of incident[l]!) {
      const o = trailEnds[2 * trail] === l ? trailEnds[2 * trail + 1]! : trailEnds[2 * trail]!;
      if (!seen.has(o)) {
        seen.add(o);
        todo.push(o);
      }
    }
  }
  if (seen.size !== locations.length) {
    const lost = locations.filter((_, i) => !seen.has(i)).map((l) => l.id);
    fail(`not connected: ${lost.join(', ')} cannot be reached from the camp`);
  }

  const temples = locations.flatMap((l, i) => (l.kind === 'temple' ? [i] : []));
  const quadrantTemples = new Map<Quadrant, number[]>(QUADRANTS.map((q) => [q, temples.filter((l) => locations[l]!.quadrant === q)]));
  const fg = r.firstGameTemples;
  if (typeof fg !== 'object' || fg === null) fail('"firstGameTemples" must map every temple site to a colour');
  const firstGame = new Int8Array(locations.length).fill(-1);
  for (const l of temples) {
    const c = (fg as Record<string, unknown>)[locations[l]!.id];
    const ci = TEMPLE_COLOURS.indexOf(c as TempleColour);
    if (ci < 0) fail(`firstGameTemples gives temple "${locations[l]!.id}" colour ${JSON.stringify(c)}`);
    firstGame[l] = ci;
  }
  for (const k of Object.keys(fg))
    if (locations[locIndex.get(k) ?? -1]?.kind !== 'temple') fail(`firstGameTemples names "${k}", which is not a temple site`);
  for (let c = 0; c < 3; c++) {
    const n = temples.filter((l) => firstGame[l] === c).length;
    if (n !== 4) fail(`firstGameTemples must give 4 temples of each colour, gives ${n} ${TEMPLE_COLOURS[c]}`);
  }

  const riverBit = new Int8Array(trails.length).fill(-1);
  rivers.forEach((trail, i) => (riverBit[trail] = i));
  return {
    data: raw as BoardData,
    id: r.id,
    locations,
    trails,
    trailIds: Int32Array.from(trails.map((tr) => tr.id)),
    camp,
    ruins: locations.flatMap((l, i) => (l.kind === 'ruin' ? [i] : [])),
    temples,
    trailEnds,
    incident,
    rivers,
    riverBit,
    locIndex,
    trailIndex,
    trailOf: denseIndex(trails),
    firstGame,
    quadrantTemples,
  };
}
