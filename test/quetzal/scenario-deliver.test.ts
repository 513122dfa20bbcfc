import { test } from 'node:test';
import assert from 'node:assert/strict';
import { act, buildPosition, choices, decision, eventsOf, g, handNames, place } from '../helpers/quetzal.js';
import type { QEvent } from '../../src/games/quetzal/events.js';
import { silentRecorder } from '../../src/core/events.js';
import { scoreDelivery, setVp } from '../../src/games/quetzal/delivery.js';
import { gainDiscovery, settle } from '../../src/games/quetzal/rules.js';
import { CARDS } from '../../src/games/quetzal/data.js';
import type { State } from '../../src/games/quetzal/state.js';

const ids = (...names: string[]): number[] => {
  const used = new Set<number>();
  return names.map((n) => {
    const i = CARDS.findIndex((c, k) => c.name === n && !used.has(k));
    used.add(i);
    return i;
  });
};

/** A ship delivery for seat 0 with the given hand; the position waits at its first add. */
function ship(hand: string[], extra: Parameters<typeof buildPosition>[0]['players'] = []): State {
  return buildPosition({ seats: 3, phase: 'activate', bids: { ship1: { holder: 0 } }, players: [{ hand, ...(extra?.[0] ?? {}) }] });
}
function deliver(s: State, ...cards: string[]): void {
  for (const c of cards) act(s, { t: 'add', card: c });
  act(s, { t: 'deliver' });
}

test('Q-DEL-1 and Q-R-4 the delivery example: 3 sculptures (8) + 2 mummies (6) on a ship = 14 VP; 2 discovery from 0 give +1 VP', () => {
  const s = ship(['sculpture+discovery', 'sculpture+discovery', 'sculpture', 'sculpture', 'mummy', 'mummy']);
  const ev: QEvent[] = [];
  for (const c of ['sculpture+discovery', 'sculpture+discovery', 'sculpture', 'mummy', 'mummy']) ev.push(...act(s, { t: 'add', card: c }));
  ev.push(...act(s, { t: 'deliver' }));
  const d = eventsOf(ev, 'deliver')[0]!;
  assert.equal(d.vp, 14);
  assert.equal(d.discovery, 2);
  assert.equal(s.players[0]!.disc, 2);
  assert.equal(s.players[0]!.vp, 15);
  assert.deepEqual(handNames(s, 0), ['sculpture']);
});

test('Q-DEL-1 sets of a type: complete sets of 3 plus one remainder; optional; delivered cards are discarded; card bonuses gained', () => {
  assert.equal(setVp(0, 4), 5 + 1);
  assert.equal(setVp(0, 5), 5 + 3);
  assert.equal(setVp(1, 6), 12);
  assert.equal(setVp(4, 7), 10 + 10 + 3);
  const sc = scoreDelivery(ids('jar+coin', 'jar+vp', 'weapon+discovery', 'tablet'), []);
  assert.deepEqual(sc, { vp: 3 + 1 + 2 + 1, coins: 1, discovery: 1, upgradeVp: 0, upgradeCoins: 0 });
  // delivering nothing is allowed
  const s = ship(['jar', 'jar']);
  act(s, { t: 'deliver' });
  assert.equal(s.players[0]!.hand.length, 2);
  assert.equal(s.players[0]!.vp, 0);
  const t = ship(['jar', 'jar']);
  deliver(t, 'jar', 'jar');
  assert.equal(t.discard.length, 2);
});

test('Q-DEL-2 a delivery upgrade triggers at most once per delivery (6 jars with jarSet: +1 coin +3 VP once)', () => {
  const sc = scoreDelivery(ids('jar', 'jar', 'jar', 'jar', 'jar', 'jar'), ['jarSet']);
  assert.equal(sc.vp, 10);
  assert.equal(sc.upgradeVp, 3);
  assert.equal(sc.upgradeCoins, 1);
  const w = scoreDelivery(ids('weapon', 'weapon', 'weapon', 'weapon', 'weapon', 'weapon'), ['weaponSet']);
  assert.deepEqual([w.upgradeVp, w.upgradeCoins], [2, 2]);
});

