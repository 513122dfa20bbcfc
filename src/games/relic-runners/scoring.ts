import { otherEnd } from './board.js';
import type { Player, State } from './state.js';
import { tileFace } from './tiles.js';

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
    for (const t of b.incident[at]!) {
      if (used[t] || (s.owners[t]! & me) === 0) continue;
      used[t] = 1;
      walk(otherEnd(b, t, at), len + 1);
      used[t] = 0;
    }
  };
  for (let t = 0; t < b.trails.length; t++) {
    if ((s.owners[t]! & me) === 0) continue;
    for (const end of [b.trailEnds[2 * t]!, b.trailEnds[2 * t + 1]!]) {
      used[t] = 1;
      walk(otherEnd(b, t, end), 1);
      used[t] = 0;
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
const distinctRelics = (p: Player): number => p.relics.filter((n) => n > 0).length;

/** End bonus of the level-1 ivory tile held (§4). */
export function ivoryBonus(p: Player): number {
  const t = p.ivory[0]!;
  if (t === 0) return 0;
  switch (tileFace(t)) {
    case 1:
      return 3 * p.ivory.filter((x) => x !== 0).length;
    case 2:
      return 2 * p.rations;
    case 3:
      return 5 * (relicCount(p) - distinctRelics(p));
    case 4:
      return 10 - p.supply;
    case 5:
      return 4 * (3 - p.reserve);
    default:
      return 0;
  }
}

/** RR-END-3. */
export function scoreBreakdown(p: Player): ScoreBreakdown {
  const play = p.vp;
  const blue = p.blue.reduce((a, t) => a + tileFace(t), 0);
  const relics = 5 * distinctRelics(p);
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
