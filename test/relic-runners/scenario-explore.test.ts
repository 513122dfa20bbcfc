import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GameEvent } from '../../src/core/game.js';
import { PURPLE, tile } from '../../src/games/relic-runners/tiles.js';
import { g, act, assertIllegal, buildPosition, choices, decision, player, loc, type State } from '../helpers/rr.js';

const site = (s: State, id: string, viewer: number | null = null) => g.view(s, viewer).sites.find((x) => x.id === id)!;
const placeTargets = (s: State): number[] =>
  choices(s, 'place')
    .map((c) => (c as { trail: number }).trail)
    .sort((a, b) => a - b);
const ofType = (ev: GameEvent[], type: string) => ev.filter((e) => e.type === type) as unknown as Record<string, unknown>[];
const types = (ev: GameEvent[]) => ev.map((e) => e.type);

// ------------------------------------------------------------------ RR-EXPL-1

test('RR-EXPL-1 exploring costs 1 ration, which goes back to the base camp pool; it is optional', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-4', rations: 2 }, { at: 'temple-9' }], pool: 4 });
  act(s, { t: 'move', trails: [35] });
  assert.deepEqual(
    g
      .choices(s)
      .map((c) => c.t)
      .sort(),
    ['end', 'explore'],
  );
  act(s, { t: 'explore' });
  assert.equal(player(s, 0).rations, 1);
  assert.equal(s.pool, 5);
  assert.equal(site(s, 'ruin-3').height, 1, '2-player ruins hold 2 tiles');
  // declining: the 'end' choice leaves everything as it was
  const t = buildPosition({ seats: 2, players: [{ at: 'ruin-4', rations: 2 }], pool: 4 });
  act(t, { t: 'move', trails: [35] }, { t: 'end' });
  assert.equal(player(t, 0).rations, 2);
  assert.equal(t.pool, 4);
  assert.equal(site(t, 'ruin-3').height, 2);
  assert.equal(t.cur, 1);
});

test('RR-EXPL-1 with no ration there is no exploring; nor on a shrine', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-4', rations: 0 }] });
  act(s, { t: 'move', trails: [35] });
  // nothing to decide after the move: the turn passed
  assert.equal(s.cur, 1);
  assert.equal(site(s, 'ruin-3').height, 2);
  const t = buildPosition({ seats: 2, stacks: { 'ruin-3': [] }, players: [{ at: 'ruin-4', rations: 3, machete: [0, 1, 0] }] });
  act(t, { t: 'move', trails: [35] });
  assert.equal(decision(t), 'post');
  assert.deepEqual(choices(t, 'explore'), []);
  assertIllegal(t, { t: 'explore' });
});

// ------------------------------------------------------------------ RR-EXPL-3 / D-21

test('RR-EXPL-3 a ruin: top tile discarded, then a pathway must be placed on an adjacent trail', () => {
  const s = buildPosition({ seats: 3, players: [{ at: 'ruin-4', pathways: [1] }] });
  act(s, { t: 'move', trails: [35] });
  const ev = act(s, { t: 'explore' });
  assert.ok(types(ev).includes('ruinTile'));
  assert.equal(site(s, 'ruin-3').height, 2);
  assert.equal(decision(s), 'place');
  // only placements: no way to end or pass
  assert.ok(g.choices(s).every((c) => c.t === 'place'));
  assertIllegal(s, { t: 'end' });
  assertIllegal(s, { t: 'pass' });
  assert.deepEqual(placeTargets(s), [7, 14, 27, 35]);
  assertIllegal(s, { t: 'place', trail: 13 });
  act(s, { t: 'place', trail: 7 });
  assert.equal(player(s, 0).supply, 8);
  assert.equal(s.cur, 1);
});

test('D-21 a ruin with an empty pathway supply is explored and nothing is placed', () => {
  const ten = [19, 20, 21, 22, 23, 24, 25, 26, 28, 29];
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-4', pathways: ten }] });
  assert.equal(player(s, 0).supply, 0);
  act(s, { t: 'move', trails: [35] });
  const ev = act(s, { t: 'explore' });
  assert.ok(types(ev).includes('ruinTile'));
  assert.ok(!types(ev).includes('pathway'));
  assert.equal(site(s, 'ruin-3').height, 1);
  assert.equal(s.cur, 1, 'no placement decision; the turn is over');
});

