import type { TFunction } from 'i18next';
import type { GainReason, QEvent, RerollResult } from '../../../src/games/quetzal/events.js';
import type { LogEvent, SeatInfo } from '../net/session.js';
import { describeTableEvent } from '../game/table-events.js';
import { cardList, holderName, kindCount, locName, upName } from './words.js';

/** Why coins/VP/discovery came, in words; null when another line of the same move says it already. */
function whyText(why: GainReason, t: TFunction): string | null {
  switch (why) {
    case 'delivery':
    case 'exchange':
      return null;
    case 'standingFigure':
    case 'standingLeader':
      return t('quetzal:log.why.standing');
    case 'discovery':
      return t('quetzal:log.why.discovery');
    case 'camp':
      return t('quetzal:log.why.camp');
    case 'blackMarket':
      return t('quetzal:log.why.blackMarket');
    case 'stele':
      return t('quetzal:log.why.stele');
    case 'quarry':
    case 'smallTemple':
    case 'ruins':
      return locName(why, t);
    case 'instantCoins':
    case 'instantDiscovery':
      return upName(why, t);
    default:
      // The other upgrades: a reroll upgrade whose rerolled figure stood.
      return t('quetzal:log.why.other');
  }
}

const isStanding = (why: GainReason): boolean => why === 'standingFigure' || why === 'standingLeader';

/**
 * One public Quetzal event in words, or null for events that another line already tells (coins
 * of a delivery, a roll's standing coins, refills nobody needs to read about twice). The log holds
 * what the Quetzal engine emitted, so its events are QEvents.
 */
export function describeQEvent(logEvent: LogEvent, seats: readonly SeatInfo[], t: TFunction, all: readonly LogEvent[] = []): string | null {
  const e = logEvent as QEvent;
  const name = holderName(seats, 'seat' in e ? e.seat : null, t);
  const k = (key: string, o: Record<string, unknown> = {}) => t(`quetzal:log.${key}`, { name, ...o });
  const coins = (n: number) => t('counts:coins', { count: n });
  switch (e.type) {
    case 'roll': {
      const faces = (['adv', 'arch', 'side', 'stand'] as const).filter((f) => e[f] > 0).map((f) => `${e[f]} × ${t(`quetzal:face.${f}`)}`);
      if (e.leaderStands) faces.push(t('quetzal:log.leaderStands'));
      return e.coins > 0 ? k('rollCoins', { faces: faces.join(', '), coins: coins(e.coins) }) : k('roll', { faces: faces.join(', ') });
    }
    case 'reroll': {
      const face = (f: RerollResult) =>
        f === 'leaderStands' ? t('quetzal:log.leaderStands') : t(`quetzal:face.${f}`, { defaultValue: f });
      return k('reroll', { faces: e.faces.map(face).join(', '), results: e.results.map(face).join(', ') });
    }
    case 'place': {
      const where = locName(e.loc, t);
      const kind = t(`quetzal:kind.${e.kind ?? 'figure'}`, { count: e.n });
      if (e.banner !== null) return k('placeBanner', { banner: e.banner, where, kind, coins: coins(e.cost) });
      if (e.loc === 'harbour') return k('placeHarbour', { figures: kindCount(null, e.n, t), where, coins: coins(e.cost) });
      // The figures placed are the verb's object: the accusative where a language has one ("stawia 1 archeologa").
      const placed = t(`quetzal:kindAcc.${e.kind ?? 'figure'}`, { count: e.n });
      return k(e.leader && e.n > 1 ? 'placeLeader' : 'place', { count: e.n, kind: placed, where });
    }
    case 'outbid':
      return 'automaton' in e
        ? k('outbidAutomaton', { where: locName(e.loc, t) })
        : k('outbid', { where: locName(e.loc, t), count: e.back });
    case 'automaton':
      return k('automaton', {
        temple: e.temple.join(', '),
        kind: t(`quetzal:kind.${e.siteKind}`, { count: 3 }),
        site: locName(e.site, t),
        last: locName(e.last, t),
      });
    case 'automatonTemple':
      return e.cards.length === 0
        ? k('automatonTempleNone', { banner: e.banner })
        : k('automatonTemple', { banner: e.banner, cards: cardList(e.cards, t) });
    case 'automatonSite':
      return k('automatonSite', { site: locName(e.site, t), cards: cardList(e.cards, t) });
    case 'activate':
      return k('activate');
    case 'startMarker':
      return k('startMarker');
    case 'take':
      return k('take', { card: cardList([e.card], t), banner: e.banner });
    case 'draw':
      return k('draw', { count: e.n });
    case 'underDeck':
      return k('underDeck');
    case 'excavate':
      return k('excavate', { site: locName(e.site, t), cards: cardList(e.cards, t) });
    case 'sell':
      return e.card === null ? k('sellNone') : k('sell', { card: cardList([e.card], t) });
    case 'deliver': {
      const where = locName(e.loc, t);
      return e.cards.length === 0
        ? k('deliverNone', { where })
        : k('deliver', { cards: cardList(e.cards, t), where, vp: e.vp, coins: coins(e.coins), discovery: e.discovery });
    }
    case 'upgrade':
      return k('upgrade', { up: upName(e.up, t) });
    case 'upgradeDiscarded':
      return e.why === 'duplicate' ? k('upgradeDuplicate', { up: upName(e.up, t) }) : k('upgradeLimit', { up: upName(e.up, t) });
    case 'exchange':
      return t(`quetzal:log.exchange.${e.up}`, { name });
    case 'coins':
    case 'vp': {
      // Standing figures of a roll are already counted in the roll's line.
      if (isStanding(e.why) && all.some((x) => x.type === 'roll')) return null;
      const why = whyText(e.why, t);
      return why === null ? null : e.type === 'coins' ? k('coins', { coins: coins(e.n), why }) : k('vp', { n: e.n, why });
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
      // The server's events of the table (a seat handed to a bot, taken back) are told in every game.
      return describeTableEvent(logEvent, seats, t);
  }
}
