import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidInput } from '../../src/core/errors.js';
import { createRng } from '../../src/core/rng.js';
import { botFromSpec, decide } from '../../src/bots/index.js';
import { ismctsBot, parseIsmctsArg } from '../../src/bots/ismcts.js';
import { relicRunners as g } from '../../src/games/relic-runners/index.js';
import { buildPosition, type SeatSpec } from '../../src/games/relic-runners/position.js';
import type { State } from '../../src/games/relic-runners/state.js';
import type { Bot } from '../../src/bots/bot.js';
import type { Rng } from '../../src/core/rng.js';
import { forSeeds, randomGame, range } from '../helpers/rr.js';

test('ismcts limits parse from 500ms, 2s and 2000it; nonsense is refused', () => {
  assert.deepEqual(parseIsmctsArg('500ms'), { ms: 500 });
  assert.deepEqual(parseIsmctsArg('2s'), { ms: 2000 });
  assert.deepEqual(parseIsmctsArg('2000it'), { iterations: 2000 });
  assert.throws(() => parseIsmctsArg('fast'), InvalidInput);
  assert.throws(() => parseIsmctsArg('0it'), InvalidInput);
  assert.equal(botFromSpec('ismcts:300it').name, 'ismcts:300it');
  assert.deepEqual(parseIsmctsArg('2000it+max=0+potential=1+c=0.5+scale=4+rollout=2+shrink=0.1+bias=0.3'), {
    iterations: 2000,
    maxBackup: 0,
    potential: 1,
    c: 0.5,
    marginScale: 4,
    rolloutTurns: 2,
    shrink: 0.1,
    bias: 0.3,
  });
  assert.throws(() => parseIsmctsArg('2000it+shrink=1'), InvalidInput);
  assert.throws(() => parseIsmctsArg('2000it+max=1.5'), InvalidInput);
  assert.throws(() => parseIsmctsArg('2000it+fast=1'), InvalidInput);
});

test('ismcts with an iteration limit is deterministic for a seed', () => {
  const s = randomGame(8, 4, 30);
  const bot = botFromSpec('ismcts:200it');
  assert.deepEqual(decide(g, s, bot, createRng(5)), decide(g, s, bot, createRng(5)));
});

/** Seat 0 on the green relic shrine of ruin-7, the one at ruin-6 a trail away (trail 10). */
function lastRelic(players: readonly SeatSpec[]): State {
  return buildPosition({ seats: players.length, stacks: { 'ruin-7': 0, 'ruin-6': 0 }, relics: ['ruin-7', 'ruin-6'], players });
}

/** Lets the bot play seat 0's turn until it is offered a relic or the turn ends; whether offered. */
function playToRelic(s: State, bot: Bot, rng: Rng): boolean {
  while (g.toAct(s) === 0 && s.stack[s.stack.length - 1]?.k !== 'relic') g.apply(s, decide(g, s, bot, rng));
  return s.stack[s.stack.length - 1]?.k === 'relic';
}

test('ismcts takes the relic that wins the game (RR-EXP-1, RR-END-1)', () => {
  // The relic is the 7th of a 2-seat game (the end), worth 2 VP and a new colour, 52 VP against
  // seat 1's 45 with its last turn to come; wandering off leaves seat 0 on 45 and the game open.
  const bot = botFromSpec('ismcts:2000it');
  for (const seed of [1, 2, 3]) {
    const s = lastRelic([
      { at: 'ruin-7', relics: { ivory: 2, blue: 2, purple: 2 }, vp: 30 },
      { at: 'camp', vp: 45 },
    ]);
    const rng = createRng(seed);
    assert.ok(playToRelic(s, bot, rng), `seed ${seed}: ismcts did not move onto the same-colour shrine`);
    assert.deepEqual(decide(g, s, bot, rng), { t: 'relic', take: true }, `seed ${seed}`);
  }
});

test('ismcts weighs a game-ending relic itself; the rule of thumb settles it only for the others (RR-END-1)', () => {
  // Seat 0 would lead 52 to 45 after taking the 7th relic, so the rule of thumb (and greedy)
  // takes it outright. The search judges it: seat 1's last turn may still overtake.
  const s = lastRelic([
    { at: 'ruin-7', relics: { ivory: 2, blue: 2, purple: 2 }, vp: 30 },
    { at: 'camp', vp: 45 },
  ]);
  g.apply(s, { t: 'move', trails: [10] });
  assert.equal(s.stack[s.stack.length - 1]?.k, 'relic');
  assert.equal(g.choices(s).length, 2);
  let keys: string[] = [];
  decide(g, s, ismctsBot({ iterations: 200, onRoot: (c) => (keys = c.map((x) => x.key).sort()) }), createRng(1));
  assert.deepEqual(keys, [JSON.stringify({ t: 'relic', take: false }), JSON.stringify({ t: 'relic', take: true })]);
});

test('ismcts far ahead ends the game it has won (RR-EXP-1, RR-END-1)', () => {
  // 4 seats: seat 0 leads 95 to 25; the expedition to ruin-6 takes the 9th relic, the end.
  // Playing on also "wins", so with rewards near 1 either way the search wandered (0 of 6 seeds),
  // and greedy seats never end a game they trail: it stalled.
  const bot = botFromSpec('ismcts:2000it');
  for (const seed of [1, 2, 3]) {
    const s = lastRelic([
      { at: 'ruin-7', relics: { ivory: 2, blue: 2, purple: 1 }, vp: 80 },
      { at: 'camp', relics: { blue: 1 }, vp: 20 },
      { at: 'camp', relics: { purple: 1 }, vp: 20 },
      { at: 'camp', relics: { ivory: 1 }, vp: 20 },
    ]);
    const rng = createRng(seed);
    assert.ok(
      playToRelic(s, bot, rng),
      `seed ${seed}: ismcts moved to ${s.board.locations[s.players[0]!.loc]!.id}, not onto the last relic`,
    );
    g.apply(s, decide(g, s, bot, rng));
    assert.equal(s.trigger, 0, `seed ${seed}: the end is triggered`);
  }
});

