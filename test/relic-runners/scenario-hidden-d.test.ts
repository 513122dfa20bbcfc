import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GameEvent } from '../../src/core/game.js';
import { g, act, buildPosition, type State } from '../helpers/rr.js';

const vps = (s: State, viewer: number | null) => g.view(s, viewer).players.map((p) => p.vp);

// ------------------------------------------------------------------ D-17

test('D-17 open scores off by default: each seat sees only its own VP', () => {
  const s = buildPosition({ seats: 3, players: [{ vp: 5 }, { vp: 9 }, { vp: 2 }] });
  assert.equal(s.opts.openScores, false);
  assert.deepEqual(vps(s, 0), [5, null, null]);
  assert.deepEqual(vps(s, 1), [null, 9, null]);
  assert.deepEqual(vps(s, 2), [null, null, 2]);
  assert.deepEqual(vps(s, null), [null, null, null]);
  assert.equal(g.view(s, 1).options.openScores, false);
});

test('D-17 with the open scores option every viewer sees every VP total', () => {
  const s = buildPosition({ seats: 3, options: { openScores: true }, players: [{ vp: 5 }, { vp: 9 }, { vp: 2 }] });
  for (const viewer of [0, 1, 2, null]) assert.deepEqual(vps(s, viewer), [5, 9, 2]);
  assert.equal(g.view(s, null).options.openScores, true);
  // still no blue values of others
  const b = buildPosition({ seats: 2, options: { openScores: true }, players: [{ blue: ['B1:5'] }] });
  assert.deepEqual(g.view(b, 1).players[0]!.blue, []);
  assert.equal(g.view(b, 1).players[0]!.blueCount, 1);
});

// ------------------------------------------------------------------ D-19

test('D-19 events state the VP of a public action but never a running total', () => {
  // seat 0 (15 VP already) makes a 1-trail expedition: 2 VP, public
  const s = buildPosition({
    seats: 2,
    stacks: { 'ruin-7': [], 'ruin-6': [] },
    relics: ['ruin-7', 'ruin-6'],
    players: [{ at: 'ruin-7', pathways: [37], vp: 15 }],
  });
  const ev: GameEvent[] = act(s, { t: 'move', trails: [10] });
  ev.push(...act(s, { t: 'relic', take: true }));
  const vp = ev.filter((e) => e.type === 'vp') as unknown as { seat: number; vp: number; why: unknown }[];
  assert.deepEqual(vp, [{ type: 'vp', seat: 0, vp: 2, why: { kind: 'expedition' } }]);
  // the running total (17) appears nowhere in the events nor in the opponent's view
  const text = JSON.stringify(ev);
  assert.ok(!text.includes('17'), text);
  assert.equal(g.view(s, 1).players[0]!.vp, null);
  assert.equal(g.view(s, 0).players[0]!.vp, 17);
});

test("D-19 an unrevealed blue value never appears in events or in other seats' views", () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-1': 'blue' },
    stacks: { 'temple-1': ['B1:5', 'B2:4', 'B3:3'] },
    players: [{ at: 'temple-12', ivory: ['IV3-3'], rations: 3 }, { at: 'temple-9' }],
  });
  const ev = act(s, { t: 'move', trails: [23] }, { t: 'explore' });
  const blue = ev.filter((e) => e.type === 'blueTaken') as unknown as Record<string, unknown>[];
  assert.deepEqual(blue, [{ type: 'blueTaken', seat: 0, site: 'temple-1', level: 3, reveals: true }]);
  // IV3-3's public +1 is fine; nothing carries the tile's value
  const vp = ev.filter((e) => e.type === 'vp') as unknown as { vp: number; why: unknown }[];
  assert.deepEqual(
    vp.map((e) => [e.vp, e.why]),
    [[1, { kind: 'tile', tile: 'IV3-3' }]],
  );
  for (const e of ev) assert.ok(!('value' in e), JSON.stringify(e));
  const other = g.view(s, 1);
  assert.deepEqual(other.players[0]!.blue, []);
  assert.equal(other.players[0]!.blueCount, 1);
  assert.equal(other.players[0]!.vp, null);
  assert.ok(!JSON.stringify(other).includes('B3:'));
  assert.deepEqual(g.view(s, null).players[0]!.blue, []);
  // the owner sees it
  assert.deepEqual(g.view(s, 0).players[0]!.blue, [{ level: 3, value: 3, shown: false }]);
  // the remaining tiles stay unseen by all
  assert.equal(g.view(s, 0).sites.find((x) => x.id === 'temple-1')!.top, null);
});

test('D-19 what IV2-2 shows stays with its owner: events and the other views carry no stack content', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-1': 'blue' },
    stacks: { 'temple-1': ['B1:5', 'B2:4', 'B3:2'] },
    players: [{ at: 'temple-12', ivory: ['IV2-2'] }],
  });
  const ev = act(s, { t: 'move', trails: [23] }, { t: 'explore' }, { t: 'peek', use: true });
  assert.deepEqual(g.view(s, 0).peek, { site: 'temple-1', tiles: ['B3:2', 'B2:4', 'B1:5'] });
  assert.equal(g.view(s, 1).peek, null);
  assert.equal(g.view(s, null).peek, null);
  ev.push(...act(s, { t: 'pick', depth: 2 }));
  const text = JSON.stringify(ev);
  assert.ok(!/"value"|B\d:\d/.test(text), text);
  assert.deepEqual(
    ev.filter((e) => e.type === 'blueTaken').map((e) => (e as unknown as { level: number }).level),
    [1],
  );
  assert.deepEqual(g.view(s, 1).players[0]!.blue, []);
  assert.deepEqual(g.view(s, 0).players[0]!.blue, [{ level: 1, value: 5, shown: false }]);
});

test('§7 events that turn up hidden information say so (reveals), for the undo limit', () => {
  // Exploring a blue temple takes a face-down tile: that event reveals; a move does not.
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-1': 'blue' },
    stacks: { 'temple-1': ['B1:5', 'B2:4', 'B3:2'] },
    players: [{ at: 'ruin-1', rations: 2 }],
  });
  const moveEvents = act(s, { t: 'move', trails: [33] });
  assert.ok(moveEvents.every((e) => e.reveals === undefined));
  const exploreEvents = act(s, { t: 'explore' });
  assert.deepEqual(
    exploreEvents.filter((e) => e.reveals).map((e) => e.type),
    ['blueTaken'],
  );
});
