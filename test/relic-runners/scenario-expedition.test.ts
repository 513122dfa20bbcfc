import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GameEvent } from '../../src/core/game.js';
import { scoreBreakdown } from '../../src/games/relic-runners/scoring.js';
import { g, act, assertIllegal, buildPosition, choices, decision, moveSets, player, loc, type State } from '../helpers/rr.js';

const site = (s: State, id: string) => g.view(s, null).sites.find((x) => x.id === id)!;
const ofType = (ev: GameEvent[], type: string) => ev.filter((e) => e.type === type) as unknown as Record<string, unknown>[];
/** A full temple layout with purple on temples 2, 5, 9, 10. */
const LAYOUT = {
  'temple-1': 'ivory',
  'temple-3': 'ivory',
  'temple-6': 'ivory',
  'temple-11': 'ivory',
  'temple-4': 'blue',
  'temple-7': 'blue',
  'temple-8': 'blue',
  'temple-12': 'blue',
  'temple-2': 'purple',
  'temple-5': 'purple',
  'temple-9': 'purple',
  'temple-10': 'purple',
} as const;
/** River tokens all coloured except these. */
const allBut = (...ids: number[]): number[] => [7, 11, 13, 15, 18, 22, 24, 28, 30, 34].filter((t) => !ids.includes(t));

/** Seat 0 on ruin-7's shrine (green relic); ruin-6 also a green shrine with its relic. */
function greenRun(extra: Partial<Parameters<typeof buildPosition>[0]> = {}): State {
  return buildPosition({
    seats: 2,
    stacks: { 'ruin-7': [], 'ruin-6': [] },
    relics: ['ruin-7', 'ruin-6'],
    tokens: allBut(30),
    players: [{ at: 'ruin-7', pathways: [37, 21, 20] }],
    ...extra,
  });
}

// ------------------------------------------------------------------ RR-EXP-1

test('RR-EXP-1 worked example: a relic expedition along 4 trails is worth 8 VP', () => {
  const s = greenRun();
  // ruin-7 -37- ruin-8 -21- temple-10 -20- temple-9 -30- ruin-6: three familiar, one unfamiliar
  assert.ok(moveSets(s).includes('37,21,20,30'));
  act(s, { t: 'move', trails: [37, 21, 20, 30] });
  assert.equal(decision(s), 'relic');
  assert.deepEqual(g.choices(s), [
    { t: 'relic', take: true },
    { t: 'relic', take: false },
  ]);
  const ev = act(s, { t: 'relic', take: true });
  assert.deepEqual(
    ofType(ev, 'relicTaken').map((e) => [e.site, e.relic]),
    [['ruin-6', 0]],
  );
  assert.deepEqual(
    ofType(ev, 'vp').map((e) => [e.vp, e.why]),
    [[8, { kind: 'expedition' }]],
  );
  assert.equal(player(s, 0).vp, 8);
  assert.deepEqual(player(s, 0).relics, [1, 0, 0, 0]);
  assert.equal(site(s, 'ruin-6').relic, null);
  assert.equal(site(s, 'ruin-7').relic, 'green', 'the starting relic stays');
  assert.equal(player(s, 0).rations, 3, 'no ration needed');
});

test('RR-EXP-1 2 VP per trail: a one-trail expedition is worth 2 VP', () => {
  const s = greenRun({ players: [{ at: 'ruin-7' }] });
  act(s, { t: 'move', trails: [10] }, { t: 'relic', take: true });
  assert.equal(player(s, 0).vp, 2);
});

test('RR-EXP-1 declining the relic takes nothing and scores nothing', () => {
  const s = greenRun();
  act(s, { t: 'move', trails: [37, 21, 20, 30] });
  const ev = act(s, { t: 'relic', take: false });
  assert.deepEqual(ofType(ev, 'vp'), []);
  assert.equal(player(s, 0).vp, 0);
  assert.deepEqual(player(s, 0).relics, [0, 0, 0, 0]);
  assert.equal(site(s, 'ruin-6').relic, 'green');
});

