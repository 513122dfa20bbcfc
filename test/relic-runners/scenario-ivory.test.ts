import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import {
  g,
  buildPosition,
  act,
  choices,
  decision,
  assertIllegal,
  moveSets,
  type PositionSpec,
  type RRChoice,
  type State,
  FIRST_GAME_TEMPLES,
  RIVER_TRAILS,
} from '../helpers/rr.js';

/* Scenario tests for the ivory tiles (rules §4) and the ivory conflict of RR-EXPL-4. */

const ALL_RIVERS = RIVER_TRAILS;
const riversExcept = (...ids: number[]): number[] => ALL_RIVERS.filter((t) => !ids.includes(t));
const TEMPLES = FIRST_GAME_TEMPLES;

const pv = (s: State, seat = 0, viewer = seat) => g.view(s, viewer).players[seat]!;
const offered = (s: State, c: RRChoice): boolean => choices(s).some((x) => isDeepStrictEqual(x, c));
const mine = (s: State, seat = 0): number[] =>
  pv(s, seat)
    .pathways.slice()
    .sort((a, b) => a - b);
const discards = (s: State): readonly string[] => g.view(s, null).discards;
const steps = (s: State): number => {
  const f = s.stack[s.stack.length - 1];
  return f && f.k === 'steps' ? f.n : 0;
};

/**
 * A 2-seat position in which seat 0 already triggered the end and seat 1 plays the last turn:
 * seat 1 walks from ruin-1 into base camp, which ends its turn and the game.
 */
function endOf(seat0: NonNullable<PositionSpec['players']>[number], seat1: NonNullable<PositionSpec['players']>[number] = {}): State {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    players: [seat0, { at: 'ruin-1', rations: 0, ...seat1 }],
    current: 1,
    trigger: 0,
    pool: 10,
  });
  act(s, { t: 'move', trails: [4] });
  return s;
}
const breakdown = (s: State, seat = 0) => {
  const r = g.view(s, null).result;
  assert.ok(r, 'the game is over');
  return r.scores[seat]!;
};

// ---------------------------------------------------------------- level 1

test('IV1-1 scores 3 VP per ivory tile held, itself included', () => {
  const s = endOf({ ivory: ['IV1-1', 'IV2-4', 'IV3-1'] });
  assert.equal(s.over, true);
  assert.equal(breakdown(s).ivory, 9);
  const t = endOf({ ivory: ['IV1-1'] });
  assert.equal(breakdown(t).ivory, 3);
  assert.equal(g.result(t)!.scores[0], 3);
});

test('IV1-2 scores 2 VP per ration left on the chart', () => {
  const s = endOf({ ivory: ['IV1-2'], rations: 4 });
  assert.equal(breakdown(s).ivory, 8);
  const t = endOf({ ivory: ['IV1-2'], rations: 0 });
  assert.equal(breakdown(t).ivory, 0);
});

test('IV1-3 D-10 scores 5 VP per relic beyond the first of each colour', () => {
  const s = endOf({ ivory: ['IV1-3'], relics: { green: 3, blue: 1, ivory: 2 } });
  const b = breakdown(s);
  assert.equal(b.ivory, 15, '2 extra green + 1 extra ivory');
  assert.equal(b.relics, 15);
  assert.equal(b.total, 30);
  const t = endOf({ ivory: ['IV1-3'], relics: { green: 1, blue: 1, ivory: 1, purple: 1 } });
  assert.equal(breakdown(t).ivory, 0, 'no colour held twice: nothing (D-10 rejects the "each relic" reading)');
});

test('IV1-4 scores 1 VP per own pathway on the board', () => {
  const s = endOf({ ivory: ['IV1-4'], pathways: [1, 7, 20, 21, 33] }, { pathways: [2, 3] });
  assert.equal(breakdown(s).ivory, 5);
});

test('IV1-5 scores 4 VP per toolbox on the table, the bottom included', () => {
  const s = endOf({ ivory: ['IV1-5'], bottom: 1, machete: [1, 0, 0], reserve: 1 });
  assert.equal(breakdown(s).ivory, 8);
  const t = endOf({ ivory: ['IV1-5'], bottom: 1, shovel: [0, 0, 1], compass: [0, 1, 0], reserve: 0 });
  assert.equal(breakdown(t).ivory, 12);
});

