import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { heldSeats } from '../net/api.js';
import { ACCOUNT_NAME, MAX_PASSWORD, MIN_PASSWORD, nameProblem, passwordLength, signIn, signUp, type Account } from '../net/account.js';
import { passkeySignIn, passkeySignUp, passkeysSupported } from '../net/passkey.js';
import { AttachGames } from './AttachGames.js';
import { errorText, RULES } from './errors.js';
import { setSignedIn, useSignedIn } from './signed-in.js';
import './account.css';

export type AuthMode = 'sign-in' | 'sign-up';

/**
 * Signing in and creating an account: a passkey first where the browser has them, a name and a
 * password always. The only rule for a password is its length, shown with a counter as it is typed.
 * After creating an account, the games this browser holds seats in may go with it.
 */
export function AuthPage({ mode }: { mode: AuthMode }) {
  const { t } = useTranslation('account');
  const [, navigate] = useLocation();
  const signedIn = useSignedIn();
  const [passkeys] = useState(passkeysSupported);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; field: 'name' | 'password' | null } | null>(null);
  const [created, setCreated] = useState<Account | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const signingUp = mode === 'sign-up';

  if (created) return <AttachGames onDone={() => navigate('/')} />;

  if (signedIn && !busy) {
    return (
      <section className="lobby-card account-card" data-testid="auth-signed-in">
        <h1>{t('signedInTitle')}</h1>
        <p>{t('signedInAs', { name: signedIn.name })}</p>
        <div className="actions">
          <Link href="/account" className="button-link">
            {t('account')}
          </Link>
          <Link href="/" className="button-link secondary">
            {t('common:back')}
          </Link>
        </div>
      </section>
    );
  }

  const fail = (text: string, field: 'name' | 'password' | null) => {
    setError({ text, field });
    (field === 'name' ? nameRef : field === 'password' ? passwordRef : null)?.current?.focus();
  };

  const done = (account: Account) => {
    setSignedIn(account);
    if (signingUp && heldSeats().length > 0) setCreated(account);
    else navigate('/');
  };

  const run = async (work: () => Promise<Account>) => {
    setBusy(true);
    setError(null);
    try {
      done(await work());
    } catch (e) {
      fail(errorText(t, e), null);
    } finally {
      setBusy(false);
    }
  };

  const checkName = (): boolean => {
    const problem = nameProblem(name);
    if (problem) fail(t(`error.${problem}`, RULES), 'name');
    return problem === null;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (signingUp) {
      if (!checkName()) return;
      if (passwordLength(password) < MIN_PASSWORD) return fail(t('error.passwordShort', RULES), 'password');
      void run(() => signUp(name, password));
    } else {
      if (!name) return fail(t('error.nameNeeded'), 'name');
      if (!password) return fail(t('error.passwordNeeded'), 'password');
      void run(() => signIn(name, password));
    }
  };

  const withPasskey = () => {
    if (busy) return;
    if (signingUp) {
      if (checkName()) void run(() => passkeySignUp(name));
    } else void run(passkeySignIn);
  };

  const length = passwordLength(password);
  const invalid = (field: 'name' | 'password') => error?.field === field;

  return (
    <section className="lobby-card account-card" aria-labelledby={`${id}-title`} data-testid={`auth-${mode}`}>
      <h1 id={`${id}-title`}>{t(signingUp ? 'signUpTitle' : 'signInTitle')}</h1>
      <p className="intro">{t('guestNote')}</p>
      {passkeys ? (
        <p className="muted">{t('passkeyIntro')}</p>
      ) : (
        <p className="notice" data-testid="no-passkeys">
          {t('noPasskeys')}
        </p>
      )}
      {passkeys && !signingUp && (
        <button type="button" className="passkey-button" onClick={withPasskey} disabled={busy} data-testid="passkey-sign-in">
          {t('withPasskey')}
        </button>
      )}
      <form onSubmit={submit} noValidate aria-busy={busy}>
        {passkeys && !signingUp && <p className="or-line">{t('orPassword')}</p>}
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('name')}</label>
          <input
            ref={nameRef}
            id={`${id}-name`}
            type="text"
            value={name}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={signingUp ? ACCOUNT_NAME.max : undefined}
            aria-invalid={invalid('name')}
            aria-describedby={signingUp ? `${id}-name-rule` : undefined}
            onChange={(e) => setName(e.target.value)}
            data-testid="auth-name"
          />
          {signingUp && (
            <span id={`${id}-name-rule`} className="hint">
              {t('nameRule', RULES)}
            </span>
          )}
        </div>
        {passkeys && signingUp && (
          <>
            <button type="button" className="passkey-button" onClick={withPasskey} disabled={busy} data-testid="passkey-sign-up">
              {t('createWithPasskey')}
            </button>
            <p className="or-line">{t('orPassword')}</p>
          </>
        )}
        <div className="field">
          <label htmlFor={`${id}-password`}>{t('password')}</label>
          <div className="password-row">
            <input
              ref={passwordRef}
              id={`${id}-password`}
              type={shown ? 'text' : 'password'}
              value={password}
              maxLength={MAX_PASSWORD}
              autoComplete={signingUp ? 'new-password' : 'current-password'}
              aria-invalid={invalid('password')}
              aria-describedby={signingUp ? `${id}-password-rule ${id}-password-count` : undefined}
              onChange={(e) => setPassword(e.target.value)}
              data-testid="auth-password"
            />
            <button
              type="button"
              className="secondary"
              aria-pressed={shown}
              onClick={() => setShown((s) => !s)}
              data-testid="auth-show-password"
            >
              {t(shown ? 'hidePassword' : 'showPassword')}
            </button>
          </div>
          {signingUp && (
            <span className="hint password-hint">
              <span id={`${id}-password-rule`}>{t('passwordRule', RULES)}</span>{' '}
              <span id={`${id}-password-count`} className={length >= MIN_PASSWORD ? 'count-ok' : undefined} data-testid="password-count">
                {t('passwordCount', { ...RULES, typed: length })}
              </span>
            </span>
          )}
        </div>
        <button type="submit" className={passkeys && signingUp ? 'secondary' : undefined} disabled={busy} data-testid="auth-submit">
          {busy ? t('working') : t(signingUp ? 'createWithPassword' : 'signInWithPassword')}
        </button>
      </form>
      <p className="form-error" role="alert" data-testid="auth-error">
        {error?.text}
      </p>
      <p className="auth-switch">
        {signingUp ? (
          <Link href="/sign-in" data-testid="auth-to-sign-in">
            {t('haveAccount')}
          </Link>
        ) : (
          <Link href="/sign-up" data-testid="auth-to-sign-up">
            {t('noAccount')}
          </Link>
        )}
      </p>
    </section>
  );
}
