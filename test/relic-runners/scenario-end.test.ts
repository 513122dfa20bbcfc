import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GameEvent } from '../../src/core/game.js';
import { randomBot } from '../../src/bots/random.js';
import { playGame } from '../../src/cli/simulate.js';
import { g, buildPosition, act, choices, decision, type PositionSpec, type State, FIRST_GAME_TEMPLES } from '../helpers/rr.js';

/* Scenario tests for the end of the game (rules §6). */

const TEMPLES = FIRST_GAME_TEMPLES;
type Seat = NonNullable<PositionSpec['players']>[number];
const THRESHOLD: Record<number, number> = { 2: 7, 3: 8, 4: 9, 5: 10 };

const turnSeats = (ev: GameEvent[]): number[] => ev.filter((e) => e.type === 'turn').map((e) => e.seat!);

/**
 * Ruins 3 and 4 (joined by trail 35) and ruins 6 and 7 (trail 10) are shrines showing green
 * relics. Seat `who` stands on ruin-3; every other seat stands on ruin-1 (one trail from camp).
 */
function expedition(seats: number, who: number, others: number, extra: Partial<Record<number, Seat>> = {}): State {
  const players: Seat[] = [];
  for (let p = 0; p < seats; p++) {
    players.push({
      at: p === who ? 'ruin-3' : 'ruin-1',
      rations: 0,
      relics: p === (who + 1) % seats ? { green: others } : {},
      ...(extra[p] ?? {}),
    });
  }
  return buildPosition({
    seats,
    temples: TEMPLES,
    stacks: { 'ruin-3': 0, 'ruin-4': 0, 'ruin-6': 0, 'ruin-7': 0, 'ruin-1': 1 },
    relics: ['ruin-3', 'ruin-4', 'ruin-6', 'ruin-7'],
    players,
    current: who,
    pool: 30,
  });
}

/** Plays the current seat's turn as "walk into base camp" (it must stand next to camp). */
function walkHome(s: State): GameEvent[] {
  const at = g.view(s, null).players[s.cur]!.at;
  const trail = { 'ruin-1': 4, 'ruin-3': 1, 'ruin-4': 35, 'ruin-7': 3, 'temple-5': 5 }[at];
  assert.ok(trail !== undefined, `no way home from ${at}`);
  if (at === 'ruin-4') return act(s, { t: 'move', trails: [35, 1] });
  return act(s, { t: 'move', trails: [trail] });
}

// ---------------------------------------------------------------- RR-END-1

for (const seats of [2, 3, 4, 5]) {
  const n = THRESHOLD[seats]!;
  test(`RR-END-1 with ${seats} players the end is triggered when ${n} relics have been collected`, () => {
    const s = expedition(seats, 0, n - 1);
    assert.equal(g.view(s, null).endAt, n);
    act(s, { t: 'move', trails: [35] });
    assert.equal(decision(s), 'relic');
    const ev = act(s, { t: 'relic', take: true });
    assert.ok(ev.some((e) => e.type === 'endTriggered' && e.seat === 0));
    assert.equal(g.view(s, null).relicsCollected, n);
    assert.equal(g.view(s, null).endTriggeredBy, 0);
    assert.equal(s.over, false);
  });

  test(`RR-END-1 with ${seats} players ${n - 1} relics do not trigger the end`, () => {
    const s = expedition(seats, 0, n - 2);
    act(s, { t: 'move', trails: [35] });
    const ev = act(s, { t: 'relic', take: true });
    assert.ok(!ev.some((e) => e.type === 'endTriggered'));
    assert.equal(g.view(s, null).endTriggeredBy, null);
    assert.equal(s.cur, 1 % seats, 'play simply goes on');
  });
}

test('RR-END-1 the collecting player finishes its turn, then the others play once, up to but not including it', () => {
  // 4 players, seat 1 collects the 9th relic.
  const s = expedition(4, 1, 8, { 1: { bottom: 0, shovel: [1, 0, 0], reserve: 2, rations: 1 } });
  act(s, { t: 'move', trails: [35] }, { t: 'relic', take: true });
  assert.equal(s.trigger, 1);
  assert.equal(s.cur, 1);
  assert.equal(decision(s), 'post', 'the turn goes on after the trigger');
  const ev = act(s, { t: 'tool', col: 'shovel', level: 1 }, { t: 'bonus', pick: 'vp' });
  assert.equal(s.players[1]!.vp, 2 + 2);
  assert.equal(s.cur, 2, 'with the toolbox used there is nothing left to decide: the turn has passed');
  while (!s.over) ev.push(...walkHome(s));
  assert.deepEqual(turnSeats(ev), [2, 3, 0]);
  assert.ok(ev.some((e) => e.type === 'gameEnd'));
  assert.ok(g.result(s));
});

