/**
 * `npm run bench:views`: what the game server's engine side costs per move, without the server.
 *
 * For every move of seeded random games (SEATS seats, every seat an audience, as the server's live
 * game does for its subscribers): the move prepared on a copy, the state hash, each audience's
 * view before the move (the game's diffBase, else its view), the move committed, each audience's
 * view after, the patches between them, and their JSON. Prints µs per move for each step, the
 * patch bytes per move, and one JSON line. Everything on one core.
 *
 * Env: GAME (relic-runners), SEATS (2), GAMES (200), REPEAT (3: the figures of each repeat, so that
 * the spread of this shared machine shows).
 */
import { patchBase } from '../src/core/game.js';
import { diffView } from '../src/core/view-patch.js';
import { Match } from '../src/core/match.js';
import { createRng } from '../src/core/rng.js';
import { gameById } from '../src/bots/registry.js';

const game = gameById(process.env.GAME ?? 'relic-runners');
const SEATS = Number(process.env.SEATS ?? 2);
const GAMES = Number(process.env.GAMES ?? 200);
const REPEAT = Number(process.env.REPEAT ?? 3);
const STEPS = ['prepare', 'hash', 'viewsBefore', 'commit', 'viewsAfter', 'diff', 'json'] as const;
type Step = (typeof STEPS)[number];

function once(): { perMove: Record<Step, number>; bytes: number; moves: number } {
  const spent = Object.fromEntries(STEPS.map((k) => [k, 0])) as Record<Step, number>;
  const audiences = Array.from({ length: SEATS }, (_, i) => i);
  const rng = createRng('bench:views');
  let moves = 0;
  let bytes = 0;
  let t = performance.now();
  const lap = (k: Step): void => {
    const u = performance.now();
    spent[k] += u - t;
    t = u;
  };
  for (let g = 0; g < GAMES; g++) {
    const m = new Match(game, SEATS, `views:${g}`, undefined, undefined, { packMoves: true });
    while (!m.over && m.decisions < 2000) {
      const cs = game.choices(m.state);
      // As a choice crossing the wire: not the engine's own object.
      const choice = JSON.parse(JSON.stringify(cs[rng.int(cs.length)])) as unknown;
      t = performance.now();
      const p = m.prepare(choice);
      lap('prepare');
      game.hash(p.state);
      lap('hash');
      const before = audiences.map((a) => patchBase(game, m.state, a));
      lap('viewsBefore');
      m.commit(p);
      lap('commit');
      const after = audiences.map((a) => game.view(m.state, a));
      lap('viewsAfter');
      const patches = audiences.map((_, i) => diffView(before[i], after[i]));
      lap('diff');
      for (const patch of patches) bytes += JSON.stringify(patch).length;
      lap('json');
      moves++;
    }
  }
  const perMove = Object.fromEntries(STEPS.map((k) => [k, (1000 * spent[k]) / moves])) as Record<Step, number>;
  return { perMove, bytes: bytes / moves, moves };
}

console.log(`bench:views: ${game.id}, ${SEATS} seats (each an audience), ${GAMES} seeded games, µs per move`);
console.log(['run', ...STEPS, 'total', 'patch B'].map((h) => h.padStart(12)).join(''));
const runs: ReturnType<typeof once>[] = [];
for (let r = 0; r < REPEAT; r++) {
  const run = once();
  runs.push(run);
  const total = STEPS.reduce((a, k) => a + run.perMove[k], 0);
  console.log(
    [String(r + 1), ...STEPS.map((k) => run.perMove[k].toFixed(2)), total.toFixed(2), run.bytes.toFixed(0)]
      .map((x) => x.padStart(12))
      .join(''),
  );
}
console.log(
  JSON.stringify({
    bench: 'views',
    game: game.id,
    seats: SEATS,
    moves: runs[0]!.moves,
    patchBytesPerMove: Math.round(runs[0]!.bytes),
    runs: runs.map((r) => Object.fromEntries(STEPS.map((k) => [k, Number(r.perMove[k].toFixed(2))]))),
  }),
);
