import { test } from 'node:test';
import assert from 'node:assert/strict';
import { act, assertIllegal, buildPosition, choices, decision, eventsOf, g, place, setup } from '../helpers/quetzal.js';
import { silentRecorder } from '../../src/core/events.js';
import { settle } from '../../src/games/quetzal/rules.js';
import type { State } from '../../src/games/quetzal/state.js';

const placeAt = (s: State, loc: string) =>
  choices(s, 'place').filter((c) => c.t === 'place' && c.loc === loc) as Extract<ReturnType<typeof choices>[number], { t: 'place' }>[];

// ------------------------------------------------------------------ phase 1

test("Q-ROLL-1 Jan's roll: 3 adventurers, 1 archaeologist, 1 standing figure and the leader; +1 coin for the standing figure", () => {
  let s: State | null = null;
  for (let seed = 1; seed < 5000 && !s; seed++) {
    const t = setup(4, seed);
    const p = t.players[0]!;
    if (p.fig.join() === '3,1,0,1' && p.coins === 4 + 1) s = t;
  }
  assert.ok(s, "a seed with Jan's roll");
  const p = s.players[0]!;
  assert.equal(p.coins, 5); // 4 start coins + 1 for the standing figure; the leader did not stand
  const v = g.view(s, 1).players[0]!.figures; // rolls are public
  assert.deepEqual([v.adv, v.arch, v.side, v.stand, v.leader], [3, 1, 0, 1, true]);
  // the standing figure and the leader may be archaeologists: 3 archaeologists at most on a site
  const arch = placeAt(s, 'quarry').filter((c) => c.as === 'arch');
  assert.equal(Math.max(...arch.map((c) => c.arch + c.wild + (c.leader ? 1 : 0))), 3);
  const adv = placeAt(s, 'quarry').filter((c) => c.as === 'adv');
  assert.equal(Math.max(...adv.map((c) => c.adv + c.wild + (c.leader ? 1 : 0))), 5);
});

test('Q-ROLL-2 rolls come from the seeded generator in the state: same seed, same rolls; rolls are public events', () => {
  const a = setup(5, 'r');
  const b = setup(5, 'r');
  assert.deepEqual(
    a.players.map((p) => p.fig),
    b.players.map((p) => p.fig),
  );
  assert.equal(g.hash(a), g.hash(b));
  // a reroll is an event everyone sees, with its result
  const s = buildPosition({ seats: 3, phase: 'place', players: [{ figures: { adv: 2, leader: true } }] });
  const ev = act(s, place('camp', { adv: 1 }), { t: 'reroll', faces: ['adv'] });
  const r = eventsOf(ev, 'reroll')[0]!;
  assert.equal(r.results.length, 1);
});

test('Q-R-1 face frequencies: team 40 / 40 / 15 / 5 %, leader stands 5 % (over 2000 setups)', () => {
  const n = [0, 0, 0, 0];
  let leaderStands = 0;
  let leaders = 0;
  for (let seed = 0; seed < 2000; seed++) {
    const s = setup(5, seed);
    for (const p of s.players) {
      p.fig.forEach((k, i) => (n[i]! += k));
      // leader coins = coins - start coins - standing team figures
      leaders++;
      leaderStands += p.coins - [4, 5, 5, 6, 6][s.players.indexOf(p)]! - p.fig[3]!;
    }
  }
  const total = n.reduce((a, b) => a + b, 0);
  const pct = n.map((k) => (100 * k) / total);
  assert.ok(Math.abs(pct[0]! - 40) < 2 && Math.abs(pct[1]! - 40) < 2, pct.join());
  assert.ok(Math.abs(pct[2]! - 15) < 1.5 && Math.abs(pct[3]! - 5) < 1, pct.join());
  assert.ok(Math.abs((100 * leaderStands) / leaders - 5) < 1.5, `leader ${(100 * leaderStands) / leaders}`);
});

