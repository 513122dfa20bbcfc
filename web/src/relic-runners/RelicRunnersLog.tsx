import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RR_MOVES } from './board/last-move.js';
import { LogList } from '../game/LogList.js';
import { describeEvent } from './panels/events.js';
import type { LogProps } from './parts.js';
import '../game/panels.css';

/** Relic Runners' public events in words, after what happened since the viewer's (else the seat to act's) last turn. */
export function RelicRunnersLog({ log, seats, viewer, toAct = null }: LogProps & { toAct?: number | null }) {
  const { t } = useTranslation('log');
  const seat = viewer ?? toAct;
  const since = useMemo(() => (seat === null ? undefined : { seat, own: viewer !== null, reader: RR_MOVES }), [seat, viewer]);
  return <LogList log={log} seats={seats} describe={describeEvent} t={t} title={t('title')} empty={t('empty')} since={since} />;
}
