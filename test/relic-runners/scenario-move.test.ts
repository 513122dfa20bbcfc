import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/core/rng.js';
import { g, act, assertIllegal, buildPosition, choices, decision, moveSets, player, loc, type State } from '../helpers/rr.js';

const STANDARD_TRAILS = Array.from({ length: 40 }, (_, i) => i + 1);
const sorted = (xs: string[]): string[] => xs.slice().sort();
const tokensOf = (s: State): number[] => [...g.view(s, null).tokens].sort((a, b) => a - b);

// ------------------------------------------------------------------ RR-MOVE-1

test('RR-MOVE-1 the move is mandatory: the first decision offers only moves, each along at least one trail', () => {
  const s = g.setup(g.options(), 3, createRng(5));
  const cs = g.choices(s);
  assert.ok(cs.length > 0);
  assert.ok(cs.every((c) => c.t === 'move'));
  assert.deepEqual(moveSets(s), ['1', '2', '3', '4', '5', '6']);
  assertIllegal(s, { t: 'end' });
  assertIllegal(s, { t: 'explore' });
  assertIllegal(s, { t: 'move', trails: [] });
});

test('RR-MOVE-1 a move may not end where it began, but may pass through it', () => {
  // triangle ruin-1 -13- temple-3 -38- temple-2 -40- ruin-1, all familiar
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-1', pathways: [13, 38, 40] }] });
  const ms = moveSets(s);
  assert.ok(!ms.includes('13,38,40'));
  assert.ok(!ms.includes('40,38,13'));
  assertIllegal(s, { t: 'move', trails: [13, 38, 40] });
  // around the triangle and out along one unfamiliar trail: legal, passing the start
  assert.ok(ms.includes('13,38,40,12'));
  assert.ok(ms.includes('40,38,13,33'));
  for (const m of ms) {
    const trails = m.split(',').map(Number);
    const t = g.clone(s);
    act(t, { t: 'move', trails });
    assert.notEqual(player(t, 0).loc, loc(s, 'ruin-1'), `move ${m} ends on the start`);
  }
});

// ------------------------------------------------------------------ RR-MOVE-2

test('RR-MOVE-2 with no pathways a move is exactly one unfamiliar trail', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'temple-9' }] });
  assert.deepEqual(moveSets(s), ['19', '20', '30']);
  assertIllegal(s, { t: 'move', trails: [30, 10] });
  assertIllegal(s, { t: 'move', trails: [20, 21] });
});

test('RR-MOVE-2 familiar chain then at most one unfamiliar trail: exact move set', () => {
  // familiar 20 (temple-9 - temple-10) and 21 (temple-10 - ruin-8)
  const s = buildPosition({ seats: 2, players: [{ at: 'temple-9', pathways: [20, 21] }] });
  assert.deepEqual(moveSets(s), sorted(['19', '30', '20', '20,21', '20,31', '20,21,22', '20,21,37']));
  // two unfamiliar trails after the chain are not allowed
  assertIllegal(s, { t: 'move', trails: [20, 31, 10] });
});

test('RR-MOVE-2 the unfamiliar trail first, then a familiar chain: exact move set', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'temple-8', pathways: [20, 21] }] });
  assert.deepEqual(moveSets(s), sorted(['18', '19', '36', '39', '19,20', '19,20,21']));
});

test('RR-MOVE-2 familiar trails may not come both before and after the unfamiliar one', () => {
  // familiar 19 (temple-9 - temple-8), unfamiliar 39 (temple-8 - temple-7), familiar 9 (temple-7 - ruin-6)
  const s = buildPosition({ seats: 2, players: [{ at: 'temple-9', pathways: [19, 9] }] });
  const ms = moveSets(s);
  assert.ok(ms.includes('19,39'));
  assert.ok(!ms.includes('19,39,9'));
  assertIllegal(s, { t: 'move', trails: [19, 39, 9] });
  // an opponent's pathway does not make a trail familiar
  const o = buildPosition({ seats: 2, players: [{ at: 'temple-9' }, { pathways: [20, 21] }] });
  assert.deepEqual(moveSets(o), ['19', '20', '30']);
});

// ------------------------------------------------------------------ RR-MOVE-3