test('RR-EXP-1 no expedition to a shrine of another colour, nor to a shrine without its relic', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-10': 'purple' },
    stacks: { 'ruin-7': [], 'temple-10': [], 'ruin-6': [] },
    relics: ['ruin-7', 'temple-10'],
    players: [{ at: 'ruin-7' }],
  });
  const purple = g.clone(s);
  act(purple, { t: 'move', trails: [31] });
  assert.notEqual(decision(purple), 'relic');
  assert.deepEqual(choices(purple, 'relic'), []);
  const empty = g.clone(s);
  act(empty, { t: 'move', trails: [10] });
  assert.deepEqual(choices(empty, 'relic'), []);
  assert.equal(empty.cur, 1);
});

test('RR-EXP-1 a turn that did not begin on a shrine gives no expedition', () => {
  const s = buildPosition({
    seats: 2,
    stacks: { 'ruin-7': 1, 'ruin-6': [] },
    relics: ['ruin-6'],
    players: [{ at: 'ruin-7' }],
  });
  act(s, { t: 'move', trails: [10] });
  assert.deepEqual(choices(s, 'relic'), []);
  assert.equal(site(s, 'ruin-6').relic, 'green');
});

// ------------------------------------------------------------------ RR-TURN-1

test('RR-TURN-1 the start-of-turn shrine alone decides: a shrine made before the move does not count', () => {
  // seat 0 on blue temple-12 with its last tile; Machete 1 before the move empties it
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-12': 'blue', 'temple-1': 'blue' },
    stacks: { 'temple-12': ['B1:5'], 'temple-1': [] },
    relics: ['temple-1'],
    players: [{ at: 'temple-12', machete: [1, 0, 0], bottom: 0 }],
  });
  assert.equal(s.turn.startRelic, -1);
  act(s, { t: 'tool', col: 'machete', level: 1 });
  assert.equal(site(s, 'temple-12').relic, 'blue');
  act(s, { t: 'move', trails: [23] });
  assert.deepEqual(choices(s, 'relic'), []);
  assert.equal(site(s, 'temple-1').relic, 'blue');
  assert.deepEqual(player(s, 0).relics, [0, 0, 0, 0]);
});

test('RR-TURN-1 the shrine is noted first, then IV2-3 may be used; the expedition still follows', () => {
  const s = greenRun({ players: [{ at: 'ruin-7', rations: 1, ivory: ['IV2-3'] }], pool: 8 });
  assert.equal(decision(s), 'refill');
  assert.equal(s.turn.startRelic, loc(s, 'ruin-7'));
  assert.deepEqual(g.choices(s), [
    { t: 'refill', use: true },
    { t: 'refill', use: false },
  ]);
  const ev = act(s, { t: 'refill', use: true });
  assert.deepEqual(
    ofType(ev, 'rations').map((e) => [e.rations, e.why]),
    [[4, { kind: 'tile', tile: 'IV2-3' }]],
  );
  assert.equal(player(s, 0).rations, 5);
  assert.equal(s.pool, 4);
  assert.equal(decision(s), 'move');
  act(s, { t: 'move', trails: [10] }, { t: 'relic', take: true });
  assert.equal(player(s, 0).vp, 2);
});

// ------------------------------------------------------------------ RR-EXP-2 / D-7 / D-12

