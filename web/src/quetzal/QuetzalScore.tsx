import { useTranslation } from 'react-i18next';
import { ScoreFrame } from '../game/ScoreFrame.js';
import type { SeatInfo } from '../net/session.js';
import type { QView } from '../game-types.js';

const PARTS = ['track', 'startMarker', 'coins', 'upgrades', 'total', 'discovery'] as const;

/** The final score by category (Q-END-3), winners marked; discovery shown as the tie-break. */
export function QuetzalScore({ view, seat, seats }: { view: QView; seat: number | null; seats: readonly SeatInfo[] }) {
  const { t } = useTranslation('quetzal');
  const result = view.result;
  if (!result) return null;
  const win = (i: number) => (result.winners.includes(i) ? 'winner' : undefined);
  return (
    <ScoreFrame t={t} seat={seat} seats={seats} winners={result.winners} columns={result.scores.map((s) => s.seat)}>
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
    </ScoreFrame>
  );
}
