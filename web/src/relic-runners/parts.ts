import type { SeatInfo, LogEntry } from '../net/session.js';
import type { TypesOf } from '../game-types.js';
import type { TableProps } from '../game/table.js';

/** What every part of the game screen is given: the view, who we are, and how to choose. */
export type PartProps = Pick<TableProps<TypesOf<'relic-runners'>>, 'view' | 'seat' | 'seats' | 'choose' | 'busy'>;

export interface LogProps {
  readonly log: readonly LogEntry[];
  readonly seats: readonly SeatInfo[];
  readonly viewer: number | null;
}