test('RR-END-1 the trigger by the last seat in order lets seats 0 … trigger-1 play', () => {
  const s = expedition(3, 2, 7);
  const ev = act(s, { t: 'move', trails: [35] }, { t: 'relic', take: true });
  while (!s.over) ev.push(...walkHome(s));
  assert.deepEqual(turnSeats(ev), [0, 1]);
});

test('RR-END-1 expeditions are still allowed in the final turns and do not move the trigger', () => {
  // Seat 0 already triggered; seat 1 starts on the ruin-6 shrine and walks to ruin-7.
  const s = buildPosition({
    seats: 3,
    temples: TEMPLES,
    stacks: { 'ruin-6': 0, 'ruin-7': 0 },
    relics: ['ruin-6', 'ruin-7'],
    players: [{ relics: { green: 8 } }, { at: 'ruin-6', rations: 0 }, { at: 'ruin-1', rations: 0 }],
    current: 1,
    trigger: 0,
    pool: 30,
  });
  act(s, { t: 'move', trails: [10] });
  assert.equal(decision(s), 'relic');
  const ev = act(s, { t: 'relic', take: true });
  assert.ok(!ev.some((e) => e.type === 'endTriggered'));
  assert.equal(s.players[1]!.relics[0], 1);
  assert.equal(s.players[1]!.vp, 2);
  assert.equal(s.trigger, 0);
  assert.equal(s.cur, 2);
  walkHome(s);
  assert.equal(s.over, true);
});

// ---------------------------------------------------------------- RR-END-2

test('RR-END-2 the IV1-6 holder takes its extra turn after the last final turn, then the game ends', () => {
  const s = expedition(3, 1, 7, { 2: { ivory: ['IV1-6'] } });
  const ev = act(s, { t: 'move', trails: [35] }, { t: 'relic', take: true });
  ev.push(...walkHome(s)); // seat 2's final turn
  ev.push(...walkHome(s)); // seat 0's final turn
  assert.equal(s.over, false);
  assert.equal(decision(s), 'extra');
  assert.equal(g.toAct(s), 2);
  ev.push(...act(s, { t: 'extra', use: true }));
  assert.equal(decision(s), 'move');
  assert.equal(g.toAct(s), 2);
  ev.push(...act(s, { t: 'move', trails: [4] })); // from camp back to ruin-1
  assert.equal(decision(s), 'post');
  ev.push(...act(s, { t: 'end' }));
  assert.equal(s.over, true);
  assert.deepEqual(turnSeats(ev), [2, 0, 2]);
});

test('RR-END-2 without an IV1-6 holder nobody gets an extra turn', () => {
  const s = expedition(3, 1, 7, { 2: { ivory: ['IV1-5'] } });
  act(s, { t: 'move', trails: [35] }, { t: 'relic', take: true });
  walkHome(s);
  walkHome(s);
  assert.equal(s.over, true);
  assert.equal(g.toAct(s), null);
  assert.deepEqual(choices(s), []);
});

// ---------------------------------------------------------------- RR-END-3

/** Seat 0 has triggered; seat 1 walks into camp for the last turn of a 2-player game. */
function endOf(seat0: Seat, seat1: Seat = {}): State {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    players: [seat0, { at: 'ruin-1', rations: 0, ...seat1 }],
    current: 1,
    trigger: 0,
    pool: 10,
  });
  act(s, { t: 'move', trails: [4] });
  assert.equal(s.over, true);
  return s;
}

test('RR-END-3 final score = play VP + blue values + 5 per distinct relic colour + the level-1 ivory bonus', () => {
  const s = endOf({ vp: 7, blue: ['B1:5', 'B3:2'], relics: { green: 2, purple: 1 }, ivory: ['IV1-2', 'IV3-1'], rations: 3 });
  const r = g.view(s, 1).result!;
  assert.deepEqual(r.scores[0], { play: 7, blue: 7, relics: 10, ivory: 6, total: 30 });
  assert.deepEqual(r.scores[1], { play: 0, blue: 0, relics: 0, ivory: 0, total: 0 });
  assert.deepEqual(g.result(s), { scores: [30, 0], winners: [0] });
  // All hidden values are revealed at the end.
  const seen = g.view(s, 1).players[0]!;
  assert.equal(seen.vp, 7);
  assert.deepEqual(seen.blue, [
    { level: 1, value: 5, shown: false },
    { level: 3, value: 2, shown: false },
  ]);
});

