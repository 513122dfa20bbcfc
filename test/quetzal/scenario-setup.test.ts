import { test } from 'node:test';
import assert from 'node:assert/strict';
import { g, setup } from '../helpers/quetzal.js';
import { CARDS, DATA, LOC, UPGRADE_TILES, validateData, type QuetzalData } from '../../src/games/quetzal/data.js';
import { RULE_IDS } from '../../src/games/quetzal/rule-ids.js';
import { setupState } from '../../src/games/quetzal/setup.js';
import { createRng } from '../../src/core/rng.js';

const count = (xs: readonly string[]) => xs.reduce<Record<string, number>>((m, x) => ((m[x] = (m[x] ?? 0) + 1), m), {});

test('Q-SET-1 75 cards (21 jars, 18 weapons, 15 tablets, 12 sculptures, 9 mummies); 14 dealt face up: 8 Temple, 2 per site', () => {
  assert.deepEqual(count(CARDS.map((c) => c.type)), { jar: 21, weapon: 18, tablet: 15, sculpture: 12, mummy: 9 });
  for (const seats of [2, 3, 4, 5]) {
    const s = setup(seats, seats);
    assert.equal(s.temple.filter((c) => c >= 0).length, 8);
    for (const site of s.sites) assert.equal(site.filter((c) => c >= 0).length, 2);
    assert.equal(s.deck.length, 75 - 14);
    assert.deepEqual(
      [...s.deck, ...s.temple, ...s.sites.flat()].sort((a, b) => a - b),
      CARDS.map((_, i) => i),
    );
  }
  // the deck order depends on the seed
  assert.notDeepEqual(setup(4, 1).deck, setup(4, 2).deck);
});

test('Q-SET-2 24 upgrade tiles shuffled face down, 3 face up on the Village display', () => {
  assert.equal(UPGRADE_TILES.length, 24);
  const s = setup(4, 3);
  assert.equal(s.village.length, 3);
  assert.equal(s.upStack.length, 21);
  assert.deepEqual([...s.upStack, ...(s.village as string[])].sort(), UPGRADE_TILES.slice().sort());
  assert.equal(g.view(s, 0).upgradeStackSize, 21);
});

test('Q-SET-3 round 1 of 5 and a chosen start player (option startSeat, validated)', () => {
  const s = setup(4, 1, { startSeat: 2 });
  assert.equal(s.round, 1);
  assert.equal(s.start, 2);
  assert.equal(g.view(s, null).startPlayer, 2);
  assert.equal(g.toAct(s), 2);
  assert.throws(() => g.options({ startSeat: -1 }), { name: 'InvalidInput' });
  assert.throws(() => g.options({ startSeat: 1.5 }), { name: 'InvalidInput' });
  assert.throws(() => g.options({ foo: 1 }), { name: 'InvalidInput' });
  assert.throws(() => g.options('x'), { name: 'InvalidInput' });
  assert.throws(() => setup(3, 1, { startSeat: 3 }), { name: 'InvalidInput' });
  assert.deepEqual(g.options(undefined), { startSeat: 0 });
});

test('Q-SET-4 coins by seat from the start player: 4, 5, 5, 6, 6', () => {
  const s = setupState(g.options({ startSeat: 3 }), 5, createRng(7));
  assert.deepEqual(
    s.players.map((p) => p.coins),
    [5, 6, 6, 4, 5],
  );
  const s2 = setupState(g.options({}), 2, createRng(7));
  assert.deepEqual(
    s2.players.map((p) => p.coins),
    [4, 5],
  );
});

test('Q-SET-5 leader plus 6 / 5 / 4 team figures for 3 / 4 / 5 players; tracks at 0; VP uncapped', () => {
  for (const [seats, team] of [
    [3, 6],
    [4, 5],
    [5, 4],
  ] as const) {
    const s = setup(seats, 11);
    for (const p of s.players) {
      assert.equal(p.team, team);
      assert.equal(
        p.fig.reduce((a, b) => a + b, 0),
        team,
      ); // all rolled, in hand
      assert.equal(p.leaderHome, true);
      assert.equal(p.vp, 0);
      assert.equal(p.disc, 0);
    }
  }
  const s = setup(3, 1);
  s.players[0]!.vp = 120; // no cap anywhere: the track is an integer
  assert.equal(g.view(s, 0).players[0]!.vp, 120);
});

