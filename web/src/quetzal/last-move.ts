import type { QEvent } from '../../../src/games/quetzal/events.js';
import type { LocId } from '../../../src/games/quetzal/data.js';
import type { LogEntry, LogEvent } from '../net/session.js';
import { lastMoves, type MoveReader } from '../game/last-move.js';

/**
 * A seat's own actions: placements (Q-PL-*), what it took or delivered (Q-ACT-*), and its own
 * choices that leave nothing on the board (a reroll, an exchange, a card kept).
 */
const ACTIONS = new Set<QEvent['type']>([
  'place',
  'take',
  'excavate',
  'sell',
  'deliver',
  'upgrade',
  'draw',
  'reroll',
  'exchange',
  'underDeck',
]);

/** Quetzal's log read by seat: every placement is a turn of its own (Q-PL-1), and activation (Q-ACT-*) a new phase. */
export const Q_MOVES: MoveReader<LogEvent> = {
  actor: (e) => (ACTIONS.has(e.type as QEvent['type']) && typeof e.seat === 'number' ? e.seat : null),
  opensTurn: (e) => {
    if (e.type === 'activate' || e.type === 'round') return 'everyone';
    return e.type === 'place' && typeof e.seat === 'number' ? e.seat : null;
  },
};

/** A place on the board a seat's last move touched: a location, or one banner of it (1-based). */
export interface QMark {
  readonly loc: LocId;
  readonly banner: number | null;
}

/** Each seat's last move as places on the board, from the log alone. */
export function qLastMoves(log: readonly LogEntry[]): Map<number, readonly QMark[]> {
  const out = new Map<number, readonly QMark[]>();
  for (const [seat, m] of lastMoves(log, Q_MOVES)) {
    const marks: QMark[] = [];
    const add = (loc: LocId, banner: number | null) => {
      if (!marks.some((x) => x.loc === loc && x.banner === banner)) marks.push({ loc, banner });
    };
    for (const le of m.events) {
      const e = le as QEvent;
      switch (e.type) {
        case 'place':
          add(e.loc, e.banner);
          break;
        case 'take': // Q-ACT-2: a card from the Temple display, by the banner's yield
          add('temple', e.banner);
          break;
        case 'draw':
          add('temple', null);
          break;
        case 'excavate': // Q-ACT-3
          add(e.site, null);
          break;
        case 'sell': // Q-ACT-4; declining leaves nothing on the board
          if (e.card !== null) add('blackMarket', null);
          break;
        case 'upgrade': // Q-ACT-5
          if (e.from === 'village') add('village', null);
          break;
        case 'deliver': // Q-ACT-6, Q-ACT-7
          add(e.loc, null);
          break;
        default:
          break;
      }
    }
    out.set(seat, marks);
  }
  return out;
}
