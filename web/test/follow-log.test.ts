import { describe, expect, it } from 'vitest';
import { nextLog } from '../src/net/server-session.js';
import type { LogEntry, LogEvent } from '../src/net/session.js';

const roll = { type: 'roll', seat: 0 } as LogEvent;
const opening: LogEntry = { move: 0, at: 1, events: [roll] };
const move = (n: number): LogEntry => ({ move: n, at: 10 + n, events: [{ type: 'place', seat: 0 }] });

describe("the set-up's log entry (move 0: Quetzal's round-1 rolls) on a server session", () => {
  it('is kept once: a welcome from the start replaces it, a welcome after what the client holds keeps it', () => {
    let log = nextLog([], 0, { type: 'welcome', moves: 0, events: [], log: [opening], logFrom: 0 });
    expect(log).toEqual([opening]);
    log = nextLog(log, 0, { type: 'state', moves: 1, at: 11, events: move(1).events });
    // A reconnect that sends everything again (an undo was missed): one opening, not two.
    expect(nextLog(log, 1, { type: 'welcome', moves: 1, events: [], log: [opening, move(1)], logFrom: 0 })).toEqual([opening, move(1)]);
    // A reconnect that sends only what is new keeps the opening the client holds.
    expect(nextLog(log, 1, { type: 'welcome', moves: 2, events: [], log: [move(2)], logFrom: 1 }).map((e) => e.move)).toEqual([0, 1, 2]);
    // Undo back to the start keeps the opening.
    expect(nextLog(log, 1, { type: 'state', moves: 0, events: [] }).map((e) => e.move)).toEqual([0]);
  });
});