test('IV1-6 gives one extra turn after the last final turn; the tile is spent without the 2 VP', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    players: [
      { ivory: ['IV1-6'], at: 'ruin-3', vp: 4 },
      { at: 'ruin-1', rations: 0 },
    ],
    current: 1,
    trigger: 0,
    pool: 10,
  });
  act(s, { t: 'move', trails: [4] });
  assert.equal(s.over, false);
  assert.equal(s.cur, 0);
  assert.equal(decision(s), 'extra');
  assert.deepEqual(choices(s), [
    { t: 'extra', use: true },
    { t: 'extra', use: false },
  ]);
  const ev = act(s, { t: 'extra', use: true });
  assert.ok(ev.some((e) => e.type === 'turn' && e.seat === 0));
  assert.deepEqual(pv(s).ivory, []);
  assert.ok(discards(s).includes('IV1-6'));
  assert.equal(s.players[0]!.vp, 4, 'no 2 VP for this discard');
  assert.equal(decision(s), 'move');
  act(s, { t: 'move', trails: [1] }); // into base camp: the extra turn ends, and the game
  assert.equal(s.over, true);
  assert.equal(breakdown(s).ivory, 0);
});

test('IV1-6 the extra turn may be declined; the tile scores nothing', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    players: [
      { ivory: ['IV1-6'], at: 'ruin-3' },
      { at: 'ruin-1', rations: 0 },
    ],
    current: 1,
    trigger: 0,
    pool: 10,
  });
  act(s, { t: 'move', trails: [4] }, { t: 'extra', use: false });
  assert.equal(s.over, true);
  assert.equal(breakdown(s).ivory, 0);
  assert.equal(s.players[0]!.loc, s.board.locIndex.get('ruin-3'));
});

// ---------------------------------------------------------------- level 2

test('IV2-1 D-18 the unfamiliar trail may sit inside the familiar chain, spending the tile only when needed', () => {
  // temple-11 -12(own)- ruin-1 -13- temple-3 -14(own)- ruin-3
  const spec = (ivory: string[]): PositionSpec => ({
    seats: 2,
    temples: TEMPLES,
    players: [{ at: 'temple-11', pathways: [12, 14], ivory }],
    tokens: riversExcept(13),
  });
  const plain = buildPosition(spec([]));
  assert.ok(!moveSets(plain).includes('12,13,14'));
  const s = buildPosition(spec(['IV2-1']));
  assert.ok(moveSets(s).includes('12,13,14'));
  assert.ok(moveSets(s).includes('12,13'), 'ordinary moves stay open');
  const keep = g.clone(s);
  act(keep, { t: 'move', trails: [12, 13] });
  assert.deepEqual(pv(keep).ivory, ['IV2-1'], 'an ordinary move keeps the tile');
  const ev = act(s, { t: 'move', trails: [12, 13, 14] });
  assert.ok(ev.some((e) => e.type === 'ivoryUsed'));
  assert.deepEqual(pv(s).ivory, []);
  assert.ok(discards(s).includes('IV2-1'));
  assert.equal(s.players[0]!.loc, s.board.locIndex.get('ruin-3'));
});

