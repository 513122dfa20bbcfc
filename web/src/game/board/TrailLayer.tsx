import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RRView, SeatInfo } from '../../net/session.js';
import { seatName } from '../names.js';
import type { TrailChoice } from './choices.js';
import { TRAILS } from './geometry.js';
import { siteName, trailChoiceLabel } from './labels.js';
import { Target } from './Target.js';

/**
 * One wide, invisible hit stroke per trail: it names the trail in a tooltip and, when the trail
 * offers choices, is the clickable target (glowing). Memoized: it redraws only when what it
 * shows changes.
 */
export const TrailLayer = memo(function TrailLayer(props: {
  owners: ReadonlyMap<number, readonly number[]>;
  coloured: ReadonlySet<number>;
  colours: ReadonlyMap<string, RRView['sites'][number]['colour']>;
  seats: readonly SeatInfo[];
  byTrail: ReadonlyMap<number, readonly TrailChoice[]>;
  openTrail: number | null;
  onTrail: (id: number) => void;
}) {
  const { owners, coloured, colours, seats, byTrail, openTrail, onTrail } = props;
  const { t } = useTranslation('board');
  return (
    <g className="rr-trails">
      {TRAILS.map((tr) => {
        const opts = byTrail.get(tr.id);
        if (opts) {
          const label = opts.length === 1 ? trailChoiceLabel(opts[0]!, t) : t('act.trailOptions', { id: tr.id, count: opts.length });
          return (
            <Target
              key={tr.id}
              className={`rr-trail-target${openTrail === tr.id ? ' rr-open' : ''}`}
              label={label}
              choice={opts.length === 1 ? opts[0] : undefined}
              testId={`trail-${tr.id}`}
              onActivate={() => onTrail(tr.id)}
            >
              <path className="rr-trail-glow" d={tr.d} />
              <path className="rr-hit" d={tr.d} />
            </Target>
          );
        }
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
