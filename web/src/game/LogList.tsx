import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LogEntry, LogEvent, SeatInfo } from '../net/session.js';
import { SinceLastTurn, type SinceProps } from './SinceLastTurn.js';

/** A game's sentence for one public event; null leaves the event out of the log. */
export type DescribeEvent = (e: LogEvent, seats: readonly SeatInfo[], t: TFunction, sameMove: readonly LogEvent[]) => string | null;

export interface LogListProps {
  readonly log: readonly LogEntry[];
  readonly seats: readonly SeatInfo[];
  readonly describe: DescribeEvent;
  /** Translations in the game's namespace. */
  readonly t: TFunction;
  readonly title: string;
  readonly empty: string;
  /** Whose last turn the summary at the top starts from (the viewer, else the seat to act); none without. */
  readonly since?: SinceProps['since'];
}

/** How close to the bottom (px) still counts as reading the newest entries. */
const AT_BOTTOM_PX = 24;

/**
 * The public events in words, oldest first: the log of any game. It follows new entries (kept
 * scrolled to the newest) unless the reader scrolled up to read older ones; then a button leads
 * back down. A summary of what happened since the reader's last turn comes first.
 */
export function LogList({ log, seats, describe, t, title, empty, since }: LogListProps) {
  const { t: tf } = useTranslation('follow');
  const box = useRef<HTMLDivElement>(null);
  // Whether the reader is at the newest entries (follow them) or has scrolled up (leave them be).
  const following = useRef(true);
  const [behind, setBehind] = useState(false);
  // Names change rarely (a seat handed to a bot); entries are only redrawn when they or names change.
  const seatsKey = useMemo(() => JSON.stringify(seats.map((x) => [x.seat, x.kind, x.name ?? null])), [seats]);
  const last = log.length > 0 ? log[log.length - 1]!.move : 0;
  const toNewest = () => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
    following.current = true;
    setBehind(false);
  };
  useLayoutEffect(() => {
    if (following.current) toNewest();
    else setBehind(true);
  }, [last, log.length]);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onScroll = () => {
      following.current = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_PX;
      if (following.current) setBehind(false);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <section className="game-log" data-testid="game-log" aria-label={title}>
      <h2 className="log-title">{title}</h2>
      {since && <SinceLastTurn log={log} seats={seats} describe={describe} t={t} since={since} />}
      {behind && (
        <button type="button" className="log-newest" data-testid="log-newest" onClick={toNewest}>
          {tf('newest')}
        </button>
      )}
      <div className="log-scroll" ref={box} tabIndex={0} role="log" aria-live="polite" data-testid="log-scroll">
        <ol>
          {log
            .filter((entry) => entry.events.length > 0)
            .map((entry, i) => (
              <Entry key={`${entry.move}-${i}`} entry={entry} seats={seats} seatsKey={seatsKey} t={t} describe={describe} />
            ))}
        </ol>
        {log.length === 0 && <p className="log-empty">{empty}</p>}
      </div>
    </section>
  );
}

interface EntryProps {
  readonly entry: LogEntry;
  readonly seats: readonly SeatInfo[];
  readonly seatsKey: string;
  readonly t: TFunction;
  readonly describe: DescribeEvent;
}

/**
 * One move's sentences. Translating every line of a long log on each new state cost more than the
 * rest of the screen together (measured in Chromium), so a line is only translated once.
 */
const Entry = memo(
  function Entry({ entry, seats, t, describe }: EntryProps) {
    const lines = entry.events.map((e) => [e.type, describe(e, seats, t, entry.events)] as const).filter(([, s]) => s !== null);
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
  // A game run in a worker sends fresh copies of old entries: equal content is the same entry.
  (a, b) =>
    a.t === b.t &&
    a.seatsKey === b.seatsKey &&
    a.describe === b.describe &&
    (a.entry === b.entry || (a.entry.move === b.entry.move && JSON.stringify(a.entry.events) === JSON.stringify(b.entry.events))),
);
