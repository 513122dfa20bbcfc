import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AnyGame } from '../../src/core/game.js';
import { InvalidInput } from '../../src/core/errors.js';
import { Match, type MatchRecord } from '../../src/core/match.js';
import { createRng } from '../../src/core/rng.js';
import { botFromSpec, decide } from '../../src/bots/index.js';
import { analyseDecision, analyseGame, analyseSteps, FLAG_DROP, type GameAnalysis } from '../../src/bots/analysis.js';
import { quetzal } from '../../src/games/quetzal/index.js';
import { relicRunners as g } from '../../src/games/relic-runners/index.js';
import * as play from '../helpers/play.js';
import { forSeeds, randomGame, range } from '../helpers/rr.js';

/** A record of a game played by bots (greedy unless told), cut after `maxMoves` choices when given. */
function botRecord(game: AnyGame, seats: number, seed: string, maxMoves = Infinity, spec = 'greedy'): MatchRecord {
  const m = new Match(game, seats, seed);
  const bot = botFromSpec(spec);
  const rng = createRng(`bots ${seed}`);
  while (!m.over && m.decisions < maxMoves) m.play(decide(game, m.state, bot, rng));
  return m.record;
}

/** What every analysis must satisfy, whatever the search found. */
function assertWellFormed(a: GameAnalysis, record: MatchRecord, game: AnyGame): void {
  assert.equal(a.decisions.length, record.choices.length);
  assert.equal(a.curve.length, record.choices.length + 1);
  const m = new Match(game, record.seats, record.seed, record.options);
  a.decisions.forEach((d, i) => {
    assert.equal(d.index, i);
    assert.equal(d.seat, m.toAct(), `decision ${i} is the seat that acted`);
    assert.deepEqual(d.choice, record.choices[i], `decision ${i} is the record's choice`);
    for (const v of [d.before, d.after]) assert.ok(v >= 0 && v <= 100, `decision ${i}: ${v} is a percentage`);
    assert.equal(d.drop, Math.round((d.before - d.after) * 10) / 10);
    assert.equal(d.flagged, d.drop >= FLAG_DROP, `decision ${i}: flagged exactly when the drop is ${FLAG_DROP} points or more`);
    assert.ok(
      game.choices(m.state).some((c) => JSON.stringify(c) === JSON.stringify(d.preferred)),
      `decision ${i}: the preferred choice was legal`,
    );
    if (d.forced) assert.equal(d.before, d.after);
    assert.deepEqual(a.curve[i], d.chances);
    m.play(record.choices[i]);
  });
  for (const row of a.curve) {
    assert.equal(row.length, record.seats);
    for (const v of row) assert.ok(v >= 0 && v <= 100);
  }
  const flagged = a.decisions.filter((d) => d.flagged);
  assert.deepEqual(
    [...a.flagged].sort((x, y) => x - y),
    flagged.map((d) => d.index),
  );
  for (let k = 1; k < a.flagged.length; k++)
    assert.ok(a.decisions[a.flagged[k - 1]!]!.drop >= a.decisions[a.flagged[k]!]!.drop, 'largest drop first');
}

test('analysis of a whole Relic Runners game: every decision, the curve ends at the result, seeded', () => {
  const record = botRecord(g, 2, 'analysis rr');
  const a = analyseGame(g, record, { iterations: 30, seed: 5 });
  assertWellFormed(a, record, g);
  assert.equal(a.finished, true);
  const last = a.curve.at(-1)!;
  assert.ok(a.winners && a.winners.length > 0);
  for (let s = 0; s < 2; s++) assert.equal(last[s], a.winners.includes(s) ? Math.round(1000 / a.winners.length) / 10 : 0);
  // Seeded: the same record, seed and iterations give the same analysis; the steps give the same decisions.
  assert.deepEqual(analyseGame(g, record, { iterations: 30, seed: 5 }), a);
  assert.deepEqual(
    [...analyseSteps(g, record, { iterations: 30, seed: 5 })].map((s) => s.decision),
    a.decisions,
  );
  // A random player's game has choices the bot would not make: some are worse and flagged.
  const wild = botRecord(g, 2, 'analysis wild', 60, 'random');
  const w = analyseGame(g, wild, { iterations: 60, seed: 1 });
  assertWellFormed(w, wild, g);
  assert.equal(w.finished, false);
  assert.ok(
    w.decisions.some((d) => d.drop > 0),
    'some random choice lost winning chance',
  );
});

test('analysis of a Quetzal game (with forced decisions carrying the previous estimate)', () => {
  const record = botRecord(quetzal, 2, 'analysis q', 80);
  const a = analyseGame(quetzal, record, { iterations: 20, seed: 2 });
  assertWellFormed(a, record, quetzal);
  const forced = a.decisions.filter((d) => d.forced);
  assert.ok(forced.length > 0, 'the game had a forced decision');
  for (const d of forced) {
    assert.deepEqual(
      d.chances,
      d.index === 0 ? [50, 50] : a.decisions[d.index - 1]!.chances,
      `forced decision ${d.index} carries the estimate`,
    );
    assert.deepEqual(d.preferred, d.choice);
  }
});

test('fairness: a decision is analysed the same in two true states that differ only in what the seat has not seen', () => {
  let differing = 0;
  forSeeds(range(0, 10), (seed) => {
    const a = randomGame(seed, 3, 15 + seed * 3);
    const seat = g.toAct(a)!;
    const b = g.determinize(a, seat, createRng(`other world ${seed}`));
    if (g.hash(a) !== g.hash(b)) differing++;
    const cs = g.choices(a);
    const made = cs[createRng(`pick ${seed}`).int(cs.length)]!;
    const opts = { iterations: 40, seed: `fair ${seed}` };
    assert.deepEqual(
      analyseDecision(g, b, JSON.parse(JSON.stringify(made)), 7, opts),
      analyseDecision(g, a, made, 7, opts),
      'the analysis changed when only hidden information changed',
    );
  });
  assert.ok(differing >= 8, `only ${differing} of 10 pairs differed in hidden information`);
});

test("fairness: the search is handed the seat's determinization; the true state is only asked whose turn it is", () => {
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
  const made = g.choices(truth)[0]!;
  analyseDecision(spy, truth, made, 0, { iterations: 30, seed: 1 });
  assert.deepEqual([...seen].sort(), ['determinize', 'toAct']);
  assert.equal(g.hash(truth), before, 'the analysis changed the true state');
});

test('fairness in Quetzal too: hidden cards redrawn, the same analysis', () => {
  const q = quetzal as unknown as AnyGame;
  let differing = 0;
  forSeeds(range(0, 6), (seed) => {
    let n = 0;
    const a = play.randomGame(q, 3, `q fair ${seed}`, { until: () => n++ >= 20 + seed * 7 });
    const seat = q.toAct(a)!;
    const b = q.determinize(a, seat, createRng(`other world ${seed}`));
    if (q.hash(a) !== q.hash(b)) differing++;
    const cs = q.choices(a);
    const made = cs[createRng(`pick ${seed}`).int(cs.length)]!;
    const opts = { iterations: 30, seed: `fair ${seed}` };
    assert.deepEqual(analyseDecision(q, b, made, 3, opts), analyseDecision(q, a, made, 3, opts));
  });
  assert.ok(differing >= 5, `only ${differing} of 6 pairs differed in hidden information`);
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
