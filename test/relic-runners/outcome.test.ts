/**
 * The route chooser's and the relic decision's previews (outcome.ts) against what
 * playing the choice really yields, over seeded random positions. RR-MOVE-7, RR-TOOL-2,
 * RR-TOOL-4, RR-EXP-1, RR-END-1, IV2-1.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/core/rng.js';
import type { GameEvent } from '../../src/core/game.js';
import { routeKey } from '../../src/games/relic-runners/choice.js';
import { outcomeOf, type MoveOutcome } from '../../src/games/relic-runners/outcome.js';
import { g, decision, forSeeds, randomGame, range, type RRChoice, type State } from '../helpers/rr.js';

const ofType = (ev: readonly GameEvent[], type: string) => ev.filter((e) => e.type === type) as unknown as Record<string, unknown>[];

interface Tally {
  moves: number;
  steps: number;
  resets: number;
  expeditions: number;
  ends: number;
  iv21: number;
  leaveFlips: number;
}

/** Plays the move on a copy and checks each figure of its preview against what happens. */
function checkMove(s: State, c: Extract<RRChoice, { t: 'move' }>, want: MoveOutcome, seed: number, tally: Tally): void {
  const where = `move ${c.trails.join(',')} at turn ${s.turnNo}`;
  const me = s.cur;
  const copy = g.clone(s);
  const ev: GameEvent[] = [...g.apply(copy, c)];
  tally.moves++;
  assert.equal(
    ofType(ev, 'ivoryUsed').some((e) => e.tile === 'IV2-1'),
    want.spendsIv21,
    `${where}: IV2-1 spent`,
  );
  if (want.spendsIv21) tally.iv21++;
  // IV3-6 (D-28): a flip of the player's choosing comes first and may change what the move flips.
  assert.equal(decision(copy) === 'leaveFlip', want.flipFirst, `${where}: IV3-6's flip comes first`);
  if (want.flipFirst) {
    tally.leaveFlips++;
    return;
  }
  const grey = ofType(ev, 'token').filter((e) => e.coloured === false);
  assert.deepEqual(
    grey.map((e) => e.trail),
    want.flips,
    `${where}: tokens turned grey`,
  );
  const reset = ofType(ev, 'tokensReset').length > 0;
  assert.equal(want.steps, want.flips.length + (reset ? 1 : 0), `${where}: steps, reset ${reset}`);
  if (reset) tally.resets++;
  const v = g.view(copy, me);
  if (want.steps > 0) tally.steps++;
  // The steps decision asks for exactly the steps announced (it is skipped when no toolbox can take one).
  if (decision(copy) === 'steps') assert.equal(v.stepsLeft, want.steps, `${where}: steps to take`);
  const rng = createRng(`steps:${seed}:${s.turnNo}`);
  while (decision(copy) === 'steps') {
    const cs = g.choices(copy);
    g.apply(copy, cs[rng.int(cs.length)]!);
  }
  assert.equal(decision(copy) === 'relic', want.expedition !== null, `${where}: a relic is offered`);
  if (want.expedition === null) return;
  tally.expeditions++;
  assert.deepEqual(g.view(copy, null).relicOffer, want.expedition, `${where}: the relic decision tells what the route told`);
  const before = copy.players[me]!.vp;
  const taken = g.apply(copy, { t: 'relic', take: true });
  assert.equal(copy.players[me]!.vp - before, want.expedition.vp, `${where}: expedition VP`);
  assert.deepEqual(
    ofType(taken, 'relicTaken').map((e) => e.relic),
    [['green', 'ivory', 'blue', 'purple'].indexOf(want.expedition.relic)],
  );
  assert.equal(ofType(taken, 'endTriggered').length > 0, want.expedition.endsGame, `${where}: the end is triggered`);
  if (want.expedition.endsGame) tally.ends++;
}

test('RR-MOVE-7, RR-TOOL-2, RR-TOOL-4, RR-EXP-1, RR-END-1: each route preview equals what the move yields (seeded random games)', (t) => {
  const tally: Tally = { moves: 0, steps: 0, resets: 0, expeditions: 0, ends: 0, iv21: 0, leaveFlips: 0 };
  forSeeds(range(1, 13), (seed) => {
    const seats = 2 + (seed % 4);
    randomGame(seed, seats, 400, (s) => {
      if (decision(s) !== 'move') return;
      const v = g.view(s, s.cur);
      const moves = g.choices(s).filter((c): c is Extract<RRChoice, { t: 'move' }> => c.t === 'move');
      assert.equal(Object.keys(v.routes ?? {}).length, moves.length, 'one preview per move');
      // A preview leaves out what is at its default (outcomeOf fills it in), which most members are.
      for (const [k, p] of Object.entries(v.routes ?? {})) {
        const atDefault = Object.entries(p).filter(([, x]) => x === null || x === false || x === 0 || (Array.isArray(x) && x.length === 0));
        assert.deepEqual(atDefault, [], `route ${k}: members at their default are left out`);
      }
      // Every expedition, and a quarter of the other routes (all of them make the test slow and add little).
      moves.forEach((c, i) => {
        const want = outcomeOf(v.routes![routeKey(c.trails)]!);
        if (want.expedition !== null || (i + s.turnNo) % 4 === 0) checkMove(s, c, want, seed, tally);
      });
      assert.equal(g.view(s, (s.cur + 1) % seats).routes, null, 'no preview for a seat not to act');
    });
  });
  t.diagnostic(JSON.stringify(tally));
  // The checks above must have met every case they check.
  for (const [k, n] of Object.entries(tally)) assert.ok(n > 0, `no ${k} met: ${JSON.stringify(tally)}`);
});
