import type { TFunction } from 'i18next';
import { CARD_ID_OF } from '../../../src/games/quetzal/data.js';
import { deliveryPay } from '../../../src/games/quetzal/delivery.js';
import type { QChoice, QView } from '../game-types.js';
import { faceGroups, figureCount, placementCost, targetKey, targetOf, type PlaceChoice } from './model.js';
import { cardLabel, kindCount, locName, paysText, upName, upText } from './words.js';

/**
 * Quetzal choices in words, through prefixed keys so any `t` will do: the decision panel's buttons
 * (buttonLabel) and a choice on its own, as the replay's analysis names it (choiceLabel).
 */

/** Where a target is, in words: "Temple, banner 2". */
export function targetName(key: string, t: TFunction): string {
  const [loc, banner] = key.split('#') as [string, string | undefined];
  return banner ? `${locName(loc, t)}, ${t('quetzal:board.banner', { n: banner })}` : locName(loc, t);
}

/** One placement in words: "2 adventurers" plus which figures it uses and what it costs. */
export function placementLabel(c: PlaceChoice, upgrades: readonly string[], t: TFunction): { main: string; detail: string } {
  const n = figureCount(c);
  const main =
    c.as === undefined && c.leader && n === 1 && c.loc !== 'camp' && c.loc !== 'harbour'
      ? t('quetzal:panel.leaderAlone')
      : kindCount(c.as, n, t);
  const parts: string[] = [];
  if (c.adv > 0) parts.push(t('quetzal:panel.useAdv', { count: c.adv }));
  if (c.arch > 0) parts.push(t('quetzal:panel.useArch', { count: c.arch }));
  if (c.wild > 0) parts.push(t('quetzal:panel.useWild', { count: c.wild }));
  if (c.leader) parts.push(t('quetzal:panel.useLeader'));
  const cost = placementCost(c, upgrades);
  return {
    main,
    detail: `${t('quetzal:panel.uses', { parts: parts.join(', ') })} · ${cost > 0 ? t('counts:coins', { count: cost }) : t('quetzal:panel.free')}`,
  };
}

const cardId = (name: string): number => CARD_ID_OF.get(name)!;

/**
 * What a delivery under way pays with `cards` (the engine's own arithmetic: Q-DEL-1, Q-DEL-2,
 * QD-11, Q-DISC-1), for the deciding seat of `view`.
 */
export function deliveryPays(view: QView, cards: readonly string[]) {
  const me = view.players[view.toAct ?? 0]!;
  return deliveryPay(me.discovery, cards.map(cardId), view.pending?.scoredWith ?? []);
}

/**
 * A choice as its button in the decision panel says it, where the panel's instruction gives the
 * context (which banner, which location). `detail` is the smaller second line, when there is one.
 * The cards of a delivery under way are known to the deciding seat only: without them the
 * delivery's buttons say less.
 */
export function buttonLabel(c: QChoice, view: QView, t: TFunction): { main: string; detail?: string } {
  const me = view.players[view.toAct ?? 0];
  const added = view.pending?.added ?? null;
  switch (c.t) {
    case 'place':
      return placementLabel(c, me?.upgrades ?? [], t);
    case 'reroll': {
      if (c.faces.length === 0) return { main: t('quetzal:panel.noReroll') };
      const faces = faceGroups(c.faces)
        .map(([f, n]) => (n > 1 ? `${n} × ${t(`quetzal:face.${f}`)}` : t(`quetzal:face.${f}`)))
        .join(', ');
      return { main: t('quetzal:panel.rerollFaces', { faces }) };
    }
    case 'rerollAll':
      return { main: t(c.use ? 'quetzal:panel.rerollAllYes' : 'quetzal:panel.rerollAllNo') };
    case 'take':
    case 'keep':
      return { main: cardLabel(c.card, t) };
    case 'sell':
      return { main: c.card === null ? t('quetzal:panel.noSell') : t('quetzal:panel.sellCard', { card: cardLabel(c.card, t) }) };
    case 'village':
    case 'drop':
      return { main: upName(c.up, t), detail: upText(c.up, t) };
    case 'add':
      return {
        main: t('quetzal:panel.add', { card: cardLabel(c.card, t) }),
        detail: added ? t('q-explain:preview.addThen', { pays: paysText(deliveryPays(view, [...added, c.card]), t) }) : undefined,
      };
    case 'deliver':
      if (added === null) return { main: t('quetzal:choice.deliver') };
      return {
        main:
          added.length === 0
            ? t('quetzal:panel.deliverNothing')
            : t('q-explain:preview.deliver', { pays: paysText(deliveryPays(view, added), t) }),
      };
    case 'exchange':
      return { main: t(`quetzal:panel.exchange.${c.up}`) };
    case 'done':
      return { main: t('quetzal:panel.done') };
  }
}

/**
 * A choice in words on its own, as the replay's analysis names it: the button's words, with what
 * the panel's instruction would have said around them. `view` is any view of the position the
 * choice is made in (a spectator's will do).
 */
export function choiceLabel(c: QChoice, view: QView, t: TFunction): string {
  const b = buttonLabel(c, view, t);
  switch (c.t) {
    case 'place':
      return t('quetzal:choice.place', { where: targetName(targetKey(targetOf(c)), t), figures: b.main, detail: b.detail });
    case 'take':
      return t('quetzal:choice.take', { card: b.main });
    case 'keep':
      return t('quetzal:choice.keep', { card: b.main });
    case 'village':
      return t('quetzal:choice.village', { up: b.main });
    case 'drop':
      return t('quetzal:choice.drop', { up: b.main });
    default:
      return b.main;
  }
}
