import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../net/api.js';
import { deleteAccount, type AccountDetails } from '../net/account.js';
import { passkeySignIn } from '../net/passkey.js';
import { errorText } from './errors.js';
import { setSignedIn } from './signed-in.js';

/**
 * Asks before deleting the account: what goes (the account, its passkeys and sessions) and what
 * stays (finished games, under "a deleted player"). An account with a password confirms with it;
 * one without confirms with a passkey, when the server wants a sign-in more recent than this
 * session's. A modal dialog: the focus starts in it and stays in it, Escape cancels.
 */
export function DeleteAccountDialog({
  account,
  onCancel,
  onDeleted,
}: {
  account: Pick<AccountDetails, 'id' | 'hasPassword'>;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('account');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (account.hasPassword && !password) return setError(t('error.passwordNeeded'));
    setBusy(true);
    setError(null);
    try {
      if (account.hasPassword) await deleteAccount(password);
      else await deleteWithPasskey();
      onDeleted();
    } catch (err) {
      setError(errorText(t, err));
      setBusy(false);
    }
  };

  /** Deletes an account without a password, signing in with its passkey first if the server asks. */
  const deleteWithPasskey = async () => {
    try {
      return await deleteAccount(null);
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'reauth-needed')) throw err;
    }
    const again = await passkeySignIn();
    // A passkey of another account signs in to that one: it must not be the one deleted.
    if (again.id !== account.id) {
      setSignedIn(again);
      throw new ApiError(0, 'passkey-other-account', again.name);
    }
    await deleteAccount(null);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCancel();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    // Keep Tab within the dialog: from its last control back to its first, and the other way.
    const stops = [...box.current.querySelectorAll<HTMLElement>('input, button:not([disabled])')];
    const first = stops[0];
    const last = stops.at(-1);
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="dialog-backdrop">
      <div
        ref={box}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        onKeyDown={onKeyDown}
        data-testid="delete-dialog"
      >
        <h2 id={`${id}-title`}>{t('delete.title')}</h2>
        <p id={`${id}-body`}>{t('delete.body')}</p>
        <form onSubmit={(e) => void submit(e)} noValidate>
          {account.hasPassword ? (
            <div className="field">
              <label htmlFor={`${id}-password`}>{t('delete.password')}</label>
              <input
                id={`${id}-password`}
                type="password"
                autoComplete="current-password"
                value={password}
                autoFocus
                aria-invalid={error !== null}
                onChange={(e) => setPassword(e.target.value)}
                data-testid="delete-password"
              />
            </div>
          ) : (
            <p className="muted">{t('delete.passkeyOnly')}</p>
          )}
          <p className="form-error" role="alert" data-testid="delete-error">
            {error}
          </p>
          <div className="actions">
            <button type="submit" className="danger" disabled={busy} data-testid="delete-confirm">
              {busy ? t('working') : t('delete.confirm')}
            </button>
            <button type="button" className="secondary" onClick={onCancel} autoFocus={!account.hasPassword} data-testid="delete-cancel">
              {t('delete.cancel')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
