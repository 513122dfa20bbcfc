import { readFileSync } from 'node:fs';
import { InvalidInput, ReplayError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { parseRecord, replay, type Match, type MatchRecord } from '../core/match.js';
import { gameById } from '../bots/registry.js';
import { CommandError, out, parse, UsageError } from './common.js';

export const REPLAY_USAGE = `Usage: expedition replay FILE [--json]

Replays a saved match record (as written by "simulate --save-dir"), checking that every
recorded choice is legal, and prints the final state hash. --json prints
{"hash","finished","decisions"}. A file that is not a record, a choice that is not legal
(named by its 0-based index), or a "hash" field that differs from the replayed hash is an
error (exit code 1).`;

export interface ReplaySummary {
  readonly hash: string;
  readonly finished: boolean;
  readonly decisions: number;
}

/** A saved record, checked and replayed. */
export interface LoadedRecord {
  readonly record: MatchRecord;
  readonly game: AnyGame;
  readonly match: Match;
  readonly hash: string;
  readonly finished: boolean;
}

/**
 * Parses and replays the text of a saved record, and checks its saved-game fields ("hash" and
 * "capped", when present) against the replay; throws InvalidInput or CommandError naming `name`.
 */
export function loadRecordText(text: string, name: string): LoadedRecord {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new InvalidInput(`${name} is not valid JSON: ${(e as Error).message}`);
  }
  let record;
  try {
    record = parseRecord(raw);
  } catch (e) {
    if (e instanceof InvalidInput) throw new InvalidInput(`${name}: ${e.message}`);
    throw e;
  }
  const game = gameById(record.game);
  let match;
  try {
    match = replay(game, record);
  } catch (e) {
    if (e instanceof ReplayError || e instanceof InvalidInput) throw new CommandError(`${name}: ${e.message}`);
    throw e;
  }
  const hash = game.hash(match.state);
  const finished = game.toAct(match.state) === null;
  const r = raw as Record<string, unknown>;
  if (r.hash !== undefined) {
    if (typeof r.hash !== 'string') throw new InvalidInput(`${name}: field "hash" must be a string`);
    if (r.hash !== hash) throw new CommandError(`${name}: replayed state hash ${hash} differs from the recorded hash ${r.hash}`);
  }
  if (r.capped !== undefined) {
    if (typeof r.capped !== 'boolean') throw new InvalidInput(`${name}: field "capped" must be true or false`);
    if (r.capped === finished) {
      throw new CommandError(`${name}: the record says capped=${r.capped} but the replayed game is ${finished ? 'over' : 'not over'}`);
    }
  }
  return { record, game, match, hash, finished };
}

/** The text of FILE; an unreadable file is a CommandError. */
export function readFileArg(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new CommandError(`cannot read ${file}: ${(e as Error).message}`);
  }
}

/** Replays the text of a saved record; throws InvalidInput, ReplayError or CommandError. */
export function replayText(text: string, name: string): ReplaySummary & { scores: readonly number[] | null; game: string; seats: number } {
  const { record, game, match, hash, finished } = loadRecordText(text, name);
  return {
    hash,
    finished,
    decisions: record.choices.length,
    scores: game.result(match.state)?.scores ?? null,
    game: game.id,
    seats: record.seats,
  };
}

export function replayCommand(args: readonly string[]): number {
  const { values, positionals } = parse(args, { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, true);
  if (values.help) {
    out(REPLAY_USAGE);
    return 0;
  }
  if (positionals.length !== 1)
    throw new UsageError(positionals.length === 0 ? 'replay needs a FILE' : `replay takes one FILE, got ${positionals.length}`);
  const file = positionals[0]!;
  const s = replayText(readFileArg(file), file);
  if (values.json) {
    out(JSON.stringify({ hash: s.hash, finished: s.finished, decisions: s.decisions }));
  } else {
    const end = s.finished ? `finished, scores ${s.scores?.join(' ') ?? '?'}` : 'not finished';
    out(`${file}: ${s.game}, ${s.seats} seats, ${s.decisions} decisions, all legal; ${end}\nhash ${s.hash}`);
  }
  return 0;
}
