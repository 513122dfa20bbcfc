import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { LOC } from '../../../src/games/quetzal/data.js';
import type { SeatInfo } from '../net/session.js';
import { seatStyle } from '../game/seat-style.js';
import { holderName } from './words.js';
import type { QMark } from './last-move.js';

/**
 * Each seat's last move on the board, in its colour, until it moves again: a dashed frame around
 * the banner or location where it placed figures, or took, excavated, sold or delivered (the
 * legal placements are solid highlighted targets).
 */
export const QuetzalLastMoves = memo(function QuetzalLastMoves({
  marks,
  seats,
}: {
  marks: ReadonlyMap<number, readonly QMark[]>;
  seats: readonly SeatInfo[];
}) {
  const { t } = useTranslation('follow');
  return (
    <g className="q-last-moves" pointerEvents="none">
      {[...marks].map(([seat, list]) => {
        const st = seatStyle(seat);
        // Around the location, clear of its name and its help mark (which stands 5 beyond the
        // corner); several seats on one location: each frame a little further out.
        const outset = 8 + (seat % 5) * 3;
        return (
          <g
            key={seat}
            className="q-last-move"
            data-testid={`last-move-${seat}`}
            data-last-move={list.map((m) => (m.banner === null ? m.loc : `${m.loc}-${m.banner}`)).join(' ')}
          >
            <title>{t('lastMove', { name: holderName(seats, seat, t) })}</title>
            {list.map((m) => {
              const d = LOC[m.loc];
              const bd = m.banner === null ? undefined : d.banners?.[m.banner - 1];
              return bd ? (
                <rect key={`${m.loc}-${m.banner}`} x={bd.x - 26} y={bd.y - 21} width={66} height={42} rx={10} stroke={st.colour} />
              ) : (
                <rect
                  key={m.loc}
                  x={d.x - outset}
                  y={d.y - outset}
                  width={d.w + 2 * outset}
                  height={d.h + 2 * outset}
                  rx={10 + outset}
                  stroke={st.colour}
                />
              );
            })}
          </g>
        );
      })}
    </g>
  );
});
