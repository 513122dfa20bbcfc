import type { RREvent } from '../../../../src/games/relic-runners/events.js';
import type { LogEntry, LogEvent } from '../../net/session.js';
import { lastMoves, type MoveReader } from '../../game/last-move.js';
import { routeSites } from './choices.js';

/** A seat's own actions: on the board, and its choices off it (an ivory tile kept or used, a toolbox step). */
const ACTIONS = new Set<RREvent['type']>([
  'move',
  'teleport',
  'explore',
  'ruinTile',
  'ivoryTaken',
  'blueTaken',
  'purpleTaken',
  'peek',
  'pathway',
  'pathwayMoved',
  'relicTaken',
  'ivoryKept',
  'ivoryUsed',
  'tool',
  'step',
]);

/** Relic Runners' log read by seat: a turn opens with a `turn` event (RR-TURN-1). */
export const RR_MOVES: MoveReader<LogEvent> = {
  actor: (e) => (ACTIONS.has(e.type as RREvent['type']) && typeof e.seat === 'number' ? e.seat : null),
  opensTurn: (e) => (e.type === 'turn' && typeof e.seat === 'number' ? e.seat : null),
};

/** What a seat's last move left on the board: routes walked (site ids), sites acted on, trails built on. */
export interface RRMarks {
  readonly routes: readonly (readonly string[])[];
  readonly sites: readonly string[];
  readonly trails: readonly number[];
}

/** Each seat's last move as marks on the board, from the log alone. */
export function rrLastMoves(log: readonly LogEntry[]): Map<number, RRMarks> {
  const out = new Map<number, RRMarks>();
  for (const [seat, m] of lastMoves(log, RR_MOVES)) {
    const routes: string[][] = [];
    const sites = new Set<string>();
    const trails = new Set<number>();
    for (const le of m.events) {
      const e = le as RREvent;
      switch (e.type) {
        case 'move':
          // RR-MOVE-1: the event names the trails and the end; the route is walked back from the end.
          routes.push(routeSites(e.to, [...e.trails].reverse()).reverse());
          sites.add(e.to);
          break;
        case 'teleport':
          sites.add(e.to);
          break;
        case 'explore':
        case 'ruinTile':
        case 'ivoryTaken':
        case 'blueTaken':
        case 'purpleTaken':
        case 'peek':
        case 'relicTaken':
          sites.add(e.site);
          break;
        case 'pathway':
        case 'pathwayMoved':
          trails.add(e.trail);
          break;
        default:
          break;
      }
    }
    out.set(seat, { routes, sites: [...sites], trails: [...trails] });
  }
  return out;
}
