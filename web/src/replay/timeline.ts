import { InvalidInput, ReplayError } from '../../../src/core/errors.js';
import { parseRecord, replay, type Match, type MatchRecord } from '../../../src/core/match.js';
import type { ClientEngine } from '../game-types.js';
import { isGameId, loadEngine } from '../registry.js';
import { matchLog } from '../net/match-log.js';
import type { GameView, LogEntry } from '../net/session.js';

/** A record that cannot be replayed; the message says where and why. */
export class BadRecord extends Error {
  override readonly name = 'BadRecord';
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * A finished game replayed once from its record, so that any step (0 = the set-up, n = after the
 * n-th choice) can be shown again quickly (the match keeps checkpoints), with the score of every
 * seat after every move.
 */
export class Timeline {
  readonly record: MatchRecord;
  /** True VP per seat after each step (length moves+1): the whole record is public once the game is over. */
  readonly scores: readonly (readonly number[])[];
  /** Public events of each move, as the game log shows them. */
  readonly log: readonly LogEntry[];
  readonly finalHash: string;
  readonly over: boolean;
  private readonly match: Match;
  private readonly engine: ClientEngine;

  /**
   * Replays a record with its game's engine (loaded for it). A record that does not replay, or of a
   * game this client does not know, is a BadRecord; an engine that fails to load rejects as it did.
   */
  static async load(raw: unknown): Promise<Timeline> {
    let rec: MatchRecord;
    try {
      rec = parseRecord(raw);
      if (!isGameId(rec.game)) throw new Error(`this client cannot show a game of "${rec.game}"`);
    } catch (e) {
      throw new BadRecord(errorText(e));
    }
    return new Timeline(rec, await loadEngine(rec.game));
  }

  private constructor(rec: MatchRecord, engine: ClientEngine) {
    this.engine = engine;
    this.record = rec;
    const scores: number[][] = [];
    try {
      this.match = replay(this.engine.game, rec, { each: (m) => scores.push(this.engine.scoresNow(m.state)) });
    } catch (e) {
      if (e instanceof ReplayError) throw new BadRecord(e.describe());
      if (e instanceof InvalidInput) throw new BadRecord(`the record cannot be set up: ${e.message}`);
      throw e;
    }
    scores.unshift(this.engine.scoresNow(this.match.stateAt(0)));
    this.scores = scores;
    this.log = matchLog(this.match);
    this.finalHash = this.match.hash();
    this.over = this.match.over;
  }

  get moves(): number {
    return this.record.choices.length;
  }

  /** The state after `step` choices (a fresh copy). */
  stateAt(step: number): unknown {
    return this.match.stateAt(step);
  }

  /**
   * What the replay shows after `step` choices: a spectator's view, with what the game makes public
   * at its end (every seat's points) shown throughout; at the end it carries the result.
   */
  viewAt(step: number): GameView {
    const state = this.stateAt(step);
    return (this.engine.replayView?.(state) ?? this.engine.game.view(state, null)) as GameView;
  }
}