test('IV2-2 look at the whole temple stack and take any tile; the rest keep their order', () => {
  const spec: PositionSpec = {
    seats: 2,
    temples: TEMPLES,
    stacks: { 'temple-2': ['PU-3', 'PU-4@2', 'PU-1@3'] },
    players: [{ at: 'ruin-1', rations: 2, ivory: ['IV2-2'] }],
  };
  const s = buildPosition(spec);
  act(s, { t: 'move', trails: [40] }, { t: 'explore' });
  assert.equal(decision(s), 'peek');
  assert.deepEqual(choices(s), [
    { t: 'peek', use: true },
    { t: 'peek', use: false },
  ]);
  act(s, { t: 'peek', use: true });
  assert.equal(decision(s), 'pick');
  assert.deepEqual(g.view(s, 0).peek, { site: 'temple-2', tiles: ['PU-1', 'PU-4', 'PU-3'] });
  assert.equal(g.view(s, 1).peek, null, 'only the holder sees the stack');
  assert.deepEqual(choices(s), [
    { t: 'pick', depth: 0 },
    { t: 'pick', depth: 1 },
    { t: 'pick', depth: 2 },
  ]);
  act(s, { t: 'pick', depth: 2 }); // PU-3 from the bottom: 2 rations
  assert.equal(s.players[0]!.rations, 3);
  assert.equal(s.players[0]!.vp, 0);
  assert.deepEqual(pv(s).ivory, []);
  const site = g.view(s, 1).sites.find((x) => x.id === 'temple-2')!;
  assert.equal(site.height, 2);
  assert.equal(site.top, 'PU-1', 'the face-up top tile stays on top');
});

test('IV2-2 D-18 declining the look takes the top tile and keeps IV2-2', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'temple-2': ['PU-3', 'PU-4@2', 'PU-1@3'] },
    players: [{ at: 'ruin-1', rations: 2, ivory: ['IV2-2'] }],
  });
  act(s, { t: 'move', trails: [40] }, { t: 'explore' }, { t: 'peek', use: false });
  assert.equal(s.players[0]!.vp, 3);
  assert.deepEqual(pv(s).ivory, ['IV2-2']);
});

test('IV2-3 D-18 at the start of the turn, refill rations to 5 from base camp, or keep the tile', () => {
  const s = buildPosition({ seats: 2, temples: TEMPLES, players: [{ at: 'camp', rations: 1, ivory: ['IV2-3'] }], pool: 8 });
  assert.equal(decision(s), 'refill');
  assert.deepEqual(choices(s), [
    { t: 'refill', use: true },
    { t: 'refill', use: false },
  ]);
  const no = g.clone(s);
  act(no, { t: 'refill', use: false });
  assert.equal(no.players[0]!.rations, 1);
  assert.deepEqual(pv(no).ivory, ['IV2-3']);
  assert.equal(decision(no), 'move');
  act(s, { t: 'refill', use: true });
  assert.equal(s.players[0]!.rations, 5);
  assert.equal(s.pool, 4);
  assert.deepEqual(pv(s).ivory, []);
  assert.ok(discards(s).includes('IV2-3'));
  assert.equal(decision(s), 'move');
  // With a full chart there is nothing to ask.
  const full = buildPosition({ seats: 2, temples: TEMPLES, players: [{ at: 'camp', rations: 5, ivory: ['IV2-3'] }] });
  assert.equal(decision(full), 'move');
});

test('IV2-4 D-18 (optional) place two pathways instead of one, both adjacent to the explorer', () => {
  // ruin-8 touches 21, 22 and 37.
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'ruin-8': 2 },
    players: [{ at: 'temple-10', rations: 1, ivory: ['IV2-4'] }],
  });
  act(s, { t: 'move', trails: [21] }, { t: 'explore' });
  assert.equal(decision(s), 'place');
  assert.ok(offered(s, { t: 'place', trail: 22 }));
  assert.ok(offered(s, { t: 'place', trail: 22, ivory: 4 }));
  act(s, { t: 'place', trail: 22, ivory: 4 });
  assert.equal(decision(s), 'place');
  assert.deepEqual(choices(s), [
    { t: 'place', trail: 21 },
    { t: 'place', trail: 37 },
  ]);
  act(s, { t: 'place', trail: 37 });
  assert.deepEqual(mine(s), [22, 37]);
  assert.equal(s.players[0]!.supply, 8);
  assert.deepEqual(pv(s).ivory, []);
});

test('IV2-4 D-27 with one pathway in supply it places one and is spent', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'ruin-8': 2 },
    players: [{ at: 'temple-10', rations: 1, ivory: ['IV2-4'], pathways: [1, 2, 3, 4, 5, 6, 7, 8, 9] }],
  });
  act(s, { t: 'move', trails: [21] }, { t: 'explore' }, { t: 'place', trail: 22, ivory: 4 });
  assert.notEqual(decision(s), 'place');
  assert.equal(s.players[0]!.supply, 0);
  assert.deepEqual(pv(s).ivory, []);
});

