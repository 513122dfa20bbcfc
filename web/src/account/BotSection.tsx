import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountDetails, Instant } from '../net/account.js';
import { becomeBot, createToken, listTokens, revokeToken, type ApiToken, type NewApiToken } from '../net/bot-api.js';
import { errorText } from './errors.js';
import { formatInstant } from './instant.js';

/**
 * The account page's "Bot account" section (docs/bot-api.md): the irreversible upgrade, behind a
 * confirmation; then the account's API tokens, listed, made (the new one shown once, with a copy
 * button) and revoked.
 */
export function BotSection({ account, onUpgraded }: { account: AccountDetails; onUpgraded: () => void }) {
  const { t, i18n } = useTranslation('account');
  const id = useId();
  const [tokens, setTokens] = useState<readonly ApiToken[] | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [name, setName] = useState('');
  const [made, setMade] = useState<NewApiToken | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const isBot = account.bot === true;
  const when = (at: Instant) => formatInstant(i18n.language, at);

  const load = useCallback(async () => {
    try {
      setTokens(await listTokens());
    } catch (e) {
      setError(errorText(t, e));
    }
  }, [t]);

  useEffect(() => {
    if (isBot) void load();
  }, [isBot, load]);

  const run = async (work: () => Promise<void>, done: string | null) => {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      await work();
      if (done !== null) setStatus(done);
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  const upgrade = () =>
    void run(async () => {
      await becomeBot();
      onUpgraded();
    }, t('bot.upgraded'));

  const create = (e: FormEvent) => {
    e.preventDefault();
    const label = name.trim();
    if (label === '') return setError(t('bot.tokenNameNeeded'));
    void run(async () => {
      setMade(await createToken(label));
      setCopied(false);
      setName('');
      await load();
    }, null);
  };

  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.token);
      setCopied(true);
    } catch {
      setError(t('bot.copyFailed'));
    }
  };

  return (
    <section className="lobby-card" aria-labelledby={`${id}-bot`} data-testid="bot-account">
      <h2 id={`${id}-bot`}>{t('bot.title')}</h2>
      <p className="form-error" role="alert" data-testid="bot-error">
        {error}
      </p>
      <p className="account-status" role="status" data-testid="bot-status">
        {status}
      </p>
      {!isBot ? (
        <>
          <p className="intro">{t('bot.intro')}</p>
          <p className="notice">{t('bot.warning')}</p>
          <div className="field check">
            <input
              id={`${id}-confirm`}
              type="checkbox"
              checked={confirmed}
              onChange={(e) => setConfirmed(e.target.checked)}
              data-testid="bot-confirm"
            />
            <label htmlFor={`${id}-confirm`}>{t('bot.confirm')}</label>
          </div>
          <div className="actions">
            <button type="button" className="danger" disabled={busy || !confirmed} onClick={upgrade} data-testid="bot-upgrade">
              {t('bot.upgrade')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="intro">{t('bot.tokensIntro')}</p>
          {made && (
            <div className="notice" data-testid="bot-new-token">
              <p>{t('bot.shownOnce', { name: made.name })}</p>
              <input
                type="text"
                className="token-value"
                readOnly
                value={made.token}
                aria-label={t('bot.tokenValue')}
                onFocus={(e) => e.target.select()}
                data-testid="bot-token-value"
              />
              <div className="actions">
                <button type="button" onClick={() => void copy()} data-testid="bot-token-copy">
                  {copied ? t('bot.copied') : t('bot.copy')}
                </button>
              </div>
            </div>
          )}
          {tokens === null ? (
            <p className="loading">{t('common:loading')}</p>
          ) : tokens.length === 0 ? (
            <p className="muted">{t('bot.noTokens')}</p>
          ) : (
            <ul className="game-list">
              {tokens.map((k) => (
                <li key={k.id} data-testid="bot-token">
                  <div className="game-info">
                    <strong>{k.name}</strong>
                    <span className="muted">
                      {t('page.created', { date: when(k.createdAt) })} ·{' '}
                      {k.lastUsedAt === null ? t('page.neverUsed') : t('page.lastUsed', { date: when(k.lastUsedAt) })}
                    </span>
                  </div>
                  <div className="game-actions">
                    <button
                      type="button"
                      className="secondary"
                      disabled={busy}
                      aria-label={t('bot.revokeOne', { name: k.name })}
                      onClick={() =>
                        void run(
                          async () => {
                            await revokeToken(k.id);
                            if (made?.id === k.id) setMade(null);
                            await load();
                          },
                          t('bot.revoked', { name: k.name }),
                        )
                      }
                      data-testid="bot-token-revoke"
                    >
                      {t('bot.revoke')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <form onSubmit={create} data-testid="bot-token-form">
            <div className="field">
              <label htmlFor={`${id}-token-name`}>{t('bot.tokenName')}</label>
              <input
                id={`${id}-token-name`}
                type="text"
                maxLength={40}
                value={name}
                onChange={(e) => setName(e.target.value)}
                data-testid="bot-token-name"
              />
            </div>
            <div className="actions">
              <button type="submit" disabled={busy} data-testid="bot-token-create">
                {t('bot.create')}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
