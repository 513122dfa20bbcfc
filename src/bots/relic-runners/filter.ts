import type { Choice, Seat } from '../../core/game.js';
import type { State } from '../../games/relic-runners/state.js';
import { END_RELICS } from '../../games/relic-runners/tiles.js';
import { relicColour } from '../../games/relic-runners/rules.js';
import { banked } from './heuristic.js';

/**
 * The bots' rule of thumb for Relic Runners (RR-EXP-1): an offered relic is always taken, except
 * when taking it triggers the end (RR-END-1) while the seat would still be behind in banked VP;
 * then the heuristic decides. Declining otherwise only stalls the game: the explorer stays on a
 * relic shrine, which looks like an expedition ready to go, and the same choice comes back.
 *
 * A search deliberating its own seat decides every game-ending relic itself: a banked lead is not
 * a won game while the others still have their last turns (greedy seats gained up to 21 VP in
 * theirs), and its playouts of that last round predict the final scores of greedy play better
 * than the heuristic's estimate does. In seeded series it won a little more with it than without,
 * much of it maybe chance, since it seldom declines a relic offered with a lead (the results are
 * in bench/README.md); the search also weighs its moves toward a game-ending relic with both
 * answers open.
 */
export function rrChoiceFilter(raw: unknown, seat: Seat, choices: readonly Choice[], deliberate = false): readonly Choice[] {
  const s = raw as State;
  const f = s.stack[s.stack.length - 1];
  if (f === undefined || f.k !== 'relic') return choices;
  const take = choices.find((c) => (c as { take?: boolean }).take === true);
  if (take === undefined) return choices;
  let collected = 0;
  let other = -Infinity;
  s.players.forEach((p, q) => {
    collected += p.relics[0]! + p.relics[1]! + p.relics[2]! + p.relics[3]!;
    if (q !== seat) other = Math.max(other, banked(p));
  });
  if (s.trigger >= 0 || collected + 1 < END_RELICS[s.seats]!) return [take];
  if (deliberate) return choices;
  const p = s.players[seat]!;
  const colour = relicColour(s, f.site);
  const after = banked(p) + 2 * s.turn.moved.length + (p.relics[colour] === 0 ? 5 : 0);
  return after > other ? [take] : choices;
}
