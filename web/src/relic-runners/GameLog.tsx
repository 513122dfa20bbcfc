import { useTranslation } from 'react-i18next';
import { LogList } from '../game/LogList.js';
import { describeEvent } from './panels/events.js';
import type { LogProps } from './parts.js';
import '../game/panels.css';

/** Relic Runners' public events in words. */
export function GameLog({ log, seats }: LogProps) {
  const { t } = useTranslation('log');
  return <LogList log={log} seats={seats} describe={describeEvent} t={t} title={t('title')} empty={t('empty')} />;
}