test('IV2-4 D-27 with one legal trail it places one and is spent', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'ruin-8': 2 },
    players: [{ at: 'temple-10', rations: 1, ivory: ['IV2-4'], pathways: [21, 22] }],
  });
  act(s, { t: 'move', trails: [21] }, { t: 'explore' });
  assert.deepEqual(choices(s), [
    { t: 'place', trail: 37 },
    { t: 'place', trail: 37, ivory: 4 },
  ]);
  act(s, { t: 'place', trail: 37, ivory: 4 });
  assert.notEqual(decision(s), 'place');
  assert.deepEqual(mine(s), [21, 22, 37]);
  assert.deepEqual(pv(s).ivory, []);
});

test('IV2-4 D-27 it never applies to moving pathways', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    players: [{ at: 'camp', ivory: ['IV2-4'], pathways: [20], bottom: 0, compass: [1, 0, 0], reserve: 2 }],
  });
  act(s, { t: 'tool', col: 'compass', level: 1 }, { t: 'lift', trail: 20 });
  assert.ok(choices(s).every((c) => c.t === 'lay'));
  act(s, { t: 'lay', trail: 4 });
  assert.deepEqual(mine(s), [4]);
  assert.deepEqual(pv(s).ivory, ['IV2-4']);
});

test('IV2-5 D-18 (optional) place a pathway from supply on any trail', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'ruin-8': 2 },
    players: [{ at: 'temple-10', rations: 1, ivory: ['IV2-5'] }],
  });
  act(s, { t: 'move', trails: [21] }, { t: 'explore' });
  assert.ok(offered(s, { t: 'place', trail: 22 }));
  assert.ok(offered(s, { t: 'place', trail: 7, ivory: 5 }));
  assert.ok(!offered(s, { t: 'place', trail: 22, ivory: 5 }), 'adjacent trails need no tile');
  act(s, { t: 'place', trail: 7, ivory: 5 });
  assert.deepEqual(mine(s), [7]);
  assert.deepEqual(pv(s).ivory, []);
  assert.ok(discards(s).includes('IV2-5'));
});

test('IV2-5 makes Shovel 2 usable when no adjacent trail is free', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    players: [{ at: 'ruin-8', pathways: [21, 22, 37], ivory: ['IV2-5'], bottom: 0, shovel: [0, 1, 0], reserve: 2 }],
  });
  assert.ok(offered(s, { t: 'tool', col: 'shovel', level: 2 }));
  act(s, { t: 'tool', col: 'shovel', level: 2 });
  assert.ok(choices(s).every((c) => c.t === 'place' && c.ivory === 5));
  assert.equal(choices(s).length, 37);
  act(s, { t: 'place', trail: 1, ivory: 5 });
  assert.deepEqual(mine(s), [1, 21, 22, 37]);
});

test('IV2-5 D-18 D-21 a ruin with no free adjacent trail: the holder may place nothing and keep the tile', () => {
  // ruin-8 touches temple-10 (21), temple-12 (22) and ruin-7 (37): all three carry seat 0's pathways.
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'ruin-8': 2 },
    players: [{ at: 'temple-10', rations: 1, pathways: [21, 22, 37], ivory: ['IV2-5'] }],
  });
  act(s, { t: 'move', trails: [21] }, { t: 'explore' });
  assert.equal(decision(s), 'place');
  assert.ok(offered(s, { t: 'place', trail: 7, ivory: 5 }), 'IV2-5 may still place it anywhere');
  assert.ok(offered(s, { t: 'pass' }), 'placing nothing is offered: the tile is never forced');
  assert.deepEqual(
    choices(s).filter((c) => c.t !== 'pass' && !(c.t === 'place' && c.ivory === 5)),
    [],
    'no placement without the tile',
  );
  const ev = act(s, { t: 'pass' });
  assert.ok(!ev.some((e) => e.type === 'pathway' || e.type === 'ivoryUsed'), JSON.stringify(ev));
  assert.deepEqual(mine(s), [21, 22, 37]);
  assert.equal(s.players[0]!.supply, 7);
  assert.deepEqual(pv(s).ivory, ['IV2-5'], 'the tile is kept');
  assert.ok(!discards(s).includes('IV2-5'));
  assert.equal(g.view(s, null).sites.find((x) => x.id === 'ruin-8')!.height, 1, 'the ruin is explored all the same');
  assert.equal(s.players[0]!.rations, 0);
});