test('QD-7 first rolls and coins first, then reroll upgrades in seat order from the start player; a rerolled standing figure keeps its coin', () => {
  const s = buildPosition({
    seats: 3,
    start: 1,
    phase: 'roll',
    players: [{ upgrades: ['reroll2'] }, { upgrades: ['rerollAll', 'reroll2'] }, {}],
  });
  // every seat has rolled already (all first rolls happen before any reroll decision)
  for (const p of s.players)
    assert.equal(
      p.fig.reduce((a, b) => a + b, 0),
      p.team,
    );
  assert.equal(decision(s), 'rerollUp');
  assert.equal(g.toAct(s), 1);
  assert.deepEqual(choices(s), [
    { t: 'rerollAll', use: false },
    { t: 'rerollAll', use: true },
  ]);
  act(s, { t: 'rerollAll', use: true });
  assert.equal(g.toAct(s), 1);
  assert.ok(choices(s).every((c) => c.t === 'reroll'));
  act(s, { t: 'reroll', faces: [] });
  assert.equal(g.toAct(s), 0); // then seat 0 (seat 2 holds no reroll upgrade)
  assert.ok(choices(s).some((c) => c.t === 'reroll' && c.faces.length === 2));
  // a standing figure rerolled keeps its coin
  const p = s.players[0]!;
  p.fig = [0, 0, 0, 2];
  p.leaderHome = false;
  p.coins = 10;
  s.cache = settle(s, silentRecorder());
  const ev = act(s, { t: 'reroll', faces: ['stand', 'stand'] });
  const res = eventsOf(ev, 'reroll')[0]!.results;
  assert.equal(p.coins, 10 + res.filter((r) => r === 'stand').length);
  assert.equal(decision(s), 'place');
  assert.equal(g.toAct(s), 1); // placement starts with the start player
});

// ------------------------------------------------------------------ phase 2

test('Q-PL-1 placement goes clockwise from the start player, skips empty hands, ends when all are placed; Camp always open; no debt', () => {
  const s = buildPosition({
    seats: 3,
    start: 1,
    phase: 'place',
    players: [{ figures: { adv: 2 }, coins: 0 }, { figures: { arch: 1 }, coins: 0 }, { coins: 0 }],
  });
  assert.equal(g.toAct(s), 1);
  // no coins: nothing that costs (Temple, Village, Harbour) is offered; Camp always is
  const locs = new Set(placeAt(s, 'camp').length > 0 ? choices(s, 'place').map((c) => (c as { loc: string }).loc) : []);
  assert.ok(locs.has('camp') && !locs.has('temple') && !locs.has('harbour') && !locs.has('village'));
  act(s, place('quarry', { as: 'arch', arch: 1 }));
  assert.equal(g.toAct(s), 0); // seat 2 has no figures: skipped
  act(s, place('ruins', { as: 'adv', adv: 1 }));
  assert.equal(g.toAct(s), 0); // seats 1 and 2 have none left: seat 0 again
  const ev = act(s, place('smallTemple', { as: 'adv', adv: 1 }));
  // all placed: phase 3 runs (no decision is owed here) and round 2 begins
  assert.ok(ev.some((e) => e.type === 'activate'));
  assert.equal(s.round, 2);
});

test('Q-PL-2 a wild figure becomes the kind it is placed as and comes back as that kind when outbid', () => {
  const s = buildPosition({ seats: 3, phase: 'place', players: [{ figures: { side: 1, stand: 1 } }, { figures: { arch: 3 } }] });
  act(s, place('quarry', { as: 'arch', wild: 2 }));
  assert.deepEqual(s.bids.quarry, { seat: 0, team: 2, leader: false, kind: 'arch' });
  act(s, place('quarry', { as: 'arch', arch: 3 }));
  assert.deepEqual(s.players[0]!.fig, [0, 2, 0, 0]); // back as archaeologists
});

test('QD-8 the leader stays wild when it comes back from an outbid bid', () => {
  const s = buildPosition({ seats: 3, phase: 'place', players: [{ figures: { adv: 1, leader: true } }, { figures: { adv: 3 } }] });
  act(s, place('ship1', { as: 'adv', adv: 1, leader: true }));
  act(s, place('ship1', { as: 'adv', adv: 3 }));
  assert.deepEqual(s.players[0]!.fig, [1, 0, 0, 0]);
  assert.equal(s.players[0]!.leaderHome, true);
  // the leader may now bid as an archaeologist elsewhere
  assert.ok(placeAt(s, 'temple').some((c) => c.banner === 2 && c.as === 'arch' && c.leader));
});

