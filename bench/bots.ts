/**
 * Bot strength and speed: `npm run bench:bots`. Figures, not pass/fail.
 *
 * Environment: GAME (the game id; default relic-runners), MID_TURN (turn of the mid-game speed
 * position; default 40 for relic-runners, 30 otherwise), GAMES_GREEDY (greedy vs random, 2 p; default 200), GAMES_ISMCTS (ismcts vs greedy,
 * 2 p; default 20), GAMES_ISMCTS4 (one ismcts among three greedy, 4 p; default 12), ISMCTS (the
 * ismcts spec; default ismcts:1s), GAMES_GREEDY4 (greedy × 4 for the capped share; default 100),
 * SECTIONS (comma list of: greedy, greedy4, ismcts, ismcts4, speed; default all).
 * Seats rotate between games; every game is seeded, so a run can be repeated exactly. Each share
 * of wins is printed with its 95 % Wilson interval; a shared win counts 1 / (number of winners)
 * (bench/match.ts), capped games count for no one.
 */
import { describe, playMatch, type MatchResult } from './match.js';
import { botFromSpec, decide } from '../src/bots/index.js';
import { createRng } from '../src/core/rng.js';
import type { AnyGame } from '../src/core/game.js';
import { gameById } from '../src/bots/registry.js';
import { ismctsBot } from '../src/bots/ismcts.js';
import { playGame } from '../src/cli/simulate.js';

const game: AnyGame = gameById(process.env.GAME ?? 'relic-runners');
const env = (k: string, d: number) => Number(process.env[k] ?? d);
/** The strength targets are Relic Runners' (its issue); other games print figures only. */
const target = (t: string) => (game.id === 'relic-runners' ? ` (target ${t})` : '');
const ISMCTS = process.env.ISMCTS ?? 'ismcts:1s';
const sections = new Set((process.env.SECTIONS ?? 'speed,greedy,greedy4,ismcts,ismcts4').split(','));
const figures: Record<string, unknown> = {};

function line(label: string, value: string): void {
  process.stdout.write(`${label.padEnd(58)} ${value}\n`);
}

/** One line per finished game on stderr, so that a long run shows where it is. */
const progress = (label: string) => (g: number, r: MatchResult) =>
  process.stderr.write(`  ${label}: game ${g}: first bot ${r.score} wins${r.capped ? `, ${r.capped} capped` : ''}\n`);

const names = (bots: readonly { name: string }[]): string[] => bots.map((b) => b.name);

/** The first bot's share of wins with its 95 % Wilson interval; a shared win counts 1 / (number of winners). */
function report(title: string, names: readonly string[], r: MatchResult): void {
  const played = r.games - r.capped;
  line(`${title}: ${names[0]} wins`, `${describe(r.score, played)}  (${r.games} games, ${r.capped} capped, ${r.seconds.toFixed(0)} s)`);
  line('  mean score per bot', names.map((x, k) => `${x} ${r.meanScores[k]!.toFixed(1)}`).join(', '));
}

/** Mean winning score, mean turns and capped share of games between the given bots. */
function gamesOf(
  specs: string[],
  games: number,
  seed: string,
): { capped: number; meanWinning: number; meanTurns: number; decisions: number; seconds: number } {
  const bots = specs.map((s) => botFromSpec(s));
  let capped = 0;
  let win = 0;
  let finished = 0;
  let turns = 0;
  let decisions = 0;
  const t0 = performance.now();
  for (let n = 1; n <= games; n++) {
    const o = playGame({ game, players: bots.length, games, seed, bots, cap: 400 }, n);
    decisions += o.record.choices.length;
    if (o.capped) {
      capped++;
      continue;
    }
    finished++;
    win += Math.max(...o.scores!);
    // Replaying to count turns keeps playGame's outcome small.
    const s: unknown = game.setup(game.options(o.record.options), o.record.seats, createRng(o.record.seed, o.record.version));
    for (const c of o.record.choices) game.apply(s, c, false);
    turns += game.turn(s);
  }
  return {
    capped,
    meanWinning: win / Math.max(1, finished),
    meanTurns: turns / Math.max(1, finished),
    decisions,
    seconds: (performance.now() - t0) / 1000,
  };
}

