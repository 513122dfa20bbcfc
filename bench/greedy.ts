/**
 * Greedy bot measurements: `npx tsc -p . && node dist/bench/greedy.js`.
 *
 * (1) greedy vs random, 2 players, seats alternating: win share (shared wins count half).
 * (2) greedy × 4: games capped at 400 turns, mean turns, mean winning score.
 * (3) greedy decisions per second (measured over (2)).
 * Environment: GAMES2 (default 200), GAMES4 (default 40), GREEDY (bot spec, default "greedy"),
 * OPPONENT (default "random"), SEED (default "greedy-bench").
 */
import { botFromSpec, decide, type Bot } from '../src/bots/index.js';
import { heuristicFor } from '../src/bots/registry.js';
import type { AnyGame } from '../src/core/game.js';
import { createRng } from '../src/core/rng.js';
import { relicRunners } from '../src/games/relic-runners/index.js';

const game = relicRunners as AnyGame;
const CAP = 400;
const GAMES2 = Number(process.env.GAMES2 ?? 200);
const GAMES4 = Number(process.env.GAMES4 ?? 40);
const GREEDY = process.env.GREEDY ?? 'greedy';
const OPPONENT = process.env.OPPONENT ?? 'random';
const SEED = process.env.SEED ?? 'greedy-bench';

interface Played {
  readonly scores: readonly number[];
  readonly winners: readonly number[];
  readonly turns: number;
  readonly capped: boolean;
  /** Decisions and seconds spent by each seat's bot. */
  readonly decisions: number[];
  readonly seconds: number[];
}

function play(bots: readonly Bot[], seed: string): Played {
  const s: unknown = game.setup(game.options(undefined), bots.length, createRng(seed));
  const rngs = bots.map((_, i) => createRng(`${seed}/seat${i}`));
  const decisions = bots.map(() => 0);
  const seconds = bots.map(() => 0);
  while (game.toAct(s) !== null && game.turn(s) <= CAP) {
    const seat = game.toAct(s)!;
    const t0 = performance.now();
    const c = decide(game, s, bots[seat]!, rngs[seat]!);
    seconds[seat]! += (performance.now() - t0) / 1000;
    decisions[seat]!++;
    game.apply(s, c, false);
  }
  const r = game.result(s);
  return {
    scores: r ? r.scores : [],
    winners: r ? r.winners : [],
    turns: game.turn(s),
    capped: r === null,
    decisions,
    seconds,
  };
}

const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;

// (1) Heads-up against the opponent, seats alternating.
if (GAMES2 > 0) {
  const g = botFromSpec(GREEDY);
  const o = botFromSpec(OPPONENT);
  let wins = 0;
  let capped = 0;
  let margin = 0;
  const losses: string[] = [];
  const t0 = performance.now();
  for (let i = 0; i < GAMES2; i++) {
    const gs = i % 2; // greedy's seat
    const seed = `${SEED}:2p:${i}`;
    const r = play(gs === 0 ? [g, o] : [o, g], seed);
    if (r.capped) {
      capped++;
      losses.push(`${seed} (capped)`);
      continue;
    }
    const w = r.winners.includes(gs) ? 1 / r.winners.length : 0;
    wins += w;
    margin += r.scores[gs]! - r.scores[1 - gs]!;
    if (w < 1) losses.push(`${seed} ${r.scores.join(':')}`);
  }
  console.log(
    `${GREEDY} vs ${OPPONENT}, 2 players, ${GAMES2} games (seats alternating): wins ${wins} = ${pct(wins, GAMES2)}, capped ${capped}, mean margin ${(margin / GAMES2).toFixed(1)} VP, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (losses.length) console.log(`  not won: ${losses.slice(0, 20).join('; ')}${losses.length > 20 ? ' …' : ''}`);
}

// (2) Four greedy bots.
if (GAMES4 > 0) {
  const g = botFromSpec(GREEDY);
  let capped = 0;
  let turns = 0;
  let best = 0;
  let all = 0;
  let decisions = 0;
  let seconds = 0;
  const winners: number[] = [];
  for (let i = 0; i < GAMES4; i++) {
    const r = play([g, g, g, g], `${SEED}:4p:${i}`);
    decisions += r.decisions.reduce((a, b) => a + b, 0);
    seconds += r.seconds.reduce((a, b) => a + b, 0);
    if (r.capped) {
      capped++;
      continue;
    }
    turns += r.turns;
    best += Math.max(...r.scores);
    all += r.scores.reduce((a, b) => a + b, 0) / 4;
    winners.push(Math.max(...r.scores));
  }
  const ended = GAMES4 - capped;
  winners.sort((a, b) => a - b);
  console.log(
    `${GREEDY} × 4, ${GAMES4} games: capped at ${CAP} turns ${capped} (${pct(capped, GAMES4)}), mean turns ${(turns / Math.max(1, ended)).toFixed(1)}, ` +
      `mean winning score ${(best / Math.max(1, ended)).toFixed(1)} VP (median ${winners[winners.length >> 1] ?? '-'}, range ${winners[0] ?? '-'}–${winners[winners.length - 1] ?? '-'}), mean score ${(all / Math.max(1, ended)).toFixed(1)} VP`,
  );
  console.log(
    `  greedy decisions/s: ${(decisions / seconds).toFixed(0)} (${decisions} decisions in ${seconds.toFixed(1)} s, decide() incl. determinize)`,
  );
}

// (4) Heuristic speed: value() over the states of random 4-player games, every seat. The JIT is
// warmed on one game; the first pass over another game's states finds the walk caches cold.
{
  const gameStates = (seed: string): unknown[] => {
    const states: unknown[] = [];
    const s: unknown = game.setup(game.options(undefined), 4, createRng(seed));
    const rnd = botFromSpec('random');
    const rng = createRng(`${seed}/bot`);
    while (game.toAct(s) !== null && game.turn(s) <= CAP) {
      states.push(game.clone(s));
      game.apply(s, decide(game, s, rnd, rng), false);
    }
    return states;
  };
  const h = heuristicFor(game);
  let sink = 0;
  const pass = (states: unknown[]): number => {
    const t0 = performance.now();
    for (const st of states) for (let q = 0; q < 4; q++) sink += h.value(st, q);
    return ((performance.now() - t0) * 1000) / (states.length * 4);
  };
  for (let k = 0; k < 20; k++) pass(gameStates(`${SEED}:warm:${k}`));
  const states = gameStates(`${SEED}:h`);
  const cold = pass(states);
  const reps = Math.max(1, Math.round(400_000 / (states.length * 4)));
  let warm = 0;
  for (let k = 0; k < reps; k++) warm += pass(states);
  console.log(
    `heuristic value(): ${(warm / reps).toFixed(2)} µs per call with warm walk caches, ${cold.toFixed(2)} µs cold ` +
      `(${states.length} states of a random 4-player game × 4 seats)${sink === 0.5 ? ' ' : ''}`,
  );
}
