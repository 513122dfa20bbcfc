import type { ReactNode } from 'react';
import type { LogEntry, SeatInfo, SessionTypes } from '../net/session.js';

/** What the game screen hands to a game's table, typed by that game's view, choices and events. */
export interface TableProps<T extends SessionTypes = SessionTypes> {
  readonly view: T['view'];
  /** The seat this screen plays, or null for a spectator. */
  readonly seat: number | null;
  readonly seats: readonly SeatInfo[];
  readonly log: readonly LogEntry<T['event']>[];
  /** Sends a legal choice (one of view.choices); ignored while `busy`. */
  readonly choose: (c: T['choice']) => void;
  /** A choice is on its way: nothing more is offered until the answer arrives. */
  readonly busy: boolean;
  readonly canUndo: boolean;
  readonly onUndo: () => void;
  /** The page's own panel (seat links, offline notes), shown beside the game. */
  readonly aside?: ReactNode;
}
