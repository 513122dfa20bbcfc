import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  g,
  buildPosition,
  act,
  choices,
  decision,
  assertIllegal,
  type PositionSpec,
  type State,
  FIRST_GAME_TEMPLES,
  RIVER_TRAILS,
} from '../helpers/rr.js';

/* Scenario tests for the purple tiles (rules §5). The explorer walks ruin-1 -40- temple-2 (purple). */

const ALL_RIVERS = RIVER_TRAILS;
const TEMPLES = FIRST_GAME_TEMPLES;
type Seat = NonNullable<PositionSpec['players']>[number];

const pv = (s: State, seat = 0) => g.view(s, seat).players[seat]!;
const site = (s: State, id: string) => g.view(s, 1).sites.find((x) => x.id === id)!;
const mine = (s: State, seat = 0): number[] =>
  pv(s, seat)
    .pathways.slice()
    .sort((a, b) => a - b);
const steps = (s: State): number => {
  const f = s.stack[s.stack.length - 1];
  return f && f.k === 'steps' ? f.n : 0;
};

/** Seat 0 on ruin-1, with temple-2 holding `stack` (bottom first); other stacks as given. */
function atTemple2(stack: string[], seat0: Seat = {}, extra: Partial<PositionSpec> = {}): State {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    pool: 10,
    ...extra,
    stacks: { 'temple-2': stack, ...(extra.stacks ?? {}) },
    players: [{ at: 'ruin-1', rations: 2, ...seat0 }, ...(extra.players ?? []).slice(1)],
  });
  act(s, { t: 'move', trails: [40] });
  return s;
}

test('PU-1 scores 3 VP; the tile is discarded and the next one turned face up', () => {
  const s = atTemple2(['PU-4', 'PU-1@2']);
  assert.equal(site(s, 'temple-2').top, 'PU-1', 'the top purple tile is public');
  const ev = act(s, { t: 'explore' });
  assert.equal(s.players[0]!.vp, 3);
  assert.ok(ev.some((e) => e.type === 'vp' && (e as unknown as { vp: number }).vp === 3));
  assert.deepEqual(g.view(s, 1).discards, ['PU-1']);
  assert.equal(site(s, 'temple-2').top, 'PU-4');
  assert.equal(site(s, 'temple-2').height, 1);
  assert.equal(s.players[0]!.rations, 1);
});

test('PU-2 moves one toolbox on the table up one step', () => {
  const s = atTemple2(['PU-4', 'PU-2@2'], { bottom: 1, compass: [1, 0, 0], reserve: 1 });
  act(s, { t: 'explore' });
  assert.equal(decision(s), 'steps');
  assert.equal(steps(s), 1);
  assert.deepEqual(choices(s), [
    { t: 'step', col: 'machete', level: 0 },
    { t: 'step', col: 'compass', level: 0 },
    { t: 'step', col: 'shovel', level: 0 },
    { t: 'step', col: 'compass', level: 1 },
  ]);
  act(s, { t: 'step', col: 'compass', level: 1 });
  assert.deepEqual(pv(s).compass, [0, 1, 0]);
  assert.equal(pv(s).bottom, 1);
  assert.notEqual(decision(s), 'steps');
});

test('PU-2 does nothing when no toolbox can move', () => {
  const s = atTemple2(['PU-4', 'PU-2@2'], { bottom: 0, shovel: [0, 0, 1], reserve: 2 });
  act(s, { t: 'explore' });
  assert.notEqual(decision(s), 'steps');
  assert.deepEqual(pv(s).shovel, [0, 0, 1]);
  assert.equal(pv(s).reserve, 2, 'the reserve never moves up');
});

test('PU-3 takes 2 rations from base camp, capped at 5 and at the pool', () => {
  const s = atTemple2(['PU-4', 'PU-3@2'], { rations: 2 });
  act(s, { t: 'explore' });
  assert.equal(s.players[0]!.rations, 3);
  assert.equal(s.pool, 10 + 1 - 2);
  const full = atTemple2(['PU-4', 'PU-3@2'], { rations: 5 });
  act(full, { t: 'explore' });
  assert.equal(full.players[0]!.rations, 5);
  const dry = atTemple2(['PU-4', 'PU-3@2'], { rations: 1 }, { pool: 0 });
  act(dry, { t: 'explore' });
  assert.equal(dry.players[0]!.rations, 1, 'the spent ration came back to the pool and is the only one there');
  assert.equal(dry.pool, 0);
});

test('PU-4 puts a toolbox from reserve at the bottom of the table', () => {
  const s = atTemple2(['PU-1', 'PU-4@2']);
  const ev = act(s, { t: 'explore' });
  assert.ok(ev.some((e) => e.type === 'toolboxAdded'));
  assert.equal(pv(s).reserve, 1);
  assert.equal(pv(s).bottom, 2);
});

