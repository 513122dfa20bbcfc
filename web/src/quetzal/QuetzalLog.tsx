import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Q_MOVES } from './last-move.js';
import { LogList } from '../game/LogList.js';
import type { LogEntry, SeatInfo } from '../net/session.js';
import { describeQEvent } from './events.js';

/** Quetzal's public events in words, after what happened since the viewer's (else the seat to act's) last turn. */
export function QuetzalLog({
  log,
  seats,
  viewer = null,
  toAct = null,
}: {
  log: readonly LogEntry[];
  seats: readonly SeatInfo[];
  viewer?: number | null;
  toAct?: number | null;
}) {
  const { t } = useTranslation('quetzal');
  const seat = viewer ?? toAct;
  const since = useMemo(() => (seat === null ? undefined : { seat, own: viewer !== null, reader: Q_MOVES }), [seat, viewer]);
  return <LogList log={log} seats={seats} describe={describeQEvent} t={t} title={t('log.title')} empty={t('log.empty')} since={since} />;
}
