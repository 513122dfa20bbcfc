import {
  analyseGame,
  DEFAULT_ANALYSIS_ITERATIONS,
  FLAG_DROP,
  MAX_ANALYSIS_ITERATIONS,
  MIN_ANALYSIS_ITERATIONS,
  type DecisionAnalysis,
  type GameAnalysis,
} from '../bots/analysis.js';
import type { Seat } from '../core/game.js';
import { intOption, out, parse, UsageError } from './common.js';
import { loadRecordText, readFileArg } from './replay.js';

export const ANALYSE_USAGE = `Usage: expedition analyse FILE [--seat N] [--iterations N] [--seed S] [--json]

Analyses a saved game (as written by "simulate --save-dir"; checked as "replay" checks it): for
every decision, the bot's estimate (ISMCTS, ${DEFAULT_ANALYSIS_ITERATIONS} iterations by default) of the deciding seat's
winning chance with the bot's preferred choice ("before") and after the choice made ("after").
A choice that drops it by ${FLAG_DROP} points or more is flagged. Each estimate uses only what that seat
knew at that moment (what was hidden from it drawn at random), never the true game.

  --seat N        report only seat N's decisions (0-based; default: every seat)
  --iterations N  search iterations per decision, ${MIN_ANALYSIS_ITERATIONS}–${MAX_ANALYSIS_ITERATIONS} (default ${DEFAULT_ANALYSIS_ITERATIONS})
  --seed S        seed of the searches (default 1): the same file, seed and iterations give the
                  same analysis
  --json          print one JSON object (its shape is in the README)

Exit codes: 0 success, 1 bad or tampered file, 2 usage error.`;

/** What --json prints: the analysis, its decisions and flagged list narrowed to `seat` when one was asked for. */
export interface AnalyseJson extends GameAnalysis {
  readonly seat: Seat | null;
}

/** Narrows an analysis to one seat's decisions (the curve keeps every seat: it is the whole game). */
export function forSeat(a: GameAnalysis, seat: Seat | null): AnalyseJson {
  if (seat === null) return { ...a, seat };
  return {
    ...a,
    seat,
    decisions: a.decisions.filter((d) => d.seat === seat),
    flagged: a.flagged.filter((i) => a.decisions[i]?.seat === seat),
  };
}

const json = (c: unknown): string => JSON.stringify(c);
const num = (x: number): string => x.toFixed(1).padStart(5);

function line(d: DecisionAnalysis): string {
  const head = `#${String(d.index).padEnd(4)} seat ${d.seat}  ${num(d.before)} → ${num(d.after)}`;
  if (d.forced) return `${head}  forced ${json(d.choice)}`;
  const same = json(d.preferred) === json(d.choice);
  const flag = d.flagged ? `  FLAG −${d.drop.toFixed(1)}` : '';
  return `${head}  chose ${json(d.choice)}${same ? ' (the bot agrees)' : `, bot: ${json(d.preferred)}`}${flag}`;
}

/** The text report: a header, one line per decision, then the flagged decisions by drop. */
export function analyseText(a: AnalyseJson, name: string): string {
  const end = a.finished ? `finished, won by seat ${a.winners?.join(' and ') ?? '?'}` : 'not finished';
  const lines = [
    `${name}: ${a.game}, ${a.seats} seats, ${a.curve.length - 1} decisions, ${end}`,
    `${a.iterations} iterations per decision, seed ${a.seed}${a.seat === null ? '' : `, seat ${a.seat}`}.`,
    "Winning chances in %, before (the bot's choice) → after (the choice made), each from what the",
    'deciding seat knew then (what was hidden drawn at random), never from the true game.',
    '',
    ...a.decisions.map(line),
    '',
  ];
  if (a.flagged.length === 0) lines.push(`No decision lost ${FLAG_DROP} points or more.`);
  else {
    lines.push(`Flagged (a drop of ${FLAG_DROP} points or more), largest first:`);
    for (const i of a.flagged) {
      const d = a.decisions.find((x) => x.index === i)!;
      lines.push(
        `  #${d.index} seat ${d.seat}: −${d.drop.toFixed(1)} (${d.before.toFixed(1)} → ${d.after.toFixed(1)}) chose ${json(d.choice)}, bot: ${json(d.preferred)}`,
      );
    }
  }
  return lines.join('\n');
}

export function analyseCommand(args: readonly string[]): number {
  const { values, positionals } = parse(
    args,
    {
      seat: { type: 'string' },
      iterations: { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) {
    out(ANALYSE_USAGE);
    return 0;
  }
  if (positionals.length !== 1)
    throw new UsageError(positionals.length === 0 ? 'analyse needs a FILE' : `analyse takes one FILE, got ${positionals.length}`);
  const iterations = intOption(
    'iterations',
    values.iterations,
    DEFAULT_ANALYSIS_ITERATIONS,
    MIN_ANALYSIS_ITERATIONS,
    MAX_ANALYSIS_ITERATIONS,
  );
  if (values.seed !== undefined && values.seed.trim() === '') throw new UsageError('--seed must not be empty');
  const seed = values.seed ?? 1;
  const file = positionals[0]!;
  const { record, game } = loadRecordText(readFileArg(file), file);
  const seat = values.seat === undefined ? null : intOption('seat', values.seat, undefined, 0, record.seats - 1);
  const a = forSeat(analyseGame(game, record, { iterations, seed }), seat);
  out(values.json ? JSON.stringify(a) : analyseText(a, file));
  return 0;
}
