import { useTranslation } from 'react-i18next';
import { ScoreFrame } from '../game/ScoreFrame.js';
import { SCORE_PARTS, tieBreak } from './panels/score.js';
import type { PartProps } from './parts.js';
import '../game/panels.css';

/** The final scores by category (RR-END-3), winners marked, and how a tie was broken (RR-END-4). */
export function RelicRunnersScore({ view, seat, seats }: PartProps) {
  const { t } = useTranslation('game');
  const result = view.result;
  if (!result) return null;
  const tb = tieBreak(view);
  return (
    <ScoreFrame
      t={t}
      seat={seat}
      seats={seats}
      winners={result.winners}
      columns={result.scores.map((_, i) => i)}
      note={tb.kind !== 'none' && <p className="tie-break">{t(`score.tie.${tb.kind}`, { total: tb.total })}</p>}
    >
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
              {t('score.relicsOf', { count, colours: t('counts:colours', { count: colours }) })}
            </td>
          );
        })}
      </tr>
    </ScoreFrame>
  );
}
