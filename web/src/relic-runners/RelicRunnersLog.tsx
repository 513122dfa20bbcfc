import { useCallback, useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RR_MOVES } from './board/last-move.js';
import { LogList } from '../game/LogList.js';
import { describeEvent } from './panels/events.js';
import type { LogProps } from './parts.js';
import type { LogEvent, SeatInfo } from '../net/session.js';
import '../game/panels.css';

/** Relic Runners' public events in words, after what happened since the viewer's (else the seat to act's) last turn. */
export function RelicRunnersLog({
  log,
  seats,
  viewer,
  toAct = null,
  sites = [],
}: LogProps & { toAct?: number | null; sites?: readonly { readonly id: string; readonly colour: 'ivory' | 'blue' | 'purple' | null }[] }) {
  const { t } = useTranslation('log');
  const seat = viewer ?? toAct;
  const since = useMemo(() => (seat === null ? undefined : { seat, own: viewer !== null, reader: RR_MOVES }), [seat, viewer]);
  // Temples are named with their colour, as on the board.
  const colours = useMemo(() => new Map(sites.map((s) => [s.id, s.colour] as const)), [sites]);
  const describe = useCallback((e: LogEvent, s: readonly SeatInfo[], tt: TFunction) => describeEvent(e, s, tt, colours), [colours]);
  return <LogList log={log} seats={seats} describe={describe} t={t} title={t('title')} empty={t('empty')} since={since} />;
}