test('PU-4 D-29 does nothing when the reserve is empty', () => {
  const s = atTemple2(['PU-1', 'PU-4@2'], { bottom: 1, machete: [1, 0, 0], shovel: [1, 0, 0], reserve: 0 });
  const ev = act(s, { t: 'explore' });
  assert.ok(!ev.some((e) => e.type === 'toolboxAdded'));
  assert.equal(pv(s).reserve, 0);
  assert.equal(pv(s).bottom, 1);
  assert.equal(s.players[0]!.vp, 0);
});

test('PU-5 teleports to base camp with 3 rations; the turn goes on', () => {
  const s = atTemple2(['PU-1', 'PU-5@2'], { rations: 1, bottom: 0, shovel: [1, 0, 0], reserve: 2 });
  const ev = act(s, { t: 'explore' });
  assert.ok(ev.some((e) => e.type === 'teleport'));
  assert.equal(pv(s).at, 'camp');
  assert.equal(s.players[0]!.rations, 3);
  assert.equal(s.cur, 0);
  assert.equal(decision(s), 'post');
  assert.deepEqual(choices(s), [{ t: 'tool', col: 'shovel', level: 1 }, { t: 'end' }], 'the toolbox window remains; no exploring at camp');
  assert.ok(!ev.some((e) => e.type === 'token'), 'no trail was used');
});

test('PU-5 with IV3-5 gives 4 rations, capped at 5', () => {
  const s = atTemple2(['PU-1', 'PU-5@2'], { rations: 1, ivory: ['IV3-5'] });
  act(s, { t: 'explore' });
  assert.equal(s.players[0]!.rations, 4);
  assert.equal(s.pool, 10 + 1 - 4);
});

test('PU-6 moves one own pathway already on the board anywhere; IV3-4 answers', () => {
  const s = atTemple2(['PU-1', 'PU-6@2'], { pathways: [20, 21] }, { players: [{}, { rations: 1, ivory: ['IV3-4'] }] });
  act(s, { t: 'explore' });
  assert.equal(decision(s), 'lift');
  assert.deepEqual(choices(s), [
    { t: 'lift', trail: 20 },
    { t: 'lift', trail: 21 },
  ]);
  act(s, { t: 'lift', trail: 20 });
  const lays = choices(s).map((c) => (c as { trail: number }).trail);
  assert.equal(lays.length, 38);
  assert.ok(lays.includes(7), 'a trail far from the explorer');
  act(s, { t: 'lay', trail: 7 });
  assert.deepEqual(mine(s), [7, 21]);
  assert.equal(s.players[0]!.supply, 8, 'moved, not placed');
  assert.equal(s.players[1]!.rations, 2);
});

test('PU-6 does nothing without a pathway on the board', () => {
  const s = atTemple2(['PU-1', 'PU-6@2']);
  act(s, { t: 'explore' });
  assert.notEqual(decision(s), 'lift');
  assert.deepEqual(mine(s), []);
});

test('PU-7 is mandatory: the action of an adjacent explorable site, chosen by the player', () => {
  // temple-2 touches temple-1 (24), ruin-2 (25), temple-3 (38, an empty shrine) and ruin-1 (40).
  const s = atTemple2(['PU-1', 'PU-7@2'], {}, { stacks: { 'temple-1': ['IV1-1', 'IV2-3'], 'ruin-2': 2, 'temple-3': [], 'ruin-1': 1 } });
  act(s, { t: 'explore' });
  assert.equal(decision(s), 'neighbour');
  assert.deepEqual(
    choices(s)
      .map((c) => (c as { site: string }).site)
      .sort(),
    ['ruin-1', 'ruin-2', 'temple-1'],
  );
  assertIllegal(s, { t: 'pass' });
  assertIllegal(s, { t: 'end' });
  assertIllegal(s, { t: 'neighbour', site: 'temple-3' });
  act(s, { t: 'neighbour', site: 'ruin-2' });
  assert.equal(site(s, 'ruin-2').height, 1, "the neighbour's top tile is removed");
  assert.equal(site(s, 'temple-2').height, 1);
  assert.equal(site(s, 'temple-2').top, 'PU-1');
  // The pathway is placed next to the purple temple, not next to the ruin.
  assert.deepEqual(
    choices(s)
      .map((c) => (c as { trail: number }).trail)
      .sort((a, b) => a - b),
    [24, 25, 38, 40],
  );
  act(s, { t: 'place', trail: 38 });
  assert.deepEqual(mine(s), [38]);
  assert.equal(s.players[0]!.rations, 1, 'one ration for the whole exploration');
  assert.equal(pv(s).at, 'temple-2');
});