test('Q-SET-6 three players: one ship is covered', () => {
  const s = setup(3, 1);
  const v = g.view(s, 0);
  assert.equal(v.locations.find((l) => l.id === 'ship2')!.covered, true);
  assert.equal(v.locations.find((l) => l.id === 'ship1')!.covered, false);
  assert.ok(g.choices(s).every((c) => c.t !== 'place' || c.loc !== 'ship2'));
  for (const seats of [4, 5]) {
    const s4 = setup(seats, 1);
    assert.ok(g.choices(s4).some((c) => c.t === 'place' && c.loc === 'ship2'));
  }
});

test('Q-R-2 Temple banners: costs 5..1 top to bottom, kinds and yields from the data', () => {
  assert.deepEqual(
    LOC.temple.banners!.map((b) => [b.cost, b.kind, b.yield]),
    [
      [5, 'adv', 'choose2'],
      [4, 'arch', 'choose2'],
      [3, 'adv', 'choose1draw1'],
      [2, 'adv', 'choose1draw1'],
      [1, 'arch', 'choose1'],
    ],
  );
});

test('Q-R-8 Village banners: (2, adventurer), (2, archaeologist), (1, archaeologist)', () => {
  assert.deepEqual(
    LOC.village.banners!.map((b) => [b.cost, b.kind]),
    [
      [2, 'adv'],
      [2, 'arch'],
      [1, 'arch'],
    ],
  );
});

test('Q-R-4 delivery VP tables and bonus distribution are the reconstruction, and the loader rejects a bad deck', () => {
  assert.deepEqual(
    DATA.cards.types.map((t) => t.vp),
    [
      [1, 3, 5],
      [1, 3, 6],
      [2, 4, 7],
      [2, 5, 8],
      [3, 6, 10],
    ],
  );
  const bonus = (type: string) => count(CARDS.filter((c) => c.type === type).map((c) => c.bonus));
  assert.deepEqual(bonus('jar'), { coin: 4, vp: 3, none: 14 });
  assert.deepEqual(bonus('weapon'), { coin: 3, discovery: 3, none: 12 });
  assert.deepEqual(bonus('tablet'), { coin: 2, discovery: 2, vp: 2, none: 9 });
  assert.deepEqual(bonus('sculpture'), { coin: 2, discovery: 2, vp: 2, none: 6 });
  assert.deepEqual(bonus('mummy'), { discovery: 3, none: 6 });
  const bad = JSON.parse(JSON.stringify(DATA)) as { cards: { types: { count: number }[] } };
  bad.cards.types[0]!.count = 20;
  assert.throws(() => validateData(bad as unknown as QuetzalData), { name: 'InvalidInput' });
});

test('Q-R-6 upgrades: 2 copies of 11 permanent effects worth 1 VP, 2 instant tiles worth 2 VP', () => {
  const perm = DATA.upgrades.tiles.filter((u) => !u.instant);
  assert.equal(perm.length, 11);
  assert.ok(perm.every((u) => u.copies === 2 && u.vp === 1));
  const inst = DATA.upgrades.tiles.filter((u) => u.instant);
  assert.deepEqual(
    inst.map((u) => [u.id, u.copies, u.vp, u.coins ?? 0, u.discovery ?? 0]),
    [
      ['instantCoins', 1, 2, 5, 0],
      ['instantDiscovery', 1, 2, 0, 1],
    ],
  );
});

test('every rule id of the rules document is listed once', () => {
  const ids = RULE_IDS.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length);
  assert.deepEqual(g.ruleIds, ids);
  for (const id of ['Q-SET-1', 'QD-2', 'QD-14', 'Q-R-8', 'Q-HID-1', 'Q-2P-4']) assert.ok(ids.includes(id), id);
});
