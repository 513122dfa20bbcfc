import type { TFunction } from 'i18next';
import type { LogEvent, SeatInfo } from '../net/session.js';
import { cardList, holderName, locName, upName } from './words.js';

const SITES = ['quarry', 'smallTemple', 'ruins'];

/** Why coins/VP/discovery came, in words; null when another line of the same move says it already. */
function whyText(why: unknown, t: TFunction): string | null {
  const w = String(why ?? '');
  if (w === 'delivery' || w === 'exchange') return null;
  if (w.startsWith('standing')) return t('quetzal:log.why.standing');
  if (w.startsWith('discovery')) return t('quetzal:log.why.discovery');
  if (w === 'camp') return t('quetzal:log.why.camp');
  if (w === 'black market') return t('quetzal:log.why.blackMarket');
  if (w === 'stele') return t('quetzal:log.why.stele');
  if (SITES.includes(w)) return locName(w, t);
  if (w.startsWith('instant')) return upName(w, t);
  return t('quetzal:log.why.other');
}

/**
 * One public Quetzal event in words, or null for events that another line already tells (coins
 * of a delivery, a roll's standing coins, refills nobody needs to read about twice).
 */
export function describeQEvent(e: LogEvent, seats: readonly SeatInfo[], t: TFunction, all: readonly LogEvent[] = []): string | null {
  const name = holderName(seats, e.seat ?? null, t);
  const k = (key: string, o: Record<string, unknown> = {}) => t(`quetzal:log.${key}`, { name, ...o });
  switch (e.type) {
    case 'roll': {
      const faces = (['adv', 'arch', 'side', 'stand'] as const)
        .filter((f) => Number(e[f]) > 0)
        .map((f) => `${e[f]} × ${t(`quetzal:face.${f}`)}`);
      if (e.leaderStands) faces.push(t('quetzal:log.leaderStands'));
      const coins = Number(e.coins ?? 0);
      return coins > 0 ? k('rollCoins', { faces: faces.join(', '), coins }) : k('roll', { faces: faces.join(', ') });
    }
    case 'reroll': {
      const face = (f: string) => (f === 'leader stands' ? t('quetzal:log.leaderStands') : t(`quetzal:face.${f}`, { defaultValue: f }));
      return k('reroll', { faces: (e.faces as string[]).map(face).join(', '), results: (e.results as string[]).map(face).join(', ') });
    }
    case 'place': {
      const where = locName(String(e.loc), t);
      const n = Number(e.n);
      const kind = t(`quetzal:kind.${e.kind ?? 'figure'}`, { count: n });
      if (e.banner !== null && e.banner !== undefined) return k('placeBanner', { banner: e.banner, where, kind, cost: e.cost });
      if (e.loc === 'harbour') return k('placeHarbour', { count: n, where, cost: e.cost });
      return k(e.leader && n > 1 ? 'placeLeader' : 'place', { count: n, kind, where });
    }
    case 'outbid':
      return e.automaton
        ? k('outbidAutomaton', { where: locName(String(e.loc), t) })
        : k('outbid', { where: locName(String(e.loc), t), count: e.back });
    case 'automaton':
      return k('automaton', {
        temple: (e.temple as number[]).join(', '),
        kind: t(`quetzal:kind.${e.siteKind}`, { count: 3 }),
        site: locName(String(e.site), t),
        last: locName(String(e.last), t),
      });
    case 'automatonTemple': {
      const cards = (e.cards as string[]) ?? [];
      return cards.length === 0
        ? k('automatonTempleNone', { banner: e.banner })
        : k('automatonTemple', { banner: e.banner, cards: cardList(cards, t) });
    }
    case 'automatonSite':
      return k('automatonSite', { site: locName(String(e.site), t), cards: cardList((e.cards as string[]) ?? [], t) });
    case 'activate':
      return k('activate');
    case 'startMarker':
      return k('startMarker');
    case 'take':
      return k('take', { card: cardList([String(e.card)], t), banner: e.banner });
    case 'draw':
      return k('draw', { count: Number(e.n) });
    case 'underDeck':
      return k('underDeck');
    case 'excavate':
      return k('excavate', { site: locName(String(e.site), t), cards: cardList((e.cards as string[]) ?? [], t) });
    case 'sell':
      return e.card === null ? k('sellNone') : k('sell', { card: cardList([String(e.card)], t) });
    case 'deliver': {
      const cards = (e.cards as string[]) ?? [];
      const where = locName(String(e.loc), t);
      return cards.length === 0
        ? k('deliverNone', { where })
        : k('deliver', { cards: cardList(cards, t), where, vp: e.vp, coins: e.coins, discovery: e.discovery });
    }
    case 'upgrade':
      return k('upgrade', { up: upName(String(e.up), t) });
    case 'upgradeDiscarded':
      return e.why === 'duplicate'
        ? k('upgradeDuplicate', { up: upName(String(e.up), t) })
        : k('upgradeLimit', { up: upName(String(e.up), t) });
    case 'exchange':
      return t(`quetzal:log.exchange.${e.up}`, { name });
    case 'coins':
    case 'vp': {
      // Standing figures of a roll are already counted in the roll's line.
      if (String(e.why).startsWith('standing') && all.some((x) => x.type === 'roll')) return null;
      const why = whyText(e.why, t);
      return why === null ? null : k(e.type, { n: e.n, why });
    }
    case 'discovery': {
      const why = whyText(e.why, t);
      return why === null ? null : k('discovery', { n: e.n, to: e.to });
    }
    case 'round':
      return k('round', { round: e.round });
    case 'refill':
      return k('refill');
    case 'village':
      return k('village');
    case 'reshuffle':
      return k('reshuffle');
    case 'end':
      return k('end');
    default:
      return null;
  }
}