test('RR-MOVE-3 a trail is used at most once per move; a location may be passed more than once', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'temple-9', pathways: [20, 21] }] });
  assertIllegal(s, { t: 'move', trails: [20, 21, 21] });
  for (const m of moveSets(s)) {
    const ts = m.split(',');
    assert.equal(new Set(ts).size, ts.length, m);
  }
  // a figure through ruin-1 twice: 13, 38, 40 back to ruin-1, then out on 33
  const t = buildPosition({ seats: 2, players: [{ at: 'ruin-1', pathways: [13, 38, 40] }] });
  const ev = act(t, { t: 'move', trails: [13, 38, 40, 33] });
  assert.equal(player(t, 0).loc, loc(t, 'temple-1'));
  assert.ok(ev.some((e) => e.type === 'move' && (e as unknown as { to: string }).to === 'temple-1'));
});

// ------------------------------------------------------------------ RR-MOVE-4 / RR-EXPL-2 / D-4

test('RR-MOVE-4 base camp cannot be passed through: reaching it ends the move', () => {
  // familiar 1 (ruin-3 - camp) and 4 (camp - ruin-1)
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-3', pathways: [1, 4] }] });
  const ms = moveSets(s);
  assert.ok(ms.includes('1'));
  assert.ok(!ms.some((m) => m.startsWith('1,')), `moves through camp: ${ms.filter((m) => m.startsWith('1,')).join(' ')}`);
  assertIllegal(s, { t: 'move', trails: [1, 4] });
  // nor after an unfamiliar trail into camp (UF+ would pass it)
  const u = buildPosition({ seats: 2, players: [{ at: 'ruin-3', pathways: [4] }] });
  assertIllegal(u, { t: 'move', trails: [1, 4] });
  assert.ok(moveSets(u).includes('1'));
  // leaving camp along a familiar chain is fine
  const c = buildPosition({ seats: 2, players: [{ at: 'camp', pathways: [4, 13] }] });
  assert.ok(moveSets(c).includes('4,13'));
});

test('RR-MOVE-4 RR-EXPL-2 D-4 worked example: base camp stops the move, gives 3 rations and ends the turn', () => {
  const s = buildPosition({
    seats: 2,
    players: [{ at: 'ruin-3', pathways: [1, 4], rations: 1, machete: [0, 1, 0] }, { at: 'temple-9' }],
  });
  assert.equal(s.pool, 6, '10 rations in a 2-player game, 4 on charts');
  // before the move the toolbox window is open (D-4)
  assert.ok(choices(s, 'tool').some((c) => c.t === 'tool' && c.col === 'machete' && c.level === 2));
  const ev = act(s, { t: 'move', trails: [1] });
  assert.equal(player(s, 0).loc, s.board.camp);
  assert.equal(player(s, 0).rations, 4);
  assert.equal(s.pool, 3);
  assert.ok(ev.some((e) => e.type === 'rations' && (e as unknown as { rations: number }).rations === 3));
  // no explore, no toolbox window: the next seat is already moving
  assert.equal(s.cur, 1);
  assert.equal(decision(s), 'move');
  assert.equal(ev.filter((e) => e.type === 'turn').length, 1);
  assert.equal(player(s, 0).tb[2], 1, 'the unused machete 2 toolbox stays');
});

test('RR-EXPL-2 D-4 a toolbox used before the move still counts; camp gain capped at 5 on the chart', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-3', rations: 1, machete: [0, 1, 0] }] });
  act(s, { t: 'tool', col: 'machete', level: 2 });
  assert.equal(player(s, 0).rations, 3);
  assert.deepEqual(choices(s, 'tool'), [], 'one toolbox per turn');
  act(s, { t: 'move', trails: [1] });
  assert.equal(player(s, 0).rations, 5, '3 + 3 capped at 5');
  assert.equal(s.cur, 1);
});

// ------------------------------------------------------------------ RR-MOVE-5

test('RR-MOVE-5 river trails move like jungle trails; only they flip a toolbox token', () => {
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-3' }] });
  // river 7 is offered like the jungle trails 1, 14, 27, 35
  assert.deepEqual(moveSets(s), ['1', '14', '27', '35', '7']);
  const jungle = g.clone(s);
  act(jungle, { t: 'move', trails: [14] });
  assert.equal(tokensOf(jungle).length, 10);
  assert.notEqual(decision(jungle), 'steps');
  const river = g.clone(s);
  const ev = act(river, { t: 'move', trails: [7] });
  assert.ok(!tokensOf(river).includes(7));
  assert.equal(tokensOf(river).length, 9);
  assert.ok(ev.some((e) => e.type === 'token' && (e as unknown as { trail: number }).trail === 7));
  assert.equal(decision(river), 'steps');
  // a familiar river trail chains like any familiar trail
  const f = buildPosition({ seats: 2, players: [{ at: 'ruin-3', pathways: [7, 8] }] });
  assert.ok(moveSets(f).includes('7,8'));
  assert.ok(moveSets(f).includes('7,8,9'));
});

