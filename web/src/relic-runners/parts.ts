import type { SeatInfo, LogEntry } from '../net/session.js';
import type { RRChoice, RRView } from '../game-types.js';

/** What every part of the game screen is given: the view, who we are, and how to choose. */
export interface PartProps {
  readonly view: RRView;
  /** The seat this screen plays, or null for a spectator. */
  readonly seat: number | null;
  readonly seats: readonly SeatInfo[];
  /** Sends a legal choice (one of view.choices); ignored while `busy`. */
  readonly choose: (c: RRChoice) => void;
  /** A choice is on its way: nothing more is offered until the answer arrives. */
  readonly busy: boolean;
}

export interface LogProps {
  readonly log: readonly LogEntry[];
  readonly seats: readonly SeatInfo[];
  readonly viewer: number | null;
}
