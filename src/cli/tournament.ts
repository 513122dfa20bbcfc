import { ordinal, rate, rating } from 'openskill';
import type { AnyGame } from '../core/game.js';
import { botFromSpec, type Bot } from '../bots/index.js';
import { gameArg, intOption, out, parse, workersOption, WORKERS_USAGE } from './common.js';
import { isExecSpec, type Faults } from './exec-bot.js';
import { playExecTournament } from './exec-tournament.js';
import { playGames } from './play-games.js';
import { progressBar } from './progress.js';
import { parseBotSpecs, playGame, type GameOutcome } from './simulate.js';

export const TOURNAMENT_USAGE = `Usage: expedition tournament --game GAME --players N --bots LIST --games N [options]

Plays N games between the listed bots, rotating seats (in game n, bot k sits at seat
(k + n - 1) mod N), and prints wins, mean score and a rating per bot.

Options:
  --game GAME        game id (default relic-runners)
  --players N        seats per game (default: the number of bots listed)
  --bots LIST        one bot per seat, comma-separated, e.g. ismcts:500ms,greedy,greedy,greedy
                     (bots: random, greedy, ismcts:500ms | ismcts:2s | ismcts:2000it, or
                     exec:COMMAND, an outside program speaking the agent part of the engine
                     protocol, e.g. exec:python3 examples/python/greedy_agent.py; see below)
  --games N          number of games (default 10)
  --seed SEED        base seed (default 1); game n is set up from "SEED:n" as in simulate
  --cap TURNS        turn cap per game (default 400); capped games count for no one
  --move-time MS     an exec: bot's time per decision (default 10000; its first decision of
                     a game gets 5000 more for the program to start)
${WORKERS_USAGE}
  --json             print one JSON object: {"games","capped","bots":[{"name","wins","meanScore","rating"},…]}
                     (with exec: bots, each bot also has "faults": {"timeout","crash","illegal"})

exec:COMMAND is started once per game (split at spaces, no shell, so no commas or quotes) and
stopped at the game's end. For each decision of its seat it is sent one line
{"type":"act","id","game","seat","view","choices","deadlineMs"} and answers {"id","index"} (or
{"id","choice"}) on one line (docs/engine-protocol.md). An answer later than --move-time, a crash
(every later decision of that game too) or an illegal answer loses the decision to the first legal
choice and counts as a fault of that bot. Tournaments with exec: bots play in this thread.

Wins: a shared win counts as a win for each winner. Rating: OpenSkill (Weng–Lin, the open
TrueSkill-style Bayesian model) from the finishing order of each game; "rating" is the
conservative estimate mu − 3·sigma, starting from mu 25, sigma 25/3.`;

export interface BotStanding {
  readonly name: string;
  readonly wins: number;
  readonly meanScore: number | null;
  readonly rating: number;
  readonly mu: number;
  readonly sigma: number;
  /** An exec: bot's decisions taken from it (timed out, crashed, illegal answer): only in tournaments with exec: bots. */
  readonly faults?: Faults;
}

export interface TournamentSummary {
  readonly game: string;
  readonly games: number;
  readonly capped: number;
  readonly seconds: number;
  readonly bots: BotStanding[];
}

/** Where each bot sits in game g (1-based) of a tournament of n bots: bot k at (k + g − 1) mod n. */
export const seatingOf = (n: number, g: number): number[] => Array.from({ length: n }, (_, k) => (k + g - 1) % n);

/** The bots (or their specs) of a tournament in seat order for game g. */
export function seatedFor<T>(bots: readonly T[], g: number): T[] {
  const seated = new Array<T>(bots.length);
  seatingOf(bots.length, g).forEach((seat, k) => (seated[seat] = bots[k]!));
  return seated;
}

/** A tournament's seating plan: for game g (1-based), the entrant (an index into its bots) at each seat. */
export type Schedule = (g: number) => readonly number[];

/** Every entrant in every game, rotating (seatingOf): the CLI's tournament. */
export const rotation =
  (n: number): Schedule =>
  (g) =>
    seatedFor(
      Array.from({ length: n }, (_, k) => k),
      g,
    );

