import { IllegalChoice } from '../../../src/core/errors.js';
import type { Choice } from '../../../src/core/game.js';
import { parseRecord, type MatchRecord } from '../../../src/core/match.js';
import { createRng } from '../../../src/core/rng.js';
import { engineFor, type ClientEngine } from '../engines.js';
import type { GameView, LogEntry, LogEvent } from '../net/session.js';

/** Engine state: opaque here, only the game's own functions look inside. */
type State = unknown;

/** A state is kept every this many moves; any other step is replayed from the one before it. */
const CHECKPOINT_EVERY = 16;

/** A record that cannot be replayed; the message says where and why. */
export class BadRecord extends Error {
  override readonly name = 'BadRecord';
}

/**
 * A finished game replayed once from its record, so that any step (0 = the set-up, n = after the
 * n-th choice) can be shown again quickly, with the score of every seat after every move.
 */
export class Timeline {
  readonly record: MatchRecord;
  /** True VP per seat after each step (length moves+1): the whole record is public once the game is over. */
  readonly scores: readonly (readonly number[])[];
  /** Public events of each move, as the game log shows them. */
  readonly log: readonly LogEntry[];
  readonly finalHash: string;
  readonly over: boolean;
  private readonly checkpoints: State[] = [];
  private readonly engine: ClientEngine;

  constructor(raw: unknown) {
    let rec: MatchRecord;
    try {
      rec = parseRecord(raw);
    } catch (e) {
      throw new BadRecord(e instanceof Error ? e.message : String(e));
    }
    try {
      this.engine = engineFor(rec.game);
    } catch (e) {
      throw new BadRecord(e instanceof Error ? e.message : String(e));
    }
    const game = this.engine.game;
    this.record = rec;
    let s: State;
    try {
      s = this.initial();
    } catch (e) {
      throw new BadRecord(`the record cannot be set up: ${e instanceof Error ? e.message : String(e)}`);
    }
    const scores: number[][] = [this.engine.scoresNow(s)];
    const log: LogEntry[] = [];
    rec.choices.forEach((c: Choice, i) => {
      if (i % CHECKPOINT_EVERY === 0) this.checkpoints.push(game.clone(s));
      if (game.toAct(s) === null) throw new BadRecord(`choice #${i} comes after the end of the game`);
      let events;
      try {
        events = game.apply(s, c);
      } catch (e) {
        throw new BadRecord(
          `choice #${i} is not legal: ${e instanceof IllegalChoice ? e.reason : e instanceof Error ? e.message : String(e)}`,
        );
      }
      log.push({ move: i + 1, events: events as unknown as readonly LogEvent[] });
      scores.push(this.engine.scoresNow(s));
    });
    if (rec.choices.length % CHECKPOINT_EVERY === 0) this.checkpoints.push(game.clone(s));
    this.scores = scores;
    this.log = log;
    this.finalHash = game.hash(s);
    this.over = game.toAct(s) === null;
  }

  get moves(): number {
    return this.record.choices.length;
  }

  /** The state after `step` choices (a fresh copy). */
  stateAt(step: number): State {
    const k = Math.max(0, Math.min(this.moves, Math.floor(step)));
    const from = Math.floor(k / CHECKPOINT_EVERY);
    const game = this.engine.game;
    const s = game.clone(this.checkpoints[from]!);
    for (let i = from * CHECKPOINT_EVERY; i < k; i++) game.apply(s, this.record.choices[i], false);
    return s;
  }

  /** What a spectator sees after `step` choices; at the end it carries the result. */
  viewAt(step: number): GameView {
    return this.engine.game.view(this.stateAt(step), null) as GameView;
  }

  private initial(): State {
    const r = this.record;
    const game = this.engine.game;
    if (r.seats < game.minSeats || r.seats > game.maxSeats)
      throw new Error(`a game needs ${game.minSeats}–${game.maxSeats} seats, not ${r.seats}`);
    return game.setup(game.options(r.options), r.seats, createRng(r.seed, r.version));
  }
}
