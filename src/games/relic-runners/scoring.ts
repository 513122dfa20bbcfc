import { otherEnd } from './board.js';
import type { Player, State } from './state.js';
import { IVORY_TILES, tileFace } from './tiles.js';

/**
 * Compass 3 (RR-TB-6, D-8): trails in the longest trail-simple walk over the seat's own pathways
 * whose inner locations are not base camp.
 */
export function longestChain(s: State, seat: number): number {
  const b = s.board;
  const me = 1 << seat;
  const used = new Uint8Array(b.trails.length);
  let best = 0;
  const walk = (at: number, len: number): void => {
    if (len > best) best = len;
    if (len > 0 && at === b.camp) return;
    for (const trail of b.incident[at]!) {
      if (used[trail] || (s.owners[trail]! & me) === 0) continue;
      used[trail] = 1;
      walk(otherEnd(b, trail, at), len + 1);
      used[trail] = 0;
    }
  };
  for (let trail = 0; trail < b.trails.length; trail++) {
    if ((s.owners[trail]! & me) === 0) continue;
    for (const end of [b.trailEnds[2 * trail]!, b.trailEnds[2 * trail + 1]!]) {
      used[trail] = 1;
      walk(otherEnd(b, trail, end), 1);
      used[trail] = 0;
    }
  }
  return best;
}

export interface ScoreBreakdown {
  /** VP scored during play. */
  readonly play: number;
  /** Values of the blue tiles held. */
  readonly blue: number;
  /** 5 VP per distinct relic colour (RR-EXP-3). */
  readonly relics: number;
  /** The level-1 ivory tile's end bonus (IV1-1…IV1-5). */
  readonly ivory: number;
  readonly total: number;
}

const relicCount = (p: Player): number => p.relics[0]! + p.relics[1]! + p.relics[2]! + p.relics[3]!;
const distinctRelics = (p: Player): number =>
  (p.relics[0]! > 0 ? 1 : 0) + (p.relics[1]! > 0 ? 1 : 0) + (p.relics[2]! > 0 ? 1 : 0) + (p.relics[3]! > 0 ? 1 : 0);

/** End bonus of the level-1 ivory tile held (§4); allocates nothing, as bots score with it in their searches. */
export function ivoryBonus(p: Player): number {
  switch (p.ivory[0]) {
    case IVORY_TILES.perIvoryTile: // IV1-1
      return 3 * ((p.ivory[0] !== 0 ? 1 : 0) + (p.ivory[1] !== 0 ? 1 : 0) + (p.ivory[2] !== 0 ? 1 : 0));
    case IVORY_TILES.perRation: // IV1-2
      return 2 * p.rations;
    case IVORY_TILES.perExtraRelic: // IV1-3, D-10: relics beyond the first of each colour
      return 5 * (relicCount(p) - distinctRelics(p));
    case IVORY_TILES.perPathway: // IV1-4
      return 10 - p.supply;
    case IVORY_TILES.perToolbox: // IV1-5: bottom row included
      return 4 * (3 - p.reserve);
    default:
      // none held, or IV1-6, whose bonus is a turn
      return 0;
  }
}

/** RR-END-3. */
export function scoreBreakdown(p: Player): ScoreBreakdown {
  const play = p.vp;
  const blue = p.blue.reduce((a, code) => a + tileFace(code), 0);
  const relics = 5 * distinctRelics(p); // RR-EXP-3
  const ivory = ivoryBonus(p);
  return { play, blue, relics, ivory, total: play + blue + relics + ivory };
}

/** RR-END-4: most VP, then more relics, then more distinct colours; else a shared win (D-30). */
export function winners(s: State): number[] {
  const key = (p: Player): [number, number, number] => [scoreBreakdown(p).total, relicCount(p), distinctRelics(p)];
  let best: [number, number, number] | null = null;
  let out: number[] = [];
  s.players.forEach((p, i) => {
    const k = key(p);
    const cmp = best === null ? 1 : k[0] - best[0] || k[1] - best[1] || k[2] - best[2];
    if (cmp > 0) {
      best = k;
      out = [i];
    } else if (cmp === 0) {
      out.push(i);
    }
  });
  return out;
}

export { relicCount, distinctRelics };