test('Q-PL-3 Laura pays 4 coins to put an archaeologist on Temple banner 2; nobody else can take it', () => {
  const s = buildPosition({
    seats: 3,
    phase: 'place',
    players: [
      { figures: { arch: 2 }, coins: 6 },
      { figures: { arch: 1, adv: 1, leader: true }, coins: 9 },
    ],
  });
  act(s, place('temple', { banner: 2, as: 'arch', arch: 1 }));
  assert.equal(s.players[0]!.coins, 2);
  assert.equal(s.templeB[1], 0);
  assert.ok(!placeAt(s, 'temple').some((c) => c.banner === 2));
  assertIllegal(s, place('temple', { banner: 2, as: 'arch', arch: 1 }));
  // one figure of the banner's kind only
  assertIllegal(s, place('temple', { banner: 1, as: 'adv', adv: 2 }));
  assertIllegal(s, place('temple', { banner: 5, as: 'adv', adv: 1 }));
  assert.ok(placeAt(s, 'temple').every((c) => c.adv + c.arch + c.wild + (c.leader ? 1 : 0) === 1));
});

test('QD-9 one player may hold several banners of one unique location, in separate turns', () => {
  const s = buildPosition({ seats: 3, phase: 'place', players: [{ figures: { adv: 2 }, coins: 20 }] });
  act(s, place('temple', { banner: 1, as: 'adv', adv: 1 }));
  act(s, place('temple', { banner: 3, as: 'adv', adv: 1 }));
  assert.deepEqual(s.templeB, [0, null, 0, null, null]);
  assert.equal(s.players[0]!.coins, 20 - 5 - 3);
});

test("Q-PL-4 Maria's second figure at the Harbour Master's Office costs 2 more coins; free locations take anyone, repeatedly, mixed kinds", () => {
  const s = buildPosition({
    seats: 3,
    phase: 'place',
    players: [{ figures: { adv: 1, arch: 1 }, coins: 5 }, { figures: { adv: 1 }, coins: 5 }, { figures: { adv: 2 } }],
  });
  act(s, place('harbour', { adv: 1 }));
  assert.equal(s.players[0]!.coins, 3);
  act(s, place('harbour', { adv: 1 }));
  act(s, place('camp', { adv: 1 }), { t: 'reroll', faces: [] });
  act(s, place('harbour', { arch: 1 }));
  assert.equal(s.players[0]!.coins, 1);
  assert.deepEqual(s.harbour, [2, 1, 0]);
  // mixing is allowed at free locations
  const t = buildPosition({ seats: 3, phase: 'place', players: [{ figures: { adv: 1, arch: 1 }, coins: 5 }] });
  assert.ok(placeAt(t, 'harbour').some((c) => c.adv === 1 && c.arch === 1));
  assert.ok(!placeAt(t, 'harbour').some((c) => c.adv + c.arch === 2 && t.players[0]!.coins < 4));
  const poor = buildPosition({ seats: 3, phase: 'place', players: [{ figures: { adv: 2 }, coins: 3 }] });
  assert.deepEqual(
    placeAt(poor, 'harbour').map((c) => c.adv),
    [1],
  );
});

test("Q-PL-5 Jan's 2 adventurers on the Quarry are outbid by Laura's 3 and come back as adventurers; bids keep one kind; leader alone fixes none", () => {
  const s = buildPosition({ seats: 3, phase: 'place', players: [{ figures: { adv: 2, arch: 1 } }, { figures: { adv: 3, arch: 4 } }] });
  act(s, place('quarry', { as: 'adv', adv: 2 }));
  // a later bid must be bigger and of the same kind
  assertIllegal(s, place('quarry', { as: 'arch', arch: 3 }));
  assertIllegal(s, place('quarry', { as: 'adv', adv: 2 }));
  assert.ok(placeAt(s, 'quarry').every((c) => c.as === 'adv' && c.adv + c.wild + (c.leader ? 1 : 0) >= 3));
  const ev = act(s, place('quarry', { as: 'adv', adv: 3 }));
  assert.ok(ev.some((e) => e.type === 'outbid' && e.seat === 0));
  assert.deepEqual(s.players[0]!.fig, [2, 1, 0, 0]);
  assert.equal(g.toAct(s), 0); // Jan may place them again this round
  // mixing kinds in one bid is never offered
  assert.ok(choices(s, 'place').every((c) => c.t !== 'place' || c.loc === 'camp' || c.loc === 'harbour' || c.adv === 0 || c.arch === 0));
  // a leader alone fixes no kind: the next bid chooses it
  const t = buildPosition({ seats: 3, phase: 'place', players: [{ figures: { leader: true } }, { figures: { arch: 2 } }] });
  act(t, place('ruins', { leader: true }));
  assert.deepEqual(t.bids.ruins, { seat: 0, team: 0, leader: true, kind: null });
  assert.ok(placeAt(t, 'ruins').some((c) => c.as === 'arch' && c.arch === 2));
  assertIllegal(t, place('ruins', { as: 'arch', arch: 1 }));
});

