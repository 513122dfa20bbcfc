import type { AnyGame, Choice, GameEvent } from './game.js';
import { createRng, CURRENT_SEEDING, type Seeding } from './rng.js';
import { IllegalChoice, InvalidInput, ReplayError } from './errors.js';

/**
 * A record's format version is the seeding its game was set up with: 1 for records written
 * before seeds were hashed with SHA-256 (they replay with the old seeding), 2 since.
 */
export type RecordVersion = Seeding;
export const RECORD_VERSION: RecordVersion = CURRENT_SEEDING;

/** The truth of a game: everything else is derived by replaying it. */
export interface MatchRecord {
  readonly format: 'expedition-match';
  readonly version: RecordVersion;
  readonly game: string;
  readonly seats: number;
  readonly seed: number | string;
  readonly options: unknown;
  readonly choices: Choice[];
}

/** A game in progress together with its record. */
export class Match<S = unknown> {
  readonly record: MatchRecord;
  readonly state: S;

  constructor(
    readonly game: AnyGame,
    seats: number,
    seed: number | string,
    rawOptions?: unknown,
    version: RecordVersion = RECORD_VERSION,
  ) {
    if (!Number.isInteger(seats) || seats < game.minSeats || seats > game.maxSeats) {
      throw new InvalidInput(`${game.id} needs ${game.minSeats}–${game.maxSeats} seats, got ${seats}`);
    }
    const options = game.options(rawOptions);
    this.state = game.setup(options, seats, createRng(seed, version)) as S;
    this.record = { format: 'expedition-match', version, game: game.id, seats, seed, options, choices: [] };
  }

  play(choice: unknown): GameEvent[] {
    // The engine never mutates its own choice objects, so one of them can go into the log as it is;
    // a caller's object is copied, so that mutating it later cannot alter the log.
    const own = (this.game.choices(this.state) as readonly unknown[]).includes(choice);
    const events = this.game.apply(this.state, choice);
    this.record.choices.push(own ? (choice as Choice) : (JSON.parse(JSON.stringify(choice)) as Choice));
    return events;
  }

  get decisions(): number {
    return this.record.choices.length;
  }
}

/** Checks the outer shape of a saved record; the choices themselves are checked by replaying. */
export function parseRecord(raw: unknown): MatchRecord {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InvalidInput('a match record must be a JSON object');
  const r = raw as Record<string, unknown>;
  if (r.format !== 'expedition-match') throw new InvalidInput('not an expedition match record (field "format" must be "expedition-match")');
  const version = r.version;
  if (version !== 1 && version !== 2) {
    const reads = `reads 1–${RECORD_VERSION}`;
    if (version === undefined) throw new InvalidInput(`the record has no "version" field (this program ${reads})`);
    if (Number.isInteger(version) && (version as number) > RECORD_VERSION)
      throw new InvalidInput(`record version ${version} is newer than this program (${reads})`);
    throw new InvalidInput(`record version ${JSON.stringify(version)} is not one this program knows (${reads})`);
  }
  if (typeof r.game !== 'string') throw new InvalidInput('field "game" must be a string');
  if (typeof r.seats !== 'number' || !Number.isInteger(r.seats)) throw new InvalidInput('field "seats" must be an integer');
  if (typeof r.seed !== 'number' && typeof r.seed !== 'string') throw new InvalidInput('field "seed" must be a number or a string');
  if (!Array.isArray(r.choices)) throw new InvalidInput('field "choices" must be an array');
  return {
    format: 'expedition-match',
    version,
    game: r.game,
    seats: r.seats,
    seed: r.seed,
    options: r.options,
    choices: r.choices as Choice[],
  };
}

/** Replays a record, checking every choice; throws ReplayError naming the first bad one. */
export function replay<S = unknown>(game: AnyGame, record: MatchRecord): Match<S> {
  if (record.game !== game.id) throw new InvalidInput(`record is for game "${record.game}", not "${game.id}"`);
  const m = new Match<S>(game, record.seats, record.seed, record.options, record.version);
  record.choices.forEach((c, i) => {
    if (game.toAct(m.state) === null) throw new ReplayError(i, 'the game is already over', c);
    try {
      m.play(c);
    } catch (e) {
      if (e instanceof IllegalChoice) throw new ReplayError(i, e.reason, c);
      throw e;
    }
  });
  return m;
}
