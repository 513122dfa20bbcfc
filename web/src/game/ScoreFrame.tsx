import { createContext, useContext, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { SeatInfo } from '../net/session.js';
import { seatName } from './names.js';
import { SeatNameLink } from './SeatNameLink.js';
import { SeatBadge } from './SeatBadge.js';
import './panels.css';

/** What the page offers under the final scores (a server game's rematch, an offline game's "play again"). */
export const EndActionsSlot = createContext<ReactNode>(null);

/**
 * The final scores of any game: the winners in words, then a table with the players as columns
 * (five players fit a phone better than seven categories would) and the game's own rows. Each
 * player's header keeps the testid score-row-<seat> (and class "winner") the browser tests read.
 * `t` is the game's namespace, where the `score.*` texts are.
 */
export function ScoreFrame({
  t,
  seat,
  seats,
  winners,
  columns,
  note,
  children,
}: {
  t: TFunction;
  seat: number | null;
  seats: readonly SeatInfo[];
  winners: readonly number[];
  /** The seats in column order. */
  columns: readonly number[];
  /** Said under the winners (how a tie was broken). */
  note?: ReactNode;
  /** The table's rows. */
  children: ReactNode;
}) {
  const names = winners.map((w) => seatName(seats, w, t));
  const actions = useContext(EndActionsSlot);
  return (
    <section className="score-screen" data-testid="score-screen" aria-label={t('score.title')}>
      <h2>{t('score.title')}</h2>
      <p className="winners" data-testid="winners">
        {winners.length === 1 && winners[0] === seat
          ? t('score.youWin')
          : t('score.winners', { names: names.join(', '), count: names.length })}
      </p>
      {note}
      <div className="score-scroll">
        <table className="score-table">
          <thead>
            <tr>
              <td />
              {columns.map((i) => (
                <th scope="col" key={i} className={winners.includes(i) ? 'winner' : undefined} data-testid={`score-row-${i}`}>
                  <SeatBadge seat={i} size={18} />
                  {winners.includes(i) && (
                    <span className="winner-star" title={t('score.winner')}>
                      {' '}
                      ★<span className="visually-hidden"> {t('score.winner')}</span>
                    </span>
                  )}
                  <SeatNameLink seats={seats} seat={i} className="score-name" t={t} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      {actions}
    </section>
  );
}
