import type { Choice, Seat } from '../../core/game.js';
import { CARD_NAMES } from '../../games/quetzal/data.js';
import { cardName } from '../../games/quetzal/data.js';
import type { QChoice } from '../../games/quetzal/choice.js';
import type { State } from '../../games/quetzal/state.js';
import { deliveryPlan } from './heuristic.js';

/** Rank of each card name, for adding a delivery's cards in one canonical order. */
const NAME_RANK: ReadonlyMap<string, number> = new Map(CARD_NAMES.map((n, i) => [n, i]));

/** Whether deliveries follow the planned best set (below); a switch for measuring. */
export let PLAN_DELIVERY = true;
export function setPlanDelivery(on: boolean): void {
  PLAN_DELIVERY = on;
}

/**
 * Rules of thumb for Quetzal, each losing nothing a search would want:
 *
 * - A delivery is a set of cards, built one card at a time: cards are added in one fixed order of
 *   names (a name ranked below the last card added is not offered), so each set is reached by one
 *   path instead of by every ordering of it.
 * - A delivery takes the best set the heuristic plans (heuristic.ts deliveryPlan): the best
 *   delivery within the limit by sets, bonuses and set upgrades, cards beyond it kept for later
 *   slots. One card is offered at a time, then `deliver` once the set is complete.
 * - The "at any time" exchanges (QD-13) are offered only in the final window: coins are worth
 *   more kept while the game runs (Temple, Harbour, Village), and at the end they are at least as
 *   good as any earlier exchange.
 */
export function qPrune(s: State, seat: Seat, choices: readonly Choice[]): readonly Choice[] {
  const top = s.stack[s.stack.length - 1];
  if (!top) return choices;
  const cs = choices as readonly QChoice[];
  if (PLAN_DELIVERY && top.k === 'deliver') {
    const plan = deliveryPlan(s, seat);
    if (plan) {
      const want = new Set(plan);
      const out = cs.filter((c) => (plan.length === 0 ? c.t === 'deliver' : c.t === 'add' && want.has(c.card)));
      if (out.length > 0) return out.length === 1 ? out : [out[0]!];
    }
  }
  const final = top.k === 'final';
  let last = -1;
  if (top.k === 'deliver' && top.added.length > 0) last = NAME_RANK.get(cardName(top.added[top.added.length - 1]!)) ?? -1;
  if (final || (last < 0 && !cs.some((c) => c.t === 'exchange'))) return choices;
  const out = cs.filter((c) => {
    if (c.t === 'exchange') return final;
    if (c.t === 'add') return (NAME_RANK.get(c.card) ?? 0) >= last;
    return true;
  });
  return out.length > 0 ? out : choices;
}
