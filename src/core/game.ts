import type { Rng } from './rng.js';

/** A seat number, 0-based, in turn order. */
export type Seat = number;

/** A choice is plain JSON with a type tag, stable across code versions: `{"t":"move","trails":[4,9]}`. */
export interface Choice {
  readonly t: string;
}

/** A public event: what every onlooker may learn from one applied choice. */
export interface GameEvent {
  readonly type: string;
  readonly seat?: Seat;
  /**
   * Set when the event made hidden information known to someone (a face-down tile taken or
   * turned up, a secret look): choices before it can no longer be taken back (undo).
   */
  readonly reveals?: true;
}

export interface Result {
  /** Final score per seat. */
  readonly scores: readonly number[];
  /** Seats sharing the win. */
  readonly winners: readonly Seat[];
}

/**
 * The contract every game implements. A game is a state machine driven by small decisions:
 * exactly one seat owes a decision (or nobody once the game is over), `choices` lists its legal
 * choices and `apply` plays one of them.
 */
export interface Game<S, C extends Choice = Choice, O = unknown, V = unknown, E extends GameEvent = GameEvent> {
  readonly id: string;
  readonly minSeats: number;
  readonly maxSeats: number;
  /** Rule and decision ids of the rules document that the engine implements. */
  readonly ruleIds: readonly string[];
  /** Validates raw options and fills defaults; throws InvalidInput naming the fault. */
  options(raw?: unknown): O;
  setup(opts: O, seats: number, rng: Rng): S;
  /**
   * The public events of the set-up (Quetzal: round 1's rolls and the automaton's placement), for
   * the log's opening entry; given the same rng as `setup`. Absent when the set-up tells nothing.
   */
  opening?(opts: O, seats: number, rng: Rng): E[];
  /** Number of seats at the table. */
  seats(s: S): number;
  /** The seat that owes the next decision, or null when the game is over. */
  toAct(s: S): Seat | null;
  /** Legal choices of the seat to act; empty when the game is over. */
  choices(s: S): readonly C[];
  /**
   * Plays a choice (mutating s) and returns the public events; throws IllegalChoice and leaves s
   * unchanged. Searches that never read events pass `events = false` and get an empty list.
   */
  apply(s: S, c: unknown, events?: boolean): E[];
  /** What one seat (or a spectator, null) may know. Never contains hidden information of others. */
  view(s: S, seat: Seat | null): V;
  /**
   * `view` as the starting point of a patch (core/view-patch.ts): the server builds it from the
   * state before a move and diffs it with the view after. Parts the view works out from the rest
   * at some cost may be NaN here, which equals nothing, so that a patch carries them whole rather
   * than their being worked out for the state before too. Absent: `view`.
   */
  diffBase?(s: S, seat: Seat | null): unknown;
  result(s: S): Result | null;
  clone(s: S): S;
  /** Stable hash of the whole state. */
  hash(s: S): string;
  /** Number of turns begun so far, for simulation caps. */
  turn(s: S): number;
  /** A state sampled from what `seat` knows: hidden information redrawn among what it has not seen. */
  determinize(s: S, seat: Seat, rng: Rng): S;
  /**
   * A state sampled from what the seats know between them, as if every hand were open: only what
   * no seat has seen yet (a face-down tile or card nobody looked at, the deck's order, future
   * rolls) is redrawn, so every seat's view and the spectator's stay the same. The post-game
   * analysis estimates who was winning from it: all a finished game's hands may be shown, but
   * nobody could know the draws and rolls still to come.
   */
  redrawUnseen(s: S, rng: Rng): S;
}

/**
 * One row of a rules document's table as an engine lists it (`rule-ids.ts`): the id, what the rule
 * says, and where the engine implements it. A game's `ruleIds` are the ids of its rows.
 */
export interface RuleId {
  readonly id: string;
  readonly summary: string;
  readonly where: string;
}

/** Any game, its states, options and views opaque: code that serves every game handles them only through the contract. */
export type AnyGame = Game<unknown, Choice, unknown, unknown>;

/** The view before a change that a patch starts from: the game's diffBase, else its view. */
export function patchBase(game: AnyGame, s: unknown, seat: Seat | null): unknown {
  return game.diffBase ? game.diffBase(s, seat) : game.view(s, seat);
}