test('ismcts with a time limit returns a legal choice', () => {
  const s = randomGame(9, 3, 25);
  const c = decide(g, s, botFromSpec('ismcts:40ms'), createRng(2));
  assert.ok(g.choices(s).includes(c as never));
});

test('ismcts root statistics: every iteration visits one root choice, all of them legal', () => {
  const s = randomGame(12, 4, 30);
  let stats: readonly { key: string; visits: number; mean: number }[] = [];
  const bot = ismctsBot({ iterations: 300, onRoot: (c) => (stats = c) });
  decide(g, s, bot, createRng(3));
  assert.equal(
    stats.reduce((a, c) => a + c.visits, 0),
    300,
  );
  const legal = new Set(g.choices(s).map((c) => JSON.stringify(c)));
  for (const c of stats) {
    assert.ok(legal.has(c.key), `${c.key} is not a legal choice`);
    assert.ok(c.mean >= 0 && c.mean <= 1);
  }
});

/**
 * From a random mid-game state, lets `bot` play until its seat makes a choice after which the same
 * seat decides again in the same turn with several choices (a move, say, then what to do there);
 * returns the state at that second decision, or null when the game never offers one.
 */
function secondDecisionOfATurn(seed: number, bot: Bot, rng: Rng): State | null {
  const s = randomGame(seed, 2, 20);
  for (let n = 0; n < 60 && g.toAct(s) !== null; n++) {
    const seat = g.toAct(s)!;
    const turn = g.turn(s);
    const c = decide(g, s, bot, rng);
    const revealedNothing = g.choices(s).length > 1;
    g.apply(s, c);
    if (revealedNothing && g.toAct(s) === seat && g.turn(s) === turn && g.choices(s).length > 1) return s;
  }
  return null;
}

test('ismcts keeps its subtree for the next decision of the same turn: the root starts with the visits it had', () => {
  let reused = 0;
  forSeeds(range(1, 6), (seed) => {
    let sums: number[] = [];
    const onRoot = (c: readonly { visits: number }[]) => sums.push(c.reduce((a, x) => a + x.visits, 0));
    const bot = ismctsBot({ iterations: 300, onRoot });
    const s = secondDecisionOfATurn(seed, bot, createRng(seed));
    if (s === null) return;
    sums = [];
    decide(g, s, bot, createRng(seed));
    // A choice that revealed something (a tile drawn) starts afresh: the seat's view differs.
    if (sums[0]! > 300) reused++;
    // Without reuse every search starts from an empty root.
    sums = [];
    const fresh = ismctsBot({ iterations: 300, onRoot, reuse: false });
    decide(g, s, fresh, createRng(seed));
    assert.equal(sums[0], 300, `seed ${seed}`);
  });
  assert.ok(reused >= 2, `the subtree was kept in only ${reused} of 5 games`);
});

test('ismcts with tree reuse is fair: two worlds that differ only in what the seat has not seen get the same choices', () => {
  forSeeds(range(1, 6), (seed) => {
    const a = randomGame(seed, 2, 15 + seed);
    const seat = g.toAct(a)!;
    const b = g.determinize(a, seat, createRng(`other world ${seed}`));
    const botA = ismctsBot({ iterations: 150 });
    const botB = ismctsBot({ iterations: 150 });
    const turn = g.turn(a);
    // The seat's whole turn, while what it knows is the same in both worlds.
    for (let n = 0; g.toAct(a) === seat && g.turn(a) === turn && n < 20; n++) {
      if (JSON.stringify(g.view(a, seat)) !== JSON.stringify(g.view(b, seat))) break;
      const ca = decide(g, a, botA, createRng(`bot ${seed}:${n}`));
      const cb = decide(g, b, botB, createRng(`bot ${seed}:${n}`));
      assert.deepEqual(cb, ca, `seed ${seed}, decision ${n}`);
      g.apply(a, ca);
      g.apply(b, cb);
    }
  });
});

test('the heuristic prior finds the obvious move within a handful of iterations (progressive bias)', () => {
  // Seat 0 stands on the green relic shrine of ruin-7; only the move along trail 10 reaches the
  // other green shrine, an expedition and a relic. 8 iterations over 5 moves, each judged by one
  // playout, pick among them nearly at random; the prior puts the expedition first.
  const position = () =>
    buildPosition({
      seats: 2,
      stacks: { 'ruin-7': 0, 'ruin-6': 0 },
      relics: ['ruin-7', 'ruin-6'],
      players: [
        { at: 'ruin-7', relics: { ivory: 1, blue: 1 }, vp: 20 },
        { at: 'camp', vp: 25 },
      ],
    });
  const expedition = { t: 'move', trails: [10] };
  let plainFound = 0;
  for (const seed of range(1, 9)) {
    assert.deepEqual(decide(g, position(), ismctsBot({ iterations: 8, bias: 0.3 }), createRng(seed)), expedition, `seed ${seed}`);
    if (JSON.stringify(decide(g, position(), ismctsBot({ iterations: 8, bias: 0 }), createRng(seed))) === JSON.stringify(expedition))
      plainFound++;
  }
  assert.ok(plainFound < 8, 'without the prior the search found it every time too: the position tests nothing');
});
