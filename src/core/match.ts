import type { AnyGame, Choice, GameEvent, Seat } from './game.js';
import { findChoice, NO_EVENTS } from './apply.js';
import { createRng, CURRENT_SEEDING, type Seeding } from './rng.js';
import { IllegalChoice, InvalidInput, ReplayError, UndoRefused } from './errors.js';

/**
 * A record's format version is the seeding its game was set up with (rng.ts Seeding): 1 for
 * records written before seeds were hashed with SHA-256, 2 for those written before hidden draws
 * came from ChaCha20, 3 since. Each replays with its own seeding.
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

/** One choice played, and what it did. */
export interface Move {
  readonly seat: Seat;
  /**
   * The engine's own object for the legal choice (found with findChoice), never the caller's: the
   * one form a choice is kept and saved in. The engine never mutates its choice objects.
   */
  readonly choice: Choice;
  /** Engine turn when the choice was made: undo stays within a turn. */
  readonly turn: number;
  /** The move made hidden information known: nothing before it can be taken back. */
  readonly reveals: boolean;
  /**
   * Public events the move caused: the game log. Empty in the moves a match with packMoves keeps
   * (`eventsSince` plays them again when asked, as the server does for a welcome).
   */
  readonly events: readonly GameEvent[];
}

/** A choice played on a copy of the state, for a caller that stores it before the match takes it (`commit`). */
export interface Pending<S> {
  readonly state: S;
  readonly move: Move;
  /** The position it was played from (`position`): it commits only onto that one. */
  readonly from: number;
}

/** The position after an undo, for a caller that stores the undo before the match takes it (`commitUndo`). */
export interface PendingUndo<S> {
  readonly state: S;
  /** Moves kept (the last one is dropped). */
  readonly keep: number;
  readonly from: number;
}

/** A copy of the state is kept every this many moves: undo and stepping back replay from the nearest one. */
export const CHECKPOINT_EVERY = 16;

/** How a match keeps what it played. */
export interface MatchOptions {
  /** A copy of the state every this many moves (CHECKPOINT_EVERY). */
  readonly checkpointEvery?: number;
  /**
   * Whether the moves are kept packed, each as the index of its choice among the legal ones where
   * it was made (one small integer in one array for the game), without their events, rather than
   * as objects (default false). A server with thousands of games keeps them so: the garbage
   * collector marks every object kept at every major collection, and at a human pace a move's
   * objects (or a text per move) live long enough to be copied out of the young generation first.
   * Whatever needs a move's choice plays the moves again from a checkpoint, where the
   * legal choices are at hand: the log (`eventsSince`), a position (`stateAt`); `moves` and
   * `record` play the whole game again (a bot worker's job, a download: rare), `decisions` and
   * `lastMove` cost nothing.
   */
  readonly packMoves?: boolean;
}

/**
 * The seed of the RNG a bot draws from for the decision at move `at` of a match seeded `seed`:
 * one per decision, so that any decision can be taken again alone (a bot worker, a reloaded game).
 */
export const decisionSeed = (seed: number | string, at: number): string => `${seed}:bot:${at}`;

/**
 * The seed of the one RNG seat `seat`'s bot draws from through a whole simulated game seeded
 * `gameSeed` (CLI simulate and tournament, where nothing is ever taken again alone).
 */
export const seatSeed = (gameSeed: string, seat: number): string => `${gameSeed}/seat${seat}`;

/**
 * A game in progress: its record head, the state, and the moves played, each with what undo
 * needs. The server's live game, the offline worker, the replay viewer and the CLI are each this
 * plus their own concern (storage and clocks, bots, stepping).
 */
export class Match<S = unknown> {
  private current: S;
  /** +1 at every change of the state (a move, an undo): what a prepared change was prepared on. */
  private changes = 0;
  /** The moves played, as objects; with packMoves, only the last one (`codes` holds them all). */
  private readonly played: Move[] = [];
  /** With packMoves: each move's choice as its index among the legal choices of its position, else null. */
  private readonly codes: number[] | null;
  private readonly every: number;
  /**
   * checkpoints[k]: a copy of the state after k·every moves, k ≥ 1. The set-up (k = 0) is not
   * kept but made again from the seed when needed: most of a server's games are shorter than
   * `every` moves, and a copy kept for each would be as big as its state. With packMoves only the
   * latest is kept (the others are null): an undo and a returning client's log start from the last
   * moves, and what starts earlier plays the game again from the set-up, as a new client's
   * whole log does anyway. A copy of Relic Runners' state is most of what a long game's match
   * keeps (`npm run bench:memory`).
   */
  private readonly checkpoints: (S | null)[] = [null];
  private readonly head: Omit<MatchRecord, 'choices'>;
  private openingEvents: readonly GameEvent[] | null = null;