/**
 * Two-seat games between every pair of entrants, `perPair` games each, the pair's seats alternating:
 * games 1…perPair are entrants 0 and 1, then 0 and 2, …, then 1 and 2, …. A rotation among three
 * or more keeps who follows whom the same in every game, and in Relic Runners the seat after a weak
 * player gains by it (bench/README.md has a series that shows it); two seats have no such order.
 */
export function pairRoundRobin(n: number, perPair: number): Schedule {
  const pairs: [number, number][] = [];
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) pairs.push([a, b]);
  return (g) => {
    const pair = pairs[Math.floor((g - 1) / perPair) % pairs.length]!;
    return seatedFor(pair, g - Math.floor((g - 1) / perPair) * perPair);
  };
}

/** Games a pairRoundRobin of n entrants plays. */
export const pairGames = (n: number, perPair: number): number => ((n * (n - 1)) / 2) * perPair;

/**
 * Wins, mean scores and OpenSkill ratings of a tournament's bots, fed each game's outcome. Games
 * must come in game order: each rating update starts from the ratings the games before left.
 */
export class TournamentTally {
  private readonly ratings;
  private readonly wins: number[];
  private readonly scoreSum: number[];
  private readonly played: number[];
  private cappedGames = 0;

  constructor(
    private readonly names: readonly string[],
    private readonly schedule: Schedule = rotation(names.length),
  ) {
    this.ratings = names.map(() => rating());
    this.wins = names.map(() => 0);
    this.scoreSum = names.map(() => 0);
    this.played = names.map(() => 0);
  }

  get capped(): number {
    return this.cappedGames;
  }

  add(o: GameOutcome): void {
    if (o.capped || o.scores === null || o.winners === null) {
      this.cappedGames++;
      return;
    }
    // The entrants of this game in entrant order (every entrant, in a rotation), each with its seat.
    const seated = this.schedule(o.index)
      .map((k, seat) => ({ k, seat }))
      .sort((x, y) => x.k - y.k);
    const scores = seated.map(({ seat }) => o.scores![seat]!);
    seated.forEach(({ k, seat }, i) => {
      this.scoreSum[k]! += scores[i]!;
      this.played[k]!++;
      if (o.winners!.includes(seat)) this.wins[k]!++;
    });
    // Rank 1 is best; equal scores share a rank (OpenSkill handles ties).
    const rank = scores.map((sc) => 1 + scores.filter((x) => x > sc).length);
    const updated = rate(
      seated.map(({ k }) => [this.ratings[k]!]),
      { rank },
    );
    updated.forEach((team, i) => (this.ratings[seated[i]!.k] = team[0]!));
  }

  standings(): BotStanding[] {
    return this.names.map((name, k) => ({
      name,
      wins: this.wins[k]!,
      meanScore: this.played[k] === 0 ? null : Math.round((this.scoreSum[k]! / this.played[k]!) * 100) / 100,
      rating: Math.round(ordinal(this.ratings[k]!) * 100) / 100,
      mu: Math.round(this.ratings[k]!.mu * 100) / 100,
      sigma: Math.round(this.ratings[k]!.sigma * 100) / 100,
    }));
  }
}

/** Plays the tournament in this thread with bots built here; `onGame` sees each game's number as it ends. */
export function runTournament(
  game: AnyGame,
  bots: readonly Bot[],
  games: number,
  seed: string,
  cap: number,
  onGame?: (n: number, s: BotStanding[], capped: number) => void,
): TournamentSummary {
  const tally = new TournamentTally(bots.map((b) => b.name));
  const t0 = performance.now();
  for (let g = 1; g <= games; g++) {
    tally.add(playGame({ game, players: bots.length, games, seed, bots: seatedFor(bots, g), cap }, g));
    onGame?.(g, tally.standings(), tally.capped);
  }
  return { game: game.id, games, capped: tally.capped, seconds: Math.round(performance.now() - t0) / 1000, bots: tally.standings() };
}

/**
 * Plays the tournament between bots given by spec on `workers` threads (1: in this one); the
 * outcomes are tallied in game order, so the summary is runTournament's for every count of workers.
 */