test('D-21 a ruin whose adjacent trails all carry an own pathway: explored, nothing placed', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-4', pathways: [1, 7, 14, 27, 35] }] });
  act(s, { t: 'move', trails: [35] });
  act(s, { t: 'explore' });
  assert.equal(site(s, 'ruin-3').height, 1);
  assert.equal(player(s, 0).supply, 5);
  assert.equal(s.cur, 1);
});

// ------------------------------------------------------------------ RR-EXPL-4 / D-5

test('RR-EXPL-4 ivory: the tile is taken face up; a second tile of a level means keep one, discard one, 2 VP', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-1': 'ivory' },
    stacks: { 'temple-1': ['IV1-3', 'IV2-4', 'IV3-1'] },
    players: [{ at: 'temple-12', ivory: ['IV3-2'] }],
  });
  act(s, { t: 'move', trails: [23] });
  const ev = act(s, { t: 'explore' });
  assert.deepEqual(
    ofType(ev, 'ivoryTaken').map((e) => e.tile),
    ['IV3-1'],
  );
  assert.equal(decision(s), 'keep');
  assert.deepEqual(g.view(s, 1).keep, ['IV3-2', 'IV3-1']);
  assert.deepEqual(g.choices(s), [
    { t: 'keep', effect: 2 },
    { t: 'keep', effect: 1 },
  ]);
  act(s, { t: 'keep', effect: 1 });
  assert.deepEqual(g.view(s, 1).players[0]!.ivory, ['IV3-1']);
  assert.deepEqual(g.view(s, 1).discards, ['IV3-2']);
  assert.equal(player(s, 0).vp, 2);
  // a first tile of a level is simply added, no VP
  const t = buildPosition({
    seats: 2,
    temples: { 'temple-1': 'ivory' },
    stacks: { 'temple-1': ['IV1-3', 'IV2-4', 'IV3-1'] },
    players: [{ at: 'temple-12', ivory: ['IV1-1'] }],
  });
  act(t, { t: 'move', trails: [23] }, { t: 'explore' });
  assert.deepEqual(g.view(t, 1).players[0]!.ivory, ['IV1-1', 'IV3-1']);
  assert.equal(player(t, 0).vp, 0);
  assert.equal(t.cur, 1);
});

test('D-5 a second level-2 ivory tile: the player only chooses which to keep', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-1': 'ivory' },
    stacks: { 'temple-1': ['IV1-3', 'IV2-3'] },
    players: [{ at: 'temple-12', ivory: ['IV2-6'], rations: 2 }],
  });
  act(s, { t: 'move', trails: [23] }, { t: 'explore' });
  assert.equal(decision(s), 'keep');
  assert.deepEqual(g.choices(s), [
    { t: 'keep', effect: 6 },
    { t: 'keep', effect: 3 },
  ]);
  act(s, { t: 'keep', effect: 6 });
  // IV2-3 was not used on the way out: rations unchanged (2 - 1 for exploring)
  assert.equal(player(s, 0).rations, 1);
  assert.deepEqual(g.view(s, 0).players[0]!.ivory, ['IV2-6']);
  assert.deepEqual(g.view(s, 0).discards, ['IV2-3']);
  assert.equal(player(s, 0).vp, 2);
});

// ------------------------------------------------------------------ RR-EXPL-5

test('RR-EXPL-5 blue: the tile is taken face down, its value known only to its owner', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-1': 'blue' },
    stacks: { 'temple-1': ['B1:5', 'B2:4', 'B3:3'] },
    players: [{ at: 'temple-12' }],
  });
  act(s, { t: 'move', trails: [23] });
  const ev = act(s, { t: 'explore' });
  assert.deepEqual(
    ofType(ev, 'blueTaken').map((e) => e.level),
    [3],
  );
  assert.ok(!JSON.stringify(ev).includes('"value"'));
  assert.deepEqual(g.view(s, 0).players[0]!.blue, [{ level: 3, value: 3, shown: false }]);
  assert.deepEqual(g.view(s, 1).players[0]!.blue, []);
  assert.equal(g.view(s, 1).players[0]!.blueCount, 1);
  assert.deepEqual(g.view(s, null).players[0]!.blue, []);
  assert.equal(site(s, 'temple-1').top, null);
  assert.equal(site(s, 'temple-1').height, 2);
  assert.equal(player(s, 0).vp, 0, 'blue values count only at the end');
});

