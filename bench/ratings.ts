/**
 * The lobby's level ratings: `npm run ratings [-- options]` writes src/bots/level-ratings.json.
 *
 * For every game, a tournament among the bot levels of src/bots/levels.ts: two-seat games between
 * every pair of levels (pairRoundRobin: the pair's seats alternate, every game seeded), rated
 * together with OpenSkill exactly as `expedition tournament` rates (TournamentTally), the games
 * played on worker threads. Two seats, because with three or more a rotation never changes who
 * follows whom, and in Relic Runners sitting after the random level is worth more than the gap
 * between the other two (see pairRoundRobin); and a table of one person and one bot is the
 * lobby's most common. The strongest level thinks 1 s per decision: a two-seat game with it takes
 * about 40–60 s of wall time per worker.
 *
 * Options (or environment variables): --games N (GAMES; games per pair of levels, default 12),
 * --workers N (WORKERS; default the cores), --seed S (SEED; default "ratings"), --game ID (only
 * that game; the others' entries are kept as they were).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { BOT_LEVELS } from '../src/bots/levels.js';
import { intOption, workersOption } from '../src/cli/common.js';
import { pairGames, pairRoundRobin, playTournament } from '../src/cli/tournament.js';
import { GAMES, gameById } from '../src/bots/registry.js';

export const RATINGS_FILE = new URL('../../src/bots/level-ratings.json', import.meta.url);

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: process.env.GAMES },
    workers: { type: 'string', default: process.env.WORKERS },
    seed: { type: 'string', default: process.env.SEED ?? 'ratings' },
    game: { type: 'string' },
  },
});
const perPair = intOption('games', values.games, 12, 1);
const games = pairGames(BOT_LEVELS.length, perPair);
const workers = workersOption(values.workers);
const seed = values.seed;
const ids = values.game === undefined ? [...GAMES.keys()] : [gameById(values.game).id];

const old = JSON.parse(readFileSync(RATINGS_FILE, 'utf8')) as Record<string, unknown>;
const table: Record<string, unknown> = {
  note:
    'Made by `npm run ratings` (bench/ratings.ts), not by hand: per game, a tournament among the lobby levels of ' +
    'src/bots/levels.ts (two-seat games between every pair of levels, seats alternating), seeded, rated with OpenSkill as `expedition tournament` rates ' +
    '(rating = mu − 3·sigma, from mu 25, sigma 25/3). Re-run it after a bot changes; see bench/ratings.ts for the options.',
};
for (const id of [...GAMES.keys()]) if (!ids.includes(id) && old[id] !== undefined) table[id] = old[id];

for (const id of ids) {
  const game = gameById(id);
  const specs = BOT_LEVELS.map((l) => l.spec);
  process.stderr.write(
    `${id}: ${games} two-seat games, ${perPair} for each pair of ${specs.join(', ')}, ${workers} workers, seed "${seed}"\n`,
  );
  const t = await playTournament(
    game,
    specs,
    games,
    seed,
    400,
    workers,
    (g, s, capped) =>
      process.stderr.write(
        `  game ${g}/${games}: ${s.map((b) => `${b.name} ${b.rating.toFixed(1)}`).join(', ')}${capped ? `, ${capped} capped` : ''}\n`,
      ),
    pairRoundRobin(specs.length, perPair),
  );
  const entry: Record<string, unknown> = {};
  BOT_LEVELS.forEach((level, k) => {
    const b = t.bots[k]!;
    entry[level.key] = { rating: b.rating, mu: b.mu, sigma: b.sigma };
  });
  Object.assign(entry, { games, perPair, capped: t.capped, players: 2, seed, specs, seconds: Math.round(t.seconds) });
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