test('PU-7 on a neighbouring temple takes its top tile as if standing there', () => {
  const s = atTemple2(['PU-1', 'PU-7@2'], {}, { stacks: { 'temple-1': ['IV1-1', 'IV2-3'], 'ruin-2': 0, 'temple-3': [], 'ruin-1': 0 } });
  act(s, { t: 'explore' });
  assert.deepEqual(choices(s), [{ t: 'neighbour', site: 'temple-1' }]);
  act(s, { t: 'neighbour', site: 'temple-1' });
  assert.deepEqual(pv(s).ivory, ['IV2-3']);
  assert.equal(site(s, 'temple-1').height, 1);
});

test('PU-7 never offers base camp', () => {
  // temple-5 touches camp (5), ruin-3 (7), temple-7 (8) and temple-6 (28).
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'temple-5': ['PU-1', 'PU-7@2'], 'ruin-3': 1, 'temple-7': [], 'temple-6': [] },
    players: [{ at: 'camp', rations: 2 }],
  });
  act(s, { t: 'move', trails: [5] }, { t: 'explore' });
  assert.deepEqual(choices(s), [{ t: 'neighbour', site: 'ruin-3' }]);
});

test('PU-7 with no explorable neighbour: the ration is still spent and only the purple tile goes', () => {
  const s = atTemple2(['PU-1', 'PU-7@2'], { rations: 2 }, { stacks: { 'temple-1': [], 'ruin-2': 0, 'temple-3': [], 'ruin-1': 0 } });
  act(s, { t: 'explore' });
  assert.notEqual(decision(s), 'neighbour');
  assert.equal(s.players[0]!.rations, 1);
  assert.equal(site(s, 'temple-2').height, 1);
  assert.deepEqual(g.view(s, 1).discards, ['PU-7']);
  assert.equal(s.players[0]!.vp, 0);
});

test('PU-7 through Machete 1 with no explorable neighbour costs no ration', () => {
  const s = atTemple2(
    ['PU-1', 'PU-7@2'],
    { rations: 2, bottom: 0, machete: [1, 0, 0], reserve: 2 },
    { stacks: { 'temple-1': [], 'ruin-2': 0, 'temple-3': [], 'ruin-1': 0 } },
  );
  act(s, { t: 'tool', col: 'machete', level: 1 });
  assert.equal(s.players[0]!.rations, 2);
  assert.equal(site(s, 'temple-2').top, 'PU-1');
});

test('PU-8 flips up to two tokens, each either way, with no step', () => {
  const s = atTemple2(['PU-1', 'PU-8@2'], {}, { tokens: [7, 11, 13] });
  act(s, { t: 'explore' });
  assert.equal(decision(s), 'flip8');
  assert.equal(choices(s, 'flip').length, 10);
  assert.ok(choices(s).some((c) => c.t === 'pass'));
  act(s, { t: 'flip', trail: 7 });
  assert.equal(decision(s), 'flip8');
  assert.equal(choices(s, 'flip').length, 9, 'not the same token twice');
  assertIllegal(s, { t: 'flip', trail: 7 });
  act(s, { t: 'flip', trail: 24 }); // grey to coloured
  assert.deepEqual(
    [...g.view(s, 0).tokens].sort((a, b) => a - b),
    [11, 13, 24],
  );
  assert.notEqual(decision(s), 'steps');
  assert.notEqual(decision(s), 'flip8');
});

test('PU-8 may stop after one flip, or flip none', () => {
  const s = atTemple2(['PU-1', 'PU-8@2']);
  act(s, { t: 'explore' }, { t: 'pass' });
  assert.equal(g.view(s, 0).tokens.length, 10);
  const t = atTemple2(['PU-1', 'PU-8@2']);
  act(t, { t: 'explore' }, { t: 'flip', trail: 30 }, { t: 'pass' });
  assert.deepEqual(
    [...g.view(t, 0).tokens].sort((a, b) => a - b),
    ALL_RIVERS.filter((x) => x !== 30),
  );
});

test('PU-8 flipping the last coloured token grey resets all and gives one step (RR-TOOL-4)', () => {
  const s = atTemple2(['PU-1', 'PU-8@2'], {}, { tokens: [7, 11] });
  act(s, { t: 'explore' }, { t: 'flip', trail: 7 });
  const ev = act(s, { t: 'flip', trail: 11 });
  assert.ok(ev.some((e) => e.type === 'tokensReset'));
  assert.equal(g.view(s, 0).tokens.length, 10);
  assert.equal(decision(s), 'steps');
  assert.equal(steps(s), 1);
  const t = atTemple2(['PU-1', 'PU-8@2'], {}, { tokens: [7] });
  act(t, { t: 'explore' }, { t: 'flip', trail: 7 });
  assert.equal(g.view(t, 0).tokens.length, 10);
  act(t, { t: 'pass' });
  assert.equal(decision(t), 'steps', 'the reset step survives stopping early');
  assert.equal(steps(t), 1);
});
