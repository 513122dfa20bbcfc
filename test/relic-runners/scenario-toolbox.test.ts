import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { g, buildPosition, act, choices, decision, assertIllegal, type RRChoice, type State } from '../helpers/rr.js';

/* Scenario tests for the toolbox tokens, the progression table and rations (rules §3.4, §3.5). */

const ALL_RIVERS = [7, 11, 13, 15, 18, 22, 24, 28, 30, 34];
const riversExcept = (...ids: number[]): number[] => ALL_RIVERS.filter((t) => !ids.includes(t));

const pv = (s: State, seat = 0) => g.view(s, seat).players[seat]!;
const table = (s: State, seat = 0) => {
  const p = pv(s, seat);
  return { bottom: p.bottom, machete: p.machete, compass: p.compass, shovel: p.shovel, reserve: p.reserve };
};
const offered = (s: State, c: RRChoice): boolean => choices(s).some((x) => isDeepStrictEqual(x, c));
const tool = (col: 'machete' | 'compass' | 'shovel', level: number): RRChoice => ({ t: 'tool', col, level });
const step = (col: 'machete' | 'compass' | 'shovel', level: number): RRChoice => ({ t: 'step', col, level });
const steps = (s: State): number => {
  const f = s.stack[s.stack.length - 1];
  return f && f.k === 'steps' ? f.n : 0;
};
const mine = (s: State, seat = 0): number[] =>
  pv(s, seat)
    .pathways.slice()
    .sort((a, b) => a - b);

// ---------------------------------------------------------------- RR-TOOL-1

test('RR-TOOL-1 a toolbox at the bottom may enter any column, then stays in that column', () => {
  // ruin-1 -13(river)- temple-3 -34(river)- ruin-2: two coloured tokens, two steps.
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-1', pathways: [13] }] });
  act(s, { t: 'move', trails: [13, 34] });
  assert.equal(decision(s), 'steps');
  assert.equal(steps(s), 2);
  assert.deepEqual(choices(s), [step('machete', 0), step('compass', 0), step('shovel', 0)]);
  act(s, step('compass', 0));
  // Once in the compass column it may only climb that column.
  assert.deepEqual(choices(s), [step('compass', 1)]);
  assertIllegal(s, step('machete', 1));
  act(s, step('compass', 1));
  assert.deepEqual(table(s), { bottom: 0, machete: [0, 0, 0], compass: [0, 1, 0], shovel: [0, 0, 0], reserve: 2 });
});

test('RR-TOOL-1 several toolboxes may share a column and a space', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-1', pathways: [13], bottom: 2, reserve: 1 }] });
  act(s, { t: 'move', trails: [13, 34] }, step('shovel', 0), step('shovel', 0));
  assert.deepEqual(table(s), { bottom: 0, machete: [0, 0, 0], compass: [0, 0, 0], shovel: [2, 0, 0], reserve: 1 });
});

// ---------------------------------------------------------------- RR-TOOL-2 (worked example a)

test('RR-TOOL-2 worked example: two coloured tokens and one grey token on the move give exactly two steps', () => {
  // ruin-3 -7R- temple-5 -28R- temple-6 -17- ruin-5 -18R- temple-8; 18 is already grey.
  const s = buildPosition({
    seats: 2,
    players: [{ at: 'ruin-3', pathways: [7, 28, 17] }],
    tokens: riversExcept(18),
  });
  const ev = act(s, { t: 'move', trails: [7, 28, 17, 18] });
  const flips = ev.filter((e) => e.type === 'token');
  assert.deepEqual(
    flips.map((e) => (e as unknown as { trail: number }).trail),
    [7, 28],
  );
  assert.equal(decision(s), 'steps');
  assert.equal(steps(s), 2);
  const tokens = g.view(s, 0).tokens;
  assert.deepEqual(
    [...tokens].sort((a, b) => a - b),
    riversExcept(7, 18, 28),
  );
  act(s, step('machete', 0));
  assert.equal(decision(s), 'steps');
  act(s, step('machete', 1));
  assert.notEqual(decision(s), 'steps');
  assert.deepEqual(table(s).machete, [0, 1, 0]);
});

test('RR-TOOL-2 a move on jungle trails only gives no steps', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'camp' }], stacks: { 'ruin-1': 3 } });
  act(s, { t: 'move', trails: [4] });
  assert.equal(decision(s), 'post');
  assert.deepEqual(table(s).bottom, 1);
  assert.equal(g.view(s, 0).tokens.length, 10);
});

