import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatInfo } from '../../net/session.js';
import { seatName } from '../../game/names.js';
import { seatStyle } from '../../game/seat-style.js';
import { offsetPolyline, polylinePath } from './choices.js';
import { SITE_BY_ID, SITE_R, TRAIL_BY_ID, alongTrail, laneOffset, type Point } from './geometry.js';
import type { RRMarks } from './last-move.js';

/**
 * Each seat's last move, in the seat's colour, until it moves again: its route as footsteps
 * (dotted, where the legal routes are solid), a soft halo on the sites it acted on (where the
 * legal targets are red marching rings) and a glow along the trails it built on.
 */
export const LastMoveLayer = memo(function LastMoveLayer({
  marks,
  seats,
}: {
  marks: ReadonlyMap<number, RRMarks>;
  seats: readonly SeatInfo[];
}) {
  const { t } = useTranslation('follow');
  const n = seats.length;
  return (
    <g className="rr-last-moves" pointerEvents="none">
      {[...marks].map(([seat, m]) => {
        const st = seatStyle(seat);
        const lane = laneOffset(seat, n, 6);
        return (
          <g
            key={seat}
            className="rr-last-move"
            data-testid={`last-move-${seat}`}
            data-last-move={`sites:${m.sites.join(',')};trails:${m.trails.join(',')};routes:${m.routes.map((r) => r.join('>')).join(',')}`}
          >
            <title>{t('lastMove', { name: seatName(seats, seat, t) })}</title>
            {m.trails.map((id) => {
              const tr = TRAIL_BY_ID.get(id);
              if (!tr) return null;
              const a = alongTrail(tr, 0.05);
              const b = alongTrail(tr, 0.95);
              return <line key={`t${id}`} className="rr-last-trail" x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={st.colour} />;
            })}
            {m.routes.map((r, i) => (
              <path key={`r${i}`} className="rr-last-route" d={polylinePath(offsetPolyline(points(r), lane))} stroke={st.ink} />
            ))}
            {m.sites.map((id) => {
              const g = SITE_BY_ID.get(id);
              if (!g) return null;
              const r = (g.kind === 'camp' ? SITE_R + 12 : SITE_R + 6) + 4 + (seat % n) * 3;
              return <circle key={`s${id}`} className="rr-last-site" cx={g.x} cy={g.y} r={r} stroke={st.colour} />;
            })}
          </g>
        );
      })}
    </g>
  );
});

/** A route's sites as points on the board. */
const points = (sites: readonly string[]): Point[] => sites.flatMap((id) => SITE_BY_ID.get(id) ?? []);
