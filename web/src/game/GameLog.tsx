import { memo, useEffect, useMemo, useRef } from 'react';
import type { TFunction } from 'i18next';
import type { LogEntry, SeatInfo } from '../net/session.js';
import { useTranslation } from 'react-i18next';
import { describeEvent } from './panels/events.js';
import type { LogProps } from './parts.js';
import './panels.css';

/** The public events in words, oldest first, kept scrolled to the newest. */
export function GameLog({ log, seats }: LogProps) {
  const { t } = useTranslation('log');
  const box = useRef<HTMLDivElement>(null);
  // Names change rarely (a seat handed to a bot); entries are only redrawn when they or names change.
  const seatsKey = useMemo(() => JSON.stringify(seats.map((x) => [x.seat, x.kind, x.name ?? null])), [seats]);
  const last = log.length > 0 ? log[log.length - 1]!.move : 0;
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last, log.length]);
  return (
    <section className="game-log" data-testid="game-log" aria-label={t('title')}>
      <h2 className="log-title">{t('title')}</h2>
      <div className="log-scroll" ref={box} tabIndex={0} role="log" aria-live="polite">
        <ol>
          {log.filter((entry) => entry.events.length > 0).map((entry, i) => (
            <Entry key={`${entry.move}-${i}`} entry={entry} seats={seats} seatsKey={seatsKey} t={t} />
          ))}
        </ol>
        {log.length === 0 && <p className="log-empty">{t('empty')}</p>}
      </div>
    </section>
  );
}

interface EntryProps {
  readonly entry: LogEntry;
  readonly seats: readonly SeatInfo[];
  readonly seatsKey: string;
  readonly t: TFunction;
}

/**
 * One move's sentences. Translating every line of a long log on each new state cost more than the
 * rest of the screen together (measured in Chromium), so a line is only translated once.
 */
const Entry = memo(
  function Entry({ entry, seats, t }: EntryProps) {
    return (
      <li data-move={entry.move}>
        {entry.events.map((e, k) => (
          <p key={k} className={`log-line log-${e.type}`}>
            {describeEvent(e, seats, t)}
          </p>
        ))}
      </li>
    );
  },
  // A game run in a worker sends fresh copies of old entries: equal content is the same entry.
  (a, b) => a.t === b.t && a.seatsKey === b.seatsKey && (a.entry === b.entry || (a.entry.move === b.entry.move && JSON.stringify(a.entry.events) === JSON.stringify(b.entry.events))),
);
