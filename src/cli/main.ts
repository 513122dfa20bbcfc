#!/usr/bin/env node
import { IllegalChoice, InvalidInput, ReplayError } from '../core/errors.js';
import { ANALYSE_USAGE, analyseCommand } from './analyse.js';
import { ENGINE_USAGE, engineCommand } from './engine/command.js';
import { ACCOUNTS_USAGE, REPORTS_USAGE, accountsCommand, reportsCommand } from './moderation.js';
import { CommandError, EXIT_FAIL, EXIT_USAGE, UsageError } from './common.js';
import { REPLAY_USAGE, replayCommand } from './replay.js';
import { RULES_USAGE, rulesCommand } from './rules.js';
import { SIMULATE_USAGE, simulateCommand } from './simulate.js';
import { TOURNAMENT_USAGE, tournamentCommand } from './tournament.js';

const USAGE = `Usage: expedition COMMAND [options]

Commands:
  simulate   play bot games:     expedition simulate --game relic-runners --players 4 --games 200 --seed 7 --bots random
  tournament rank bots:          expedition tournament --players 4 --bots ismcts:500ms,greedy,greedy,greedy --games 100
  replay     check a saved game: expedition replay replays/game-0001.json
  analyse    judge each choice:  expedition analyse replays/game-0001.json --seat 0
  rules      list rule ids:      expedition rules relic-runners
  engine     serve the engines:  expedition engine   (JSON lines on stdin/stdout, docs/engine-protocol.md)
  reports    reported chat:      expedition reports list        (the server's database: DATABASE_URL or the SQLite file)
  accounts   suspend an account: expedition accounts suspend NAME [--reason TEXT]

Run "expedition COMMAND --help" for the options of a command.

Exit codes: 0 success, 1 failure (bad or tampered file, illegal choice), 2 usage error.`;

const COMMANDS: Record<string, (args: readonly string[]) => number | Promise<number>> = {
  simulate: simulateCommand,
  tournament: tournamentCommand,
  replay: replayCommand,
  analyse: analyseCommand,
  rules: rulesCommand,
  engine: engineCommand,
  reports: reportsCommand,
  accounts: accountsCommand,
};

export { ENGINE_USAGE, SIMULATE_USAGE, TOURNAMENT_USAGE, REPLAY_USAGE, ANALYSE_USAGE, RULES_USAGE, REPORTS_USAGE, ACCOUNTS_USAGE };

function fail(message: string, code: number): number {
  process.stderr.write(`expedition: ${message}\n`);
  return code;
}

export async function main(argv: readonly string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (cmd === '--help' || cmd === '-h' || cmd === 'help') {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  if (cmd === undefined) {
    process.stderr.write(USAGE + '\n');
    return EXIT_USAGE;
  }
  const run = Object.hasOwn(COMMANDS, cmd) ? COMMANDS[cmd] : undefined;
  if (run === undefined) {
    process.stderr.write(`expedition: unknown command "${cmd}"\n\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  try {
    return await run(rest);
  } catch (e) {
    if (e instanceof UsageError) return fail(`${e.message}\nRun "expedition ${cmd} --help" for usage.`, EXIT_USAGE);
    if (e instanceof InvalidInput || e instanceof ReplayError || e instanceof IllegalChoice || e instanceof CommandError) {
      return fail(e.message, EXIT_FAIL);
    }
    return fail(`internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`, EXIT_FAIL);
  }
}

// A closed pipe (`expedition rules relic-runners | head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

process.exitCode = await main(process.argv.slice(2));