test('IV2-5 D-18 D-21 PU-7: a neighbouring ruin explored from a purple temple with no free adjacent trail places nothing if the holder wants', () => {
  // temple-2 (purple, PU-7 on top) touches temple-1 (24), ruin-2 (25), temple-3 (38) and ruin-1 (40); seat 0 owns all four.
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'temple-2': ['PU-1', 'PU-7@2'], 'ruin-2': 2, 'temple-1': [], 'temple-3': [], 'ruin-1': 0 },
    players: [{ at: 'ruin-1', rations: 2, pathways: [24, 25, 38, 40], ivory: ['IV2-5'] }],
  });
  act(s, { t: 'move', trails: [40] }, { t: 'explore' }, { t: 'neighbour', site: 'ruin-2' });
  assert.equal(decision(s), 'place');
  assert.ok(offered(s, { t: 'place', trail: 7, ivory: 5 }));
  assert.ok(offered(s, { t: 'pass' }));
  act(s, { t: 'pass' });
  assert.deepEqual(mine(s), [24, 25, 38, 40]);
  assert.deepEqual(pv(s).ivory, ['IV2-5']);
  assert.equal(g.view(s, null).sites.find((x) => x.id === 'ruin-2')!.height, 1);
  assert.equal(s.players[0]!.rations, 1);
});

test('IV2-5 D-18 RR-EXPL-3 with a free adjacent trail the ruin placement stays mandatory: nothing to decline', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'ruin-8': 2 },
    players: [{ at: 'temple-10', rations: 1, pathways: [21, 22], ivory: ['IV2-5'] }],
  });
  act(s, { t: 'move', trails: [21] }, { t: 'explore' });
  assert.ok(offered(s, { t: 'place', trail: 37 }));
  assertIllegal(s, { t: 'pass' });
});

test('IV2-6 teleport to another temple of the same colour holding no relic, instead of moving', () => {
  // Purple temples: 2, 5, 9, 10. temple-9 shows a relic, temple-10 is an empty shrine.
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'temple-2': ['PU-3'], 'temple-5': ['PU-1'], 'temple-9': [], 'temple-10': [] },
    relics: ['temple-9'],
    players: [{ at: 'temple-2', ivory: ['IV2-6'], bottom: 0, shovel: [1, 0, 0], reserve: 2 }],
  });
  assert.deepEqual(choices(s, 'teleport'), [
    { t: 'teleport', to: 'temple-5' },
    { t: 'teleport', to: 'temple-10' },
  ]);
  assert.ok(choices(s, 'move').length > 0, 'an ordinary move stays open (D-18)');
  const ev = act(s, { t: 'teleport', to: 'temple-10' });
  assert.ok(ev.some((e) => e.type === 'teleport'));
  assert.ok(!ev.some((e) => e.type === 'token'));
  assert.equal(s.players[0]!.loc, s.board.locIndex.get('temple-10'));
  assert.deepEqual(pv(s).ivory, []);
  assert.equal(decision(s), 'post', 'the turn goes on after the teleport');
  assert.equal(g.view(s, 0).tokens.length, 10);
});

test('IV2-6 is not offered away from a temple site', () => {
  const s = buildPosition({ seats: 2, temples: TEMPLES, players: [{ at: 'ruin-1', ivory: ['IV2-6'] }] });
  assert.equal(choices(s, 'teleport').length, 0);
  assertIllegal(s, { t: 'teleport', to: 'temple-5' });
});

// ---------------------------------------------------------------- level 3