test('RR-END-3 a blue tile revealed by Shovel 3 still counts its value at the end', () => {
  const s = buildPosition({
    seats: 2,
    temples: TEMPLES,
    stacks: { 'temple-3': ['B1:5', 'B2:4'] },
    players: [
      { at: 'ruin-1', rations: 1, bottom: 0, shovel: [0, 0, 1], reserve: 2 },
      { at: 'ruin-3', rations: 0 },
    ],
    tokens: [7, 11, 15],
    trigger: 1,
    pool: 10,
  });
  act(s, { t: 'move', trails: [13] }, { t: 'explore' }, { t: 'tool', col: 'shovel', level: 3 });
  assert.equal(s.over, true);
  const r = g.view(s, 0).result!.scores[0]!;
  assert.equal(r.play, 4);
  assert.equal(r.blue, 4);
  assert.equal(r.total, 8);
});

test('RR-END-3 the result is null until the game is over', () => {
  const s = buildPosition({ seats: 2, temples: TEMPLES, players: [{ vp: 50 }] });
  assert.equal(g.result(s), null);
  assert.equal(g.view(s, 0).result, null);
});

// ---------------------------------------------------------------- RR-END-4 / D-30

test('RR-END-4 most VP wins, whatever the relics', () => {
  const s = endOf({ vp: 20 }, { vp: 0, relics: { green: 3 } });
  assert.deepEqual(g.result(s), { scores: [20, 5], winners: [0] });
});

test('RR-END-4 a tie on VP goes to more relics', () => {
  const s = endOf({ vp: 10, relics: { green: 2 } }, { vp: 10, relics: { green: 1 } });
  assert.deepEqual(g.result(s)!.scores, [15, 15]);
  assert.deepEqual(g.result(s)!.winners, [0]);
  const t = endOf({ vp: 10, relics: { green: 1 } }, { vp: 10, relics: { green: 2 } });
  assert.deepEqual(g.result(t)!.winners, [1]);
});

test('RR-END-4 a tie on VP and relics goes to more distinct relic colours', () => {
  const s = endOf({ vp: 10, relics: { green: 2 } }, { vp: 5, relics: { green: 1, blue: 1 } });
  assert.deepEqual(g.result(s)!.scores, [15, 15]);
  assert.deepEqual(g.result(s)!.winners, [1]);
});

test('D-30 players tied on VP, relics and colours share the win', () => {
  const s = endOf({ vp: 10, relics: { green: 1, ivory: 1 } }, { vp: 6, blue: ['B2:4'], relics: { blue: 1, purple: 1 } });
  assert.deepEqual(g.result(s), { scores: [20, 20], winners: [0, 1] });
  assert.deepEqual(g.view(s, null).result!.winners, [0, 1]);
  const three = buildPosition({
    seats: 3,
    temples: TEMPLES,
    players: [{ vp: 9 }, { vp: 9 }, { at: 'ruin-1', rations: 0, vp: 3 }],
    current: 2,
    trigger: 0,
    pool: 10,
  });
  act(three, { t: 'move', trails: [4] });
  assert.deepEqual(g.result(three), { scores: [9, 9, 3], winners: [0, 1] });
});

// ---------------------------------------------------------------- RR-END-5 / D-16

test('RR-END-5 D-16 the engine has no turn limit', () => {
  const s = buildPosition({ seats: 2, temples: TEMPLES, stacks: { 'ruin-1': 0 }, players: [{ at: 'camp' }, { at: 'camp' }] });
  // Both explorers walk between camp and an empty ruin for 1000 turns.
  for (let i = 0; i < 1000; i++) act(s, { t: 'move', trails: [4] });
  assert.equal(s.over, false);
  assert.equal(g.turn(s), 1001);
  assert.equal(g.result(s), null);
  s.turnNo = 1_000_000;
  act(s, { t: 'move', trails: [4] });
  assert.equal(s.over, false);
  assert.equal(g.turn(s), 1_000_001);
  assert.equal(decision(s), 'move');
});

test('RR-END-5 D-16 a game stopped by a simulation cap is reported as capped, with no result', () => {
  const out = playGame({ game: g, players: 3, games: 1, seed: 'cap-test', bots: [randomBot(), randomBot(), randomBot()], cap: 4 }, 1);
  assert.equal(out.capped, true);
  assert.equal(out.scores, null);
  assert.equal(out.winners, null);
});
