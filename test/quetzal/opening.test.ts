import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Match, RECORD_VERSION } from '../../src/core/match.js';
import { createRng } from '../../src/core/rng.js';
import { EventRecorder } from '../../src/core/events.js';
import { createState, openingEvents, quetzal, type QEvent } from '../../src/games/quetzal/index.js';

test("Q-ROLL-1, Q-2P-1: round 1's rolls and the automaton's placement are the log's opening, like later rounds", () => {
  for (const seats of [2, 3, 4, 5]) {
    for (const seed of ['a', 'b', 7]) {
      const opts = quetzal.options({});
      const events = openingEvents(opts, seats, createRng(seed));
      assert.deepEqual(events[0], { type: 'round', round: 1 }, `${seats} seats, seed ${seed}`);
      const rolls = events.filter((e): e is Extract<QEvent, { type: 'roll' }> => e.type === 'roll');
      // Q-ROLL-1: every seat rolls, from the start player on.
      assert.deepEqual(
        rolls.map((e) => e.seat),
        Array.from({ length: seats }, (_, i) => i),
      );
      // Q-2P-1: in a 2-player game the automaton places before the roll.
      const auto = events.findIndex((e) => e.type === 'automaton');
      if (seats === 2) assert.ok(auto > 0 && auto < events.findIndex((e) => e.type === 'roll'));
      else assert.equal(auto, -1);
      // The rolls told are the figures in hand.
      const s = quetzal.setup(opts, seats, createRng(seed));
      for (const r of rolls) assert.deepEqual(s.players[r.seat]!.fig, [r.adv, r.arch, r.side, r.stand]);
    }
  }
});

test('the opening changes no state: the same set-up, recorded or not, has the same hash', () => {
  for (const seats of [2, 3, 5]) {
    const opts = quetzal.options({ startSeat: 1 });
    const silent = createState(opts, seats, createRng('h'));
    const loud = createState(opts, seats, createRng('h'), new EventRecorder<QEvent>(true));
    assert.equal(quetzal.hash(loud), quetzal.hash(silent));
  }
});

test("a match's opening is its game's set-up events, worked out from the record's seed; none for Relic Runners", async () => {
  const m = new Match(quetzal, 3, 'seed-1');
  assert.deepEqual(m.opening, openingEvents(quetzal.options({}), 3, createRng('seed-1', RECORD_VERSION)));
  const { relicRunners } = await import('../../src/games/relic-runners/index.js');
  assert.deepEqual(new Match(relicRunners, 3, 'seed-1').opening, []);
});