test('QD-11 a delivery uses the upgrades held when it starts; one got through it applies from the next delivery; a Village upgrade helps that round', () => {
  // Harbour delivery crosses discovery 6 and draws mixedSet: not for this delivery, but for the ship's.
  const s = buildPosition({
    seats: 3,
    phase: 'activate',
    harbour: [1, 0, 0],
    bids: { ship1: { holder: 0 } },
    upgradeStack: ['mixedSet'],
    players: [{ discovery: 5, hand: ['weapon+discovery', 'jar', 'tablet', 'jar', 'weapon', 'tablet'] }],
  });
  deliver(s, 'jar', 'tablet', 'weapon+discovery');
  assert.deepEqual(s.players[0]!.ups, ['mixedSet']);
  assert.equal(s.players[0]!.vp, 1 + 2 + 1); // no +4 for this one
  deliver(s, 'jar', 'tablet', 'weapon');
  assert.equal(s.players[0]!.vp, 4 + 4 + 4);
  // a Village upgrade (extraCard) already counts for that round's ship delivery
  const t = buildPosition({
    seats: 3,
    phase: 'activate',
    village: ['extraCard', 'jarSet', 'reroll2'],
    villageBanners: { 1: 0 },
    bids: { ship1: { holder: 0 } },
    players: [{ hand: ['jar', 'jar', 'jar', 'jar', 'jar', 'jar', 'jar', 'jar'] }],
  });
  act(t, { t: 'village', up: 'extraCard' });
  assert.equal(g.view(t, 0).pending!.limit, 7);
});

test('Q-DISC-1 and Q-R-5 discovery gives every reward reached or crossed (2: 1 VP, 4: 2 coins, 6: upgrade, …) and stops at 14', () => {
  const s = buildPosition({ seats: 3, phase: 'place', upgradeStack: ['instantCoins'], players: [{ figures: { adv: 1 }, coins: 0 }] });
  gainDiscovery(s, silentRecorder(), 0, 7, 'delivery');
  s.cache = settle(s, silentRecorder());
  const p = s.players[0]!;
  assert.equal(p.disc, 7);
  assert.equal(p.vp, 1);
  assert.equal(p.coins, 2 + 5); // space 4, then the drawn instant upgrade
  assert.deepEqual(p.got, ['instantCoins']);
  gainDiscovery(s, silentRecorder(), 0, 20, 'delivery');
  assert.equal(p.disc, 14);
  assert.equal(p.vp, 1 + 2 + 4);
});

test('Q-UP-1 instant upgrades apply and go to the discard; at most 2 permanent; a third makes one go; a duplicate goes straight away', () => {
  const s = buildPosition({
    seats: 3,
    phase: 'activate',
    village: ['instantCoins', 'jarSet', 'reroll2'],
    villageBanners: { 1: 0, 2: 0, 3: 0 },
    players: [{ upgrades: ['reroll2', 'weaponSet'], coins: 0 }],
  });
  act(s, { t: 'village', up: 'instantCoins' });
  assert.equal(s.players[0]!.coins, 5);
  assert.deepEqual(s.players[0]!.ups, ['reroll2', 'weaponSet']);
  act(s, { t: 'village', up: 'reroll2' }); // duplicate: straight to the discard
  assert.deepEqual(s.players[0]!.ups, ['reroll2', 'weaponSet']);
  act(s, { t: 'village', up: 'jarSet' });
  assert.equal(decision(s), 'drop');
  assert.deepEqual(choices(s), [
    { t: 'drop', up: 'reroll2' },
    { t: 'drop', up: 'weaponSet' },
    { t: 'drop', up: 'jarSet' },
  ]);
  act(s, { t: 'drop', up: 'reroll2' });
  assert.deepEqual(s.players[0]!.ups, ['jarSet', 'weaponSet']);
  // every upgrade got counts at the end: 2 + 1 + 1 + the two held at setup
  assert.deepEqual(s.players[0]!.got, ['reroll2', 'weaponSet', 'instantCoins', 'reroll2', 'jarSet']);
});

test('QD-12 an empty upgrade stack: discovery draws and Village refills are skipped, nothing is reshuffled', () => {
  const s = buildPosition({
    seats: 3,
    phase: 'activate',
    stele: 1,
    emptyUpgradeStack: true,
    village: [null, 'jarSet', null],
    players: [{}, { discovery: 5 }],
  });
  assert.equal(s.players[1]!.disc, 6);
  assert.deepEqual(s.players[1]!.got, []);
  assert.equal(s.round, 2);
  assert.deepEqual(s.village, [null, 'jarSet', null]);
  assert.equal(s.upStack.length, 0);
});