  constructor(
    readonly game: AnyGame,
    seats: number,
    seed: number | string,
    rawOptions?: unknown,
    version: RecordVersion = RECORD_VERSION,
    { checkpointEvery: every = CHECKPOINT_EVERY, packMoves = false }: MatchOptions = {},
  ) {
    if (!Number.isInteger(seats) || seats < game.minSeats || seats > game.maxSeats) {
      throw new InvalidInput(`${game.id} needs ${game.minSeats}–${game.maxSeats} seats, got ${seats}`);
    }
    if (!(Number.isInteger(every) && every > 0)) throw new RangeError(`checkpoints every ${every} moves`);
    this.every = every;
    this.codes = packMoves ? [] : null;
    const options: unknown = game.options(rawOptions);
    this.head = { format: 'expedition-match', version, game: game.id, seats, seed, options };
    this.current = this.setUp();
  }

  /** The state the game starts from, made from its seed (a new object at each call). */
  private setUp(): S {
    const { options, seats, seed, version } = this.head;
    return this.game.setup(options, seats, createRng(seed, version)) as S;
  }

  /**
   * Which position the match is at: +1 at every move and every undo, so that two positions with
   * the same number of moves (one taken back and played otherwise) are told apart.
   */
  get position(): number {
    return this.changes;
  }

  /** The state now; callers read it, only the match changes it. */
  get state(): S {
    return this.current;
  }

  /** The moves played (with packMoves, played again from the set-up into a new array at each call). */
  get moves(): readonly Move[] {
    if (this.codes === null) return this.played;
    const s = this.setUp();
    const all: Move[] = [];
    for (let i = 0; i < this.codes.length; i++) all.push({ ...this.step(s, this.choiceAt(s, i)), events: NO_EVENTS });
    return all;
  }

  /** The last move played, or undefined before the first. */
  get lastMove(): Move | undefined {
    return this.played.at(-1);
  }

  /**
   * With packMoves, each move's choice as its index among the legal choices of its position: what
   * a worker thread running the same engine rebuilds the game from (bot-worker.ts). A copy, not
   * the live log: a job the bot pool queues until a worker is free must keep the position it was
   * asked for while the game goes on.
   */
  get choiceCodes(): readonly number[] {
    if (this.codes === null) throw new Error('only a match with packMoves keeps its moves as choice indexes');
    return this.codes.slice();
  }

  /** The choice of move #i (0-based), made on `s`, the state before it. */
  private choiceAt(s: S, i: number): Choice {
    return this.codes === null ? this.played[i]!.choice : this.game.choices(s)[this.codes[i]!]!;
  }

  /** The public events of the set-up, the log's entry before move 1 (none for most games); worked out when first asked. */
  get opening(): readonly GameEvent[] {
    const { options, seats, seed, version } = this.head;
    return (this.openingEvents ??= this.game.opening?.(options, seats, createRng(seed, version)) ?? []);
  }

  /** The record as of now (a new object each time; the choices are the moves' own, or played again with packMoves). */
  get record(): MatchRecord {
    if (this.codes === null) return { ...this.head, choices: this.played.map((m) => m.choice) };
    const s = this.setUp();
    const choices: Choice[] = [];
    for (let i = 0; i < this.codes.length; i++) {
      const c = this.choiceAt(s, i);
      choices.push(c);
      this.game.apply(s, c, false);
    }
    return { ...this.head, choices };
  }

  get decisions(): number {
    return this.codes?.length ?? this.played.length;
  }

  toAct(): Seat | null {
    return this.game.toAct(this.current);
  }

  get over(): boolean {
    return this.toAct() === null;
  }

  hash(): string {
    return this.game.hash(this.current);
  }

  /**
   * Plays a choice and returns the move, with its events (kept or not: packMoves); throws
   * IllegalChoice (nothing changed) when it is not legal now. With `events` false the engine
   * records none (cheaper: a simulator's step); the move then counts as revealing, since nothing
   * tells that it did not, so a seat's undo never takes it back.
   */
  play(choice: unknown, events = true): Move {
    const code = this.codeOf(this.current, choice);
    const move = this.step(this.current, choice, events);
    this.changes++;
    return this.keep(move, code);
  }