test('RR-TOOL-2 the steps may be split among toolboxes as the player likes', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-1', pathways: [13], bottom: 1, machete: [1, 0, 0], reserve: 1 }] });
  act(s, { t: 'move', trails: [13, 34] });
  assert.ok(offered(s, step('machete', 1)));
  assert.ok(offered(s, step('shovel', 0)));
  act(s, step('machete', 1), step('shovel', 0));
  assert.deepEqual(table(s), { bottom: 0, machete: [0, 1, 0], compass: [0, 0, 0], shovel: [1, 0, 0], reserve: 1 });
});

// ---------------------------------------------------------------- RR-TOOL-3

test('RR-TOOL-3 no toolbox can be used between the steps of one move', () => {
  const s = buildPosition({
    seats: 2,
    players: [{ at: 'ruin-1', pathways: [13], bottom: 1, shovel: [1, 0, 0], reserve: 1 }],
  });
  assert.ok(offered(s, tool('shovel', 1)), 'Shovel 1 is usable before the move');
  act(s, { t: 'move', trails: [13, 34] });
  assert.equal(decision(s), 'steps');
  assert.ok(choices(s).every((c) => c.t === 'step'));
  assertIllegal(s, tool('shovel', 1));
  act(s, step('shovel', 1));
  assert.equal(decision(s), 'steps', 'the second step is still owed');
  assert.ok(choices(s).every((c) => c.t === 'step'));
  act(s, step('shovel', 0));
  assert.equal(decision(s), 'post');
  assert.ok(offered(s, tool('shovel', 1)), 'the window after the move offers the toolboxes again');
  assert.ok(offered(s, tool('shovel', 2)));
});

// ---------------------------------------------------------------- RR-TOOL-4 / D-25 (worked example b)

test('RR-TOOL-4 D-25 worked example: flipping the last coloured token resets all ten and gives one mandatory extra step', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-1' }], tokens: [13], stacks: { 'temple-3': ['PU-1'] } });
  const ev = act(s, { t: 'move', trails: [13] });
  assert.ok(ev.some((e) => e.type === 'tokensReset'));
  assert.equal(g.view(s, 0).tokens.length, 10, 'all ten tokens are coloured again');
  assert.equal(decision(s), 'steps');
  assert.equal(steps(s), 2, 'one for the token, one for the reset');
  // D-25: the extra step cannot be declined.
  assert.ok(choices(s).every((c) => c.t === 'step'));
  assertIllegal(s, { t: 'end' });
  assertIllegal(s, { t: 'pass' });
  act(s, step('compass', 0));
  assert.equal(decision(s), 'steps');
  assertIllegal(s, { t: 'end' });
  act(s, step('compass', 1));
  assert.deepEqual(table(s).compass, [0, 1, 0]);
});

test('RR-TOOL-4 a move flipping k coloured tokens, the last among them, gives k + 1 steps', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-1', pathways: [13], bottom: 2, reserve: 1 }], tokens: [13, 34] });
  act(s, { t: 'move', trails: [13, 34] });
  assert.equal(steps(s), 3);
  assert.equal(g.view(s, 0).tokens.length, 10);
});

test('RR-TOOL-4 no reset while a coloured token remains elsewhere', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-1' }], tokens: [13, 24] });
  const ev = act(s, { t: 'move', trails: [13] });
  assert.ok(!ev.some((e) => e.type === 'tokensReset'));
  assert.equal(steps(s), 1);
  assert.deepEqual(g.view(s, 0).tokens, [24]);
});

// ---------------------------------------------------------------- RR-TOOL-5

test('RR-TOOL-5 toolboxes in reserve never move up; a step no table toolbox can take is lost', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-1', pathways: [13], bottom: 0, machete: [0, 1, 0], reserve: 2 }] });
  act(s, { t: 'move', trails: [13, 34] });
  assert.equal(steps(s), 2);
  assert.deepEqual(choices(s), [step('machete', 2)]);
  act(s, step('machete', 2));
  assert.equal(decision(s), 'post', 'the second step is lost');
  assert.deepEqual(table(s), { bottom: 0, machete: [0, 0, 1], compass: [0, 0, 0], shovel: [0, 0, 0], reserve: 2 });
});

// ---------------------------------------------------------------- RR-TOOL-6

