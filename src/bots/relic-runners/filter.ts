import type { Choice, Seat } from '../../core/game.js';
import type { State } from '../../games/relic-runners/state.js';
import { END_RELICS } from '../../games/relic-runners/tiles.js';
import { banked } from './heuristic.js';

/**
 * The bots' rule of thumb for Relic Runners (RR-EXP-1): an offered relic is always taken, except
 * when taking it triggers the end (RR-END-1) while the seat would still be behind in banked VP;
 * then the heuristic decides. Declining otherwise only stalls the game: the explorer stays on a
 * relic shrine, which looks like an expedition ready to go, and the same choice comes back.
 */
export function rrChoiceFilter(raw: unknown, seat: Seat, choices: readonly Choice[]): readonly Choice[] {
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
  const p = s.players[seat]!;
  const colour = s.board.locations[f.site]!.kind === 'ruin' ? 0 : s.colour[f.site]! + 1;
  const after = banked(p) + 2 * s.t.moved.length + (p.relics[colour] === 0 ? 5 : 0);
  return after > other ? [take] : choices;
}
