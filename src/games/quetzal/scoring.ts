import type { Seat } from '../../core/game.js';
import { DATA, UPGRADE } from './data.js';
import type { State } from './state.js';
import type { ScoreBreakdownView } from './view.js';

/** Final score of one seat (Q-END-3): track + start marker + 1 per 3 coins + upgrade VP. */
export function scoreBreakdown(s: State, seat: Seat): ScoreBreakdownView {
  const p = s.players[seat]!;
  const startMarker = s.start === seat ? DATA.endScoring.startMarkerVp : 0;
  const coins = Math.floor(p.coins / DATA.endScoring.coinsPerVp);
  const upgrades = p.got.reduce((a, u) => a + UPGRADE[u].vp, 0);
  return { seat, track: p.vp, startMarker, coins, upgrades, total: p.vp + startMarker + coins + upgrades, discovery: p.disc };
}

/** Most VP; ties go to the furthest discovery marker; still tied: shared (Q-END-3). */
export function winners(s: State): Seat[] {
  const b = s.players.map((_, q) => scoreBreakdown(s, q));
  const best = Math.max(...b.map((x) => x.total));
  const top = b.filter((x) => x.total === best);
  const disc = Math.max(...top.map((x) => x.discovery));
  return top.filter((x) => x.discovery === disc).map((x) => x.seat);
}