test('RR-TOOL-6 at most one toolbox per turn, and the used toolbox returns to the bottom', () => {
  const s = buildPosition({
    seats: 2,
    players: [{ at: 'ruin-1', pathways: [13], bottom: 0, shovel: [1, 0, 0], machete: [0, 1, 0], rations: 2, reserve: 1 }],
  });
  assert.ok(offered(s, tool('shovel', 1)));
  assert.ok(offered(s, tool('machete', 2)));
  act(s, tool('shovel', 1));
  assert.equal(decision(s), 'bonus');
  act(s, { t: 'bonus', pick: 'vp' });
  assert.equal(s.players[0]!.vp, 2);
  assert.deepEqual(table(s), { bottom: 1, machete: [0, 1, 0], compass: [0, 0, 0], shovel: [0, 0, 0], reserve: 1 });
  assert.equal(decision(s), 'move');
  assert.equal(choices(s, 'tool').length, 0, 'no second toolbox before the move');
  act(s, { t: 'move', trails: [13, 34] }, step('machete', 2), step('compass', 0));
  assert.equal(decision(s), 'post');
  assert.equal(choices(s, 'tool').length, 0, 'no second toolbox after the move');
  assertIllegal(s, tool('machete', 3));
  act(s, { t: 'explore' });
  assert.equal(choices(s, 'tool').length, 0, 'no second toolbox after exploring');
});

test('RR-TOOL-6 Compass 2 must move two pathways to two new trails, never back onto the trail the other left', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'camp', pathways: [20, 21], bottom: 0, compass: [0, 1, 0], reserve: 2 }] });
  act(s, tool('compass', 2));
  assert.equal(table(s).bottom, 1, 'the toolbox is back at the bottom before the action');
  assert.equal(decision(s), 'lift');
  act(s, { t: 'lift', trail: 20 });
  assert.ok(!choices(s, 'lay').some((c) => isDeepStrictEqual(c, { t: 'lay', trail: 20 })), 'not back where it was');
  act(s, { t: 'lay', trail: 1 });
  assert.equal(decision(s), 'lift', 'the second pathway must move too');
  assert.deepEqual(choices(s, 'lift'), [{ t: 'lift', trail: 21 }], 'the pathway just laid does not move again');
  act(s, { t: 'lift', trail: 21 });
  const lays = choices(s, 'lay').map((c) => (c as { trail: number }).trail);
  assert.ok(!lays.includes(20), 'not onto the trail the first one left');
  assert.ok(!lays.includes(21) && !lays.includes(1));
  assert.equal(lays.length, 40 - 3);
  act(s, { t: 'lay', trail: 2 });
  assert.deepEqual(mine(s), [1, 2]);
  assert.equal(decision(s), 'move');
});

// ---------------------------------------------------------------- RR-TOOL-7 / D-26

test('RR-TOOL-7 D-26 Compass 1 and 2 need enough own pathways on the board', () => {
  const none = buildPosition({ seats: 2, players: [{ at: 'camp', bottom: 0, compass: [1, 1, 0], reserve: 1 }] });
  assert.equal(choices(none, 'tool').length, 0);
  assertIllegal(none, tool('compass', 1));
  const one = buildPosition({ seats: 2, players: [{ at: 'camp', pathways: [20], bottom: 0, compass: [1, 1, 0], reserve: 1 }] });
  assert.deepEqual(choices(one, 'tool'), [tool('compass', 1)]);
  const two = buildPosition({ seats: 2, players: [{ at: 'camp', pathways: [20, 21], bottom: 0, compass: [1, 1, 0], reserve: 1 }] });
  assert.deepEqual(choices(two, 'tool'), [tool('compass', 1), tool('compass', 2)]);
});

test('RR-TOOL-7 D-26 Shovel 2 needs a pathway in supply and a free adjacent trail', () => {
  const ten = [1, 2, 3, 4, 5, 6, 20, 21, 22, 23];
  const empty = buildPosition({ seats: 2, players: [{ at: 'ruin-8', pathways: ten, bottom: 0, shovel: [0, 1, 0], reserve: 2 }] });
  assert.equal(choices(empty, 'tool').length, 0, 'supply is empty');
  // ruin-8 touches trails 21, 22 and 37.
  const blocked = buildPosition({
    seats: 2,
    players: [{ at: 'ruin-8', pathways: [21, 22, 37], bottom: 0, shovel: [0, 1, 0], reserve: 2 }],
  });
  assert.equal(choices(blocked, 'tool').length, 0, 'every adjacent trail already holds an own pathway');
  // Another player's pathway does not block (RR-PATH-1).
  const shared = buildPosition({
    seats: 2,
    players: [{ at: 'ruin-8', pathways: [21, 22], bottom: 0, shovel: [0, 1, 0], reserve: 2 }, { pathways: [37] }],
  });
  assert.deepEqual(choices(shared, 'tool'), [tool('shovel', 2)]);
});

