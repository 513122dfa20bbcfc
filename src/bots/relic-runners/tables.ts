import type { Board } from '../../games/relic-runners/board.js';

/**
 * Per-board tables the heuristic reads on every call. Built once per board and kept in a WeakMap,
 * so that `value` does no allocation and no string lookups.
 */
export interface Tables {
  readonly n: number;
  readonly camp: number;
  /** 0 camp, 1 ruin, 2 temple. */
  readonly kind: Int8Array;
  /** Non-camp locations (sites). */
  readonly sites: Int8Array;
  /** Trails of each location, flattened: incident[incStart[l] .. incStart[l + 1]). */
  readonly incStart: Int16Array;
  readonly inc: Int16Array;
  /** Trail ends, as in the board. */
  readonly ends: Int8Array;
  /** Shortest trail count between two locations, not passing through base camp (RR-MOVE-4): dist[a * n + b]. */
  readonly dist: Int8Array;
  readonly trails: number;
}

const CACHE = new WeakMap<Board, Tables>();

export function tablesFor(b: Board): Tables {
  let t = CACHE.get(b);
  if (t === undefined) {
    t = build(b);
    CACHE.set(b, t);
  }
  return t;
}

function build(b: Board): Tables {
  const n = b.locations.length;
  const kind = new Int8Array(n);
  b.locations.forEach((l, i) => (kind[i] = l.kind === 'camp' ? 0 : l.kind === 'ruin' ? 1 : 2));
  const sites = Int8Array.from(b.locations.flatMap((_, i) => (i === b.camp ? [] : [i])));
  const incStart = new Int16Array(n + 1);
  const flat: number[] = [];
  for (let l = 0; l < n; l++) {
    incStart[l] = flat.length;
    flat.push(...b.incident[l]!);
  }
  incStart[n] = flat.length;
  const dist = new Int8Array(n * n).fill(127);
  for (let a = 0; a < n; a++) {
    dist[a * n + a] = 0;
    const todo = [a];
    for (let i = 0; i < todo.length; i++) {
      const l = todo[i]!;
      // The camp can be reached but not passed through.
      if (l === b.camp && l !== a) continue;
      for (const tr of b.incident[l]!) {
        const o = b.trailEnds[2 * tr] === l ? b.trailEnds[2 * tr + 1]! : b.trailEnds[2 * tr]!;
        if (dist[a * n + o] === 127) {
          dist[a * n + o] = dist[a * n + l]! + 1;
          todo.push(o);
        }
      }
    }
  }
  return { n, camp: b.camp, kind, sites, incStart, inc: Int16Array.from(flat), ends: b.trailEnds, dist, trails: b.trails.length };
}
