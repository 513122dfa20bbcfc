import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ApiError } from '../net/api.js';
import {
  EXPORT_URL,
  getAccount,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  type AccountDetails,
  type AccountSession,
  type Instant,
} from '../net/account.js';
import { addPasskey, passkeysSupported } from '../net/passkey.js';
import { BotSection } from './BotSection.js';
import { DeleteAccountDialog } from './DeleteAccountDialog.js';
import { errorText } from './errors.js';
import { formatInstant } from './instant.js';
import { setSignedIn } from './signed-in.js';
import './account.css';

type Loaded = { readonly account: AccountDetails; readonly sessions: readonly AccountSession[] };

/**
 * The account signed in: its passkeys (and adding one), the browsers signed in to it (signing out
 * one, or every other), its bot account and API tokens, its data as a download, and deleting it.
 */
export function AccountPage() {
  const { t, i18n } = useTranslation('account');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [passkeys] = useState(passkeysSupported);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  const fail = useCallback(
    (e: unknown) => {
      if (e instanceof ApiError && e.status === 401) {
        setSignedIn(null);
        setSignedOut(true);
      } else setError(errorText(t, e));
    },
    [t],
  );

  const load = useCallback(async () => {
    try {
      const [account, sessions] = await Promise.all([getAccount(), listSessions()]);
      setSignedIn(account);
      setLoaded({ account, sessions });
    } catch (e) {
      fail(e);
    }
  }, [fail]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Runs one change, then shows the account as the server now has it. */
  const act = async (work: () => Promise<void>, done: string) => {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      await work();
      setStatus(done);
      await load();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  if (deleted) {
    return (
      <section className="lobby-card account-card" data-testid="account-deleted">
        <h1>{t('page.title')}</h1>
        <p role="status">{t('page.deleted')}</p>
        <div className="actions">
          <Link href="/" className="button-link">
            {t('common:back')}
          </Link>
        </div>
      </section>
    );
  }
  if (signedOut) {
    return (
      <section className="lobby-card account-card" data-testid="account-signed-out">
        <h1>{t('page.title')}</h1>
        <p role="alert">{t('error.signedOut')}</p>
        <div className="actions">
          <Link href="/sign-in" className="button-link">
            {t('signIn')}
          </Link>
        </div>
      </section>
    );
  }
  if (!loaded) {
    return (
      <div className="account-page">
        <p className="loading">{t('common:loading')}</p>
        <p className="form-error" role="alert">
          {error}
        </p>
      </div>
    );
  }

  const { account, sessions } = loaded;
  const when = (at: Instant) => formatInstant(i18n.language, at);
  const others = sessions.filter((s) => !s.current);

  return (
    <div className="account-page" data-testid="account-page">
      <div className="account-head">
        <h1>{t('page.title')}</h1>
        <p className="muted">
          <strong className="account-name" data-testid="account-name">
            {account.name}
          </strong>{' '}
          · {t('page.since', { date: when(account.createdAt) })}
        </p>
      </div>
      <p className="form-error" role="alert" data-testid="account-error">
        {error}
      </p>
      <p className="account-status" role="status" data-testid="account-status">
        {status}
      </p>

      <section className="lobby-card" aria-labelledby={`${id}-passkeys`} data-testid="passkeys">
        <h2 id={`${id}-passkeys`}>{t('page.passkeys')}</h2>
        {account.passkeys.length === 0 ? (
          <p className="muted">{t('page.noPasskey')}</p>
        ) : (
          <ul className="game-list">
            {account.passkeys.map((p) => (
              <li key={p.id} data-testid="passkey">
                <div className="game-info">
                  <strong>{p.name}</strong>
                  <span className="muted">
                    {t('page.created', { date: when(p.createdAt) })} ·{' '}
                    {p.lastUsedAt === null ? t('page.neverUsed') : t('page.lastUsed', { date: when(p.lastUsedAt) })}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
        {passkeys ? (
          <div className="actions">
            <button type="button" disabled={busy} onClick={() => void act(addPasskey, t('page.passkeyAdded'))} data-testid="passkey-add">
              {t('page.addPasskey')}
            </button>
          </div>
        ) : (
          <p className="notice" data-testid="no-passkeys">
            {t('page.passkeysUnsupported')}
          </p>
        )}
      </section>

      <section className="lobby-card" aria-labelledby={`${id}-sessions`} data-testid="sessions">
        <h2 id={`${id}-sessions`}>{t('page.sessions')}</h2>
        <p className="intro">{t('page.sessionsIntro')}</p>
        <ul className="game-list">
          {sessions.map((s) => (
            <li key={s.id} data-testid="session" data-current={s.current}>
              <div className="game-info">
                <strong>
                  {s.device}
                  {s.current && <span className="this-device"> {t('page.thisDevice')}</span>}
                </strong>
                <span className="muted">{t('page.lastUsed', { date: when(s.lastUsedAt) })}</span>
              </div>
              {!s.current && (
                <div className="game-actions">
                  <button
                    type="button"
                    className="secondary"
                    disabled={busy}
                    aria-label={t('page.revokeOne', { device: s.device, date: when(s.lastUsedAt) })}
                    onClick={() => void act(() => revokeSession(s.id), t('page.revoked', { device: s.device }))}
                    data-testid="session-revoke"
                  >
                    {t('page.revoke')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
        {others.length > 0 && (
          <div className="actions">
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => void act(revokeOtherSessions, t('page.revokedOthers'))}
              data-testid="sessions-revoke-others"
            >
              {t('page.revokeOthers')}
            </button>
          </div>
        )}
      </section>

      <BotSection account={account} onUpgraded={() => void load()} />

      <section className="lobby-card" aria-labelledby={`${id}-data`} data-testid="account-data">
        <h2 id={`${id}-data`}>{t('page.data')}</h2>
        <p className="intro">{t('page.exportIntro')}</p>
        <div className="actions">
          <a href={EXPORT_URL} download className="button-link secondary" data-testid="account-export">
            {t('page.export')}
          </a>
        </div>
        <h2 className="danger-title">{t('page.delete')}</h2>
        <p className="intro">{t('page.deleteIntro')}</p>
        <div className="actions">
          <button ref={deleteButton} type="button" className="danger" onClick={() => setDeleting(true)} data-testid="account-delete">
            {t('page.delete')}
          </button>
        </div>
      </section>

      {deleting && (
        <DeleteAccountDialog
          account={account}
          onCancel={() => {
            setDeleting(false);
            deleteButton.current?.focus();
          }}
          onDeleted={() => {
            setSignedIn(null);
            setDeleting(false);
            setDeleted(true);
          }}
        />
      )}
    </div>
  );
}