// ------------------------------------------------------------------ RR-EXPL-6

test('RR-EXPL-6 purple: the face-up tile is taken, applied, discarded; the next one turns face up', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-2': 'purple' },
    stacks: { 'temple-2': ['PU-2', 'PU-4@2', 'PU-1@3'] },
    players: [{ at: 'temple-1' }],
  });
  assert.equal(site(s, 'temple-2', 1).top, 'PU-1');
  act(s, { t: 'move', trails: [24] }, { t: 'step', col: 'compass', level: 0 });
  const ev = act(s, { t: 'explore' });
  assert.deepEqual(
    ofType(ev, 'purpleTaken').map((e) => e.tile),
    ['PU-1'],
  );
  assert.deepEqual(
    ofType(ev, 'vp').map((e) => e.vp),
    [3],
  );
  assert.equal(player(s, 0).vp, 3);
  assert.deepEqual(g.view(s, 1).discards, ['PU-1']);
  assert.equal(site(s, 'temple-2', 1).top, 'PU-4');
  assert.equal(site(s, 'temple-2', 1).height, 2);
});

// ------------------------------------------------------------------ RR-EXPL-7

test('RR-EXPL-7 the last tile: its action first, then the relic appears; the shrine stays a location', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-2': 'purple' },
    stacks: { 'temple-2': ['PU-1'], 'ruin-1': 1 },
    players: [{ at: 'temple-1' }, { at: 'temple-3' }],
    tokens: [7, 11, 13, 15, 18, 22, 28, 30, 34],
  });
  act(s, { t: 'move', trails: [33] }); // temple-1 -> ruin-1 (jungle)
  const ev = act(s, { t: 'explore' });
  // the ruin's pathway is placed before the relic shows
  assert.equal(decision(s), 'place');
  assert.ok(!types(ev).includes('shrine'));
  assert.equal(site(s, 'ruin-1').relic, null);
  const ev2 = act(s, { t: 'place', trail: 40 });
  assert.deepEqual(types(ev2).slice(0, 2), ['pathway', 'shrine']);
  assert.equal(site(s, 'ruin-1').relic, 'green');
  assert.equal(site(s, 'ruin-1').shrine, true);
  // seat 1: the purple temple's last tile scores, then the purple relic appears
  act(s, { t: 'move', trails: [38] });
  const ev3 = act(s, { t: 'explore' });
  const i = types(ev3).indexOf('vp');
  const j = types(ev3).indexOf('shrine');
  assert.ok(i >= 0 && j > i, `vp before shrine: ${types(ev3).join(', ')}`);
  assert.equal(site(s, 'temple-2').relic, 'purple');
  assert.equal(site(s, 'temple-2').top, null);
  // seat 0 again: the shrine can be moved through and stopped on, but not explored
  assert.equal(s.cur, 0);
  act(s, { t: 'move', trails: [40] });
  assert.equal(player(s, 0).loc, loc(s, 'temple-2'));
  assert.deepEqual(choices(s, 'explore'), []);
});

// ------------------------------------------------------------------ RR-EXPL-8 / D-6

test('RR-EXPL-8 D-6 "first to explore" means the stack was full when the exploration began', () => {
  const mk = (full: number) =>
    buildPosition({
      seats: 3,
      stacks: { 'ruin-3': 2 },
      full: { 'ruin-3': full },
      players: [{ at: 'ruin-4', ivory: ['IV3-2'] }],
    });
  const first = mk(2);
  act(first, { t: 'move', trails: [35] });
  const ev = act(first, { t: 'explore' });
  assert.deepEqual(
    ofType(ev, 'vp').map((e) => [e.vp, e.why]),
    [[1, { kind: 'tile', tile: 'IV3-2' }]],
  );
  assert.equal(player(first, 0).vp, 1);
  const later = mk(3);
  act(later, { t: 'move', trails: [35] }, { t: 'explore' });
  assert.equal(player(later, 0).vp, 0);
  // real setup heights: a 2-player ruin of 2 tiles is full, 1 tile is not
  const real = buildPosition({ seats: 2, players: [{ at: 'ruin-4', ivory: ['IV3-2'] }] });
  act(real, { t: 'move', trails: [35] }, { t: 'explore' });
  assert.equal(player(real, 0).vp, 1);
});