test('Q-UP-2 and QD-13 exchanges: whenever the holder owes a decision, repeatedly, and in a final window before scoring', () => {
  const s = buildPosition({
    seats: 3,
    phase: 'place',
    players: [{ figures: { adv: 1 }, coins: 7, upgrades: ['coinsToVp', 'coinsToDiscovery'] }, { figures: { adv: 1 } }],
  });
  assert.deepEqual(choices(s, 'exchange'), [
    { t: 'exchange', up: 'coinsToVp' },
    { t: 'exchange', up: 'coinsToDiscovery' },
  ]);
  act(s, { t: 'exchange', up: 'coinsToVp' }, { t: 'exchange', up: 'coinsToVp' });
  assert.equal(s.players[0]!.coins, 3);
  assert.equal(s.players[0]!.vp, 2);
  assert.equal(decision(s), 'place'); // still the same decision
  act(s, { t: 'exchange', up: 'coinsToDiscovery' });
  assert.equal(s.players[0]!.disc, 1);
  assert.equal(choices(s, 'exchange').length, 0); // no coins left
  // the final window in round 5
  const t = buildPosition({ seats: 3, round: 5, phase: 'activate', players: [{ coins: 5, upgrades: ['coinsToVp'] }] });
  assert.equal(decision(t), 'final');
  assert.deepEqual(choices(t), [{ t: 'done' }, { t: 'exchange', up: 'coinsToVp' }]);
  act(t, { t: 'exchange', up: 'coinsToVp' }, { t: 'exchange', up: 'coinsToVp' });
  assert.ok(t.over); // 1 coin left: nothing more to exchange, the window closes
  assert.equal(t.players[0]!.vp, 2);
  // a seat that never holds an exchange upgrade gets no window
  const u = buildPosition({ seats: 3, round: 5, phase: 'activate' });
  assert.ok(u.over);
});

test('Q-UP-3 upgrade effects: tabletCoins, mixedSet, weaponSet, jarSet, templeDiscount, extraCard', () => {
  const tab = scoreDelivery(ids('tablet', 'tablet'), ['tabletCoins']);
  assert.equal(tab.upgradeCoins, 4);
  const mix = scoreDelivery(ids('jar', 'weapon', 'tablet'), ['mixedSet']);
  assert.equal(mix.upgradeVp, 4);
  assert.equal(scoreDelivery(ids('jar', 'weapon'), ['mixedSet']).upgradeVp, 0);
  assert.equal(scoreDelivery(ids('jar', 'jar'), ['jarSet']).upgradeVp, 0);
  // templeDiscount: banner 5 costs 0, banner 1 costs 4
  const s = buildPosition({
    seats: 3,
    phase: 'place',
    players: [{ figures: { adv: 1, arch: 1 }, coins: 4, upgrades: ['templeDiscount'] }, { figures: { adv: 1 } }],
  });
  assert.ok(choices(s, 'place').some((c) => c.t === 'place' && c.loc === 'temple' && c.banner === 1));
  act(s, place('temple', { banner: 5, as: 'arch', arch: 1 }));
  assert.equal(s.players[0]!.coins, 4);
  // extraCard: Harbour 3 per figure + 1
  const h = buildPosition({ seats: 3, phase: 'activate', harbour: [1, 0, 0], players: [{ hand: ['jar'], upgrades: ['extraCard'] }] });
  assert.equal(g.view(h, 0).pending!.limit, 4);
});

test('Q-UP-3 templeDraw: on banners 3 and 4 draw 2, keep one, the other goes under the deck', () => {
  const s = buildPosition({
    seats: 3,
    phase: 'activate',
    temple: ['jar', 'jar', 'jar', 'jar', 'jar', 'jar', 'jar', 'jar'],
    deck: ['mummy', 'tablet'],
    templeBanners: { 3: 0 },
    players: [{ upgrades: ['templeDraw'] }],
  });
  act(s, { t: 'take', card: 'jar' });
  assert.equal(decision(s), 'keep');
  assert.deepEqual(g.view(s, 0).pending!.drawn, ['mummy', 'tablet']);
  assert.equal(g.view(s, 1).pending!.drawn, null);
  assert.deepEqual(choices(s), [
    { t: 'keep', card: 'mummy' },
    { t: 'keep', card: 'tablet' },
  ]);
  const ev = act(s, { t: 'keep', card: 'mummy' });
  const upTo = ev.findIndex((e) => e.type === 'underDeck');
  assert.ok(upTo >= 0);
  assert.ok(!JSON.stringify(ev.slice(0, upTo + 1)).includes('tablet')); // the card put under stays secret
  assert.deepEqual(handNames(s, 0), ['jar', 'mummy']);
  assert.equal(CARDS[s.deck[0]!]!.name, 'tablet');
  assert.deepEqual(s.bottomKnown[0], [s.deck[0]]);
});

test('Q-UP-3 reroll upgrades: reroll2 offers up to two figures, rerollAll all or none', () => {
  const s = buildPosition({ seats: 3, phase: 'roll', players: [{ upgrades: ['reroll2'] }] });
  assert.equal(decision(s), 'rerollUp');
  assert.ok(choices(s).every((c) => c.t === 'reroll' && c.faces.length <= 2));
  assert.ok(choices(s).some((c) => c.t === 'reroll' && c.faces.includes('leader')));
  act(s, { t: 'reroll', faces: ['leader'] });
  assert.deepEqual(s.players[0]!.used, ['reroll2']);
  assert.equal(g.view(s, 1).players[0]!.usedThisRound[0], 'reroll2');
});
