import { describe, expect, it } from 'vitest';
import { Match } from '../../src/core/match.js';
import { createRng } from '../../src/core/rng.js';
import type { AnyGame } from '../../src/core/game.js';
import { LOC } from '../../src/games/quetzal/data.js';
import { quetzal } from '../../src/games/quetzal/index.js';
import { relicRunners } from '../../src/games/relic-runners/index.js';
import { lastMoves, sinceLastTurn } from '../src/game/last-move.js';
import { matchLog } from '../src/net/match-log.js';
import type { LogEntry, LogEvent } from '../src/net/session.js';
import { qLastMoves } from '../src/quetzal/last-move.js';
import { routeSites } from '../src/relic-runners/board/choices.js';
import { rrLastMoves, RR_MOVES } from '../src/relic-runners/board/last-move.js';

/** A seeded random game of `moves` choices, with who made each. */
function played(game: AnyGame, seats: number, seed: string, moves: number): { log: LogEntry[]; movers: number[]; match: Match } {
  const m = new Match(game, seats, seed);
  const rng = createRng(`pick:${seed}`);
  for (let i = 0; i < moves && !m.over; i++) {
    const cs = game.choices(m.state);
    m.play(cs[rng.int(cs.length)]);
  }
  return { log: matchLog(m), movers: m.moves.map((x) => x.seat), match: m };
}

describe('last moves read from the log (follow)', () => {
  it("relic-runners: every action event of an entry is the acting seat's own (seeds 1–6)", () => {
    for (let k = 1; k <= 6; k++) {
      const { log, movers } = played(relicRunners, 3, `actor-${k}`, 400);
      for (const entry of log)
        for (const e of entry.events) {
          const a = RR_MOVES.actor(e);
          if (a !== null) expect(a, `[seed actor-${k}] move ${entry.move} ${e.type}`).toBe(movers[entry.move - 1]);
        }
    }
  });

  it('quetzal: in played games every seat that placed has marks, each a place on the board (seeds 1–6)', () => {
    for (let k = 1; k <= 6; k++) {
      const { log } = played(quetzal, 3, `actor-${k}`, 300);
      const marks = qLastMoves(log);
      for (const seat of [0, 1, 2]) {
        const list = marks.get(seat);
        expect(list, `[seed actor-${k}] seat ${seat}`).toBeDefined();
        for (const m of list!) expect(LOC[m.loc], `[seed actor-${k}] ${m.loc}`).toBeDefined();
      }
    }
  });

  it("RR-MOVE-1: a seat's route is walked back from the move's end to where the seat stood; it stays until the seat moves again", () => {
    const { log, match } = played(relicRunners, 3, 'route', 60);
    const marks = rrLastMoves(log);
    expect(marks.size).toBe(3);
    // Replay move by move: each seat's marks are those of its latest turn.
    const before = new Map<number, string>();
    const s = relicRunners.setup(relicRunners.options({}), 3, createRng('route', match.record.version));
    for (const mv of match.moves) {
      const at = relicRunners.view(s, null).players[mv.seat]!.at;
      for (const e of mv.events) if (e.type === 'move' && e.seat === mv.seat) before.set(mv.seat, at);
      relicRunners.apply(s, mv.choice);
    }
    for (const [seat, m] of marks) {
      if (m.routes.length === 0) continue;
      const r = m.routes[0]!;
      expect(r[0]).toBe(before.get(seat));
      const last = [...log]
        .reverse()
        .flatMap((x) => x.events)
        .find((e) => e.type === 'move' && e.seat === seat) as unknown as { trails: number[]; to: string };
      expect(routeSites(r[0]!, last.trails)).toEqual(r);
      expect(r.at(-1)).toBe(last.to);
    }
  });

  it("a seat's marks are replaced when it moves again, and kept while others move", () => {
    const ev = (type: string, seat: number, extra: object = {}) => ({ type, seat, ...extra }) as LogEvent;
    const log: LogEntry[] = [
      { move: 1, events: [ev('move', 0, { trails: [1], to: 'ruin-1' }), ev('explore', 0, { site: 'ruin-1' })] },
      { move: 2, events: [ev('pathway', 0, { trail: 1 }), ev('turn', 1)] },
      { move: 3, events: [ev('teleport', 1, { to: 'ruin-2' })] },
    ];
    const m1 = lastMoves(log, RR_MOVES);
    expect(m1.get(0)!.events.map((e) => e.type)).toEqual(['move', 'explore', 'pathway']);
    expect(m1.get(1)!.events.map((e) => e.type)).toEqual(['teleport']);
    const m2 = lastMoves([...log, { move: 4, events: [ev('turn', 0), ev('explore', 0, { site: 'ruin-3' })] }], RR_MOVES);
    expect(m2.get(0)!.events.map((e) => e.type)).toEqual(['explore']);
    expect(m2.get(1)!.events.map((e) => e.type)).toEqual(['teleport']);
  });

  it('Q-PL-1: each placement is a move of its own; what a seat took or delivered is marked where the board shows it', () => {
    const ev = (type: string, seat: number, extra: object = {}) => ({ type, seat, ...extra }) as LogEvent;
    const log: LogEntry[] = [
      { move: 1, events: [ev('place', 0, { loc: 'temple', banner: 2 })] },
      { move: 2, events: [ev('place', 1, { loc: 'quarry', banner: null })] },
      { move: 3, events: [ev('place', 0, { loc: 'harbour', banner: null }), { type: 'activate', round: 1 }] },
    ];
    expect(qLastMoves(log).get(0)).toEqual([{ loc: 'harbour', banner: null }]);
    expect(qLastMoves(log).get(1)).toEqual([{ loc: 'quarry', banner: null }]);
    const more = [
      ...log,
      { move: 4, events: [ev('take', 0, { card: 'jar', banner: 2 })] },
      { move: 5, events: [ev('take', 0, { card: 'jar', banner: 2 }), ev('sell', 1, { card: null })] },
    ];
    // Seat 1 declined to sell (nothing on the board), seat 0 took twice from banner 2 (one mark).
    expect(qLastMoves(more).get(0)).toEqual([{ loc: 'temple', banner: 2 }]);
    expect(qLastMoves(more).get(1)).toEqual([]);
  });

  it("since your last turn: the other seats' entries between your previous move and your current one", () => {
    const ev = (seat: number) => ({ type: 'teleport', seat, to: 'camp' }) as LogEvent;
    const log: LogEntry[] = [1, 0, 1, 2, 0, 0].map((seat, i) => ({ move: i + 1, events: [ev(seat)] }));
    // Seat 0 is mid-turn (moves 5, 6): what seats 1 and 2 did after its move 2.
    expect(sinceLastTurn(log, 0, RR_MOVES)).toEqual({ from: 2, to: 4 });
    // Seat 1 last moved at 3: seats 2 and 0 since.
    expect(sinceLastTurn(log, 1, RR_MOVES)).toEqual({ from: 3, to: 6 });
    // Seat 2 never... did move at 4: since then seat 0.
    expect(sinceLastTurn(log, 2, RR_MOVES)).toEqual({ from: 4, to: 6 });
    // A seat that never moved: everything.
    expect(sinceLastTurn(log, 3, RR_MOVES)).toEqual({ from: 0, to: 6 });
  });
});