// ------------------------------------------------------------------ RR-MOVE-6 / D-3

test('RR-MOVE-6 D-3 two routes to the same location are two moves with different effects', () => {
  // ruin-1 to temple-2: familiar 13 (river) + 38, or the single unfamiliar 40
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-1', pathways: [13, 38] }] });
  const ms = moveSets(s);
  assert.ok(ms.includes('13,38'));
  assert.ok(ms.includes('40'));
  const viaRiver = g.clone(s);
  act(viaRiver, { t: 'move', trails: [13, 38] });
  const direct = g.clone(s);
  act(direct, { t: 'move', trails: [40] });
  assert.equal(player(viaRiver, 0).loc, player(direct, 0).loc);
  assert.equal(decision(viaRiver), 'steps');
  assert.ok(!tokensOf(viaRiver).includes(13));
  assert.equal(tokensOf(direct).length, 10);
  assert.deepEqual(viaRiver.turn.moved.length, 2);
  assert.deepEqual(direct.turn.moved.length, 1);
  // a move is named by its trails, not by its destination
  assertIllegal(s, { t: 'move', to: 'temple-2' });
  assertIllegal(s, { t: 'move', trails: [38, 13] });
});

// ------------------------------------------------------------------ RR-MOVE-7

test('RR-MOVE-7 end of move order: flip, reset on the last token, steps, then expedition and end check', () => {
  // seat 0 begins on ruin-1's shrine (green relic); moves 13 (river, last coloured token) then 14 to ruin-3's shrine
  const s = buildPosition({
    seats: 2,
    stacks: { 'ruin-1': [], 'ruin-3': [] },
    relics: ['ruin-1', 'ruin-3'],
    tokens: [13],
    players: [{ at: 'ruin-1', pathways: [13, 14] }, { relics: { ivory: 3, blue: 3 } }],
  });
  const ev1 = act(s, { t: 'move', trails: [13, 14] });
  const types = ev1.map((e) => e.type);
  assert.deepEqual(types.slice(0, 3), ['move', 'token', 'tokensReset']);
  assert.equal(tokensOf(s).length, 10, 'all tokens coloured again');
  // (3) steps first: 1 flip + 1 reset step
  assert.equal(decision(s), 'steps');
  assert.equal(s.stack[s.stack.length - 1]!.k === 'steps' && (s.stack[s.stack.length - 1] as { n: number }).n, 2);
  assert.deepEqual(choices(s, 'relic'), []);
  act(s, { t: 'step', col: 'machete', level: 0 });
  assert.equal(decision(s), 'steps');
  act(s, { t: 'step', col: 'machete', level: 1 });
  // (4) then the expedition, then the end check
  assert.equal(decision(s), 'relic');
  const ev2 = act(s, { t: 'relic', take: true });
  assert.deepEqual(
    ev2.filter((e) => ['relicTaken', 'vp', 'endTriggered'].includes(e.type)).map((e) => e.type),
    ['relicTaken', 'vp', 'endTriggered'],
  );
  assert.equal(player(s, 0).vp, 4);
  assert.equal(s.trigger, 0);
  assert.equal(player(s, 0).tb[2], 1, 'toolbox at machete 2');
});

test('RR-MOVE-7 (5) on base camp the steps are assigned before the rations and the turn ends', () => {
  // 7 is a river (ruin-3 - temple-5), 5 joins temple-5 to camp
  const s = buildPosition({ seats: 2, players: [{ at: 'ruin-3', pathways: [7, 5], rations: 0 }] });
  act(s, { t: 'move', trails: [7, 5] });
  assert.equal(decision(s), 'steps');
  assert.equal(player(s, 0).rations, 0, 'no rations before the steps');
  const ev = act(s, { t: 'step', col: 'shovel', level: 0 });
  assert.equal(player(s, 0).rations, 3);
  assert.deepEqual(ev.map((e) => e.type).slice(0, 3), ['step', 'rations', 'turn']);
  assert.equal(s.cur, 1);
});

