import { availableParallelism } from 'node:os';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { AnyGame } from '../core/game.js';
import { InvalidInput } from '../core/errors.js';
import { GAMES, gameById } from '../bots/registry.js';

/** A mistake in the command line itself: reported with a usage hint, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A failure of the command (unreadable file, hash mismatch, …): exit code 1. */
export class CommandError extends Error {
  override readonly name = 'CommandError';
}

export const EXIT_OK = 0;
export const EXIT_FAIL = 1;
export const EXIT_USAGE = 2;

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs, strict, with its errors turned into UsageErrors. */
export function parse<T extends Options>(args: readonly string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals });
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) throw new UsageError((e as Error).message);
    throw e;
  }
}

/** An integer option within [min, max]. */
export function intOption(
  name: string,
  raw: string | undefined,
  fallback: number | undefined,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (raw === undefined) {
    if (fallback === undefined) throw new UsageError(`--${name} is required`);
    return fallback;
  }
  if (!/^-?\d+$/.test(raw.trim())) throw new UsageError(`--${name} must be an integer, got "${raw}"`);
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${raw}`);
  return n;
}

/** The game named on the command line; an unknown id is a usage error. */
export function gameArg(id: string | undefined): AnyGame {
  if (id === undefined) throw new UsageError(`a game is required (known: ${[...GAMES.keys()].join(', ')})`);
  try {
    return gameById(id);
  } catch (e) {
    if (e instanceof InvalidInput) throw new UsageError(e.message);
    throw e;
  }
}

export function out(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : text + '\n');
}

/** Worker threads for --workers: by default one per core this process may use. */
export function workersOption(raw: string | undefined): number {
  return intOption('workers', raw, availableParallelism(), 1, 256);
}

export const WORKERS_USAGE = `  --workers N        play games on N worker threads (default: the cores, here ${availableParallelism()});
                     1 plays them in this process. The output is the same for every N (games are
                     summed up in game order) except "seconds", the wall time. Bots with a time
                     limit (ismcts:1s) play differently from run to run whatever N is: the
                     identity holds for deterministic bots (random, greedy, ismcts:2000it)`;
