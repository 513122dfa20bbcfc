import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { describeEvent } from './panels/events.js';
import type { LogProps } from './parts.js';
import './panels.css';

/** The public events in words, oldest first, kept scrolled to the newest. */
export function GameLog({ log, seats }: LogProps) {
  const { t } = useTranslation('log');
  const box = useRef<HTMLDivElement>(null);
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
            <li key={`${entry.move}-${i}`} data-move={entry.move}>
              {entry.events.map((e, k) => (
                <p key={k} className={`log-line log-${e.type}`}>
                  {describeEvent(e, seats, t)}
                </p>
              ))}
            </li>
          ))}
        </ol>
        {log.length === 0 && <p className="log-empty">{t('empty')}</p>}
      </div>
    </section>
  );
}