// ------------------------------------------------------------------ RR-LOC-1

test('RR-LOC-1 explorers never block: a move may end on or pass through an occupied location', () => {
  const s = buildPosition({
    seats: 3,
    players: [{ at: 'temple-9', pathways: [20, 21] }, { at: 'temple-10' }, { at: 'temple-10' }],
  });
  const ms = moveSets(s);
  assert.ok(ms.includes('20'));
  assert.ok(ms.includes('20,21'));
  assert.ok(ms.includes('20,31'));
  act(s, { t: 'move', trails: [20] });
  const v = g.view(s, null);
  assert.deepEqual(
    v.players.map((p) => p.at),
    ['temple-10', 'temple-10', 'temple-10'],
  );
  // all three stand there; seat 1 may still leave along any of its trails
  act(s, { t: 'end' });
  assert.equal(s.cur, 1);
  assert.deepEqual(moveSets(s), ['20', '21', '31']);
});

// ------------------------------------------------------------------ RR-PATH-1

test('RR-PATH-1 a ruin places a pathway only on adjacent trails without an own pathway; opponents may share', () => {
  // seat 0 owns 1 and 14 at ruin-3; seat 1 owns 27
  const s = buildPosition({
    seats: 2,
    players: [{ at: 'ruin-4', pathways: [1, 14] }, { pathways: [27] }],
  });
  act(s, { t: 'move', trails: [35] }, { t: 'explore' });
  assert.equal(decision(s), 'place');
  const targets = choices(s, 'place')
    .map((c) => (c as { trail: number }).trail)
    .sort((a, b) => a - b);
  assert.deepEqual(targets, [7, 27, 35]);
  assertIllegal(s, { t: 'place', trail: 14 });
  act(s, { t: 'place', trail: 27 });
  const v = g.view(s, null);
  assert.deepEqual(
    [...v.players[0]!.pathways].sort((a, b) => a - b),
    [1, 14, 27],
  );
  assert.deepEqual(v.players[1]!.pathways, [27]);
  assert.equal(player(s, 0).supply, 7);
});

// ------------------------------------------------------------------ an independent enumeration

/** All walks by brute force, filtered by the shape rules written as patterns over F/U. */
function bruteMoves(s: State, seat: number): string[] {
  const b = s.board;
  const me = 1 << seat;
  const start = player(s, seat).loc;
  const out: string[] = [];
  const used = new Set<number>();
  const ids: number[] = [];
  let shape = '';
  const walk = (at: number): void => {
    if (ids.length > 0 && at !== start && /^(F+|F*U|UF+)$/.test(shape)) out.push(ids.join(','));
    if (ids.length > 0 && at === b.camp) return;
    for (const t of b.incident[at]!) {
      if (used.has(t)) continue;
      const next = shape + ((s.owners[t]! & me) !== 0 ? 'F' : 'U');
      if (!/^(F*U?|UF*)$/.test(next)) continue;
      const tr = b.trails[t]!;
      const to = b.locIndex.get(tr.a === b.locations[at]!.id ? tr.b : tr.a)!;
      used.add(t);
      ids.push(tr.id);
      const keep = shape;
      shape = next;
      walk(to);
      shape = keep;
      ids.pop();
      used.delete(t);
    }
  };
  walk(start);
  return out.sort();
}

test('RR-MOVE-2 RR-MOVE-3 RR-MOVE-4 the move list equals a brute-force enumeration on random positions', () => {
  const rng = createRng('moves');
  const trailIds = STANDARD_TRAILS;
  const locs = ['camp', 'ruin-1', 'ruin-3', 'ruin-7', 'temple-2', 'temple-5', 'temple-7', 'temple-9', 'temple-11'];
  for (let i = 0; i < 60; i++) {
    const pool = trailIds.slice();
    const n = rng.int(11);
    const mine: number[] = [];
    for (let k = 0; k < n; k++) mine.push(pool.splice(rng.int(pool.length), 1)[0]!);
    const at = locs[rng.int(locs.length)]!;
    const s = buildPosition({ seats: 2, players: [{ at, pathways: mine }] });
    const got = moveSets(s);
    assert.deepEqual(got, bruteMoves(s, 0), `at ${at} with pathways ${mine.join(',')}`);
    assert.equal(new Set(got).size, got.length, 'no move listed twice');
  }
});
