import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatInfo } from '../../net/session.js';
import type { RRView } from '../../game-types.js';
import { seatName } from '../../game/names.js';
import type { TrailChoice } from './choices.js';
import { TRAILS, TRAIL_BY_ID, alongTrail } from './geometry.js';
import { siteName, trailChoiceLabel } from './labels.js';
import { Target } from './Target.js';
import { tileIcon } from '../panels/tile-icons.js';

/**
 * One wide, invisible stroke per trail naming it in a tooltip (ends, token side, pathways).
 * Memoized on what it names, so a new state with the same pathways costs nothing here.
 */
export const TrailInfo = memo(function TrailInfo(props: {
  owners: ReadonlyMap<number, readonly number[]>;
  coloured: ReadonlySet<number>;
  colours: ReadonlyMap<string, RRView['sites'][number]['colour']>;
  seats: readonly SeatInfo[];
}) {
  const { owners, coloured, colours, seats } = props;
  const { t } = useTranslation('board');
  return (
    <g className="rr-trails">
      {TRAILS.map((tr) => {
        const own = owners.get(tr.id);
        const info = [
          t(tr.river ? 'trail.river' : 'trail.land', {
            id: tr.id,
            a: siteName(tr.a, t, colours.get(tr.a)),
            b: siteName(tr.b, t, colours.get(tr.b)),
          }),
        ];
        if (tr.river) info.push(t(coloured.has(tr.id) ? 'trail.tokenOn' : 'trail.tokenOff'));
        if (own) info.push(t('trail.pathways', { names: own.map((s) => seatName(seats, s, t)).join(', ') }));
        return (
          <path key={tr.id} className="rr-hit" d={tr.d} data-trail={tr.id}>
            <title>{info.join(' · ')}</title>
          </path>
        );
      })}
    </g>
  );
});

const farAt = (tr: (typeof TRAILS)[number]) => alongTrail(tr, tr.river ? 0.3 : 0.5, 0);

/** The trails that offer choices now: glowing, wide, clickable targets. */
export function TrailTargets(props: {
  byTrail: ReadonlyMap<number, readonly TrailChoice[]>;
  openTrail: number | null;
  onTrail: (id: number) => void;
}) {
  const { byTrail, openTrail, onTrail } = props;
  const { t } = useTranslation('board');
  return (
    <g className="rr-trail-targets">
      {[...byTrail].map(([id, opts]) => {
        const tr = TRAIL_BY_ID.get(id);
        if (!tr) return null;
        const label = opts.length === 1 ? trailChoiceLabel(opts[0]!, t) : t('act.trailOptions', { id, count: opts.length });
        // IV2-5 (D-18, D-21): a trail reached only by spending the tile looks unlike one that keeps it.
        const far = opts.every((c) => c.t === 'place' && c.ivory === 5);
        return (
          <Target
            key={id}
            className={`rr-trail-target${openTrail === id ? ' rr-open' : ''}${far ? ' rr-far' : ''}`}
            label={label}
            choice={opts.length === 1 ? opts[0] : undefined}
            offers={opts}
            testId={`trail-${id}`}
            onActivate={() => onTrail(id)}
          >
            <path className="rr-trail-glow" d={tr.d} />
            {far && (
              // Off a river trail's middle, where its token lies.
              <text className="rr-far-mark tile-icon" x={farAt(tr).x} y={farAt(tr).y + 7} textAnchor="middle" aria-hidden="true">
                {tileIcon('IV2-5')}
              </text>
            )}
            <path className="rr-hit" d={tr.d} />
          </Target>
        );
      })}
    </g>
  );
}
