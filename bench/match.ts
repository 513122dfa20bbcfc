/**
 * Head-to-head strength of one bot against others, for tuning and for bench:bots: seeded games,
 * seats rotating, each result with its 95 % Wilson interval.
 *
 * `node dist/bench/match.js GAME 'SPEC;SPEC[;…]' GAMES SEED` plays GAMES games (game n from
 * "SEED:n", bot k at seat (k + n − 1) mod seats) and prints the first bot's score. A shared win
 * counts as 1 / (number of winners), so the shares of one game add up to 1; capped games count
 * for no one and are reported. FIRST=k (environment) plays only games k to GAMES of the series, so
 * one series can be split over processes, or finished after it was stopped.
 */
import { botFromSpec } from '../src/bots/index.js';
import { ismctsBot, type IsmctsOptions } from '../src/bots/ismcts.js';
import { gameById } from '../src/bots/registry.js';
import { playGame } from '../src/cli/simulate.js';
import type { AnyGame } from '../src/core/game.js';
import type { Bot } from '../src/bots/bot.js';

export interface MatchResult {
  readonly games: number;
  readonly capped: number;
  /** The first bot's wins, a shared win counting 1 / (number of winners). */
  readonly score: number;
  /** Games the first bot won outright. */
  readonly wins: number;
  readonly meanScores: readonly number[];
  readonly seconds: number;
}

/** 95 % Wilson score interval of `k` successes in `n` trials (k may be fractional from shared wins). */
export function wilson(k: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const d = 1 + (z * z) / n;
  const mid = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, mid - half), Math.min(1, mid + half)];
}

/** `k/n = x % [lo–hi %]`. */
export function describe(k: number, n: number): string {
  const [lo, hi] = wilson(k, n);
  const pct = (x: number) => (100 * x).toFixed(1);
  return `${k}/${n} = ${pct(k / Math.max(1, n))} % [95 % CI ${pct(lo)}–${pct(hi)} %]`;
}

export function playMatch(
  game: AnyGame,
  bots: readonly Bot[],
  games: number,
  seed: string,
  cap = 400,
  onGame?: (n: number, r: MatchResult) => void,
  first = 1,
): MatchResult {
  const seats = bots.length;
  let capped = 0;
  let score = 0;
  let wins = 0;
  const sums = new Array<number>(seats).fill(0);
  const t0 = performance.now();
  const now = (g: number): MatchResult => ({
    games: g - first + 1,
    capped,
    score,
    wins,
    meanScores: sums.map((x) => x / Math.max(1, g - first + 1 - capped)),
    seconds: (performance.now() - t0) / 1000,
  });
  for (let g = first; g <= games; g++) {
    const seatOf = bots.map((_, k) => (k + g - 1) % seats);
    const seated = new Array<Bot>(seats);
    bots.forEach((b, k) => (seated[seatOf[k]!] = b));
    const o = playGame({ game, players: seats, games, seed, bots: seated, cap }, g);
    if (o.capped || !o.winners || !o.scores) capped++;
    else {
      seatOf.forEach((seat, k) => (sums[k]! += o.scores![seat]!));
      if (o.winners.includes(seatOf[0]!)) {
        score += 1 / o.winners.length;
        if (o.winners.length === 1) wins++;
      }
    }
    onGame?.(g, now(g));
  }
  return now(games);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [gameId = 'relic-runners', specs = 'ismcts:400it;greedy', n = '60', seed = 'm1'] = process.argv.slice(2);
  const game = gameById(gameId);
  // Bots are separated by ';' here; `{…}` is an ismcts bot with these IsmctsOptions (for tuning).
  const bots = specs.split(';').map((s) => (s.startsWith('{') ? ismctsBot(JSON.parse(s) as IsmctsOptions, s) : botFromSpec(s)));
  const first = Number(process.env.FIRST ?? 1);
  if (!Number.isInteger(first) || first < 1 || first > Number(n)) throw new Error(`FIRST must be a game number from 1 to ${n}`);
  const r = playMatch(
    game,
    bots,
    Number(n),
    seed,
    400,
    (g, x) => process.stderr.write(`  game ${g}: ${x.score} (${x.capped} capped, ${x.seconds.toFixed(0)} s)\n`),
    first,
  );
  const played = r.games - r.capped;
  process.stdout.write(
    `${gameId} ${specs} seed ${seed}: ${bots[0]!.name} ${describe(r.score, played)} (${r.capped} capped, ${r.seconds.toFixed(0)} s, mean scores ${r.meanScores.map((x) => x.toFixed(1)).join('/')})\n`,
  );
}
