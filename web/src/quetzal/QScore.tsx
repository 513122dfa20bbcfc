import { useTranslation } from 'react-i18next';
import { seatName } from '../game/names.js';
import { SeatBadge } from '../game/SeatBadge.js';
import type { SeatInfo } from '../net/session.js';
import type { QView } from '../game-types.js';

const PARTS = ['track', 'startMarker', 'coins', 'upgrades', 'total', 'discovery'] as const;

/** The final score by category (Q-END-3), winners marked; discovery shown as the tie-break. */
export function QScore({ view, seat, seats }: { view: QView; seat: number | null; seats: readonly SeatInfo[] }) {
  const { t } = useTranslation('quetzal');
  const result = view.result;
  if (!result) return null;
  const names = result.winners.map((w) => seatName(seats, w, t));
  const win = (i: number) => (result.winners.includes(i) ? 'winner' : undefined);
  return (
    <section className="score-screen" data-testid="score-screen" aria-label={t('score.title')}>
      <h2>{t('score.title')}</h2>
      <p className="winners" data-testid="winners">
        {result.winners.length === 1 && result.winners[0] === seat
          ? t('score.youWin')
          : t('score.winners', { names: names.join(', '), count: names.length })}
      </p>
      <div className="score-scroll">
        <table className="score-table">
          <thead>
            <tr>
              <td />
              {result.scores.map((s) => (
                <th scope="col" key={s.seat} className={win(s.seat)} data-testid={`score-row-${s.seat}`}>
                  <SeatBadge seat={s.seat} size={18} />
                  {result.winners.includes(s.seat) && (
                    <span className="winner-star" title={t('score.winner')}>
                      {' '}
                      ★<span className="visually-hidden"> {t('score.winner')}</span>
                    </span>
                  )}
                  <span className="score-name">{seatName(seats, s.seat, t)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PARTS.map((k) => (
              <tr key={k} className={k === 'total' ? 'total' : k === 'discovery' ? 'q-tiebreak' : undefined}>
                <th scope="row">{t(`score.part.${k}`)}</th>
                {result.scores.map((s) => (
                  <td key={s.seat} className={win(s.seat)} data-testid={`score-${k}-${s.seat}`}>
                    {s[k]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
