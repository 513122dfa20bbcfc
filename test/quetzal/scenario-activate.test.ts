import { test } from 'node:test';
import assert from 'node:assert/strict';
import { act, buildPosition, choices, decision, eventsOf, g, handNames, templeNames } from '../helpers/quetzal.js';
import { cardName } from '../../src/games/quetzal/data.js';

const DISPLAY = ['jar', 'weapon', 'tablet', 'sculpture', 'mummy', 'jar+coin', 'weapon+coin', 'tablet+vp'];

test('Q-ACT-1 the Stele gives the start player marker and 1 discovery', () => {
  const s = buildPosition({ seats: 3, start: 0, stele: 1, phase: 'activate' });
  assert.equal(s.start, 1);
  assert.equal(s.players[1]!.disc, 1);
  assert.equal(g.view(s, null).startPlayer, 1);
  // the next round's placement begins with the new start player
  assert.equal(g.toAct(s), 1);
});

test('Q-ACT-2 the Temple example: banners 2, 4 and 5 leave 8 → 6 → 5 cards; banner 4 also draws the top card', () => {
  const s = buildPosition({
    seats: 3,
    phase: 'activate',
    temple: DISPLAY,
    deck: ['mummy+discovery'],
    templeBanners: { 2: 1, 4: 0, 5: 2 }, // Laura (1), Jan (0), Maria (2)
  });
  assert.equal(decision(s), 'take');
  assert.equal(g.toAct(s), 1);
  assert.equal(templeNames(s).filter((c) => c !== null).length, 8);
  act(s, { t: 'take', card: 'mummy' });
  assert.equal(g.toAct(s), 1); // choose 2
  act(s, { t: 'take', card: 'sculpture' });
  assert.equal(templeNames(s).filter((c) => c !== null).length, 6);
  assert.equal(g.toAct(s), 0);
  const ev = act(s, { t: 'take', card: 'tablet+vp' });
  assert.equal(templeNames(s).filter((c) => c !== null).length, 5);
  // the drawn card is an event without its type
  const draw = ev.find((e) => e.type === 'draw')!;
  assert.deepEqual(Object.keys(draw).sort(), ['n', 'reveals', 'seat', 'type']);
  assert.deepEqual(handNames(s, 0), ['mummy+discovery', 'tablet+vp']);
  assert.equal(g.toAct(s), 2);
  act(s, { t: 'take', card: 'jar' });
  assert.deepEqual(handNames(s, 1), ['mummy', 'sculpture']);
  assert.deepEqual(handNames(s, 2), ['jar']);
});

test('Q-ACT-2 a short Temple display gives only what it has; cards go to the hand without limit', () => {
  const s = buildPosition({
    seats: 3,
    phase: 'activate',
    temple: ['jar', null, null, null, null, null, null, null],
    templeBanners: { 1: 0, 2: 1 },
  });
  assert.equal(g.toAct(s), 0);
  assert.deepEqual(choices(s), [{ t: 'take', card: 'jar' }]);
  act(s, { t: 'take', card: 'jar' });
  // nothing left for banner 1's second pick nor for banner 2
  assert.notEqual(decision(s), 'take');
  assert.equal(s.players[1]!.hand.length, 0);
});

test('Q-ACT-3 and Q-R-3 sites in order Quarry (1 VP), Small Temple (1 discovery), Ruins (1 coin); unwon cards stay', () => {
  const t = buildPosition({
    seats: 3,
    phase: 'activate',
    sites: { quarry: ['jar', 'weapon'], smallTemple: ['tablet', 'mummy'], ruins: ['sculpture', 'jar+vp'] },
    bids: { quarry: { holder: 0 }, smallTemple: { holder: 1, kind: 'arch' } },
  });
  assert.deepEqual(handNames(t, 0), ['jar', 'weapon']);
  assert.equal(t.players[0]!.vp, 1);
  assert.deepEqual(handNames(t, 1), ['mummy', 'tablet']);
  assert.equal(t.players[1]!.disc, 1);
  assert.deepEqual(t.sites[2]!.map(cardName), ['sculpture', 'jar+vp']); // unwon: still there in round 2
  const u = buildPosition({ seats: 3, phase: 'activate', bids: { ruins: { holder: 2 } }, players: [{}, {}, { coins: 3 }] });
  const ev = u.players[2]!;
  // 3 coins + 1 for the Ruins + 1 per standing figure of round 2's roll
  assert.ok(ev.coins >= 4 && ev.coins <= 4 + ev.fig[3]! + 1);
  assert.equal(ev.hand.length, 2);
});

