import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { LogEntry, LogEvent, SeatInfo } from '../net/session.js';
import { sinceLastTurn, type MoveReader } from './last-move.js';
import type { DescribeEvent } from './LogList.js';
import { seatName } from './names.js';

export interface SinceProps {
  readonly log: readonly LogEntry[];
  readonly seats: readonly SeatInfo[];
  readonly describe: DescribeEvent;
  /** Translations in the game's namespace. */
  readonly t: TFunction;
  readonly since: {
    /** The seat whose last turn the summary starts from. */
    readonly seat: number;
    /** It is the reader's own seat ("your last turn"), not the seat to act of a spectator. */
    readonly own: boolean;
    readonly reader: MoveReader<LogEvent>;
  };
}

/** "Since your last turn: …": the log's lines of what the other seats did since then, on top of the log. */
export function SinceLastTurn({ log, seats, describe, t, since }: SinceProps) {
  const { t: tf } = useTranslation('follow');
  const { seat, own, reader } = since;
  const { from, to } = useMemo(() => sinceLastTurn(log, seat, reader), [log, seat, reader]);
  const lines = useMemo(
    () =>
      log
        .slice(from, to)
        .flatMap((entry) => entry.events.map((e) => describe(e, seats, t, entry.events)))
        .filter((s): s is string => s !== null),
    [log, from, to, describe, seats, t],
  );
  const title = own ? tf('since.title') : tf('since.titleSeat', { name: seatName(seats, seat, tf) });
  return (
    <div className="log-since" data-testid="log-since" data-from={from} data-to={to}>
      <strong className="log-since-title">{title}</strong>
      {lines.length === 0 ? (
        <p className="log-empty">{tf('since.nothing')}</p>
      ) : (
        <ul>
          {lines.map((s, i) => (
            <li key={i}>{s}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