test('RR-EXP-2 D-7 a teleport moves along no trail: no expedition, and the relic at the start stays', () => {
  // seat 0 stands on purple temple-10's shrine (relic); IV2-6 to purple temple-2
  const s = buildPosition({
    seats: 2,
    temples: LAYOUT,
    stacks: { 'temple-10': [], 'temple-9': [], 'temple-2': [], 'temple-5': ['PU-1'] },
    relics: ['temple-10', 'temple-9'],
    players: [{ at: 'temple-10', ivory: ['IV2-6'] }],
  });
  // temple-9 holds a relic: not a destination; temple-2 (a shrine without relic) and temple-5 are
  const tele = choices(s, 'teleport')
    .map((c) => (c as { to: string }).to)
    .sort();
  assert.deepEqual(tele, ['temple-2', 'temple-5']);
  assertIllegal(s, { t: 'teleport', to: 'temple-9' });
  const ev = act(s, { t: 'teleport', to: 'temple-2' });
  assert.deepEqual(
    ev.map((e) => e.type),
    ['ivoryUsed', 'teleport', 'turn'],
  );
  assert.equal(player(s, 0).loc, loc(s, 'temple-2'));
  assert.equal(site(s, 'temple-10').relic, 'purple');
  assert.deepEqual(player(s, 0).relics, [0, 0, 0, 0]);
  assert.equal(player(s, 0).vp, 0);
  assert.deepEqual(player(s, 0).ivory, [0, 0, 0]);
  assert.equal(s.cur, 1);
});

test("D-12 IV2-6 starts only from a temple site, explored or not, and is the turn's move", () => {
  const spec = {
    seats: 2,
    temples: LAYOUT,
    stacks: { 'temple-2': ['PU-1', 'PU-3@2'], 'temple-5': ['PU-1'], 'temple-9': ['PU-4'], 'temple-10': ['PU-4'] },
  };
  const onRuin = buildPosition({ ...spec, players: [{ at: 'ruin-1', ivory: ['IV2-6'] }] });
  assert.deepEqual(choices(onRuin, 'teleport'), []);
  const onCamp = buildPosition({ ...spec, players: [{ at: 'camp', ivory: ['IV2-6'] }] });
  assert.deepEqual(choices(onCamp, 'teleport'), []);
  const s = buildPosition({ ...spec, players: [{ at: 'temple-2', ivory: ['IV2-6'], rations: 2 }] });
  assert.deepEqual(
    choices(s, 'teleport')
      .map((c) => (c as { to: string }).to)
      .sort(),
    ['temple-10', 'temple-5', 'temple-9'],
  );
  // the moves are still offered next to it
  assert.ok(moveSets(s).length > 0);
  act(s, { t: 'teleport', to: 'temple-5' });
  // no trail used, no steps; straight to exploring
  assert.equal(decision(s), 'post');
  assert.deepEqual(s.turn.moved, []);
  assert.deepEqual(choices(s, 'move'), []);
  assert.deepEqual(g.view(s, 1).tokens.length, 10);
  act(s, { t: 'explore' });
  assert.equal(player(s, 0).vp, 3);
  assert.equal(site(s, 'temple-5').relic, 'purple');
});

// ------------------------------------------------------------------ RR-EXP-3

test('RR-EXP-3 at game end 5 VP per distinct relic colour held', () => {
  const s = buildPosition({
    seats: 2,
    current: 0,
    trigger: 1,
    players: [{ at: 'ruin-3', relics: { green: 3, blue: 1 }, vp: 4 }, { relics: { green: 1, ivory: 1, purple: 1 } }],
  });
  assert.equal(scoreBreakdown(player(s, 0)).relics, 10);
  act(s, { t: 'move', trails: [1] });
  assert.equal(g.toAct(s), null);
  const r = g.result(s)!;
  assert.deepEqual(r.scores, [14, 15]);
  assert.deepEqual(r.winners, [1]);
  const v = g.view(s, 1);
  assert.deepEqual(
    v.result!.scores.map((b) => b.relics),
    [10, 15],
  );
});

// ------------------------------------------------------------------ D-1

test('D-1 VP are plain integers: an expedition adds exactly 2 per trail to the total', () => {
  const s = greenRun({ players: [{ at: 'ruin-7', pathways: [37, 21, 20], vp: 11 }] });
  act(s, { t: 'move', trails: [37, 21, 20, 30] }, { t: 'relic', take: true });
  const vp = g.view(s, 0).players[0]!.vp;
  assert.equal(vp, 19);
  assert.ok(Number.isInteger(vp));
  assert.equal(typeof player(s, 0).vp, 'number');
});
