import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../net/api.js';
import { listBots, type ListedBot } from '../net/bot-api.js';
import { PlayerLink } from '../ratings/PlayerLink.js';

/**
 * The lobby's way to a bot account (docs/bot-api.md): opened, it lists the bot accounts, those
 * whose program is connected first, each a link to its profile, where the challenge is made. The
 * list is asked for only when opened, so the lobby costs the server nothing more.
 */
export function BotAccounts() {
  const { t } = useTranslation('ratings');
  const [bots, setBots] = useState<readonly ListedBot[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Asked once, however many toggle events opening it fires before the answer (a failure may be retried).
  const asked = useRef(false);
  const load = async () => {
    asked.current = true;
    try {
      setBots(await listBots());
      setError(null);
    } catch (e) {
      asked.current = false;
      setError(e instanceof ApiError ? e.code : String(e));
    }
  };

  return (
    <section className="lobby-card" data-testid="bot-accounts">
      <details
        onToggle={(e) => {
          if ((e.target as HTMLDetailsElement).open && !asked.current) void load();
        }}
      >
        <summary>
          <h2 className="inline-title">{t('botAccounts.title')}</h2>
        </summary>
        <p className="intro">{t('botAccounts.intro')}</p>
        {error && (
          <p className="form-error" role="alert">
            {t('botAccounts.failed', { code: error })}
          </p>
        )}
        {bots === null ? (
          !error && <p className="loading">{t('common:loading')}</p>
        ) : bots.length === 0 ? (
          <p className="muted">{t('botAccounts.none')}</p>
        ) : (
          <ul className="game-list">
            {bots.map((b) => (
              <li key={b.name} data-testid="bot-account-row" data-online={b.online}>
                <div className="game-info">
                  <PlayerLink name={b.name} />
                  <span className="muted">{b.online ? t('botAccounts.online') : t('botAccounts.offline')}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </details>
    </section>
  );
}