export async function playTournament(
  game: AnyGame,
  specs: readonly string[],
  games: number,
  seed: string,
  cap: number,
  workers: number,
  onGame?: (n: number, s: BotStanding[], capped: number) => void,
  schedule: Schedule = rotation(specs.length),
): Promise<TournamentSummary> {
  const tally = new TournamentTally(
    specs.map((s) => botFromSpec(s).name),
    schedule,
  );
  const t0 = performance.now();
  await playGames(
    { game: game.id, players: schedule(1).length, seed, cap },
    games,
    (g) => schedule(g).map((k) => specs[k]!),
    workers,
    (o) => {
      tally.add(o);
      onGame?.(o.index, tally.standings(), tally.capped);
    },
  );
  return { game: game.id, games, capped: tally.capped, seconds: Math.round(performance.now() - t0) / 1000, bots: tally.standings() };
}

/** A bot's faults for the table: "0", or "3 (timeout 2, crash 1)". */
const faultText = (f: Faults): string => {
  const kinds = (['timeout', 'crash', 'illegal'] as const).filter((k) => f[k] > 0);
  const total = kinds.reduce((t, k) => t + f[k], 0);
  return total === 0 ? '0' : `${total} (${kinds.map((k) => `${k} ${f[k]}`).join(', ')})`;
};

export async function tournamentCommand(args: readonly string[]): Promise<number> {
  const { values } = parse(args, {
    game: { type: 'string' },
    players: { type: 'string' },
    bots: { type: 'string' },
    games: { type: 'string' },
    seed: { type: 'string' },
    cap: { type: 'string' },
    'move-time': { type: 'string' },
    workers: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    out(TOURNAMENT_USAGE);
    return 0;
  }
  const game = gameArg(values.game ?? 'relic-runners');
  const listed = (values.bots ?? 'greedy,random').split(',').length;
  const players = intOption('players', values.players, listed, game.minSeats, game.maxSeats);
  const specs = parseBotSpecs(values.bots ?? 'greedy,random', players, true);
  const games = intOption('games', values.games, 10, 1);
  const cap = intOption('cap', values.cap, 400, 1);
  const seed = values.seed ?? '1';
  const workers = workersOption(values.workers);
  const moveTime = intOption('move-time', values['move-time'], 10_000, 1);
  const bar = progressBar(games, 'tournament', process.stderr, '{capped} capped | leader {leader}');
  let summary: TournamentSummary;
  try {
    const onGame = (g: number, s: BotStanding[], c: number) => {
      const lead = [...s].sort((a, b) => b.wins - a.wins)[0]!;
      bar.update(g, { capped: c, leader: `${lead.name} (${lead.wins} wins)` });
    };
    summary = specs.some(isExecSpec)
      ? await playExecTournament(game, specs, games, seed, cap, moveTime, onGame)
      : await playTournament(game, specs, games, seed, cap, workers, onGame);
  } finally {
    bar.stop();
  }
  if (values.json) {
    out(
      JSON.stringify({
        games: summary.games,
        capped: summary.capped,
        bots: summary.bots.map(({ name, wins, meanScore, rating: r, faults }) => ({
          name,
          wins,
          meanScore,
          rating: r,
          ...(faults ? { faults } : {}),
        })),
      }),
    );
    return 0;
  }
  const rows = summary.bots.map((b, k) => [
    String(k + 1),
    b.name,
    String(b.wins),
    `${((100 * b.wins) / Math.max(1, games - summary.capped)).toFixed(1)}%`,
    b.meanScore === null ? 'n/a' : b.meanScore.toFixed(2),
    b.rating.toFixed(2),
    `${b.mu.toFixed(1)} ± ${b.sigma.toFixed(1)}`,
    ...(b.faults ? [faultText(b.faults)] : []),
  ]);
  const head = [
    '#',
    'bot',
    'wins',
    'win %',
    'mean score',
    'rating',
    'mu ± sigma',
    ...(summary.bots.some((b) => b.faults) ? ['faults'] : []),
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (r: string[]) => r.map((c, i) => (i === 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  out(
    [
      `${game.id}: ${games} games, ${players} players, seats rotating, seed "${seed}", ${summary.capped} capped at ${cap} turns, ${summary.seconds.toFixed(1)} s`,
      fmt(head),
      fmt(widths.map((w) => '-'.repeat(w))),
      ...rows.map(fmt),
    ].join('\n'),
  );
  return 0;
}
