import { useTranslation } from 'react-i18next';
import type { TurnAlert } from './use-turn-alert.js';
import './turn-alert.css';

/** A speaker, with sound waves when on and a cross when off. */
function SoundIcon({ on }: { on: boolean }) {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M3 7.5h3l4-3.5v12l-4-3.5H3z" fill="currentColor" />
      {on ? (
        <path
          d="M13 7a4 4 0 0 1 0 6M15.5 4.5a7.5 7.5 0 0 1 0 11"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      ) : (
        <path d="M13 7.5l5 5M18 7.5l-5 5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      )}
    </svg>
  );
}

function BellIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M10 2.5a5 5 0 0 0-5 5v3.5L3.5 14h13L15 11V7.5a5 5 0 0 0-5-5z" fill="currentColor" />
      <path d="M8 15.5a2 2 0 0 0 4 0" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/** On the table: the player's sound and notification toggles for "your turn". */
export function TurnAlertControls({ alert }: { alert: TurnAlert }) {
  const { t } = useTranslation('alerts');
  const blocked = alert.notify === 'denied';
  return (
    <div className="turn-alerts" role="group" aria-label={t('group')}>
      <button
        type="button"
        className="secondary alert-toggle"
        aria-pressed={alert.sound}
        title={t('sound.hint')}
        onClick={alert.toggleSound}
        data-testid="alert-sound"
      >
        <SoundIcon on={alert.sound} />
        <span className="alert-label">{t('sound.label')}</span>
      </button>
      {alert.notify !== 'unsupported' && (
        <button
          type="button"
          className="secondary alert-toggle"
          aria-pressed={alert.notify === 'on'}
          disabled={blocked}
          title={t(blocked ? 'notify.blockedHint' : 'notify.hint')}
          onClick={alert.toggleNotify}
          data-testid="alert-notify"
        >
          <BellIcon />
          <span className="alert-label">{t(blocked ? 'notify.blocked' : 'notify.label')}</span>
        </button>
      )}
    </div>
  );
}
