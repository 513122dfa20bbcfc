import type { AnyGame } from '../core/game.js';
import { Match, seatSeed } from '../core/match.js';
import { createRng } from '../core/rng.js';
import { botFromSpec, decide, type Bot } from '../bots/index.js';
import { ExecAgent, isExecSpec, noFaults, type Faults } from './exec-bot.js';
import { gameSeed, type GameOutcome } from './simulate.js';
import { rotation, TournamentTally, type Schedule, type TournamentSummary } from './tournament.js';

/** One game with outside programs at some seats; the faults of each seat. */
export interface ExecOutcome extends GameOutcome {
  readonly faults: readonly Faults[];
}

/**
 * Plays game n of a run as playGame does (same seeds, same bot draws), asking the seats whose
 * spec is exec: their programs, each started for this game and stopped at its end.
 */
export async function playExecGame(
  game: AnyGame,
  specs: readonly string[],
  seed: string,
  cap: number,
  n: number,
  moveTimeMs: number,
  bots: (spec: string) => Bot,
): Promise<ExecOutcome> {
  const gs = gameSeed(seed, n);
  const match = new Match(game, specs.length, gs);
  const rngs = specs.map((_, k) => createRng(seatSeed(gs, k)));
  const faults = specs.map(() => noFaults());
  const agents = specs.map((s) => (isExecSpec(s) ? new ExecAgent(s.slice('exec:'.length), game, moveTimeMs) : null));
  let capped = false;
  try {
    for (;;) {
      const seat = match.toAct();
      if (seat === null) break;
      if (game.turn(match.state) > cap) {
        capped = true;
        break;
      }
      const agent = agents[seat];
      if (agent) {
        const d = await agent.act(match.state, seat);
        if (d.fault) faults[seat]![d.fault]++;
        match.play(d.choice);
      } else match.play(decide(game, match.state, bots(specs[seat]!), rngs[seat]!));
    }
  } finally {
    for (const a of agents) a?.stop();
  }
  const result = capped ? null : game.result(match.state);
  return {
    index: n,
    record: match.record,
    hash: match.hash(),
    capped,
    scores: result?.scores ?? null,
    winners: result?.winners ?? null,
    faults,
  };
}

/**
 * A tournament with outside programs among its entrants: its games are played one after the
 * other in this thread (the programs are the ones that think), and every entrant's faults are
 * summed up with its standing.
 */
export async function playExecTournament(
  game: AnyGame,
  specs: readonly string[],
  games: number,
  seed: string,
  cap: number,
  moveTimeMs: number,
  onGame?: (n: number, s: TournamentSummary['bots'], capped: number) => void,
  schedule: Schedule = rotation(specs.length),
): Promise<TournamentSummary> {
  const built = new Map<string, Bot>();
  const bots = (spec: string): Bot => {
    let b = built.get(spec);
    if (!b) built.set(spec, (b = botFromSpec(spec)));
    return b;
  };
  const tally = new TournamentTally(specs.map((s) => (isExecSpec(s) ? s : bots(s).name)));
  const faults = specs.map(() => noFaults());
  const t0 = performance.now();
  for (let g = 1; g <= games; g++) {
    const seated = schedule(g);
    const o = await playExecGame(
      game,
      seated.map((k) => specs[k]!),
      seed,
      cap,
      g,
      moveTimeMs,
      bots,
    );
    seated.forEach((k, seat) => {
      for (const kind of ['timeout', 'crash', 'illegal'] as const) faults[k]![kind] += o.faults[seat]![kind];
    });
    tally.add(o);
    onGame?.(g, tally.standings(), tally.capped);
  }
  return {
    game: game.id,
    games,
    capped: tally.capped,
    seconds: Math.round(performance.now() - t0) / 1000,
    bots: tally.standings().map((b, k) => ({ ...b, faults: faults[k]! })),
  };
}
