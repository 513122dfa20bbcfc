import { test } from 'node:test';
import assert from 'node:assert/strict';
import { act, assertIllegal, buildPosition, choices, decision, eventsOf, g, place, setup, templeNames } from '../helpers/quetzal.js';
import { scoreBreakdown, winners } from '../../src/games/quetzal/scoring.js';
import { EventRecorder } from '../../src/core/events.js';
import type { QEvent } from '../../src/games/quetzal/events.js';
import { drawCard, refillCards } from '../../src/games/quetzal/rules.js';
import { CARDS, DATA, cardName } from '../../src/games/quetzal/data.js';
import { AUTO } from '../../src/games/quetzal/state.js';

// ------------------------------------------------------------------ end

test('Q-END-1 the round advances in phase 4; after round 5 the game ends at once', () => {
  const s = buildPosition({ seats: 3, round: 4, phase: 'activate' });
  assert.equal(s.round, 5);
  assert.equal(s.phase, 'place');
  const t = buildPosition({ seats: 3, round: 5, phase: 'activate' });
  assert.ok(t.over);
  assert.equal(g.toAct(t), null);
  assert.deepEqual(g.choices(t), []);
  assert.ok(g.result(t));
  assertIllegal(t, { t: 'done' });
});

test('Q-END-2 phase 4 refills every empty artifact space from the deck and the Village display to 3', () => {
  const s = buildPosition({
    seats: 3,
    phase: 'activate',
    temple: ['jar', null, null, 'weapon', null, null, null, null],
    sites: { quarry: [null, null] },
    village: [null, 'jarSet', null],
  });
  assert.equal(s.round, 2);
  assert.equal(templeNames(s).filter((c) => c !== null).length, 8);
  assert.equal(templeNames(s)[0], 'jar');
  assert.ok(s.sites[0]!.every((c) => c >= 0));
  assert.equal(s.village.filter((u) => u !== null).length, 3);
  assert.equal(s.village[1], 'jarSet');
});

test('QD-5 an empty deck is replaced by the shuffled discard pile; with both empty, spaces stay empty', () => {
  const s = buildPosition({ seats: 3, phase: 'place', players: [{ figures: { adv: 1 } }] });
  s.discard = s.deck.splice(0, s.deck.length - 2);
  const before = s.discard.length;
  const rec = new EventRecorder<QEvent>(true);
  drawCard(s, rec);
  drawCard(s, rec);
  assert.equal(s.deck.length, 0);
  assert.deepEqual(rec.list, []);
  const c = drawCard(s, rec);
  assert.notEqual(c, null);
  assert.equal(s.deck.length, before - 1);
  assert.equal(s.discard.length, 0);
  // the new deck's order is hidden from the moves before: no taking back across it
  assert.deepEqual(rec.list, [{ type: 'reshuffle', cards: before, reveals: true }]);
  s.deck = [];
  s.temple = s.temple.map(() => -1);
  refillCards(s, rec);
  assert.ok(s.temple.every((x) => x === -1));
});

test('Q-END-3 the end example: 34 VP + 2 (start marker) + 2 (8 coins) + 5 (upgrades) = 43; ties: discovery, then shared', () => {
  const s = buildPosition({
    seats: 3,
    start: 0,
    round: 5,
    phase: 'activate',
    players: [
      { vp: 34, coins: 8, upgrades: ['reroll2'], got: ['reroll2', 'instantCoins', 'instantDiscovery'], discovery: 3 },
      { vp: 43, coins: 2, discovery: 3 },
      { vp: 42, coins: 3, discovery: 9 },
    ],
  });
  assert.ok(s.over);
  assert.deepEqual(scoreBreakdown(s, 0), { seat: 0, track: 34, startMarker: 2, coins: 2, upgrades: 5, total: 43, discovery: 3 });
  assert.deepEqual(g.result(s)!.scores, [43, 43, 43]);
  assert.deepEqual(winners(s), [2]); // furthest on the discovery track
  s.players[2]!.disc = 3;
  assert.deepEqual(winners(s), [0, 1, 2]); // shared
  const v = g.view(s, null).result!;
  assert.equal(v.scores[0]!.total, 43);
  assert.deepEqual(v.winners, [0, 1, 2]);
});

// ------------------------------------------------------------------ two players

