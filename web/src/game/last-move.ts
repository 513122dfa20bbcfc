import type { LogEntry, LogEvent } from '../net/session.js';

/** How a game's log tells whose own action an event is, and where a seat's turn begins. */
export interface MoveReader<E extends LogEvent> {
  /** The seat whose own action the event is (a move, a tile taken, figures placed), else null. */
  readonly actor: (e: E) => number | null;
  /** The seat whose new turn the event opens (its next action starts a new move), 'everyone' at a new phase, else null. */
  readonly opensTurn: (e: E) => number | 'everyone' | null;
}

/** One seat's last move: its own action events, oldest first, and the log entry it ended in. */
export interface LastMove<E extends LogEvent> {
  readonly events: readonly E[];
  readonly move: number;
}

/**
 * Each seat's last move as its own action events, read from the log: a seat's move lasts until
 * another seat acts or the seat's next turn opens; then its next action starts a new one. A pure
 * function of the log, so the marks on the board are the same wherever the game runs.
 */
export function lastMoves<E extends LogEvent>(log: readonly LogEntry<E>[], reader: MoveReader<E>): Map<number, LastMove<E>> {
  const moves = new Map<number, { events: E[]; move: number }>();
  /** Seats whose next action starts a new move. */
  const closed = new Set<number>();
  for (const entry of log) {
    for (const e of entry.events) {
      const opens = reader.opensTurn(e);
      if (opens === 'everyone') for (const seat of moves.keys()) closed.add(seat);
      else if (opens !== null) closed.add(opens);
      const seat = reader.actor(e);
      if (seat === null) continue;
      let m = moves.get(seat);
      if (!m || closed.has(seat)) moves.set(seat, (m = { events: [], move: entry.move }));
      closed.delete(seat);
      m.events.push(e);
      m.move = entry.move;
      for (const other of moves.keys()) if (other !== seat) closed.add(other);
    }
  }
  return moves;
}

/**
 * What the other seats did since `seat`'s last turn: the log entries [from, to) between the seat's
 * previous move and its current one (or now, when it has not acted again yet); from = to when
 * nobody else acted. A seat that never acted gets everything before its first action.
 */
export function sinceLastTurn<E extends LogEvent>(
  log: readonly LogEntry<E>[],
  seat: number,
  reader: MoveReader<E>,
): { readonly from: number; readonly to: number } {
  const acts = (x: LogEntry<E>, own: boolean) => x.events.some((e) => (reader.actor(e) === seat) === own && reader.actor(e) !== null);
  let to = log.length;
  // The seat's own move under way (the viewer is mid-turn): the summary is of what came before it.
  while (to > 0 && !acts(log[to - 1]!, false)) to--;
  let from = to;
  while (from > 0 && !acts(log[from - 1]!, true)) from--;
  return { from, to };
}
