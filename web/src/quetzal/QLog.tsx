import { useTranslation } from 'react-i18next';
import { LogList } from '../game/LogList.js';
import type { LogEntry, SeatInfo } from '../net/session.js';
import { describeQEvent } from './events.js';

/** Quetzal's public events in words. */
export function QLog({ log, seats }: { log: readonly LogEntry[]; seats: readonly SeatInfo[] }) {
  const { t } = useTranslation('quetzal');
  return <LogList log={log} seats={seats} describe={describeQEvent} t={t} title={t('log.title')} empty={t('log.empty')} />;
}