/** ISMCTS iterations per second from a state: runs a fixed iteration count and times it. */
function iterationsPerSecond(state: unknown, iterations: number): number {
  const bot = ismctsBot({ iterations });
  const t0 = performance.now();
  decide(game, state, bot, createRng(1));
  return iterations / ((performance.now() - t0) / 1000);
}

process.stdout.write(`Expedition bot benchmark: ${game.id}, node ${process.version}, one core\n\n`);

if (sections.has('speed')) {
  const opening: unknown = game.setup(game.options(undefined), 4, createRng('bench-open'));
  const mid: unknown = game.setup(game.options(undefined), 4, createRng('bench-mid'));
  const greedy = botFromSpec('greedy');
  const rng = createRng('mid');
  const midTurn = env('MID_TURN', game.id === 'relic-runners' ? 40 : 30);
  while (game.turn(mid) < midTurn && game.toAct(mid) !== null) game.apply(mid, decide(game, mid, greedy, rng));
  // Find a decision with several choices, so that the search has work to do.
  while (game.toAct(mid) !== null && game.choices(mid).length < 4) game.apply(mid, decide(game, mid, greedy, rng));
  iterationsPerSecond(opening, 300); // warm-up
  const a = iterationsPerSecond(opening, 3000);
  const b = iterationsPerSecond(mid, 3000);
  line('ISMCTS iterations/s, opening position (4 p)', a.toFixed(0));
  line(`ISMCTS iterations/s, mid-game (4 p, turn ${game.turn(mid)}, ${game.choices(mid).length} choices)`, b.toFixed(0));
  figures.ismctsItPerSecOpening = Math.round(a);
  figures.ismctsItPerSecMid = Math.round(b);
}

if (sections.has('greedy')) {
  const n = env('GAMES_GREEDY', 200);
  const bots = [botFromSpec('greedy'), botFromSpec('random')];
  const t = playMatch(game, bots, n, 'bench-greedy');
  report(`greedy vs random, 2 p${target('≥ 95 %')}`, names(bots), t);
  figures.greedyVsRandom = { games: n, wins: t.score, capped: t.capped };
}

if (sections.has('greedy4')) {
  const n = env('GAMES_GREEDY4', 100);
  const r = gamesOf(['greedy', 'greedy', 'greedy', 'greedy'], n, 'bench-greedy4');
  line(`greedy × 4: capped at 400 turns${target('0')}`, `${r.capped}/${n}`);
  line('greedy × 4: mean winning score, mean turns', `${r.meanWinning.toFixed(1)} VP, ${r.meanTurns.toFixed(0)} turns`);
  line('greedy decisions/s (in those games)', (r.decisions / r.seconds).toFixed(0));
  figures.greedy4 = { games: n, ...r };
}

if (sections.has('ismcts')) {
  const n = env('GAMES_ISMCTS', 20);
  const bots = [botFromSpec(ISMCTS), botFromSpec('greedy')];
  const t = playMatch(game, bots, n, 'bench-ismcts', 400, progress('ismcts vs greedy'));
  report(`${ISMCTS} vs greedy, 2 p${target('≥ 65 % (400it), ≥ 80 % (1 s)')}`, names(bots), t);
  figures.ismctsVsGreedy = { spec: ISMCTS, games: n, wins: t.score, capped: t.capped, meanScores: t.meanScores };
}

if (sections.has('ismcts4')) {
  const n = env('GAMES_ISMCTS4', 12);
  const bots = [botFromSpec(ISMCTS), botFromSpec('greedy'), botFromSpec('greedy'), botFromSpec('greedy')];
  const t = playMatch(game, bots, n, 'bench-ismcts4', 400, progress('ismcts among greedy'));
  report(`${ISMCTS} among three greedy, 4 p${target('≥ 55 % (1 s)')}`, names(bots), t);
  figures.ismctsAmongGreedy = { spec: ISMCTS, games: n, wins: t.score, capped: t.capped, meanScores: t.meanScores };
}

process.stdout.write('\n' + JSON.stringify(figures) + '\n');