test('RR-TOOL-7 D-26 Machete 1 needs a temple with tiles where the explorer stands', () => {
  const spec = (at: string) =>
    buildPosition({
      seats: 2,
      temples: { 'temple-3': 'purple', 'temple-5': 'purple' },
      stacks: { 'temple-3': ['PU-1'], 'temple-5': [], 'ruin-1': 2 },
      players: [{ at, bottom: 0, machete: [1, 0, 0], reserve: 2 }],
    });
  assert.deepEqual(choices(spec('temple-3'), 'tool'), [tool('machete', 1)]);
  assert.equal(choices(spec('ruin-1'), 'tool').length, 0, 'not on a ruin');
  assert.equal(choices(spec('camp'), 'tool').length, 0, 'not on base camp');
  assert.equal(choices(spec('temple-5'), 'tool').length, 0, 'not on a shrine');
});

test('RR-TOOL-7 D-26 scoring actions, Shovel 1 and ration gains are always allowed, with caps', () => {
  const s = buildPosition({
    seats: 2,
    players: [{ at: 'camp', rations: 5, bottom: 0, machete: [0, 1, 1], reserve: 1 }],
  });
  assert.deepEqual(choices(s, 'tool'), [tool('machete', 2), tool('machete', 3)]);
  const pool = s.pool;
  act(s, tool('machete', 2));
  assert.equal(s.players[0]!.rations, 5);
  assert.equal(s.pool, pool);
  assert.deepEqual(table(s).machete, [0, 0, 1]);
  assert.equal(table(s).bottom, 1);

  const r = buildPosition({ seats: 2, players: [{ at: 'camp', bottom: 1, shovel: [1, 0, 0], machete: [0, 0, 1], reserve: 0 }] });
  assert.deepEqual(choices(r, 'tool'), [tool('machete', 3), tool('shovel', 1)], 'Machete 3 with no relic is still allowed');
  const m = g.clone(r);
  act(m, tool('machete', 3));
  assert.equal(m.players[0]!.vp, 0);
  assert.deepEqual(table(m).machete, [0, 0, 0]);
  act(r, tool('shovel', 1));
  assert.deepEqual(choices(r), [{ t: 'bonus', pick: 'vp' }], 'reserve empty: only the 2 VP');
  act(r, { t: 'bonus', pick: 'vp' });
  assert.equal(r.players[0]!.vp, 2);
});

// ---------------------------------------------------------------- RR-TB-1 … RR-TB-9

test('RR-TB-1 Machete 1 explores the temple without spending a ration', () => {
  const t = buildPosition({
    seats: 2,
    temples: { 'temple-3': 'purple' },
    stacks: { 'temple-3': ['PU-3', 'PU-1@2'] },
    players: [{ at: 'ruin-1', rations: 2, bottom: 0, machete: [1, 0, 0], reserve: 2 }],
    tokens: riversExcept(13),
  });
  act(t, { t: 'move', trails: [13] });
  assert.equal(decision(t), 'post');
  const pool = t.pool;
  const ev = act(t, tool('machete', 1));
  assert.ok(ev.some((e) => e.type === 'explore' && (e as unknown as { how: string }).how === 'machete'));
  assert.equal(t.players[0]!.rations, 2, 'no ration spent');
  assert.equal(t.pool, pool);
  assert.equal(t.players[0]!.vp, 3, 'PU-1 scored');
  assert.equal(g.view(t, 1).sites.find((x) => x.id === 'temple-3')!.top, 'PU-3');
  // The ration exploration is still open afterwards.
  assert.ok(offered(t, { t: 'explore' }));
});

test('RR-TB-2 Machete 2 takes 2 rations from base camp', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'camp', rations: 1, bottom: 0, machete: [0, 1, 0], reserve: 2 }], pool: 6 });
  const ev = act(s, tool('machete', 2));
  assert.equal(s.players[0]!.rations, 3);
  assert.equal(s.pool, 4);
  assert.ok(ev.some((e) => e.type === 'rations' && (e as unknown as { rations: number }).rations === 2));
});