test('IV3-1 +1 VP per pathway placed from supply, none for moving one', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'ruin-8': 2 },
    full: { 'ruin-8': 3 },
    players: [
      { at: 'temple-10', rations: 1, ivory: ['IV3-1'], pathways: [5], bottom: 0, compass: [1, 0, 0], shovel: [0, 1, 0], reserve: 1 },
    ],
  });
  act(s, { t: 'move', trails: [21] }, { t: 'explore' }, { t: 'place', trail: 22 });
  assert.equal(s.players[0]!.vp, 1);
  act(s, { t: 'tool', col: 'compass', level: 1 }, { t: 'lift', trail: 5 }, { t: 'lay', trail: 37 });
  assert.equal(s.players[0]!.vp, 1, 'moving a pathway scores nothing');
  const t = buildPosition({
    seats: 2,
    temples: TEMPLES,
    players: [{ at: 'ruin-8', ivory: ['IV3-1'], bottom: 0, shovel: [0, 1, 0], reserve: 2 }],
  });
  act(t, { t: 'tool', col: 'shovel', level: 2 }, { t: 'place', trail: 21 });
  assert.equal(t.players[0]!.vp, 1, 'Shovel 2 places from supply too');
});

test('IV3-2 +1 VP for being first to explore a site, not later', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'ruin-8': 2, 'ruin-7': 2 },
    full: { 'ruin-8': 2, 'ruin-7': 3 },
    players: [{ at: 'temple-10', rations: 2, ivory: ['IV3-2'] }],
  });
  act(s, { t: 'move', trails: [21] }, { t: 'explore' }, { t: 'place', trail: 37 });
  assert.equal(s.players[0]!.vp, 1);
  const t = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'ruin-7': 2 },
    full: { 'ruin-7': 3 },
    players: [{ at: 'temple-10', rations: 2, ivory: ['IV3-2'] }],
  });
  act(t, { t: 'move', trails: [31] }, { t: 'explore' }, { t: 'place', trail: 3 });
  assert.equal(t.players[0]!.vp, 0, 'ruin-7 had been explored before');
});

test('IV3-3 +1 VP when exploring a temple scores VP, also with a blue tile; not for a ruin or a VP-less tile', () => {
  const base = (stacks: PositionSpec['stacks'], at: string): State =>
    buildPosition({
      seats: 2,
      temples: TEMPLES,
      stacks,
      players: [{ at, rations: 2, ivory: ['IV3-3'] }],
      tokens: riversExcept(13, 24, 34),
    });
  const pu = base({ 'temple-2': ['PU-3', 'PU-1@2'] }, 'ruin-1');
  act(pu, { t: 'move', trails: [40] }, { t: 'explore' });
  assert.equal(pu.players[0]!.vp, 4);
  const blue = base({ 'temple-3': ['B1:5', 'B2:3'] }, 'ruin-1');
  act(blue, { t: 'move', trails: [13] }, { t: 'explore' });
  assert.equal(blue.players[0]!.vp, 1);
  assert.equal(blue.players[0]!.blue.length, 1);
  const rations = base({ 'temple-2': ['PU-1', 'PU-3@2'] }, 'ruin-1');
  act(rations, { t: 'move', trails: [40] }, { t: 'explore' });
  assert.equal(rations.players[0]!.vp, 0);
  const ruin = base({ 'ruin-8': 3 }, 'temple-10');
  act(ruin, { t: 'move', trails: [21] }, { t: 'explore' }, { t: 'place', trail: 22 });
  assert.equal(ruin.players[0]!.vp, 0);
});

test('IV3-3 D-13 +1 once per exploration action: two explorations in a turn give two', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'temple-2': ['PU-3', 'PU-1@2', 'PU-1@3'] },
    players: [{ at: 'ruin-1', rations: 2, ivory: ['IV3-3'], bottom: 0, machete: [1, 0, 0], reserve: 2 }],
  });
  act(s, { t: 'move', trails: [40] }, { t: 'explore' });
  assert.equal(s.players[0]!.vp, 4);
  act(s, { t: 'tool', col: 'machete', level: 1 });
  assert.equal(s.players[0]!.vp, 8);
});

