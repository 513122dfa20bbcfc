import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AnyGame } from '../../src/core/game.js';
import { InvalidInput } from '../../src/core/errors.js';
import { Match, type MatchRecord } from '../../src/core/match.js';
import { createRng } from '../../src/core/rng.js';
import { botFromSpec, decide } from '../../src/bots/index.js';
import {
  analyseDecision,
  analyseGame,
  analyseSteps,
  breakdownOf,
  fallsOf,
  FLAG_DROP,
  positionChances,
  toPercent,
  type GameAnalysis,
} from '../../src/bots/analysis.js';
import { resultShares, scoreShares } from '../../src/bots/rollout.js';
import { quetzal } from '../../src/games/quetzal/index.js';
import { relicRunners as g } from '../../src/games/relic-runners/index.js';
import * as play from '../helpers/play.js';
import { forSeeds, randomGame, range } from '../helpers/rr.js';

const q = quetzal as unknown as AnyGame;

/** A record of a game played by bots (each seat's spec in turn from `specs`), cut after `maxMoves` choices when given. */
function botRecord(game: AnyGame, seats: number, seed: string, maxMoves = Infinity, specs = ['greedy']): MatchRecord {
  const m = new Match(game, seats, seed);
  const bots = specs.map((s) => botFromSpec(s));
  const rng = createRng(`bots ${seed}`);
  while (!m.over && m.decisions < maxMoves) m.play(decide(game, m.state, bots[m.toAct()! % bots.length]!, rng));
  return m.record;
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
const near = (a: number, b: number, what: string): void => assert.ok(Math.abs(a - b) <= 1e-9, `${what}: ${a} is not ${b}`);

/** What every analysis must satisfy, whatever the estimates came to. */
function assertWellFormed(a: GameAnalysis, record: MatchRecord, game: AnyGame): void {
  const n = record.choices.length;
  assert.equal(a.decisions.length, n);
  assert.equal(a.curve.length, n + 1);
  assert.equal(a.changes.length, n);
  // One distribution per step: every seat's chance, adding up to 100 %.
  a.curve.forEach((row, i) => {
    assert.equal(row.length, record.seats);
    for (const v of row) assert.ok(v >= 0 && v <= 100, `step ${i}: ${v} is a percentage`);
    near(sum(row) / 100, 1, `step ${i}'s chances add up`);
  });
  const m = new Match(game, record.seats, record.seed, record.options);
  a.decisions.forEach((d, i) => {
    const at = `decision ${i}`;
    assert.equal(d.index, i);
    assert.equal(d.seat, m.toAct(), `${at} is the seat that acted`);
    assert.deepEqual(d.choice, record.choices[i], `${at} is the record's choice`);
    for (const v of [d.before, d.after]) assert.ok(v >= 0 && v <= 100, `${at}: ${v} is a percentage`);
    assert.equal(d.drop, Math.round((d.before - d.after) * 10) / 10);
    assert.equal(d.flagged, d.drop >= FLAG_DROP, `${at}: flagged exactly when the choice cost ${FLAG_DROP} pp or more`);
    assert.ok(
      game.choices(m.state).some((c) => JSON.stringify(c) === JSON.stringify(d.preferred)),
      `${at}: the preferred choice was legal`,
    );
    if (d.forced) assert.equal(d.before, d.after);
    assert.deepEqual(a.curve[i], d.chances);
    // Chance is split off exactly where the move revealed something.
    const revealed = game.apply(game.clone(m.state), record.choices[i], true).some((e) => e.reveals === true);
    assert.equal(d.beforeChance !== null, revealed, `${at}: an estimate before chance only where the move revealed something`);
    if (d.beforeChance) near(sum(d.beforeChance) / 100, 1, `${at}: the chances before the reveal add up`);
    // Every change of the curve is the mover's choice plus chance, to the tenth.
    const c = a.changes[i]!;
    assert.equal(c.index, i);
    assert.equal(c.seat, d.seat);
    assert.equal(c.chance, revealed);
    for (let s = 0; s < record.seats; s++) {
      near(c.byChoice[s]! + c.byChance[s]!, a.curve[i + 1]![s]! - a.curve[i][s]!, `${at}: seat ${s}'s change`);
      if (!revealed) assert.equal(c.byChance[s], 0, `${at}: no chance without a reveal`);
      if (d.forced) assert.equal(c.byChoice[s], 0, `${at}: a forced move chose nothing`);
    }
    m.play(record.choices[i]);
  });
  // The final step: the result, each winner's share the same.
  if (a.finished) {
    const last = a.curve[n]!;
    for (let s = 0; s < record.seats; s++) {
      const want = a.winners!.includes(s) ? 100 / a.winners!.length : 0;
      assert.ok(Math.abs(last[s]! - want) <= 0.1, `the result: seat ${s} has ${last[s]} %, not ${want} %`);
    }
  }
  for (let s = 0; s < record.seats; s++) {
    // Every fall of FLAG_DROP or more is listed with the seat that moved; one at the seat's own
    // move comes with that choice's judgement.
    const falls = fallsOf(a.changes, s);
    const want = range(0, n).filter((i) => a.curve[i + 1]![s]! - a.curve[i]![s]! <= -FLAG_DROP + 1e-9);
    assert.deepEqual(
      falls.map((f) => f.index),
      want,
      `seat ${s}: every fall of ${FLAG_DROP} pp or more is listed`,
    );
    for (const f of falls) {
      assert.equal(f.mover, a.decisions[f.index]!.seat, `fall at move ${f.index}: the seat that moved`);
      near(f.byChoice + f.byChance, f.total, `fall at move ${f.index}: its parts`);
      if (f.mover === s) assert.equal(a.decisions[f.index]!.seat, s, 'an own move has its judgement');
    }
    // Where the seat's chance went, all of it: own choices, each other seat's moves, chance.
    const b = breakdownOf(a.changes, a.curve, s, record.seats);
    assert.equal(b.others[s], 0);
    near(b.own + sum(b.others) + b.chance, a.curve[n]![s]! - a.curve[0]![s]!, `seat ${s}'s breakdown`);
  }
  const flagged = a.decisions.filter((d) => d.flagged);
  assert.deepEqual(
    [...a.flagged].sort((x, y) => x - y),
    flagged.map((d) => d.index),
  );
  for (let k = 1; k < a.flagged.length; k++)
    assert.ok(a.decisions[a.flagged[k - 1]!]!.drop >= a.decisions[a.flagged[k]!]!.drop, 'largest drop first');
}

test('shares of the win: ties shared, every estimate and its percentages add up', () => {
  assert.deepEqual(resultShares({ scores: [5, 9, 9], winners: [1, 2] }, 3), [0, 0.5, 0.5]);
  const even = scoreShares([12, 12, 12, 12], 6);
  assert.deepEqual(even, [0.25, 0.25, 0.25, 0.25]);
  const two = scoreShares([20, 14], 6);
  near(two[0]!, 1 / (1 + Math.exp(-1)), 'a lead of one scale with two seats');
  for (const xs of [[1 / 3, 1 / 3, 1 / 3], [0.5, 0.5], [0.1234, 0.2345, 0.3456, 0.2965], scoreShares([3, 40, 7, 7, 12], 6)]) {
    near(sum(xs), 1, `${xs.join(', ')}`);
    const p = toPercent(xs);
    near(sum(p) / 100, 1, `${p.join(' + ')}`);
    p.forEach((v, i) => assert.ok(Math.abs(v - 100 * xs[i]!) <= 0.1 + 1e-9, `${v} rounds ${100 * xs[i]!}`));
  }
});

test('2–5-player games of both games: one distribution per move, every change put down to a choice or chance, every large fall listed', () => {
  let chanceParts = 0;
  let ownFalls = 0;
  let otherFalls = 0;
  let flagged = 0;
  for (const game of [g as unknown as AnyGame, q]) {
    for (let seats = 2; seats <= 5; seats++) {
      // A random player among greedy ones: costly choices and large falls both happen.
      const record = botRecord(game, seats, `analysis ${game.id} ${seats}`, Infinity, ['random', 'greedy', 'greedy']);
      const a = analyseGame(game, record, { iterations: 10, seed: `s${seats}` });
      try {
        assertWellFormed(a, record, game);
      } catch (e) {
        if (e instanceof Error) e.message = `[${game.id}, ${seats} seats] ${e.message}`;
        throw e;
      }
      assert.equal(a.finished, true);
      chanceParts += a.changes.filter((c) => c.byChance.some((x) => x !== 0)).length;
      flagged += a.flagged.length;
      for (let s = 0; s < seats; s++)
        for (const f of fallsOf(a.changes, s)) {
          if (f.mover === s) ownFalls++;
          else otherFalls++;
        }
    }
  }
  // The properties above held over moves of every kind.
  assert.ok(chanceParts > 20, `only ${chanceParts} moves moved the curve by chance`);
  assert.ok(ownFalls > 0 && otherFalls > 0, `falls at own moves ${ownFalls}, at others' ${otherFalls}`);
  assert.ok(flagged > 0, 'no choice was flagged');
});

test('seeded: the same record, seed and iterations give the same analysis, step by step too', () => {
  const record = botRecord(g, 3, 'analysis seeded', 60);
  const a = analyseGame(g, record, { iterations: 12, seed: 5 });
  assertWellFormed(a, record, g);
  assert.equal(a.finished, false);
  assert.deepEqual(analyseGame(g, record, { iterations: 12, seed: 5 }), a);
  assert.deepEqual(
    [...analyseSteps(g, record, { iterations: 12, seed: 5 })].map((s) => s.decision),
    a.decisions,
  );
  // A random player's game has choices the bot would not make: some cost winning chance.
  const wild = botRecord(g, 2, 'analysis wild', 60, ['random']);
  const w = analyseGame(g, wild, { iterations: 40, seed: 1 });
  assertWellFormed(w, wild, g);
  assert.ok(
    w.decisions.some((d) => d.drop > 0),
    'some random choice cost winning chance',
  );
});

test('a forced move that reveals nothing leaves the curve where it was', () => {
  const record = botRecord(q, 2, 'analysis q forced', 80);
  const a = analyseGame(q, record, { iterations: 10, seed: 2 });
  const quiet = a.decisions.filter((d) => d.forced && d.beforeChance === null);
  assert.ok(quiet.length > 0, 'the game had a forced move that revealed nothing');
  for (const d of quiet) assert.deepEqual(a.curve[d.index + 1], d.chances, `forced move ${d.index}`);
});

test('fairness: a choice is judged the same in two true states that differ only in what its seat has not seen', () => {
  let differing = 0;
  forSeeds(range(0, 10), (seed) => {
    const a = randomGame(seed, 3, 15 + seed * 3);
    const seat = g.toAct(a)!;
    const b = g.determinize(a, seat, createRng(`other world ${seed}`));
    if (g.hash(a) !== g.hash(b)) differing++;
    const cs = g.choices(a);
    const made = cs[createRng(`pick ${seed}`).int(cs.length)]!;
    const opts = { iterations: 20, seed: `fair ${seed}` };
    assert.deepEqual(
      analyseDecision(g, b, JSON.parse(JSON.stringify(made)), 7, opts),
      analyseDecision(g, a, made, 7, opts),
      'the judgement changed when only hidden information changed',
    );
  });
  assert.ok(differing >= 8, `only ${differing} of 10 pairs differed in hidden information`);
});

test("fairness: judging a choice hands the seat's determinizations to the search and the playouts; the true state is only asked whose turn it is", () => {
  const truth = randomGame(4, 3, 12);
  const before = g.hash(truth);
  const seen = new Set<string>();
  // Every contract function but determinize and toAct refuses the true state itself.
  const spy = new Proxy(g, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        if (args[0] === truth) {
          seen.add(String(prop));
          assert.ok(prop === 'determinize' || prop === 'toAct', `${String(prop)} was handed the true state`);
        }
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const cs = g.choices(truth);
  for (const made of [cs[0]!, cs.at(-1)!]) analyseDecision(spy, truth, made, 0, { iterations: 20, seed: 1 });
  assert.deepEqual([...seen].sort(), ['determinize', 'toAct']);
  assert.equal(g.hash(truth), before, 'the analysis changed the true state');
});

test('fairness in Quetzal too: hidden cards redrawn, the same judgement', () => {
  let differing = 0;
  forSeeds(range(0, 6), (seed) => {
    let n = 0;
    const a = play.randomGame(q, 3, `q fair ${seed}`, { until: () => n++ >= 20 + seed * 7 });
    const seat = q.toAct(a)!;
    const b = q.determinize(a, seat, createRng(`other world ${seed}`));
    if (q.hash(a) !== q.hash(b)) differing++;
    const cs = q.choices(a);
    const made = cs[createRng(`pick ${seed}`).int(cs.length)]!;
    const opts = { iterations: 20, seed: `fair ${seed}` };
    assert.deepEqual(analyseDecision(q, b, made, 3, opts), analyseDecision(q, a, made, 3, opts));
  });
  assert.ok(differing >= 5, `only ${differing} of 6 pairs differed in hidden information`);
});

test('the curve never knows what no seat had seen: two worlds that differ only there get the same chances', () => {
  let differing = 0;
  for (const game of [g as unknown as AnyGame, q]) {
    forSeeds(range(0, 5), (seed) => {
      let n = 0;
      const a = play.randomGame(game, 3, `unseen ${seed}`, { until: () => n++ >= 25 + seed * 9 });
      const b = game.redrawUnseen(a, createRng(`other world ${seed}`));
      if (game.hash(a) !== game.hash(b)) differing++;
      const opts = { iterations: 15, seed: `curve ${seed}` };
      assert.deepEqual(positionChances(game, b, opts), positionChances(game, a, opts));
    });
  }
  assert.ok(differing >= 8, `only ${differing} of 10 pairs differed in what nobody had seen`);
});

test('a choice the search did not try (fewer iterations than choices) still gets an estimate', () => {
  // Find a position with more legal choices than the search's iterations.
  const s = randomGame(3, 2, 4);
  const rng = createRng('walk');
  while (g.choices(s).length <= 12) {
    const cs = g.choices(s);
    g.apply(s, cs[rng.int(cs.length)]!);
    assert.ok(g.toAct(s) !== null, 'a position with many choices comes before the end');
  }
  const cs = g.choices(s);
  for (const made of [cs[0]!, cs.at(-1)!]) {
    const d = analyseDecision(g, s, made, 0, { iterations: 10, seed: 'few' });
    assert.ok(d.after >= 0 && d.after <= 100);
    assert.equal(d.flagged, d.drop >= FLAG_DROP);
  }
});

test('bad input: iterations out of range, an illegal choice, a finished position', () => {
  const record = botRecord(g, 2, 'bad', 4);
  assert.throws(() => analyseGame(g, record, { iterations: 5 }), InvalidInput);
  assert.throws(() => analyseGame(g, record, { iterations: 1.5 }), /whole number/);
  const s = randomGame(1, 2, 3);
  assert.throws(() => analyseDecision(g, s, { t: 'dance' }, 3, { iterations: 20, seed: 1 }), /choice #3 .* is not legal/);
  const over = randomGame(2, 2, 10_000);
  assert.equal(g.toAct(over), null);
  assert.throws(() => analyseDecision(g, over, { t: 'end' }, 0, { iterations: 20, seed: 1 }), /already over/);
});
