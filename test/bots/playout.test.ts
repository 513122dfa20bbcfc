import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/core/rng.js';
import { rrPlayout, rrPlayoutWith } from '../../src/bots/relic-runners/playout.js';
import { g, buildPosition, type RRChoice, type State } from '../helpers/rr.js';

/** Seat 0 (to move) on the green relic shrine of ruin-7, with pathways for longer routes. */
function ready(relics: string[], at = 'ruin-7'): State {
  return buildPosition({
    seats: 2,
    stacks: { 'ruin-7': [], 'ruin-6': [], 'ruin-8': [] },
    relics,
    players: [{ at, pathways: [37, 21, 20] }, { at: 'camp' }],
  });
}

/** The moves that end in an expedition, found by playing each one (the engine is the oracle). */
function expeditions(s: State): RRChoice[] {
  return (g.choices(s) as RRChoice[]).filter((c) => {
    const d = g.clone(s);
    g.apply(d, c, false);
    return d.stack.some((f) => f.k === 'relic');
  });
}

test('RR-EXP-1 the playout policy makes the longest expedition a move offers, whatever the seed', () => {
  const s = ready(['ruin-7', 'ruin-6']);
  const exp = expeditions(s);
  assert.ok(exp.length >= 2, 'the position offers expeditions of several lengths');
  const longest = Math.max(...exp.map((c) => (c.t === 'move' ? c.trails.length : 0)));
  for (let seed = 1; seed <= 20; seed++) {
    const c = rrPlayout(s, 0, g.choices(s), createRng(seed)) as RRChoice;
    assert.ok(exp.includes(c), `seed ${seed}: ${JSON.stringify(c)} is not an expedition`);
    assert.equal(c.t === 'move' && c.trails.length, longest, `seed ${seed}`);
  }
});

test('the playout policy is uniform where no expedition is offered', () => {
  for (const s of [ready(['ruin-7']), ready(['ruin-6'], 'camp')]) {
    assert.equal(expeditions(s).length, 0);
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const c = rrPlayoutWith(() => 0)(s, 0, g.choices(s), createRng(seed));
      assert.ok(g.choices(s).includes(c as RRChoice), `seed ${seed}: not offered`);
      seen.add(JSON.stringify(c));
    }
    assert.ok(seen.size > 3, `only ${seen.size} distinct choices over 40 seeds`);
  }
});

test('the playout policy lines up an expedition: a seat off the relic shrines moves onto one whose colour has a partner', () => {
  // From camp, ruin-7 and ruin-8 are one move away; ruin-6 holds the third green relic.
  const s = ready(['ruin-7', 'ruin-6', 'ruin-8'], 'camp');
  const onto = (c: RRChoice): string => {
    const d = g.clone(s);
    g.apply(d, c, false);
    return d.board.locations[d.players[0]!.loc]!.id;
  };
  const seen = new Set<string>();
  for (let seed = 1; seed <= 20; seed++) {
    const c = rrPlayoutWith(() => 1)(s, 0, g.choices(s), createRng(seed)) as RRChoice;
    seen.add(onto(c));
  }
  assert.deepEqual([...seen].sort(), ['ruin-7', 'ruin-8']);
  // Without a partner of its colour a relic shrine lines nothing up: uniform again.
  const lone = ready(['ruin-8'], 'camp');
  const spread = new Set<string>();
  for (let seed = 1; seed <= 40; seed++) spread.add(JSON.stringify(rrPlayoutWith(() => 1)(lone, 0, g.choices(lone), createRng(seed))));
  assert.ok(spread.size > 3, `only ${spread.size} distinct moves over 40 seeds`);
});
