import {
  analyseGame,
  breakdownOf,
  DEFAULT_ANALYSIS_ITERATIONS,
  fallsOf,
  type Fall,
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

Analyses a saved game (as written by "simulate --save-dir"; checked as "replay" checks it).
Winning chances are in %. At each move one estimate shares them among the seats (they add up to
100): the bot's playouts from the position with every hand open but the draws and rolls still to
come drawn at random. A choice is judged only by what its seat knew then: its chance with the
bot's preferred choice ("before", from an ISMCTS search) and with the choice made ("after"), from
the same playouts; the difference is the choice's cost in percentage points (pp), flagged from
${FLAG_DROP} pp. Every change of a seat's chance from one move to the next is put down to the choice
of the seat that moved or to chance (a roll, a draw).

  --seat N        report only seat N's decisions (0-based; default: every seat)
  --iterations N  search iterations per decision and playouts per estimate, ${MIN_ANALYSIS_ITERATIONS}–${MAX_ANALYSIS_ITERATIONS}
                  (default ${DEFAULT_ANALYSIS_ITERATIONS})
  --seed S        seed of the searches (default 1): the same file, seed and iterations give the
                  same analysis
  --json          print one JSON object (its shape is in docs/cli.md)

Exit codes: 0 success, 1 bad or tampered file, 2 usage error.`;

/** What --json prints: the analysis, its decisions and flagged list narrowed to `seat` when one was asked for. */
export interface AnalyseJson extends GameAnalysis {
  readonly seat: Seat | null;
}

/** Narrows an analysis to one seat's decisions (the curve and the changes keep every seat: they are the whole game). */
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
/** Percentage points with their sign: "+3.0 pp", "−12.5 pp". */
const pp = (x: number): string => `${x < 0 ? '−' : '+'}${Math.abs(x).toFixed(1)} pp`;
const row = (chances: readonly number[]): string => `[${chances.map((v) => v.toFixed(1)).join(' ')}]`;

function line(d: DecisionAnalysis): string {
  const head = `#${String(d.index).padEnd(4)} seat ${d.seat}  ${row(d.chances)}`;
  if (d.forced) return `${head}  forced ${json(d.choice)}`;
  const same = json(d.preferred) === json(d.choice);
  const flag = d.flagged ? `  FLAG cost ${d.drop.toFixed(1)} pp` : '';
  return `${head}  ${num(d.before)} → ${num(d.after)}  chose ${json(d.choice)}${same ? ' (the bot agrees)' : `, bot: ${json(d.preferred)}`}${flag}`;
}

/** Why a seat's chance fell at one move, in words. */
function fallCause(f: Fall, a: GameAnalysis): string {
  const parts: string[] = [];
  if (f.byChoice !== 0) {
    if (f.mover !== f.seat) parts.push(`seat ${f.mover}'s choice ${pp(f.byChoice)}`);
    else {
      const d = a.decisions.find((x) => x.index === f.index);
      let judged = '';
      if (d && !d.forced)
        judged = d.flagged ? ` (flagged: cost ${d.drop.toFixed(1)} pp)` : ` (by what it knew, cost ${d.drop.toFixed(1)} pp)`;
      parts.push(`its own choice ${pp(f.byChoice)}${judged}`);
    }
  }
  if (f.byChance !== 0) parts.push(`chance ${pp(f.byChance)}`);
  return parts.join(', ');
}

/** One seat's story: where its chance went (own choices, each other seat's moves, chance) and its falls. */
function seatStory(a: GameAnalysis, seat: Seat): string[] {
  const b = breakdownOf(a.changes, a.curve, seat, a.seats);
  const others = b.others.flatMap((x, q) => (q === seat ? [] : [`seat ${q}'s moves ${pp(x)}`]));
  const lines = [
    `Seat ${seat}: ${b.from.toFixed(1)} % → ${b.to.toFixed(1)} %: own choices ${pp(b.own)}, ${others.join(', ')}, chance ${pp(b.chance)}.`,
  ];
  const falls = fallsOf(a.changes, seat);
  if (falls.length === 0) lines.push(`  No fall of ${FLAG_DROP} pp or more at one move.`);
  else {
    lines.push(`  Falls of ${FLAG_DROP} pp or more at one move:`);
    for (const f of falls) lines.push(`    #${f.index} ${pp(f.total)}: ${fallCause(f, a)}`);
  }
  return lines;
}

/** The text report: a header, one line per decision, each seat's story, then the flagged decisions by cost. */
export function analyseText(a: AnalyseJson, name: string): string {
  const end = a.finished ? `finished, won by seat ${a.winners?.join(' and ') ?? '?'}` : 'not finished';
  const lines = [
    `${name}: ${a.game}, ${a.seats} seats, ${a.curve.length - 1} decisions, ${end}`,
    `${a.iterations} iterations per decision and playouts per estimate, seed ${a.seed}${a.seat === null ? '' : `, seat ${a.seat}`}.`,
    "Each line: the move, the seat to move, every seat's winning chance in % [one estimate, adding",
    "up to 100], then the mover's chance with the bot's choice → with the choice made, from only",
    'what the mover knew then.',
    '',
    ...a.decisions.map(line),
    `end        ${row(a.curve.at(-1) ?? [])}`,
    '',
  ];
  for (let s = 0; s < a.seats; s++) if (a.seat === null || a.seat === s) lines.push(...seatStory(a, s));
  lines.push('');
  if (a.flagged.length === 0) lines.push(`No choice cost ${FLAG_DROP} pp of winning chance or more.`);
  else {
    lines.push(`Flagged (a cost of ${FLAG_DROP} pp of winning chance or more), largest first:`);
    for (const i of a.flagged) {
      const d = a.decisions.find((x) => x.index === i)!;
      lines.push(
        `  #${d.index} seat ${d.seat}: cost ${d.drop.toFixed(1)} pp (${d.before.toFixed(1)} % → ${d.after.toFixed(1)} %) chose ${json(d.choice)}, bot: ${json(d.preferred)}`,
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