// ------------------------------------------------------------------ RR-EXPL-9 / D-22

test('RR-EXPL-9 D-22 two explorations in one turn: a ration exploration then Machete 1 at the same temple', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-1': 'blue' },
    stacks: { 'temple-1': ['B1:5', 'B2:4', 'B3:3'] },
    players: [{ at: 'temple-12', rations: 2, machete: [1, 0, 0], bottom: 0 }],
  });
  act(s, { t: 'move', trails: [23] }, { t: 'explore' });
  assert.equal(decision(s), 'post');
  assert.deepEqual(choices(s, 'explore'), [], 'only one ration exploration');
  assert.deepEqual(choices(s, 'tool'), [{ t: 'tool', col: 'machete', level: 1 }]);
  const ev = act(s, { t: 'tool', col: 'machete', level: 1 });
  assert.deepEqual(
    ofType(ev, 'explore').map((e) => e.how),
    ['machete'],
  );
  assert.deepEqual(player(s, 0).blue.length, 2);
  assert.equal(player(s, 0).rations, 1, 'Machete 1 costs no ration');
  assert.equal(site(s, 'temple-1').height, 1);
  assert.equal(s.cur, 1);
});

test('D-22 the neighbour action under PU-7 is an exploration of the neighbour (IV3-2 pays for it)', () => {
  const s = buildPosition({
    seats: 3,
    temples: { 'temple-2': 'purple' },
    stacks: { 'temple-2': ['PU-1', 'PU-2@2', 'PU-7@3'], 'ruin-1': 3 },
    full: { 'temple-2': 3, 'ruin-1': 3 },
    players: [{ at: 'temple-1', ivory: ['IV3-2'], rations: 1 }],
    tokens: [7, 11, 13, 15, 18, 22, 28, 30, 34],
  });
  act(s, { t: 'move', trails: [24] });
  // 24 was not a coloured river: no steps
  assert.equal(decision(s), 'post');
  const ev = act(s, { t: 'explore' });
  assert.equal(decision(s), 'neighbour');
  assert.deepEqual(
    choices(s, 'neighbour')
      .map((c) => (c as { site: string }).site)
      .sort(),
    ['ruin-1', 'ruin-2', 'temple-1', 'temple-3'],
  );
  ev.push(...act(s, { t: 'neighbour', site: 'ruin-1' }));
  assert.deepEqual(
    ofType(ev, 'explore').map((e) => [e.site, e.how]),
    [
      ['temple-2', 'ration'],
      ['ruin-1', 'neighbour'],
    ],
  );
  // +1 for the purple temple (full), +1 for the ruin (full)
  assert.deepEqual(
    ofType(ev, 'vp').map((e) => e.why),
    [
      { kind: 'tile', tile: 'IV3-2' },
      { kind: 'tile', tile: 'IV3-2' },
    ],
  );
  assert.equal(player(s, 0).rations, 0, 'one ration for both');
  // the ruin's pathway goes next to the purple temple the explorer stands on
  assert.equal(decision(s), 'place');
  assert.deepEqual(placeTargets(s), [24, 25, 38, 40]);
  act(s, { t: 'place', trail: 25 });
  assert.equal(site(s, 'ruin-1').height, 2);
  assert.equal(site(s, 'temple-2').top, 'PU-2');
  assert.equal(player(s, 0).vp, 2);
});

// ------------------------------------------------------------------ RR-EXPL-10 / D-23

test('RR-EXPL-10 D-23 an ivory tile being discarded stays active to the end of the action (IV3-3 pays on the 2 VP)', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-1': 'ivory' },
    stacks: { 'temple-1': ['IV1-3', 'IV2-4', 'IV3-1'] },
    players: [{ at: 'temple-12', ivory: ['IV3-3'] }],
  });
  act(s, { t: 'move', trails: [23] }, { t: 'explore' });
  const ev = act(s, { t: 'keep', effect: 1 });
  assert.deepEqual(
    ofType(ev, 'vp').map((e) => [e.vp, e.why]),
    [
      [2, { kind: 'ivoryDiscard' }],
      [1, { kind: 'tile', tile: 'IV3-3' }],
    ],
  );
  assert.equal(player(s, 0).vp, 3);
  assert.deepEqual(g.view(s, 0).players[0]!.ivory, ['IV3-1']);
});