test('Q-ACT-3 order of the excavation events: Quarry, Small Temple, Ruins', () => {
  const t = buildPosition({ seats: 3, phase: 'place', current: 0, players: [{ figures: { adv: 3 } }] });
  const all = [
    ...act(t, { t: 'place', loc: 'ruins', as: 'adv', adv: 1, arch: 0, wild: 0, leader: false } as never),
    ...act(t, { t: 'place', loc: 'quarry', as: 'adv', adv: 1, arch: 0, wild: 0, leader: false } as never),
    ...act(t, { t: 'place', loc: 'smallTemple', as: 'adv', adv: 1, arch: 0, wild: 0, leader: false } as never),
  ];
  const sites = eventsOf(all, 'excavate').map((e) => e.site);
  assert.deepEqual(sites, ['quarry', 'smallTemple', 'ruins']);
});

test('Q-ACT-4 the Black Market winner may discard one hand card for 7 coins, without VP or bonus', () => {
  const s = buildPosition({
    seats: 3,
    phase: 'activate',
    bids: { blackMarket: { holder: 0 } },
    players: [{ hand: ['mummy+discovery', 'jar'], coins: 1 }],
  });
  assert.equal(decision(s), 'sell');
  assert.deepEqual(choices(s), [
    { t: 'sell', card: null },
    { t: 'sell', card: 'jar' },
    { t: 'sell', card: 'mummy+discovery' },
  ]);
  const ev = act(s, { t: 'sell', card: 'mummy+discovery' });
  assert.ok(ev.some((e) => e.type === 'sell'));
  assert.ok(!ev.some((e) => e.type === 'deliver'));
  assert.equal(s.players[0]!.vp, 0);
  assert.equal(s.players[0]!.disc, 0);
  assert.ok(s.players[0]!.coins >= 8);
  assert.deepEqual(handNames(s, 0), ['jar']);
  assert.ok(s.discard.map(cardName).includes('mummy+discovery'));
});

test('Q-ACT-5 Village banners top to bottom each take a face-up upgrade still there', () => {
  const s = buildPosition({ seats: 3, phase: 'activate', village: ['reroll2', 'jarSet', 'extraCard'], villageBanners: { 1: 1, 2: 0 } });
  assert.equal(g.toAct(s), 1);
  assert.deepEqual(choices(s), [
    { t: 'village', up: 'extraCard' },
    { t: 'village', up: 'jarSet' },
    { t: 'village', up: 'reroll2' },
  ]);
  act(s, { t: 'village', up: 'jarSet' });
  assert.equal(g.toAct(s), 0);
  assert.deepEqual(choices(s), [
    { t: 'village', up: 'extraCard' },
    { t: 'village', up: 'reroll2' },
  ]);
  act(s, { t: 'village', up: 'reroll2' });
  assert.deepEqual(s.players[1]!.ups, ['jarSet']);
  assert.deepEqual(s.players[0]!.ups, ['reroll2']);
});

test('Q-ACT-6 and QD-4 the Harbour: one delivery per player there, up to 3 cards per own figure', () => {
  const hand = ['jar', 'jar', 'jar', 'weapon', 'weapon', 'weapon', 'tablet', 'tablet'];
  const s = buildPosition({ seats: 3, phase: 'activate', harbour: [2, 0, 0], players: [{ hand }] });
  assert.equal(decision(s), 'deliver');
  assert.equal(g.view(s, 0).pending!.limit, 6);
  for (let i = 0; i < 6; i++) act(s, choices(s, 'add')[0]!);
  assert.equal(choices(s, 'add').length, 0);
  act(s, { t: 'deliver' });
  assert.equal(s.players[0]!.hand.length, 2);
  // only one delivery at the Harbour for that player
  assert.notEqual(decision(s), 'deliver');
});

