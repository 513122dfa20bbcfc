import type { Match } from '../../../src/core/match.js';
import type { LogEntry, LogEvent } from './session.js';

/**
 * A match's log as the page shows it: the set-up's events first as move 0 (Quetzal's round-1
 * rolls and automaton placement; absent when the set-up tells nothing), then one entry per move.
 */
export function matchLog(match: Match<unknown>): LogEntry[] {
  const opening = match.opening as unknown as readonly LogEvent[];
  const moves = match.moves.map((m, i): LogEntry => ({ move: i + 1, events: m.events as unknown as readonly LogEvent[] }));
  return opening.length > 0 ? [{ move: 0, events: opening }, ...moves] : moves;
}