test('RR-EXPL-10 D-23 a newly taken ivory tile works only after the action that gave it', () => {
  // taking IV3-2 from a full temple does not pay IV3-2's "first" bonus for that exploration
  const s = buildPosition({
    seats: 3,
    temples: { 'temple-1': 'ivory' },
    stacks: { 'temple-1': ['IV1-3', 'IV2-4', 'IV3-2'], 'ruin-1': 3 },
    full: { 'temple-1': 3, 'ruin-1': 3 },
    players: [{ at: 'temple-12' }, { at: 'temple-9' }, { at: 'temple-9' }],
  });
  act(s, { t: 'move', trails: [23] }, { t: 'explore' });
  assert.deepEqual(g.view(s, 0).players[0]!.ivory, ['IV3-2']);
  assert.equal(player(s, 0).vp, 0);
  // later it works: seats 1 and 2 pass, then seat 0 is first at ruin-1
  act(s, { t: 'move', trails: [19] }, { t: 'end' }, { t: 'move', trails: [19] }, { t: 'end' });
  assert.equal(s.cur, 0);
  act(s, { t: 'move', trails: [33] }, { t: 'explore' });
  assert.equal(player(s, 0).vp, 1);
  // taking IV3-3 does not add +1 to the exploration that gave it
  const t = buildPosition({
    seats: 2,
    temples: { 'temple-1': 'ivory' },
    stacks: { 'temple-1': ['IV1-3', 'IV2-4', 'IV3-3'] },
    players: [{ at: 'temple-12', ivory: ['IV3-3'] }],
  });
  act(t, { t: 'move', trails: [23] }, { t: 'explore' }, { t: 'keep', effect: 3 });
  // 2 VP for the discard, +1 from the IV3-3 already held: not +2
  assert.equal(player(t, 0).vp, 3);
});

// ------------------------------------------------------------------ D-2

test('D-2 base camp is a finite pool: gains come from it and stop when it is empty', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-3', rations: 0 }, { rations: 1 }], pool: 1 });
  const ev = act(s, { t: 'move', trails: [1] });
  assert.deepEqual(
    ofType(ev, 'rations').map((e) => e.rations),
    [1],
  );
  assert.equal(player(s, 0).rations, 1);
  assert.equal(s.pool, 0);
  // the spent ration of an exploration refills it; PU-3 then takes only what is there
  const t = buildPosition({
    seats: 2,
    temples: { 'temple-2': 'purple' },
    stacks: { 'temple-2': ['PU-1', 'PU-3@2'] },
    players: [{ at: 'temple-3', rations: 2 }],
    pool: 0,
  });
  act(t, { t: 'move', trails: [38] });
  const ev2 = act(t, { t: 'explore' });
  assert.deepEqual(
    ofType(ev2, 'rations').map((e) => e.rations),
    [1],
  );
  assert.equal(player(t, 0).rations, 2);
  assert.equal(t.pool, 0);
});

// ------------------------------------------------------------------ D-11

test('D-11 IV2-2: the tiles not taken keep their order and a purple top stays face up', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-2': 'purple' },
    stacks: { 'temple-2': ['PU-1', 'PU-3@2', 'PU-4@3'] },
    players: [{ at: 'temple-3', ivory: ['IV2-2'], rations: 1 }],
  });
  act(s, { t: 'move', trails: [38] }, { t: 'explore' });
  assert.equal(decision(s), 'peek');
  act(s, { t: 'peek', use: true });
  assert.equal(decision(s), 'pick');
  assert.deepEqual(g.view(s, 0).peek, { site: 'temple-2', tiles: ['PU-4', 'PU-3', 'PU-1'] });
  assert.equal(g.view(s, 1).peek, null);
  act(s, { t: 'pick', depth: 1 });
  // PU-3 taken from the middle: 2 rations; PU-1 stays below PU-4
  assert.equal(player(s, 0).rations, 2);
  assert.equal(site(s, 'temple-2', 1).top, 'PU-4');
  assert.equal(site(s, 'temple-2', 1).height, 2);
  assert.deepEqual(s.stacks[loc(s, 'temple-2')], [tile(PURPLE, 1, 1), tile(PURPLE, 3, 4)]);
  assert.deepEqual(g.view(s, 1).discards, ['IV2-2', 'PU-3']);
});