test('Q-ACT-7 ships, first then second: each winner delivers up to 6 cards', () => {
  const hand = ['jar', 'jar', 'jar', 'jar', 'jar', 'jar', 'jar'];
  const s = buildPosition({
    seats: 4,
    phase: 'activate',
    bids: { ship1: { holder: 1 }, ship2: { holder: 0 } },
    players: [{ hand }, { hand: ['mummy'] }],
  });
  assert.equal(g.toAct(s), 1);
  act(s, { t: 'add', card: 'mummy' }, { t: 'deliver' });
  assert.equal(g.toAct(s), 0);
  for (let i = 0; i < 6; i++) act(s, { t: 'add', card: 'jar' });
  assert.deepEqual(choices(s), [{ t: 'deliver' }]);
  act(s, { t: 'deliver' });
  assert.equal(s.players[0]!.vp, 10);
  assert.equal(s.players[1]!.vp, 3);
});

test('Q-ACT-8 and QD-3 within a location players act from the start player, as it stands after the Stele', () => {
  const s = buildPosition({
    seats: 3,
    start: 0,
    stele: 2,
    phase: 'activate',
    harbour: [1, 1, 1],
    players: [{ hand: ['jar'] }, { hand: ['jar'] }, { hand: ['jar'] }],
  });
  const order: number[] = [];
  while (decision(s) === 'deliver') {
    order.push(g.toAct(s)!);
    act(s, { t: 'deliver' });
  }
  assert.deepEqual(order, [2, 0, 1]);
});

test('Q-ACT-9 all figures return to their owners after phase 3', () => {
  const s = buildPosition({
    seats: 3,
    phase: 'place',
    players: [{ figures: { adv: 1 }, coins: 9 }, { figures: { arch: 1 } }, { figures: { adv: 1 } }],
  });
  act(s, { t: 'place', loc: 'temple', banner: 1, as: 'adv', adv: 1, arch: 0, wild: 0, leader: false } as never);
  act(s, { t: 'place', loc: 'quarry', as: 'arch', adv: 0, arch: 1, wild: 0, leader: false } as never);
  act(s, { t: 'place', loc: 'harbour', adv: 1, arch: 0, wild: 0, leader: false } as never);
  act(s, { t: 'take', card: g.choices(s)[0]!.t === 'take' ? (g.choices(s)[0] as { card: string }).card : '' });
  act(s, g.choices(s)[0]!);
  // round 2: every figure (leader included) rolled again, nothing on the board
  while (decision(s) !== 'place') act(s, g.choices(s).find((c) => c.t === 'deliver') ?? g.choices(s)[0]!);
  assert.equal(s.round, 2);
  assert.deepEqual(s.templeB, [null, null, null, null, null]);
  assert.ok(Object.values(s.bids).every((b) => b === null));
  assert.deepEqual(s.harbour, [0, 0, 0]);
  for (const p of s.players) {
    assert.equal(
      p.fig.reduce((a, b) => a + b, 0),
      p.team,
    );
    assert.equal(p.leaderHome, true);
  }
});

test('Q-R-2 banner yields: banner 1 choose 2, banner 3 choose 1 + draw 1, banner 5 choose 1', () => {
  const s = buildPosition({ seats: 3, phase: 'activate', temple: DISPLAY, deck: ['mummy'], templeBanners: { 1: 0, 3: 1, 5: 2 } });
  act(s, { t: 'take', card: 'jar' }, { t: 'take', card: 'weapon' });
  act(s, { t: 'take', card: 'tablet' });
  act(s, { t: 'take', card: 'sculpture' });
  assert.deepEqual(
    [0, 1, 2].map((q) => s.players[q]!.hand.length),
    [2, 2, 1],
  );
});
