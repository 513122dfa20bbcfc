/**
 * A finished game's ranking, from its result: the winners first (the engine's tie-breaks decide
 * who they are), then by score, equal places sharing a rank. In a rated game a seat handed to a
 * bot because its player was away or out of time ranks last, whatever its bot scored (Board Game
 * Arena's rule: leaving is losing), and several such seats share the last place.
 */
import type { Result } from '../../core/game.js';

/** Each seat's rank (1 is best); `left[seat]`: the seat's player left (ranked last). */
export function rankSeats(result: Result, left: readonly boolean[]): number[] {
  const winners = new Set(result.winners);
  const key = (s: number): [number, number] => [winners.has(s) ? 1 : 0, result.scores[s] ?? 0];
  const better = (a: number, b: number): boolean => {
    const [wa, sa] = key(a);
    const [wb, sb] = key(b);
    return wa > wb || (wa === wb && sa > sb);
  };
  const seats = result.scores.map((_, s) => s);
  const stayed = seats.filter((s) => !left[s]);
  return seats.map((s) => (left[s] ? stayed.length + 1 : 1 + stayed.filter((o) => better(o, s)).length));
}
