import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyGame } from '../core/game.js';
import { Match, seatSeed } from '../core/match.js';
import { createRng, type Rng } from '../core/rng.js';
import { botFromSpec, decide, type Bot } from '../bots/index.js';
import { gameArg, intOption, out, parse, UsageError, workersOption, WORKERS_USAGE } from './common.js';
import { playGames, type GameRun } from './play-games.js';
import { progressBar } from './progress.js';
import { formatSavedGame, type SavedGame } from './record-file.js';

export const SIMULATE_USAGE = `Usage: expedition simulate --game GAME --players N --games N [options]

Plays N games between bots and reports how they ended.

Options:
  --game GAME        game id (default relic-runners)
  --players N        seats per game (default 4)
  --games N          number of games (default 1)
  --seed SEED        base seed, any text (default 1); game n (1-based) is set up from the
                     seed string "SEED:n" and seat k's bot draws from the RNG seeded "SEED:n/seatk"
  --bots LIST        one bot for every seat, or one per seat, comma-separated (default random)
  --cap TURNS        stop a game once more than TURNS turns have begun; it is then "capped",
                     never counted as a normal end (default 400)
  --save-dir DIR     write each game's record to DIR/game-0001.json, … (replay with "expedition replay")
${WORKERS_USAGE}
  --json             print one JSON object: {"game","games","finished","capped","decisions",
                     "seconds","hashes","meanScore"}; meanScore is the mean final score over all
                     seats of the finished games only (null when no game finished); seconds is the
                     wall time of the run

A progress bar is shown on stderr when stderr is a terminal.`;

export interface SimulateOptions {
  readonly game: AnyGame;
  readonly players: number;
  readonly games: number;
  readonly seed: string;
  readonly bots: readonly Bot[];
  readonly cap: number;
  readonly options?: unknown;
}

export interface GameOutcome {
  readonly index: number;
  readonly record: Match['record'];
  readonly hash: string;
  readonly capped: boolean;
  readonly scores: readonly number[] | null;
  readonly winners: readonly number[] | null;
}

/** The seed of game n (1-based) of a run with base seed `seed`. */
export const gameSeed = (seed: string, n: number): string => `${seed}:${n}`;

/** Plays one game to its end or to the turn cap, recording every choice through a Match. */
export function playGame(o: SimulateOptions, n: number): GameOutcome {
  const { game } = o;
  const gs = gameSeed(o.seed, n);
  const match = new Match(game, o.players, gs, o.options);
  const rngs: Rng[] = o.bots.map((_, k) => createRng(seatSeed(gs, k)));
  let capped = false;
  for (;;) {
    const seat = match.toAct();
    if (seat === null) break;
    if (game.turn(match.state) > o.cap) {
      capped = true;
      break;
    }
    match.play(decide(game, match.state, o.bots[seat]!, rngs[seat]!));
  }
  const result = capped ? null : game.result(match.state);
  return {
    index: n,
    record: match.record,
    hash: match.hash(),
    capped,
    scores: result?.scores ?? null,
    winners: result?.winners ?? null,
  };
}

export interface SimulateSummary {
  readonly game: string;
  readonly games: number;
  readonly finished: number;
  readonly capped: number;
  readonly decisions: number;
  readonly seconds: number;
  readonly hashes: string[];
  readonly meanScore: number | null;
}