// ------------------------------------------------------------------ D-14

test('D-14 PU-5: teleport to camp with 3 rations; the turn goes on to the toolbox window', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-2': 'purple' },
    stacks: { 'temple-2': ['PU-1', 'PU-5@2'] },
    players: [{ at: 'temple-3', rations: 1, machete: [0, 1, 0], bottom: 0 }],
    pool: 8,
  });
  act(s, { t: 'move', trails: [38] });
  const ev = act(s, { t: 'explore' });
  assert.ok(types(ev).includes('teleport'));
  assert.equal(player(s, 0).loc, s.board.camp);
  assert.equal(player(s, 0).rations, 3);
  assert.equal(s.cur, 0, 'the turn did not end');
  assert.equal(decision(s), 'post');
  assert.deepEqual(g.choices(s), [{ t: 'tool', col: 'machete', level: 2 }, { t: 'end' }]);
  act(s, { t: 'tool', col: 'machete', level: 2 });
  assert.equal(player(s, 0).rations, 5);
  assert.equal(s.cur, 1);
});

test('D-14 PU-5 with IV3-5: one ration more', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-2': 'purple' },
    stacks: { 'temple-2': ['PU-1', 'PU-5@2'] },
    players: [{ at: 'temple-3', rations: 1, ivory: ['IV3-5'] }],
    pool: 8,
  });
  act(s, { t: 'move', trails: [38] }, { t: 'explore' });
  assert.equal(player(s, 0).rations, 4);
  assert.equal(s.pool, 5);
});

// ------------------------------------------------------------------ D-15

test("D-15 PU-7: the neighbour's last tile reveals its relic", () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-2': 'purple', 'temple-1': 'blue' },
    stacks: { 'temple-2': ['PU-1', 'PU-7@2'], 'temple-1': ['B1:4'] },
    players: [{ at: 'temple-3', rations: 1 }],
  });
  act(s, { t: 'move', trails: [38] }, { t: 'explore' }, { t: 'neighbour', site: 'temple-1' });
  assert.equal(player(s, 0).blue.length, 1);
  assert.equal(site(s, 'temple-1').relic, 'blue');
  assert.equal(player(s, 0).loc, loc(s, 'temple-2'), 'the explorer does not move');
});

test('D-15 a neighbouring PU-7 chains, resolved from the temple the explorer stands on', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-2': 'purple', 'temple-3': 'purple', 'temple-1': 'ivory' },
    stacks: { 'temple-2': ['PU-1', 'PU-7@2'], 'temple-3': ['PU-3', 'PU-7@2'], 'temple-1': ['IV1-1'], 'ruin-1': 2, 'ruin-2': 2 },
    players: [{ at: 'temple-1', rations: 1 }],
    tokens: [7, 11, 13, 15, 18, 22, 28, 30, 34],
  });
  act(s, { t: 'move', trails: [24] }, { t: 'explore' });
  act(s, { t: 'neighbour', site: 'temple-3' });
  // temple-3's PU-7 chains: neighbours are those of temple-2 (not ruin-3, temple-3's own neighbour)
  assert.equal(decision(s), 'neighbour');
  assert.deepEqual(
    choices(s, 'neighbour')
      .map((c) => (c as { site: string }).site)
      .sort(),
    ['ruin-1', 'ruin-2', 'temple-1', 'temple-3'],
  );
  act(s, { t: 'neighbour', site: 'temple-1' });
  assert.deepEqual(g.view(s, 1).players[0]!.ivory, ['IV1-1']);
  assert.equal(site(s, 'temple-1').relic, 'ivory');
  assert.deepEqual(g.view(s, 1).discards, ['PU-7', 'PU-7']);
  assert.equal(site(s, 'temple-3').top, 'PU-3');
  assert.equal(site(s, 'temple-2').top, 'PU-1');
});
