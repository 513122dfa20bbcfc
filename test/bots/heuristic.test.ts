import { test } from 'node:test';
import assert from 'node:assert/strict';
import { heuristicFor } from '../../src/bots/registry.js';
import { banked, rrHeuristic } from '../../src/bots/relic-runners/heuristic.js';
import { tablesFor } from '../../src/bots/relic-runners/tables.js';
import { chainLength, reach, reachLen } from '../../src/bots/relic-runners/walks.js';
import type { RRChoice } from '../../src/games/relic-runners/choice.js';
import { addMoves } from '../../src/games/relic-runners/moves.js';
import { longestChain, scoreBreakdown } from '../../src/games/relic-runners/scoring.js';
import { g, buildPosition, type State } from '../helpers/rr.js';
import { forSeeds, randomGame, range } from '../helpers/rr.js';

const value = (s: State, seat: number) => rrHeuristic.value(s, seat);

test('the heuristic is registered for relic-runners, with its relic rule of thumb', () => {
  // Comparing the functions themselves, not calling them: `this` plays no part.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  assert.equal(heuristicFor(g).value, rrHeuristic.value);
  assert.equal(typeof heuristicFor(g).prune, 'function');
});

test('banked VP equal scoreBreakdown, and a finished game is valued at its final scores', () => {
  forSeeds(range(1, 13), (seed) => {
    const seats = 2 + (seed % 4);
    let n = 0;
    const end = randomGame(seed, seats, 5000, (s) => {
      if (n++ % 7 === 0) for (let q = 0; q < seats; q++) assert.equal(banked(s.players[q]!), scoreBreakdown(s.players[q]!).total);
    });
    assert.ok(end.over);
    const r = g.result(end)!;
    for (let q = 0; q < seats; q++) assert.equal(value(end, q), r.scores[q]);
  });
});

test('walks agree with the engine: chain length with longestChain, move reach with addMoves', () => {
  forSeeds(range(1, 9), (seed) => {
    let n = 0;
    randomGame(seed, 3, 400, (s) => {
      if (n++ % 5 !== 0) return;
      const T = tablesFor(s.board);
      for (let q = 0; q < s.seats; q++) {
        assert.equal(chainLength(T, s.owners, q), longestChain(s, q));
        const from = s.players[q]!.loc;
        const moves: RRChoice[] = [];
        addMoves(s, q, false, moves);
        const want = new Array<number>(T.n).fill(-1);
        for (const m of moves) {
          const trails = (m as unknown as { trails: number[] }).trails.map((id) => s.board.trailOf[id]!);
          let at = from;
          for (const t of trails) at = s.board.trailEnds[2 * t] === at ? s.board.trailEnds[2 * t + 1]! : s.board.trailEnds[2 * t]!;
          want[at] = Math.max(want[at]!, trails.length);
        }
        reach(T, s.owners, q, from);
        assert.deepEqual(Array.from(reachLen.subarray(0, T.n)), want);
      }
    });
  });
});

test('value reads the state and never changes it', () => {
  randomGame(5, 4, 200, (s) => {
    const h = g.hash(s);
    for (let q = 0; q < 4; q++) assert.ok(Number.isFinite(value(s, q)));
    assert.equal(g.hash(s), h);
  });
});

/** Seat 1 (not to move) on ruin-7; ruin-6 and optionally ruin-8 are green shrines. */
function shrines(relics: string[], at = 'ruin-7', extra: object = {}): State {
  return buildPosition({
    seats: 2,
    stacks: { 'ruin-7': [], 'ruin-6': [], 'ruin-8': [] },
    relics,
    players: [{ at: 'temple-4' }, { at, ...extra }],
  });
}

test('RR-EXP-1 standing on a relic shrine with a same-colour relic shrine in reach is worth the expedition', () => {
  const ready = value(shrines(['ruin-7', 'ruin-6']), 1);
  const alone = value(shrines(['ruin-7']), 1);
  const beside = value(shrines(['ruin-7', 'ruin-6'], 'temple-10'), 1);
  // A 1-trail expedition for a new colour: 2 VP + 5 VP + the relic's other worth, discounted.
  assert.ok(ready - alone > 6, `ready ${ready}, alone ${alone}`);
  assert.ok(ready > beside, `ready ${ready}, one move away ${beside}`);
  assert.ok(beside > alone, 'being near a useful shrine is worth something');
});

test('longer expedition routes are worth more (2 VP per trail)', () => {
  const short = value(shrines(['ruin-7', 'ruin-6'], 'ruin-7', { pathways: [] }), 1);
  const long = value(shrines(['ruin-7', 'ruin-6'], 'ruin-7', { pathways: [37, 21, 20] }), 1);
  const sameWithoutRelic =
    value(shrines(['ruin-7'], 'ruin-7', { pathways: [37, 21, 20] }), 1) - value(shrines(['ruin-7'], 'ruin-7', { pathways: [] }), 1);
  assert.ok(long - short > sameWithoutRelic + 4, `long ${long}, short ${short}`);
});

test('holdings count: a blue tile, a relic colour, rations and toolboxes higher up', () => {
  const base = buildPosition({ seats: 2, players: [{}, { at: 'ruin-4' }] });
  const v0 = value(base, 1);
  const withBlue = buildPosition({ seats: 2, players: [{}, { at: 'ruin-4', blue: ['B1:5'] }] });
  assert.ok(Math.abs(value(withBlue, 1) - v0 - 5) < 1e-9);
  const withRelic = buildPosition({ seats: 2, players: [{}, { at: 'ruin-4', relics: { blue: 1 } }] });
  assert.ok(value(withRelic, 1) - v0 >= 5);
  const noRations = buildPosition({ seats: 2, players: [{}, { at: 'ruin-4', rations: 0 }] });
  assert.ok(value(noRations, 1) < v0);
  const low = buildPosition({ seats: 2, players: [{}, { at: 'ruin-4', shovel: [1, 0, 0], reserve: 2 }] });
  const high = buildPosition({ seats: 2, players: [{}, { at: 'ruin-4', shovel: [0, 0, 1], reserve: 2 }] });
  assert.ok(value(high, 1) > value(low, 1), 'a toolbox lower on the table is worth less');
});

test('an explorable site under the explorer at the post-move window is worth exploring', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-5': 'blue' },
    stacks: { 'temple-5': ['B1:5', 'B2:4'] },
    players: [{ at: 'camp', rations: 3 }],
  });
  g.apply(s, { t: 'move', trails: [5] });
  const post = value(s, 0);
  const ended = g.clone(s);
  g.apply(ended, { t: 'end' });
  assert.ok(post > value(ended, 0));
});