/** The bot spec of every seat, from --bots; each is checked by building its bot once (exec: specs, where allowed, by naming a command). */
export function parseBotSpecs(spec: string, players: number, allowExec = false): string[] {
  const parts = spec.split(',').map((s) => s.trim());
  if (parts.some((p) => p === '')) throw new UsageError(`--bots has an empty entry: "${spec}"`);
  if (parts.length !== 1 && parts.length !== players) {
    throw new UsageError(`--bots lists ${parts.length} bots for ${players} players (give one for all seats or one per seat)`);
  }
  for (const p of parts) {
    if (allowExec && p.startsWith('exec:')) {
      if (p.slice('exec:'.length).trim() === '') throw new UsageError(`--bots: "${p}" names no command`);
      continue;
    }
    try {
      botFromSpec(p);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  return parts.length === 1 ? Array.from({ length: players }, () => parts[0]!) : parts;
}

export async function simulateCommand(args: readonly string[]): Promise<number> {
  const { values } = parse(args, {
    game: { type: 'string' },
    players: { type: 'string' },
    games: { type: 'string' },
    seed: { type: 'string' },
    bots: { type: 'string' },
    cap: { type: 'string' },
    'save-dir': { type: 'string' },
    workers: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    out(SIMULATE_USAGE);
    return 0;
  }
  const game = gameArg(values.game ?? 'relic-runners');
  const players = intOption('players', values.players, 4, game.minSeats, game.maxSeats);
  const games = intOption('games', values.games, 1, 1);
  const specs = parseBotSpecs(values.bots ?? 'random', players);
  const run: GameRun = { game: game.id, players, seed: values.seed ?? '1', cap: intOption('cap', values.cap, 400, 1) };
  const workers = workersOption(values.workers);
  const saveDir = values['save-dir'];
  if (saveDir !== undefined) mkdirSync(saveDir, { recursive: true });
  const width = Math.max(4, String(games).length);

  const bar = progressBar(games, 'simulate');
  const hashes: string[] = [];
  const wins = new Array<number>(players).fill(0);
  let finished = 0;
  let capped = 0;
  let decisions = 0;
  let scoreSum = 0;
  let scoreCount = 0;
  const t0 = process.hrtime.bigint();
  try {
    await playGames(
      run,
      games,
      () => specs,
      workers,
      (g) => {
        const n = g.index;
        hashes.push(g.hash);
        decisions += g.record.choices.length;
        if (g.capped) capped++;
        else {
          finished++;
          for (const s of g.scores ?? []) {
            scoreSum += s;
            scoreCount++;
          }
          for (const w of g.winners ?? []) wins[w]!++;
        }
        if (saveDir !== undefined) {
          const saved: SavedGame = { ...g.record, hash: g.hash, capped: g.capped };
          writeFileSync(join(saveDir, `game-${String(n).padStart(width, '0')}.json`), formatSavedGame(saved));
        }
        const secs = Number(process.hrtime.bigint() - t0) / 1e9;
        bar.update(n, { finished, capped, rate: Math.round(decisions / Math.max(secs, 1e-9)) });
      },
    );
  } finally {
    bar.stop();
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const summary: SimulateSummary = {
    game: game.id,
    games,
    finished,
    capped,
    decisions,
    seconds: Math.round(seconds * 1000) / 1000,
    hashes,
    meanScore: scoreCount === 0 ? null : scoreSum / scoreCount,
  };
  if (values.json) {
    out(JSON.stringify(summary));
    return 0;
  }
  const botNames = specs.map((b) => botFromSpec(b).name).join(', ');
  const lines = [
    `${game.id}: ${games} game${games === 1 ? '' : 's'}, ${players} players (${botNames}), seed "${run.seed}"`,
    `  finished ${finished}, capped ${capped} (turn cap ${run.cap})`,
    `  decisions ${decisions} (${(decisions / games).toFixed(1)} per game) in ${seconds.toFixed(2)} s, ${Math.round(decisions / Math.max(seconds, 1e-9))} decisions/s`,
    summary.meanScore === null
      ? `  mean score n/a: no game finished within the cap`
      : `  mean score ${summary.meanScore.toFixed(2)} (all seats of the finished games)`,
    `  wins by seat ${wins.map((w, k) => `${k}:${w}`).join(' ')} (shared wins count for each winner)`,
  ];
  if (saveDir !== undefined) lines.push(`  records written to ${saveDir}/game-${'0'.repeat(width - 1)}1.json …`);
  out(lines.join('\n'));
  return 0;
}
