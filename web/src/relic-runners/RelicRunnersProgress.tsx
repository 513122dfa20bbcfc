import { useTranslation } from 'react-i18next';
import type { RRView } from '../game-types.js';

/** The status bar's part of Relic Runners: relics collected towards the end (RR-END-1), and the turn. */
export function RelicRunnersProgress({ view }: { view: RRView }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="relic-count">
        {/* RR-END-1: the last round is played out, so more relics than the end mark may be collected. */}
        {view.result
          ? t('status:relicsAfterEnd', { count: view.relicsCollected, end: view.endAt })
          : t('game:status.relics', { count: view.relicsCollected, end: view.endAt })}
      </span>
      <span className="turn-no">{t('game:status.turn', { turn: view.turn })}</span>
    </>
  );
}
