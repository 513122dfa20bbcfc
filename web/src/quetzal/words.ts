import type { TFunction } from 'i18next';
import type { DeliveryPay } from '../../../src/games/quetzal/delivery.js';
import { seatName } from '../game/names.js';
import type { SeatInfo } from '../net/session.js';
import { parseCard } from './model.js';

/** Readable texts of Quetzal things, all through the `quetzal` namespace. */

/** "Jar", "Tablet (+1 VP)". */
export function cardLabel(name: string, t: TFunction): string {
  const { type, bonus } = parseCard(name);
  const base = t(`quetzal:card.${type}`);
  return bonus === 'none' ? base : `${base} (${t(`quetzal:bonus.${bonus}`)})`;
}

export const cardList = (names: readonly string[], t: TFunction): string =>
  names.length === 0 ? '–' : names.map((n) => cardLabel(n, t)).join(', ');

export const locName = (id: string, t: TFunction): string => t(`quetzal:loc.${id}`, { defaultValue: id });
export const upName = (id: string, t: TFunction): string => t(`quetzal:up.${id}.name`, { defaultValue: id });
export const upText = (id: string, t: TFunction): string => t(`quetzal:up.${id}.text`, { defaultValue: '' });
/** An upgrade's effect in a few words, for its tile on the board (the full text is its tooltip). */
export const upShort = (id: string, t: TFunction): string => t(`short:quetzalUpgrade.${id}`, { defaultValue: upText(id, t) });

/** A seat's name, or "The automaton". */
export function holderName(seats: readonly SeatInfo[], h: number | 'automaton' | null | undefined, t: TFunction): string {
  if (h === 'automaton' || h === null || h === undefined) return t('quetzal:log.automatonName');
  return seatName(seats, h, t);
}

/** "2 adventurers", "1 archaeologist", "3 figures": number and word agree in every language (one key, its plural forms). */
export const kindCount = (kind: 'adv' | 'arch' | null | undefined, count: number, t: TFunction): string =>
  t(`counts:figures.${kind ?? 'figure'}`, { count });

/**
 * What a delivery pays, in words: "9 VP, 1 coin, 2 discovery steps, 1 upgrade drawn" (VP always;
 * coins, discovery and upgrades only when it pays some).
 */
export function paysText(p: DeliveryPay, t: TFunction): string {
  const parts = [t('q-explain:pays.vp', { count: p.vp })];
  if (p.coins > 0) parts.push(t('counts:coins', { count: p.coins }));
  if (p.discovery > 0) parts.push(t('q-explain:pays.discovery', { count: p.discovery }));
  if (p.upgrades > 0) parts.push(t('q-explain:pays.upgrades', { count: p.upgrades }));
  return parts.join(', ');
}
