import { otherEnd } from './board.js';
import type { State } from './state.js';

/**
 * Every legal trail sequence of the current player's move (RR-MOVE-1…6), as trail indices.
 * A move is F*U, UF* or F+ (F familiar, U the one unfamiliar trail); with IV2-1 also F+UF+.
 * Base camp ends a move (RR-MOVE-4); no trail twice (RR-MOVE-3); never back to the start.
 */
export function legalMoves(s: State, seat: number, withIv21: boolean): number[][] {
  const b = s.board;
  const me = 1 << seat;
  const owners = s.owners;
  const start = s.players[seat]!.loc;
  const camp = b.camp;
  const used = new Uint8Array(b.trails.length);
  const path: number[] = [];
  const out: number[][] = [];

  // Familiar walks from `at`; `emitFrom` is the path length from which endpoints are moves.
  const familiar = (at: number, minLen: number, thenUnfamiliar: boolean, thenFamiliar: boolean): void => {
    if (path.length >= minLen && path.length > 0 && at !== start) out.push(path.slice());
    if (at === camp && path.length > 0) return;
    const inc = b.incident[at]!;
    for (let i = 0; i < inc.length; i++) {
      const t = inc[i]!;
      if (used[t]) continue;
      const to = otherEnd(b, t, at);
      if ((owners[t]! & me) !== 0) {
        used[t] = 1;
        path.push(t);
        familiar(to, minLen, thenUnfamiliar, thenFamiliar);
        path.pop();
        used[t] = 0;
      } else if (thenUnfamiliar) {
        // F*U: the unfamiliar trail closes the move, unless IV2-1 lets familiar trails follow.
        used[t] = 1;
        path.push(t);
        if (to !== start) out.push(path.slice());
        if (thenFamiliar && path.length > 1 && to !== camp) familiar(to, path.length + 1, false, false);
        path.pop();
        used[t] = 0;
      }
    }
  };
  familiar(start, 1, true, withIv21);

  // UF+: the unfamiliar trail first, then at least one familiar trail.
  const inc = b.incident[start]!;
  for (let i = 0; i < inc.length; i++) {
    const t = inc[i]!;
    if ((owners[t]! & me) !== 0) continue;
    const to = otherEnd(b, t, start);
    if (to === camp) continue;
    used[t] = 1;
    path.push(t);
    familiar(to, 2, false, false);
    path.pop();
    used[t] = 0;
  }
  return out;
}

/** Whether a sequence is a legal walk shape only thanks to IV2-1 (unfamiliar trail strictly inside). */
export function needsIv21(s: State, seat: number, trails: readonly number[]): boolean {
  const me = 1 << seat;
  for (let i = 1; i < trails.length - 1; i++) if ((s.owners[trails[i]!]! & me) === 0) return true;
  return false;
}
