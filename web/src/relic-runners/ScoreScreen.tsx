import { useTranslation } from 'react-i18next';
import { seatName } from '../game/names.js';
import { SCORE_PARTS, tieBreak } from './panels/score.js';
import { SeatBadge } from '../game/SeatBadge.js';
import type { PartProps } from './parts.js';
import '../game/panels.css';

/** The final scores by category (RR-END-3), winners marked, and how a tie was broken (RR-END-4). */
export function ScoreScreen({ view, seat, seats }: PartProps) {
  const { t } = useTranslation('game');
  const result = view.result;
  if (!result) return null;
  const tb = tieBreak(view);
  const names = result.winners.map((w) => seatName(seats, w, t));
  return (
    <section className="score-screen" data-testid="score-screen" aria-label={t('score.title')}>
      <h2>{t('score.title')}</h2>
      <p className="winners" data-testid="winners">
        {result.winners.length === 1 && result.winners[0] === seat
          ? t('score.youWin')
          : t('score.winners', { names: names.join(', '), count: names.length })}
      </p>
      {tb.kind !== 'none' && <p className="tie-break">{t(`score.tie.${tb.kind}`, { total: tb.total })}</p>}
      <div className="score-scroll">
        {/* Players as columns: five players fit a phone better than seven categories would. Each
            player's header keeps the testid score-row-<seat> (and class "winner") the browser test reads. */}
        <table className="score-table">
          <thead>
            <tr>
              <td />
              {result.scores.map((_, i) => (
                <th scope="col" key={i} className={result.winners.includes(i) ? 'winner' : undefined} data-testid={`score-row-${i}`}>
                  <SeatBadge seat={i} size={18} />
                  {result.winners.includes(i) && (
                    <span className="winner-star" title={t('score.winner')}>
                      {' '}
                      ★<span className="visually-hidden"> {t('score.winner')}</span>
                    </span>
                  )}
                  <span className="score-name">{seatName(seats, i, t)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SCORE_PARTS.map((k) => (
              <tr key={k} className={k === 'total' ? 'total' : undefined}>
                <th scope="row" title={t(`score.help.${k}`)}>
                  {t(`score.part.${k}`)}
                </th>
                {result.scores.map((s, i) => (
                  <td key={i} className={result.winners.includes(i) ? 'winner' : undefined} data-testid={`score-${k}-${i}`}>
                    {s[k]}
                  </td>
                ))}
              </tr>
            ))}
            <tr className="relic-row">
              <th scope="row">{t('score.relicCount')}</th>
              {result.scores.map((_, i) => {
                const relics = Object.values(view.players[i]?.relics ?? {});
                const count = relics.reduce((a, b) => a + b, 0);
                const colours = relics.filter((n) => n > 0).length;
                return (
                  <td key={i} className={result.winners.includes(i) ? 'winner' : undefined}>
                    {t('score.relicsOf', { count, colours })}
                  </td>
                );
              })}
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