test('RR-TB-3 Machete 3 scores 4 VP per relic held, duplicates included', () => {
  const s = buildPosition({
    seats: 2,
    players: [{ at: 'camp', vp: 1, relics: { green: 2, blue: 1 }, bottom: 0, machete: [0, 0, 1], reserve: 2 }],
  });
  act(s, tool('machete', 3));
  assert.equal(s.players[0]!.vp, 1 + 12);
});

test('RR-TB-4 Compass 1 moves one own pathway to any trail without one', () => {
  const s = buildPosition({
    seats: 2,
    players: [{ at: 'camp', pathways: [20, 21], bottom: 0, compass: [1, 0, 0], reserve: 2 }, { pathways: [23] }],
  });
  act(s, tool('compass', 1));
  assert.deepEqual(choices(s), [
    { t: 'lift', trail: 20 },
    { t: 'lift', trail: 21 },
  ]);
  act(s, { t: 'lift', trail: 21 });
  const lays = choices(s, 'lay').map((c) => (c as { trail: number }).trail);
  assert.equal(lays.length, 38, 'every trail but the two own ones');
  assert.ok(!lays.includes(20) && !lays.includes(21));
  assert.ok(lays.includes(23), 'an opponent pathway does not block');
  act(s, { t: 'lay', trail: 7 }); // far from the explorer and from the old place
  assert.deepEqual(mine(s), [7, 20]);
  assert.equal(s.players[0]!.supply, 8);
  assert.equal(decision(s), 'move');
});

test('RR-TB-5 Compass 2 moves two own pathways', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'camp', pathways: [20, 21, 22], bottom: 0, compass: [0, 1, 0], reserve: 2 }] });
  act(s, tool('compass', 2), { t: 'lift', trail: 22 }, { t: 'lay', trail: 30 });
  assert.deepEqual(choices(s, 'lift'), [
    { t: 'lift', trail: 20 },
    { t: 'lift', trail: 21 },
  ]);
  act(s, { t: 'lift', trail: 20 }, { t: 'lay', trail: 11 });
  assert.deepEqual(mine(s), [11, 21, 30]);
});

test('RR-TB-6 Compass 3 scores 2 VP per pathway of the longest own chain', () => {
  // temple-11 -12- ruin-1 -13- temple-3 -14- ruin-3 is a chain of 3; 20 stands alone.
  const s = buildPosition({ seats: 2, players: [{ at: 'camp', pathways: [12, 13, 14, 20], bottom: 0, compass: [0, 0, 1], reserve: 2 }] });
  act(s, tool('compass', 3));
  assert.equal(s.players[0]!.vp, 6);
});

test('RR-TB-6 D-8 a chain may revisit a location but never a trail', () => {
  // ruin-6 -9- temple-7 -8- temple-5 -28- temple-6 -17- ruin-5 -29- temple-7 -39- temple-8:
  // temple-7 is visited twice, each trail once: 6 trails.
  const s = buildPosition({
    seats: 2,
    players: [{ at: 'camp', pathways: [9, 8, 28, 17, 29, 39], bottom: 0, compass: [0, 0, 1], reserve: 2 }],
  });
  act(s, tool('compass', 3));
  assert.equal(s.players[0]!.vp, 12);
});

test('RR-TB-6 D-8 a chain may end at base camp but not pass through it', () => {
  // 12 (temple-11–ruin-1), 4 (ruin-1–camp), 5 (camp–temple-5), 8 (temple-5–temple-7).
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-3', pathways: [12, 4, 5, 8], bottom: 0, compass: [0, 0, 1], reserve: 2 }] });
  act(s, tool('compass', 3));
  assert.equal(s.players[0]!.vp, 4, 'two chains of 2 meeting at camp do not join');
});

test('RR-TB-7 Shovel 1: a toolbox from reserve to the bottom, or 2 VP', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'camp', bottom: 0, shovel: [1, 0, 0], reserve: 2 }] });
  act(s, tool('shovel', 1));
  assert.deepEqual(choices(s), [
    { t: 'bonus', pick: 'toolbox' },
    { t: 'bonus', pick: 'vp' },
  ]);
  act(s, { t: 'bonus', pick: 'toolbox' });
  assert.deepEqual(table(s), { bottom: 2, machete: [0, 0, 0], compass: [0, 0, 0], shovel: [0, 0, 0], reserve: 1 });
  assert.equal(s.players[0]!.vp, 0);
  const v = buildPosition({ seats: 2, players: [{ at: 'camp', bottom: 0, shovel: [1, 0, 0], reserve: 2 }] });
  act(v, tool('shovel', 1), { t: 'bonus', pick: 'vp' });
  assert.equal(v.players[0]!.vp, 2);
  assert.equal(table(v).reserve, 2);
});

