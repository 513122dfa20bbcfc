import type { ReactNode } from 'react';
import type { AnyChoice, LogEntry, SeatInfo } from '../net/session.js';

/** What the game screen hands to a game's table, whatever the game. */
export interface TableProps {
  readonly seat: number | null;
  readonly seats: readonly SeatInfo[];
  readonly log: readonly LogEntry[];
  readonly choose: (c: AnyChoice) => void;
  readonly busy: boolean;
  readonly canUndo: boolean;
  readonly onUndo: () => void;
  /** The page's own panel (seat links, offline notes), shown beside the game. */
  readonly aside?: ReactNode;
}
