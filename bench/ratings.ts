/**
 * The lobby's level ratings: `npm run ratings [-- options]` writes src/bots/level-ratings.json.
 *
 * For every game, a tournament among the bot levels of src/bots/levels.ts (seats rotating, seeded),
 * rated with OpenSkill exactly as `expedition tournament` rates (playTournament), its games played
 * on worker threads. The strongest level thinks 1 s per decision, so a game of 3 takes about 45 s of
 * wall time per worker (more in Relic Runners, which has more decisions).
 *
 * Options (or environment variables): --games N (GAMES; per game, default 36), --seats N (SEATS;
 * default the number of levels; more seats repeat the levels in order, and a level's figures are
 * then the mean over its seats), --workers N (WORKERS; default the cores), --seed S (SEED; default
 * "ratings"), --game ID (only that game; the others' entries are kept as they were).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { BOT_LEVELS } from '../src/bots/levels.js';
import { intOption, workersOption } from '../src/cli/common.js';
import { playTournament } from '../src/cli/tournament.js';
import { GAMES, gameById } from '../src/games/index.js';

export const RATINGS_FILE = new URL('../../src/bots/level-ratings.json', import.meta.url);

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: process.env.GAMES },
    seats: { type: 'string', default: process.env.SEATS },
    workers: { type: 'string', default: process.env.WORKERS },
    seed: { type: 'string', default: process.env.SEED ?? 'ratings' },
    game: { type: 'string' },
  },
});
const games = intOption('games', values.games, 36, 1);
const workers = workersOption(values.workers);
const seed = values.seed;
const ids = values.game === undefined ? [...GAMES.keys()] : [gameById(values.game).id];

const round = (x: number) => Math.round(x * 100) / 100;
const old = JSON.parse(readFileSync(RATINGS_FILE, 'utf8')) as Record<string, unknown>;
const table: Record<string, unknown> = {
  note:
    'Made by `npm run ratings` (bench/ratings.ts), not by hand: per game, a tournament among the lobby levels of ' +
    'src/bots/levels.ts, seats rotating, seeded, rated with OpenSkill as `expedition tournament` rates ' +
    '(rating = mu − 3·sigma, from mu 25, sigma 25/3). Re-run it after a bot changes; see bench/ratings.ts for the options.',
};
for (const id of [...GAMES.keys()]) if (!ids.includes(id) && old[id] !== undefined) table[id] = old[id];

for (const id of ids) {
  const game = gameById(id);
  const seats = intOption(
    'seats',
    values.seats,
    Math.max(game.minSeats, BOT_LEVELS.length),
    Math.max(game.minSeats, BOT_LEVELS.length),
    game.maxSeats,
  );
  const specs = Array.from({ length: seats }, (_, k) => BOT_LEVELS[k % BOT_LEVELS.length]!.spec);
  process.stderr.write(`${id}: ${games} games, ${seats} seats (${specs.join(', ')}), ${workers} workers, seed "${seed}"\n`);
  const t = await playTournament(game, specs, games, seed, 400, workers, (g, s, capped) =>
    process.stderr.write(
      `  game ${g}/${games}: ${s.map((b) => `${b.name} ${b.rating.toFixed(1)}`).join(', ')}${capped ? `, ${capped} capped` : ''}\n`,
    ),
  );
  const entry: Record<string, unknown> = {};
  for (const level of BOT_LEVELS) {
    const mine = t.bots.filter((_, k) => specs[k] === level.spec);
    const mean = (f: (b: (typeof mine)[number]) => number) => round(mine.reduce((a, b) => a + f(b), 0) / mine.length);
    entry[level.key] = { rating: mean((b) => b.rating), mu: mean((b) => b.mu), sigma: mean((b) => b.sigma) };
  }
  Object.assign(entry, { games, capped: t.capped, players: seats, seed, specs, seconds: Math.round(t.seconds) });
  table[id] = entry;
  process.stderr.write(
    `${id}: ${BOT_LEVELS.map((l) => `${l.key} ${(entry[l.key] as { rating: number }).rating}`).join(', ')} in ${Math.round(t.seconds)} s\n`,
  );
}

// Games in their registry's order, whatever order they were rated in, so that a re-run diffs cleanly.
const ordered: Record<string, unknown> = { note: table.note };
for (const id of GAMES.keys()) if (table[id] !== undefined) ordered[id] = table[id];
// Formatted as `npm run lint` wants it, so that the written file passes as it is.
const options = await prettier.resolveConfig(fileURLToPath(RATINGS_FILE));
writeFileSync(RATINGS_FILE, await prettier.format(JSON.stringify(ordered, null, 2), { ...options, parser: 'json' }));
process.stdout.write(`wrote ${RATINGS_FILE.pathname}\n`);