  /** Plays a choice on a copy of the state; the match is unchanged until `commit`. Throws IllegalChoice. */
  prepare(choice: unknown): Pending<S> {
    const state = this.game.clone(this.current) as S;
    return { state, move: this.step(state, choice), from: this.changes };
  }

  /**
   * Takes a prepared move (stored by the caller meanwhile) and returns it, with its events (kept or
   * not). The match plays the choice again on its own state, in place, rather than taking the
   * copy: a server keeps thousands of states for the seconds a person thinks, and a new copy per
   * move would be copied out of the young generation and left for the major GC each time, where
   * the prepared copy dies young. Playing a legal choice again costs a few microseconds
   * (bench/README.md).
   */
  commit(p: Omit<Pending<S>, 'state'>): Move {
    if (p.from !== this.changes) throw new Error('a move prepared on another position cannot be committed');
    const code = this.codeOf(this.current, p.move.choice);
    this.game.apply(this.current, p.move.choice, false);
    this.changes++;
    return this.keep(p.move, code);
  }

  /**
   * Whether `seat` may take back its last choice now: its own choice of the current turn, with
   * that seat still to act (no other seat acted since) and nothing revealed by it. Earlier
   * choices come back one undo at a time, each by the same rule.
   */
  canUndo(seat: Seat | null): boolean {
    const last = this.lastMove;
    if (seat === null || last === undefined || last.seat !== seat || last.reveals) return false;
    return last.turn === this.game.turn(this.current) && this.toAct() === seat;
  }

  /** The position without `seat`'s last choice; the match is unchanged until `commitUndo`. Throws UndoRefused. */
  prepareUndo(seat: Seat | null): PendingUndo<S> {
    if (!this.canUndo(seat)) throw new UndoRefused();
    const keep = this.decisions - 1;
    return { state: this.stateAt(keep), keep, from: this.changes };
  }

  commitUndo(u: PendingUndo<S>): void {
    if (u.from !== this.changes) throw new Error('an undo prepared on another position cannot be committed');
    this.changes++;
    if (this.codes === null) this.played.length = u.keep;
    else {
      this.played.length = 0;
      if (u.keep > 0) {
        // The move before is played again for what undo's rule reads of it (its seat, turn, reveals).
        const s = this.stateAt(u.keep - 1);
        this.played.push({ ...this.step(s, this.choiceAt(s, u.keep - 1)), events: NO_EVENTS });
      }
      this.codes.length = u.keep;
    }
    this.checkpoints.length = Math.floor(u.keep / this.every) + 1;
    this.current = u.state;
  }

  /** Takes back `seat`'s last choice; throws UndoRefused (nothing changed) when the rule does not allow it. */
  undo(seat: Seat | null): void {
    this.commitUndo(this.prepareUndo(seat));
  }

  /** A copy of the state after the first `k` moves (clamped), replayed from the nearest checkpoint. */
  stateAt(k: number): S {
    const n = Math.max(0, Math.min(this.decisions, Math.floor(k)));
    if (n === this.decisions) return this.game.clone(this.current) as S;
    const from = this.nearest(n);
    const s = this.checkpoint(from);
    for (let i = from * this.every; i < n; i++) this.game.apply(s, this.choiceAt(s, i), false);
    return s;
  }

  /**
   * The events of each move from #`from` (0-based) to now, and how many moves were played again
   * to tell them. A match with packMoves plays them again from the checkpoint at or before
   * `from` (a few microseconds a move, bench/README.md): a server tells a (re)joining client the
   * log this way rather than keep every move's events for the game's life.
   */
  eventsSince(from: number): { readonly events: (readonly GameEvent[])[]; readonly played: number } {
    const n = this.decisions;
    const start = Math.max(0, Math.min(n, Math.floor(from)));
    if (this.codes === null) return { events: this.played.slice(start).map((m) => m.events), played: 0 };
    const k = this.nearest(start);
    const s = this.checkpoint(k);
    const events: (readonly GameEvent[])[] = [];
    for (let i = k * this.every; i < n; i++) {
      const told = this.game.apply(s, this.choiceAt(s, i), i >= start);
      if (i >= start) events.push(told);
    }
    return { events, played: n - k * this.every };
  }

