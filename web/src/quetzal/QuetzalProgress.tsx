import { useTranslation } from 'react-i18next';
import type { QView } from '../game-types.js';

/** The status bar's part of Quetzal: the round of five. */
export function QuetzalProgress({ view }: { view: QView }) {
  const { t } = useTranslation();
  return <span className="turn-no">{t('game:status.round', { round: view.round })}</span>;
}
