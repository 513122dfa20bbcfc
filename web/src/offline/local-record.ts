import type { MatchRecord, RecordVersion } from '../../../src/core/match.js';
import type { LocalSeat } from './config.js';

/** localStorage key of the single offline game of earlier versions (now moved into a slot: saves.ts). */
export const SAVED_GAME_KEY = 'expedition.local.game';

/**
 * The truth of an offline game: the engine's match record (seed, options, every choice) plus who
 * sits where. Everything else (state, log, whose turn) is rebuilt by replaying it, so this is all
 * that is saved, and the replay viewer reads the same object.
 */
export interface LocalRecord extends MatchRecord {
  readonly players: readonly LocalSeat[];
}

/**
 * The record versions a save may have (core's RecordVersion; every one of them is readable). Named
 * here rather than imported as core's RECORD_VERSION: the lobby lists saves, and a value from
 * match.ts would bring the engine's core into the lobby's chunk.
 */
const READABLE_VERSIONS: readonly RecordVersion[] = [1, 2, 3];

/** A saved game that cannot be used; the message says what is wrong with it. */
export class CorruptRecord extends Error {
  override readonly name = 'CorruptRecord';
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Checks the outer shape of a saved offline game (cheap, no engine): the choices themselves are
 * checked when the worker replays them.
 */
export function parseLocalRecord(raw: unknown): LocalRecord {
  if (!isObject(raw)) throw new CorruptRecord('the saved game is not a JSON object');
  if (raw.format !== 'expedition-match') throw new CorruptRecord('the saved game is not a match record (format)');
  // Saves from before record versions were checked carry none: they were set up with seeding 1.
  const version = (raw.version ?? 1) as RecordVersion;
  if (!READABLE_VERSIONS.includes(version)) {
    throw new CorruptRecord(
      `the saved game has record version ${JSON.stringify(version)}, which this page cannot read (it reads 1–${Math.max(...READABLE_VERSIONS)})`,
    );
  }
  if (typeof raw.game !== 'string') throw new CorruptRecord('the saved game names no game');
  if (typeof raw.seed !== 'number' && typeof raw.seed !== 'string') throw new CorruptRecord('the saved game has no seed');
  if (!Array.isArray(raw.choices) || !raw.choices.every(isObject)) throw new CorruptRecord('the saved game has no valid list of choices');
  const seats = raw.seats;
  if (typeof seats !== 'number' || !Number.isInteger(seats) || seats < 1) throw new CorruptRecord('the saved game has no seat count');
  const players = raw.players;
  if (!Array.isArray(players) || players.length !== seats) throw new CorruptRecord('the saved game does not say who sits at each seat');
  for (const p of players) {
    if (!isObject(p) || (p.kind !== 'human' && p.kind !== 'bot'))
      throw new CorruptRecord('a seat of the saved game is neither a person nor a bot');
    if (p.kind === 'bot' && typeof p.bot !== 'string') throw new CorruptRecord('a bot seat of the saved game names no bot');
    if (p.name !== undefined && typeof p.name !== 'string') throw new CorruptRecord('a seat name of the saved game is not text');
  }
  return { ...(raw as unknown as LocalRecord), version };
}

/** What localStorage holds for the offline game, without throwing: nothing, a record, or why it is unusable. */
export type SavedGame =
  { readonly kind: 'none' } | { readonly kind: 'ok'; readonly record: LocalRecord } | { readonly kind: 'corrupt'; readonly reason: string };

export function readSavedGame(storage: Pick<Storage, 'getItem'> = localStorage, key: string = SAVED_GAME_KEY): SavedGame {
  const text = storage.getItem(key);
  if (text === null) return { kind: 'none' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: 'corrupt', reason: 'the saved game is not valid JSON' };
  }
  try {
    return { kind: 'ok', record: parseLocalRecord(raw) };
  } catch (e) {
    return { kind: 'corrupt', reason: e instanceof Error ? e.message : String(e) };
  }
}