  /** The last checkpoint kept at or before move `n` (0: the set-up). */
  private nearest(n: number): number {
    let k = Math.floor(n / this.every);
    while (k > 0 && !this.checkpoints[k]) k--;
    return k;
  }

  /** A copy of checkpoint `k`: the state after k·every moves (the set-up made again for k = 0). */
  private checkpoint(k: number): S {
    return k === 0 ? this.setUp() : (this.game.clone(this.checkpoints[k]) as S);
  }

  /** The seed of the RNG a bot draws from for the decision at move `at` (default: the one owed now). */
  botSeed(at = this.decisions): string {
    return decisionSeed(this.head.seed, at);
  }

  private step(state: S, raw: unknown, withEvents = true): Move {
    const seat = this.game.toAct(state);
    const choice = findChoice(this.game.choices(state), raw);
    const turn = this.game.turn(state);
    // An illegal choice goes to the engine as given, so that its refusal explains that choice.
    const events = this.game.apply(state, choice ?? raw, withEvents);
    if (seat === null || choice === undefined) throw new Error('the engine applied a choice that was not legal');
    return { seat, choice, turn, reveals: withEvents ? events.some((e) => e.reveals) : true, events };
  }

  /**
   * With packMoves, the index of `choice` among the legal choices of `s` (-1 when it is not one,
   * or without packMoves: an unpacked match, a simulation's, pays nothing for it).
   */
  private codeOf(s: S, choice: unknown): number {
    if (this.codes === null) return -1;
    const cs = this.game.choices(s);
    const i = cs.indexOf(choice as Choice);
    // A choice that crossed a wire, or one of a copy of `s` whose engine does not share its list of choices: an equal one.
    if (i >= 0) return i;
    const found = findChoice(cs, choice);
    return found === undefined ? -1 : cs.indexOf(found);
  }

  private keep(move: Move, code: number): Move {
    if (this.codes === null) this.played.push(move);
    else {
      this.codes.push(code);
      // The last move is kept as an object too (undo's rule reads it), as `moves` would make it again;
      // written over in place (an array emptied and pushed again gets a new backing store each move).
      // A move already without events (the server's, LiveGame.stage) is kept as it is.
      this.played[0] = move.events.length === 0 ? move : { ...move, events: NO_EVENTS };
    }
    if (this.decisions % this.every === 0) {
      if (this.codes !== null) this.checkpoints[this.checkpoints.length - 1] = null;
      this.checkpoints.push(this.game.clone(this.current) as S);
    }
    return move;
  }
}

/** Checks the outer shape of a saved record; the choices themselves are checked by replaying. */
export function parseRecord(raw: unknown): MatchRecord {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InvalidInput('a match record must be a JSON object');
  const r = raw as Record<string, unknown>;
  if (r.format !== 'expedition-match') throw new InvalidInput('not an expedition match record (field "format" must be "expedition-match")');
  const version = r.version;
  if (version !== 1 && version !== 2 && version !== 3) {
    const reads = `reads 1–${RECORD_VERSION}`;
    if (version === undefined) throw new InvalidInput(`the record has no "version" field (this program ${reads})`);
    if (Number.isInteger(version) && (version as number) > RECORD_VERSION)
      throw new InvalidInput(`record version ${version as number} is newer than this program (${reads})`);
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

export interface ReplayOptions<S> extends MatchOptions {
  /** Called after each move is played, with the move and its events (kept or not). */
  readonly each?: (m: Match<S>, move: Move) => void;
}

/**
 * Replays a record, checking every choice; throws ReplayError naming the first bad one (a record
 * that cannot even be set up throws InvalidInput).
 */
export function replay<S = unknown>(game: AnyGame, record: MatchRecord, opts: ReplayOptions<S> = {}): Match<S> {
  if (record.game !== game.id) throw new InvalidInput(`record is for game "${record.game}", not "${game.id}"`);
  const m = new Match<S>(game, record.seats, record.seed, record.options, record.version, opts);
  record.choices.forEach((c, i) => {
    if (m.over) throw new ReplayError(i, 'the game is already over', c);
    let move: Move;
    try {
      move = m.play(c);
    } catch (e) {
      if (e instanceof IllegalChoice) throw new ReplayError(i, e.reason, c);
      throw e;
    }
    opts.each?.(m, move);
  });
  return m;
}
