/**
 * `npm run bench:memory`: the heap a live game's match keeps, as the server keeps it (moves packed,
 * a checkpoint every LIVE_CHECKPOINT_EVERY moves), after MOVES seeded random moves (default 200, or
 * to the end of the game): GAMES matches per game (default 2,000) are kept alive and the heap is
 * measured after full collections, before and after. A server at a human pace keeps ~10,000 of
 * them, and every object they hold is marked at every major collection.
 * Prints one JSON line per game.
 */
import type { AnyGame } from '../src/core/game.js';
import { Match } from '../src/core/match.js';
import { createRng } from '../src/core/rng.js';
import { GAMES } from '../src/bots/registry.js';
import { LIVE_CHECKPOINT_EVERY } from '../src/server/live-game.js';

const COUNT = Number(process.env.GAMES ?? 2000);
const MOVES = Number(process.env.MOVES ?? 200);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:memory does)');

const heapAfterGc = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/** Heap per match kept after `moves` random moves each (or to the end), and the moves played on average. */
function kept(game: AnyGame, moves: number): { bytes: number; played: number } {
  const matches: Match[] = [];
  const before = heapAfterGc();
  let played = 0;
  for (let k = 0; k < COUNT; k++) {
    const m = new Match(game, game.minSeats, `memory-${k}`, undefined, undefined, {
      checkpointEvery: LIVE_CHECKPOINT_EVERY,
      packMoves: true,
    });
    const rng = createRng(`memory-bot-${k}`);
    for (let i = 0; i < moves && !m.over; i++) {
      const cs = game.choices(m.state);
      m.play(cs[rng.int(cs.length)]);
      played++;
    }
    matches.push(m);
  }
  const bytes = (heapAfterGc() - before) / matches.length;
  return { bytes, played: played / COUNT };
}

for (const game of GAMES.values()) {
  const start = kept(game, 0);
  const after = kept(game, MOVES);
  console.log(
    JSON.stringify({
      bench: 'match-memory',
      game: game.id,
      matches: COUNT,
      bytesAtStart: Math.round(start.bytes),
      movesPerMatch: +after.played.toFixed(1),
      bytesPerMatch: Math.round(after.bytes),
      bytesPerMove: +((after.bytes - start.bytes) / after.played).toFixed(1),
    }),
  );
}
