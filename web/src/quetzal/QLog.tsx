import { memo, useEffect, useMemo, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LogEntry, SeatInfo } from '../net/session.js';
import { describeQEvent } from './events.js';

/** Quetzal's public events in words, oldest first, kept scrolled to the newest. */
export function QLog({ log, seats }: { log: readonly LogEntry[]; seats: readonly SeatInfo[] }) {
  const { t } = useTranslation('quetzal');
  const box = useRef<HTMLDivElement>(null);
  const seatsKey = useMemo(() => JSON.stringify(seats.map((x) => [x.seat, x.kind, x.name ?? null])), [seats]);
  const last = log.length > 0 ? log[log.length - 1]!.move : 0;
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last, log.length]);
  return (
    <section className="game-log" data-testid="game-log" aria-label={t('log.title')}>
      <h2 className="log-title">{t('log.title')}</h2>
      <div className="log-scroll" ref={box} tabIndex={0} role="log" aria-live="polite">
        <ol>
          {log.filter((entry) => entry.events.length > 0).map((entry, i) => (
            <Entry key={`${entry.move}-${i}`} entry={entry} seats={seats} seatsKey={seatsKey} t={t} />
          ))}
        </ol>
        {log.length === 0 && <p className="log-empty">{t('log.empty')}</p>}
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

/** One move's sentences, translated once (a long log is costly to redo on every state). */
const Entry = memo(
  function Entry({ entry, seats, t }: EntryProps) {
    const lines = entry.events.map((e) => [e.type, describeQEvent(e, seats, t, entry.events)] as const).filter(([, s]) => s !== null);
    if (lines.length === 0) return null;
    return (
      <li data-move={entry.move}>
        {lines.map(([type, s], k) => (
          <p key={k} className={`log-line log-${type}`}>
            {s}
          </p>
        ))}
      </li>
    );
  },
  (a, b) => a.t === b.t && a.seatsKey === b.seatsKey && (a.entry === b.entry || (a.entry.move === b.entry.move && JSON.stringify(a.entry.events) === JSON.stringify(b.entry.events))),
);
