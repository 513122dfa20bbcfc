import { useTranslation } from 'react-i18next';
import { helpHref } from '../../help/link.js';
import { LEGEND_GROUPS, tileIcon } from './tile-icons.js';
import { tileText, tileTitle } from './tiles.js';
import '../explain.css';

/** Every ivory and purple tile with its icon, name and effect, folded until asked for. */
export function TileLegend() {
  const { t } = useTranslation('explain');
  return (
    <details className="tile-legend" data-testid="tile-legend">
      <summary>{t('legend.title')}</summary>
      {LEGEND_GROUPS.map((g) => (
        <section key={g.id} className="legend-group">
          <h3>{t(`legend.${g.id}`)}</h3>
          <dl>
            {g.tiles.map((tile) => (
              <div key={tile} className="legend-row" data-tile={tile}>
                <dt>
                  <span className="tile-icon" aria-hidden="true">
                    {tileIcon(tile)}
                  </span>{' '}
                  <strong>{tileTitle(tile, t)}</strong> <span className="tile-name">{tile}</span>
                </dt>
                <dd>
                  {tileText(tile, t)}{' '}
                  <a className="tile-help" href={helpHref('relic-runners', tile)}>
                    {t('rules')}
                  </a>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </details>
  );
}
