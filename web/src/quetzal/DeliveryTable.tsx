import { useTranslation } from 'react-i18next';
import { DATA } from '../../../src/games/quetzal/data.js';
import { DELIVERY_UPGRADES } from '../../../src/games/quetzal/delivery.js';
import type { QView } from '../game-types.js';
import { helpHref } from '../help/link.js';
import { CardShape } from './pieces.js';
import { upName, upText } from './words.js';

/**
 * The delivery table at the table (Q-DEL-1, values Q-R-4 from the engine's data): VP for 1, 2 and 3
 * cards of each type delivered together, and the viewer's upgrades that change deliveries (Q-R-6).
 */
export function DeliveryTable({ view, seat }: { view: QView; seat: number | null }) {
  const { t } = useTranslation('q-explain');
  const mine = seat === null ? null : (view.players[seat]?.upgrades.filter((u) => DELIVERY_UPGRADES.includes(u)) ?? []);
  return (
    <details className="q-delivery-table" open data-testid="delivery-table">
      <summary>{t('table.title')}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('table.card')}</th>
            {[1, 2, 3].map((n) => (
              <th scope="col" key={n}>
                {t('table.cards', { count: n })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {DATA.cards.types.map((ct) => (
            <tr key={ct.type} data-testid={`delivery-row-${ct.type}`}>
              <th scope="row">
                <svg className="q-dt-icon" viewBox="-9 -11 18 22" aria-hidden="true">
                  <CardShape name={ct.type} x={0} y={0} w={16} h={20} label="" />
                </svg>
                {t(`quetzal:card.${ct.type}`)}
              </th>
              {ct.vp.map((vp, i) => (
                <td key={i}>{t('table.vp', { vp })}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="q-dt-note">
        {t('table.note')} <a href={helpHref('quetzal', 'scoring')}>{t('table.rules')}</a>
      </p>
      {mine !== null && (
        <p className="q-dt-ups" data-testid="delivery-upgrades">
          <span className="label">{t('table.yours')}:</span>{' '}
          {mine.length === 0
            ? t('table.noUps')
            : mine.map((u, i) => (
                <span key={u}>
                  {i > 0 && ', '}
                  <a href={helpHref('quetzal', u)} title={upText(u, t)}>
                    {upName(u, t)}
                  </a>
                </span>
              ))}
        </p>
      )}
    </details>
  );
}
