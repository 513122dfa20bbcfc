import { useTranslation } from 'react-i18next';
import { seatName } from './names.js';
import { SCORE_PARTS, tieBreak } from './panels/score.js';
import { SeatBadge } from './panels/SeatBadge.js';
import type { PartProps } from './parts.js';
import './panels.css';

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
        <table className="score-table">
          <thead>
            <tr>
              <th scope="col">{t('score.player')}</th>
              {SCORE_PARTS.map((k) => (
                <th scope="col" key={k} title={t(`score.help.${k}`)}>
                  {t(`score.part.${k}`)}
                </th>
              ))}
              <th scope="col">{t('score.relicCount')}</th>
            </tr>
          </thead>
          <tbody>
            {result.scores.map((s, i) => {
              const won = result.winners.includes(i);
              const relics = view.players[i]?.relics;
              const count = relics ? Object.values(relics).reduce((a, b) => a + b, 0) : 0;
              const colours = relics ? Object.values(relics).filter((n) => n > 0).length : 0;
              return (
                <tr key={i} className={won ? 'winner' : undefined} data-testid={`score-row-${i}`}>
                  <th scope="row">
                    <SeatBadge seat={i} size={18} /> {seatName(seats, i, t)}
                    {won && <span className="tag winner-tag"> ★ {t('score.winner')}</span>}
                  </th>
                  {SCORE_PARTS.map((k) => (
                    <td key={k} className={k === 'total' ? 'total' : undefined}>
                      {s[k]}
                    </td>
                  ))}
                  <td>{t('score.relicsOf', { count, colours })}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