test('Q-2P-1 two players: 5 team figures + leader; the automaton places 6 figures from its deck at setup and each phase 4, pays nothing; 5 cards used', () => {
  const s = setup(2, 5);
  for (const p of s.players) assert.equal(p.team, 5);
  const card = DATA.automaton.cards[s.auto!.card!]!;
  const autoBanners = s.templeB.filter((h) => h === AUTO).length;
  assert.equal(autoBanners, 2);
  assert.deepEqual(s.bids[card.site], { seat: AUTO, team: 3, leader: false, kind: card.siteKind });
  const last = card.last === 'ship' ? s.bids.ship1 : s.bids.blackMarket;
  assert.equal(last!.seat, AUTO);
  assert.equal(last!.team, 1);
  // its banners are closed to players
  for (const b of card.temple) assert.ok(!choices(s, 'place').some((c) => c.t === 'place' && c.loc === 'temple' && c.banner === b));
  assert.equal(g.view(s, 0).automaton!.cardsLeft, 4);
  // a whole game draws 5 cards in all
  let seen = 1;
  let cur = s.auto!.card;
  while (!s.over) {
    act(s, g.choices(s).find((c) => c.t === 'deliver' || (c.t === 'reroll' && c.faces.length === 0)) ?? g.choices(s)[0]!);
    if (s.auto!.card !== cur) {
      seen++;
      cur = s.auto!.card;
    }
  }
  assert.equal(seen, 5);
  assert.equal(s.auto!.drawn, 5);
  assert.equal(s.auto!.deck.length, 5);
});

test('Q-R-7 the sample automaton card: Temple banners 2 and 5, 3 archaeologists on the Quarry, 1 adventurer on the Black Market', () => {
  const s = buildPosition({ seats: 2, phase: 'place', automatonCard: 1, players: [{ figures: { adv: 1 } }, { figures: { adv: 1 } }] });
  assert.deepEqual(s.templeB, [null, AUTO, null, null, AUTO]);
  assert.deepEqual(s.bids.quarry, { seat: AUTO, team: 3, leader: false, kind: 'arch' });
  assert.deepEqual(s.bids.blackMarket, { seat: AUTO, team: 1, leader: false, kind: 'adv' });
  const v = g.view(s, 0);
  assert.deepEqual(v.locations.find((l) => l.id === 'quarry')!.bid, { holder: 'automaton', n: 3, kind: 'arch', leader: false });
  assert.equal(v.automaton!.card!.id, 1);
  assert.deepEqual(DATA.automaton.priorityTypes, ['mummy', 'sculpture', 'tablet', 'weapon', 'jar']);
});

test('Q-2P-2 and QD-14 two players: one ship, Village banner 3 and the third Village space are covered', () => {
  const s = setup(2, 9);
  assert.equal(s.village.length, 2);
  const v = g.view(s, 0);
  assert.equal(v.village.length, 2);
  assert.equal(v.locations.find((l) => l.id === 'ship2')!.covered, true);
  assert.deepEqual(
    v.locations.find((l) => l.id === 'village')!.banners!.map((b) => b.covered),
    [false, false, true],
  );
  assert.ok(!choices(s, 'place').some((c) => c.t === 'place' && ((c.loc === 'village' && c.banner === 3) || c.loc === 'ship2')));
});

test('Q-2P-3 outbidding the automaton (same kind, more figures) discards its figures for the round', () => {
  const s = buildPosition({
    seats: 2,
    phase: 'place',
    automatonCard: 1,
    players: [{ figures: { arch: 4, adv: 1 } }, { figures: { adv: 1 } }],
  });
  assertIllegal(s, place('quarry', { as: 'arch', arch: 3 }));
  assertIllegal(s, place('quarry', { as: 'adv', adv: 1 }));
  const ev = act(s, place('quarry', { as: 'arch', arch: 4 }));
  assert.ok(eventsOf(ev, 'outbid').some((e) => 'automaton' in e));
  assert.deepEqual(s.bids.quarry, { seat: 0, team: 4, leader: false, kind: 'arch' });
  // the Black Market's single automaton adventurer: 2 adventurers beat it
  assert.ok(!choices(s, 'place').some((c) => c.t === 'place' && c.loc === 'blackMarket'));
});

test('Q-2P-4 the automaton on Temple banner 3 takes the tablet with the discovery bonus, draws one card and discards both; its sites lose their cards', () => {
  const s = buildPosition({
    seats: 2,
    phase: 'activate',
    automatonCard: 9, // Temple 3 and 5, Ruins, ship
    temple: ['jar', 'weapon+discovery', 'tablet+coin', 'tablet+discovery', 'tablet', 'jar+vp', 'weapon', 'jar'],
    sites: { ruins: ['mummy', 'sculpture'] },
    deck: ['sculpture+vp'],
  });
  // banner 3 (choose 1 + draw): tablet+discovery and the drawn sculpture+vp; banner 5 (choose 1): the next tablet by priority
  assert.deepEqual(s.discard.map(cardName).slice(0, 3), ['tablet+discovery', 'sculpture+vp', 'tablet+coin']);
  assert.deepEqual(s.discard.map(cardName).slice(3, 5), ['mummy', 'sculpture']); // Ruins held by the automaton
  // nothing happens on its ship; no player gained anything
  for (const p of s.players) assert.equal(p.hand.length, 0);
  assert.equal(CARDS.length, 75);
  void decision;
});
