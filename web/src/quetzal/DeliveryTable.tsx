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
      {/* Card types across, 1–3 cards down: short enough to sit between the decision and the log at 1280×800. */}
      <table title={t('table.note')}>
        <thead>
          <tr>
            <th scope="col">
              <a href={helpHref('quetzal', 'scoring')}>{t('table.rules')}</a>
            </th>
            {DATA.cards.types.map((ct) => (
              <th scope="col" key={ct.type}>
                {/* The cards' own pictures, as on the board; the name for hover and screen readers. */}
                <svg className="q-dt-icon" viewBox="-9 -11 18 22" role="img" aria-label={t(`quetzal:card.${ct.type}`)}>
                  <title>{t(`quetzal:card.${ct.type}`)}</title>
                  <CardShape name={ct.type} x={0} y={0} w={16} h={20} label="" />
                </svg>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[1, 2, 3].map((n) => (
            <tr key={n}>
              <th scope="row">{t('table.cards', { count: n })}</th>
              {DATA.cards.types.map((ct) => (
                <td key={ct.type} data-testid={`delivery-vp-${ct.type}-${n}`}>
                  {t('table.vp', { vp: ct.vp[n - 1] })}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
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