test('RR-TB-8 Shovel 2 places a pathway from supply on a trail adjacent to the explorer', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-8', pathways: [21], bottom: 0, shovel: [0, 1, 0], reserve: 2 }] });
  act(s, tool('shovel', 2));
  assert.deepEqual(choices(s), [
    { t: 'place', trail: 22 },
    { t: 'place', trail: 37 },
  ]);
  assertIllegal(s, { t: 'place', trail: 20 });
  act(s, { t: 'place', trail: 37 });
  assert.deepEqual(mine(s), [21, 37]);
  assert.equal(s.players[0]!.supply, 8);
});

test('RR-TB-9 D-9 Shovel 3 doubles VP scored earlier in the turn', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-3': 'purple' },
    stacks: { 'temple-3': ['PU-3', 'PU-1@2'] },
    players: [{ at: 'ruin-1', vp: 5, rations: 2, bottom: 0, shovel: [0, 0, 1], reserve: 2 }],
    tokens: riversExcept(13),
  });
  act(s, { t: 'move', trails: [13] }, { t: 'explore' });
  assert.equal(s.players[0]!.vp, 8);
  act(s, tool('shovel', 3));
  assert.equal(s.players[0]!.vp, 11, 'the 3 VP of PU-1 count twice; older VP do not');
});

test('RR-TB-9 D-9 Shovel 3 doubles VP scored later in the turn', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-3': 'purple' },
    stacks: { 'temple-3': ['PU-3', 'PU-1@2'] },
    players: [{ at: 'ruin-1', vp: 5, rations: 2, bottom: 0, shovel: [0, 0, 1], reserve: 2 }],
    tokens: riversExcept(13),
  });
  act(s, tool('shovel', 3));
  assert.equal(s.players[0]!.vp, 5);
  act(s, { t: 'move', trails: [13] }, { t: 'explore' });
  assert.equal(s.players[0]!.vp, 11);
});

test('RR-TB-9 D-9 Shovel 3 reveals the blue tiles taken this turn and scores their value again', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-3': 'blue' },
    stacks: { 'temple-3': ['B1:5', 'B2:4'] },
    players: [{ at: 'ruin-1', vp: 0, rations: 2, blue: ['B3:2'], bottom: 0, shovel: [0, 0, 1], reserve: 2 }],
    tokens: riversExcept(13),
  });
  act(s, { t: 'move', trails: [13] }, { t: 'explore' });
  assert.deepEqual(g.view(s, 1).players[0]!.blue, [], 'hidden from the opponent before Shovel 3');
  const ev = act(s, tool('shovel', 3));
  assert.ok(ev.some((e) => e.type === 'blueRevealed' && (e as unknown as { value: number }).value === 4));
  assert.equal(s.players[0]!.vp, 4, 'only the tile taken this turn is scored again');
  assert.deepEqual(g.view(s, 1).players[0]!.blue, [{ level: 2, value: 4, shown: true }]);
  assert.deepEqual(s.players[0]!.blue.length, 2, 'the tile is kept for final scoring');
});

// ---------------------------------------------------------------- RR-RAT-1

test('RR-RAT-1 ration gains stop at 5 on the chart', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'camp', rations: 4, bottom: 0, machete: [0, 1, 0], reserve: 2 }], pool: 6 });
  act(s, tool('machete', 2));
  assert.equal(s.players[0]!.rations, 5);
  assert.equal(s.pool, 5);
});

test('RR-RAT-1 ration gains stop at what base camp holds', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'camp', rations: 1, bottom: 0, machete: [0, 1, 0], reserve: 2 }], pool: 1 });
  act(s, tool('machete', 2));
  assert.equal(s.players[0]!.rations, 2);
  assert.equal(s.pool, 0);
  const c = buildPosition({ seats: 2, players: [{ at: 'ruin-1', rations: 3 }], pool: 4 });
  act(c, { t: 'move', trails: [4] });
  assert.equal(c.players[0]!.rations, 5, 'base camp: 3 offered, 2 fit');
  assert.equal(c.pool, 2);
  assert.equal(c.cur, 1, 'arriving at camp ends the turn');
});

