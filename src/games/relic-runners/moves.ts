import type { RRChoice } from './choice.js';
import type { State } from './state.js';

/**
 * Every legal trail sequence of the seat's move, appended to `out` as move choices of trail ids
 * (RR-MOVE-6, D-3: a move is its sequence of trails, so two routes to one place are two moves).
 * RR-MOVE-2: a move is F*U, UF* or F+ (F familiar, U the one unfamiliar trail); with IV2-1 also
 * F+UF+. RR-MOVE-1: at least one trail, never back to the start. RR-MOVE-3: no trail twice.
 * RR-MOVE-4: base camp ends a move. RR-MOVE-5: river trails are walked like any other (their
 * tokens are flipped at the end of the move). RR-LOC-1: other explorers are not looked at, since
 * they never block. This is the engine's hottest loop: it works on flat arrays and allocates only
 * the choices.
 */
export function addMoves(s: State, seat: number, withIv21: boolean, out: RRChoice[]): void {
  const b = s.board;
  const ends = b.trailEnds;
  const me = 1 << seat;
  const owners = s.owners;
  const start = s.players[seat]!.loc;
  const camp = b.camp;
  const incident = b.incident;
  const ids = b.trailIds;
  const used = new Uint8Array(ids.length);
  const path: number[] = [];

  const emit = (): void => {
    out.push(moveChoice(path));
  };
  // Familiar walks from `at`; endpoints after `minLen` trails are moves.
  const familiar = (at: number, minLen: number, thenUnfamiliar: boolean, thenFamiliar: boolean): void => {
    if (path.length >= minLen && at !== start) emit();
    if (at === camp && path.length > 0) return;
    const inc = incident[at]!;
    for (let i = 0; i < inc.length; i++) {
      const trail = inc[i]!;
      if (used[trail] === 1) continue;
      const to = ends[2 * trail] === at ? ends[2 * trail + 1]! : ends[2 * trail]!;
      if ((owners[trail]! & me) !== 0) {
        used[trail] = 1;
        path.push(ids[trail]!);
        familiar(to, minLen, thenUnfamiliar, thenFamiliar);
        path.pop();
        used[trail] = 0;
      } else if (thenUnfamiliar) {
        // F*U: the unfamiliar trail closes the move, unless IV2-1 lets familiar trails follow.
        used[trail] = 1;
        path.push(ids[trail]!);
        if (to !== start) emit();
        if (thenFamiliar && path.length > 1 && to !== camp) familiar(to, path.length + 1, false, false);
        path.pop();
        used[trail] = 0;
      }
    }
  };
  familiar(start, 1, true, withIv21);

  // UF+: the unfamiliar trail first, then at least one familiar trail.
  const inc = incident[start]!;
  for (let i = 0; i < inc.length; i++) {
    const trail = inc[i]!;
    if ((owners[trail]! & me) !== 0) continue;
    const to = ends[2 * trail] === start ? ends[2 * trail + 1]! : ends[2 * trail]!;
    if (to === camp) continue;
    used[trail] = 1;
    path.push(ids[trail]!);
    familiar(to, 2, false, false);
    path.pop();
    used[trail] = 0;
  }
}

/** Trail sequences met so far, as a trie by trail id, each holding its one frozen move choice. */
interface MoveNode {
  next: Map<number, MoveNode> | undefined;
  choice: RRChoice | undefined;
}
const MOVES: MoveNode = { next: undefined, choice: undefined };
/**
 * Moves are handed out as one frozen object per trail sequence, so a search keys each once
 * (src/bots/ismcts.ts) instead of serializing every move at every tree node of every iteration.
 * The number of sequences grows with long familiar walks, so past this many a long-running
 * process hands out fresh objects instead of growing without end (the choices are equal either way).
 */
const MAX_INTERNED_MOVES = 100_000;
let internedMoves = 0;

function moveChoice(path: readonly number[]): RRChoice {
  let n = MOVES;
  for (const t of path) {
    let m = n.next?.get(t);
    if (m === undefined) {
      if (internedMoves >= MAX_INTERNED_MOVES) return { t: 'move', trails: path.slice() };
      m = { next: undefined, choice: undefined };
      (n.next ??= new Map()).set(t, m);
    }
    n = m;
  }
  if (n.choice === undefined) {
    if (internedMoves >= MAX_INTERNED_MOVES) return { t: 'move', trails: path.slice() };
    n.choice = Object.freeze({ t: 'move', trails: Object.freeze(path.slice()) });
    internedMoves++;
  }
  return n.choice;
}

/** Whether a sequence is a legal walk shape only thanks to IV2-1 (unfamiliar trail strictly inside). */
export function needsIv21(s: State, seat: number, trails: readonly number[]): boolean {
  const me = 1 << seat;
  for (let i = 1; i < trails.length - 1; i++) if ((s.owners[trails[i]!]! & me) === 0) return true;
  return false;
}