test('QD-10 a player may not raise its own winning bid', () => {
  const s = buildPosition({ seats: 3, phase: 'place', players: [{ figures: { adv: 4 } }, {}, {}] });
  act(s, place('ship1', { as: 'adv', adv: 1 }));
  assert.equal(g.toAct(s), 0);
  assert.equal(placeAt(s, 'ship1').length, 0);
  assertIllegal(s, place('ship1', { as: 'adv', adv: 2 }));
});

test('Q-PL-6 Camp: +1 coin per figure at once, then one unplaced figure may be rerolled', () => {
  const s = buildPosition({ seats: 3, phase: 'place', players: [{ figures: { adv: 2, arch: 1, leader: true }, coins: 0 }] });
  act(s, place('camp', { adv: 2 }));
  assert.equal(s.players[0]!.coins, 2);
  assert.equal(decision(s), 'camp');
  assert.deepEqual(choices(s), [
    { t: 'reroll', faces: [] },
    { t: 'reroll', faces: ['arch'] },
    { t: 'reroll', faces: ['leader'] },
  ]);
  const ev = act(s, { t: 'reroll', faces: ['arch'] });
  const r = eventsOf(ev, 'reroll')[0]!.results[0];
  assert.equal(s.players[0]!.coins, 2 + (r === 'stand' ? 1 : 0));
  // nothing left in hand: no reroll decision
  const t = buildPosition({ seats: 3, phase: 'place', players: [{ figures: { adv: 1 }, coins: 0 }, { figures: { adv: 1 } }] });
  act(t, place('camp', { adv: 1 }));
  assert.equal(decision(t), 'place');
  assert.equal(g.toAct(t), 1);
});

test('QD-2 one Camp reroll per placement whatever the number of figures; a figure back from an outbid may be rerolled later', () => {
  const s = buildPosition({ seats: 3, phase: 'place', players: [{ figures: { adv: 4, arch: 1 } }, { figures: { adv: 3 } }] });
  act(s, place('quarry', { as: 'adv', adv: 1 }));
  act(s, place('quarry', { as: 'adv', adv: 2 })); // seat 0's figure comes back
  act(s, place('camp', { adv: 3 }));
  assert.ok(choices(s).every((c) => c.t === 'reroll' && c.faces.length <= 1));
  assert.ok(choices(s).some((c) => c.t === 'reroll' && c.faces[0] === 'adv')); // the returned figure
  act(s, { t: 'reroll', faces: ['adv'] });
  assert.equal(decision(s), 'place');
  assert.equal(g.toAct(s), 1);
});

test('QD-6 the Stele costs nothing', () => {
  const s = buildPosition({
    seats: 3,
    start: 1,
    phase: 'place',
    current: 0,
    players: [{ figures: { arch: 1 }, coins: 0 }, { figures: { arch: 1 } }],
  });
  assert.ok(placeAt(s, 'stele').length > 0);
  act(s, place('stele', { banner: 1, as: 'arch', arch: 1 }));
  assert.equal(s.players[0]!.coins, 0);
  assert.equal(s.stele[0], 0);
});

test('Q-PL-7 the holder of the start player marker may not use the Stele', () => {
  const s = buildPosition({
    seats: 3,
    start: 0,
    phase: 'place',
    players: [{ figures: { arch: 1, leader: true } }, { figures: { arch: 1 } }],
  });
  assert.equal(placeAt(s, 'stele').length, 0);
  assertIllegal(s, place('stele', { banner: 1, as: 'arch', arch: 1 }));
  act(s, place('camp', { arch: 1 }), { t: 'reroll', faces: [] });
  assert.ok(placeAt(s, 'stele').length > 0); // seat 1 may
  // the Stele takes archaeologists only
  assert.ok(placeAt(s, 'stele').every((c) => c.as === 'arch'));
});