test('IV3-3 D-13 an ivory exploration ending in a discard scores 2 + 1 VP', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'temple-1': ['IV1-2', 'IV3-4'] },
    players: [{ at: 'ruin-1', rations: 2, ivory: ['IV3-3'] }],
  });
  act(s, { t: 'move', trails: [33] }, { t: 'explore' });
  assert.equal(decision(s), 'keep');
  act(s, { t: 'keep', effect: 4 });
  assert.equal(s.players[0]!.vp, 3, 'IV3-3 is still active while it is being discarded (D-23)');
  assert.deepEqual(pv(s).ivory, ['IV3-4']);
});

test('IV3-4 +1 ration each time an opponent moves one of its pathways on the board', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    players: [
      { at: 'camp', pathways: [20, 21], bottom: 0, compass: [0, 1, 0], reserve: 2 },
      { rations: 2, ivory: ['IV3-4'] },
    ],
    pool: 10,
  });
  const ev = act(s, { t: 'tool', col: 'compass', level: 2 }, { t: 'lift', trail: 20 }, { t: 'lay', trail: 1 });
  assert.equal(s.players[1]!.rations, 3);
  assert.ok(ev.some((e) => e.type === 'rations' && e.seat === 1));
  act(s, { t: 'lift', trail: 21 }, { t: 'lay', trail: 2 });
  assert.equal(s.players[1]!.rations, 4);
  assert.equal(s.pool, 8);
  // Placing from supply is not moving.
  const t = buildPosition({
    seats: 2,
    temples: TEMPLES,
    players: [
      { at: 'ruin-8', bottom: 0, shovel: [0, 1, 0], reserve: 2 },
      { rations: 2, ivory: ['IV3-4'] },
    ],
  });
  act(t, { t: 'tool', col: 'shovel', level: 2 }, { t: 'place', trail: 21 });
  assert.equal(t.players[1]!.rations, 2);
});

test('IV3-4 the holder gains nothing for moving its own pathways', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    players: [{ at: 'camp', rations: 2, ivory: ['IV3-4'], pathways: [20], bottom: 0, compass: [1, 0, 0], reserve: 2 }],
  });
  act(s, { t: 'tool', col: 'compass', level: 1 }, { t: 'lift', trail: 20 }, { t: 'lay', trail: 1 });
  assert.equal(s.players[0]!.rations, 2);
});

test('IV3-5 one ration more when coming back to base camp', () => {
  const s = buildPosition({ seats: 2, temples: TEMPLES, players: [{ at: 'ruin-1', rations: 1, ivory: ['IV3-5'] }], pool: 10 });
  act(s, { t: 'move', trails: [4] });
  assert.equal(s.players[0]!.rations, 5);
  assert.equal(s.pool, 6);
  const t = buildPosition({ seats: 2, temples: TEMPLES, players: [{ at: 'ruin-1', rations: 2, ivory: ['IV3-5'] }], pool: 10 });
  act(t, { t: 'move', trails: [4] });
  assert.equal(t.players[0]!.rations, 5, 'still capped at 5');
});

test('IV3-6 leaving base camp the holder must flip one token anywhere, with no step', () => {
  const s = buildPosition({ seats: 2, temples: TEMPLES, stacks: { 'ruin-1': 2 }, players: [{ at: 'camp', ivory: ['IV3-6'] }] });
  act(s, { t: 'move', trails: [4] });
  assert.equal(decision(s), 'leaveFlip');
  assert.equal(choices(s).length, 10);
  assert.ok(choices(s).every((c) => c.t === 'flip'));
  assertIllegal(s, { t: 'pass' });
  act(s, { t: 'flip', trail: 24 });
  assert.equal(decision(s), 'post');
  assert.deepEqual(
    [...g.view(s, 0).tokens].sort((a, b) => a - b),
    riversExcept(24),
  );
  assert.equal(s.players[0]!.tb[0], 1, 'no step');
});

test('IV3-6 flipping a grey token coloured is allowed too', () => {
  const s = buildPosition({ seats: 2, temples: TEMPLES, players: [{ at: 'camp', ivory: ['IV3-6'] }], tokens: [7] });
  act(s, { t: 'move', trails: [4] }, { t: 'flip', trail: 24 });
  assert.deepEqual(
    [...g.view(s, 0).tokens].sort((a, b) => a - b),
    [7, 24],
  );
});

