import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/core/rng.js';
import { botFromSpec, decide, type Bot, type BotInput } from '../../src/bots/index.js';
import { relicRunners as g, type State } from '../../src/games/relic-runners/index.js';
import { forSeeds, randomGame, range } from '../helpers/rr.js';

/** A mid-game state after `turns` random turns, at a decision of the seat to act. */
const midGame = (seed: number, turns: number): State => randomGame(seed, 3, turns);

test('fairness: a bot picks the same choice in two true states that differ only in what its seat cannot know', () => {
  // ismcts:150it keeps its subtree through a turn; +bias adds the heuristic prior (Quetzal's default).
  const bots = ['random', 'greedy', 'ismcts:150it', 'ismcts:150it+bias=0.5'].map((s) => botFromSpec(s));
  let differing = 0;
  forSeeds(range(0, 12), (seed) => {
    const a = midGame(seed, 20 + seed * 3);
    const seat = g.toAct(a)!;
    // Another true state: every tile the seat has not seen redrawn, everything it knows kept.
    const b = g.determinize(a, seat, createRng(`other world ${seed}`));
    if (g.hash(a) !== g.hash(b)) differing++;
    for (const bot of bots) {
      const ca = decide(g, a, bot, createRng(`bot ${seed}`));
      const cb = decide(g, b, bot, createRng(`bot ${seed}`));
      assert.deepEqual(cb, ca, `${bot.name} chose differently when only hidden information changed`);
    }
  });
  assert.ok(differing >= 10, `only ${differing} of 12 pairs differed in hidden information`);
});

test('fairness: a bot is handed a sample, never the true state', () => {
  const seen: unknown[] = [];
  const spy: Bot = {
    name: 'spy',
    needsSample: true,
    choose(input: BotInput) {
      seen.push(input.sample);
      return input.choices[0]!;
    },
  };
  const s = midGame(3, 30);
  const before = g.hash(s);
  const c = decide(g, s, spy, createRng(1));
  assert.equal(seen.length, 1);
  assert.notEqual(seen[0], s);
  assert.equal(g.hash(s), before, 'deciding changed the true state');
  // The answer is the true state's own choice object, so apply takes it as legal.
  assert.ok(g.choices(s).includes(c as never));
  // A bot that reads no state gets none.
  const blind: Bot = { name: 'blind', needsSample: false, choose: (i) => (assert.equal(i.sample, null), i.choices[0]!) };
  decide(g, s, blind, createRng(1));
});

test('a bot answering with a choice it was not offered is refused', () => {
  const liar: Bot = { name: 'liar', needsSample: false, choose: () => ({ t: 'dance' }) };
  assert.throws(() => decide(g, midGame(4, 5), liar, createRng(1)), /not offered/);
});