// ---------------------------------------------------------------- D-24

test('D-24 every step must be used while some toolbox can take it', () => {
  const s = buildPosition({
    seats: 2,
    players: [{ at: 'ruin-1', pathways: [13], bottom: 1, machete: [0, 1, 0], reserve: 1 }],
    tokens: [13, 34],
  });
  act(s, { t: 'move', trails: [13, 34] });
  assert.equal(steps(s), 3);
  act(s, step('machete', 2));
  assert.equal(decision(s), 'steps');
  assertIllegal(s, { t: 'end' });
  assert.deepEqual(choices(s), [step('machete', 0), step('compass', 0), step('shovel', 0)]);
  act(s, step('shovel', 0), step('shovel', 1));
  assert.deepEqual(table(s), { bottom: 0, machete: [0, 0, 1], compass: [0, 0, 0], shovel: [0, 1, 0], reserve: 1 });
  assert.equal(decision(s), 'post');
});

test('D-24 any split reaching the maximum is allowed', () => {
  const s = buildPosition({
    seats: 2,
    players: [{ at: 'ruin-1', pathways: [13], bottom: 1, machete: [0, 1, 0], reserve: 1 }],
    tokens: [13, 34],
  });
  act(s, { t: 'move', trails: [13, 34] }, step('compass', 0), step('compass', 1), step('compass', 2));
  assert.deepEqual(table(s), { bottom: 0, machete: [0, 1, 0], compass: [0, 0, 1], shovel: [0, 0, 0], reserve: 1 });
});

test('RR-TB-9 D-9 Shovel 3 doubles expedition VP, whether used before or after the expedition', () => {
  // ruin-3 and ruin-4 (trail 35) are green shrines; the move ruin-3 -35- ruin-4 scores 2 VP.
  const spec = {
    seats: 2,
    stacks: { 'ruin-3': 0, 'ruin-4': 0 },
    relics: ['ruin-3', 'ruin-4'],
    players: [{ at: 'ruin-3', rations: 0, bottom: 0, shovel: [0, 0, 1], reserve: 2 }],
  };
  const after = buildPosition(spec);
  act(after, { t: 'move', trails: [35] }, { t: 'relic', take: true });
  assert.equal(after.players[0]!.vp, 2);
  act(after, tool('shovel', 3));
  assert.equal(after.players[0]!.vp, 4);
  const before = buildPosition(spec);
  act(before, tool('shovel', 3));
  assert.equal(before.players[0]!.vp, 0);
  act(before, { t: 'move', trails: [35] }, { t: 'relic', take: true });
  assert.equal(before.players[0]!.vp, 4);
});

test('RR-TOOL-6 the used toolbox is back at the bottom before its action: PU-2 through Machete 1 can move it', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-2': 'purple' },
    stacks: { 'temple-2': ['PU-1', 'PU-2@2'] },
    players: [{ at: 'temple-2', bottom: 0, machete: [1, 0, 0], reserve: 2 }],
  });
  act(s, tool('machete', 1));
  assert.equal(decision(s), 'steps');
  assert.deepEqual(choices(s), [step('machete', 0), step('compass', 0), step('shovel', 0)]);
  act(s, step('shovel', 0));
  assert.deepEqual(table(s), { bottom: 0, machete: [0, 0, 0], compass: [0, 0, 0], shovel: [1, 0, 0], reserve: 2 });
  assert.equal(decision(s), 'move', 'the move is still owed');
});

test('RR-TB-9 D-9 a blue tile taken after Shovel 3 in the same turn is revealed and scored again too', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-3': 'blue' },
    stacks: { 'temple-3': ['B1:5', 'B2:3'] },
    players: [{ at: 'ruin-1', rations: 1, bottom: 0, shovel: [0, 0, 1], reserve: 2 }],
    tokens: riversExcept(13),
  });
  act(s, tool('shovel', 3), { t: 'move', trails: [13] });
  const ev = act(s, { t: 'explore' });
  assert.ok(ev.some((e) => e.type === 'blueRevealed' && (e as unknown as { value: number }).value === 3));
  assert.equal(s.players[0]!.vp, 3);
  assert.deepEqual(g.view(s, 1).players[0]!.blue, [{ level: 2, value: 3, shown: true }]);
});