test('IV3-6 flipping the last coloured token grey resets all and gives one step', () => {
  const s = buildPosition({ seats: 2, temples: TEMPLES, players: [{ at: 'camp', ivory: ['IV3-6'] }], tokens: [24] });
  const ev = act(s, { t: 'move', trails: [4] }, { t: 'flip', trail: 24 });
  assert.ok(ev.some((e) => e.type === 'tokensReset'));
  assert.equal(g.view(s, 0).tokens.length, 10);
  assert.equal(decision(s), 'steps');
  assert.equal(steps(s), 1);
});

test('IV3-6 is not triggered by a move that does not leave base camp', () => {
  const s = buildPosition({ seats: 2, temples: TEMPLES, players: [{ at: 'ruin-8', ivory: ['IV3-6'] }], tokens: riversExcept(22) });
  act(s, { t: 'move', trails: [21] });
  assert.notEqual(decision(s), 'leaveFlip');
});

test('IV3-6 D-28 the flip comes before the move uses its trails', () => {
  // camp -6(own)- temple-11 -11(river)- ruin-7. Token 11 starts grey.
  const spec: PositionSpec = {
    seats: 2,
    temples: TEMPLES,
    players: [{ at: 'camp', pathways: [6], ivory: ['IV3-6'] }],
    tokens: riversExcept(11),
  };
  const s = buildPosition(spec);
  act(s, { t: 'move', trails: [6, 11] }, { t: 'flip', trail: 11 });
  assert.equal(decision(s), 'steps', 'flipped coloured first, then flipped grey by the move: one step');
  assert.equal(steps(s), 1);
  assert.ok(!g.view(s, 0).tokens.includes(11));
  // The other way: a coloured token flipped grey on leaving gives the move nothing to flip.
  const t = buildPosition({ ...spec, tokens: ALL_RIVERS });
  act(t, { t: 'move', trails: [6, 11] }, { t: 'flip', trail: 11 });
  assert.notEqual(decision(t), 'steps');
  assert.ok(!g.view(t, 0).tokens.includes(11));
});

// ---------------------------------------------------------------- worked example (c): the ivory conflict

test('RR-EXPL-4 worked example: a second ivory tile of a held level — keep one, discard the other, score 2 VP', () => {
  const spec: PositionSpec = {
    seats: 2,
    temples: TEMPLES,
    stacks: { 'temple-1': ['IV1-1', 'IV2-1'] },
    players: [{ at: 'ruin-1', rations: 2, ivory: ['IV2-5'], vp: 1 }],
  };
  const s = buildPosition(spec);
  act(s, { t: 'move', trails: [33] }, { t: 'explore' });
  assert.equal(decision(s), 'keep');
  assert.deepEqual(choices(s), [
    { t: 'keep', effect: 5 },
    { t: 'keep', effect: 1 },
  ]);
  assert.deepEqual(g.view(s, 1).keep, ['IV2-5', 'IV2-1'], 'the choice is public');
  const other = g.clone(s);
  act(s, { t: 'keep', effect: 1 });
  assert.deepEqual(pv(s).ivory, ['IV2-1']);
  assert.ok(discards(s).includes('IV2-5'));
  assert.equal(s.players[0]!.vp, 3);
  act(other, { t: 'keep', effect: 5 });
  assert.deepEqual(pv(other).ivory, ['IV2-5']);
  assert.ok(discards(other).includes('IV2-1'));
  assert.equal(other.players[0]!.vp, 3);
});

test('RR-EXPL-4 a first tile of a new level is simply kept, without VP', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'temple-1': ['IV1-1', 'IV2-1'] },
    players: [{ at: 'ruin-1', rations: 2, ivory: ['IV1-4', 'IV3-5'] }],
  });
  act(s, { t: 'move', trails: [33] }, { t: 'explore' });
  assert.notEqual(decision(s), 'keep');
  assert.deepEqual(pv(s).ivory, ['IV1-4', 'IV2-1', 'IV3-5']);
  assert.equal(s.players[0]!.vp, 0);
});
