import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { ApiError } from '../net/api.js';
import { signOut } from '../net/account.js';
import { profileHref } from '../net/ratings.js';
import { errorText } from './errors.js';
import { confirmSignedIn, setSignedIn, useSignedIn } from './signed-in.js';

/**
 * The header's account entry: "Sign in" for a guest; for an account, its name opening a small menu
 * (the player's profile, the account page, sign out). A disclosure rather than an ARIA menu: Tab moves through its
 * items as through any links, Escape closes it and gives the focus back to its button.
 */
export function AccountMenu() {
  const { t } = useTranslation('account');
  const signedIn = useSignedIn();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [location, navigate] = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const menuId = useId();

  // Once per page load: the session behind the stored name may have ended meanwhile.
  useEffect(() => {
    void confirmSignedIn();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (!signedIn) {
    if (location === '/sign-in' || location === '/sign-up') return null;
    return (
      <Link href="/sign-in" className="account-entry" data-testid="account-sign-in">
        {t('signIn')}
      </Link>
    );
  }

  const out = async () => {
    setError(null);
    try {
      await signOut();
    } catch (e) {
      // A session the server no longer knows is signed out all the same.
      if (!(e instanceof ApiError && e.status === 401)) {
        setError(errorText(t, e));
        return;
      }
    }
    setSignedIn(null);
    setOpen(false);
    if (location === '/account') navigate('/');
  };

  return (
    <div
      className="account-menu"
      ref={box}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="account-entry"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('menuOf', { name: signedIn.name })}
        onClick={() => setOpen((o) => !o)}
        data-testid="account-menu"
      >
        <span className="account-name">{signedIn.name}</span>
        <span aria-hidden="true"> ▾</span>
      </button>
      <div id={menuId} className="account-popup" hidden={!open} data-testid="account-popup">
        <Link href={profileHref(signedIn.name)} onClick={() => setOpen(false)} data-testid="account-profile-link">
          {t('profile')}
        </Link>
        <Link href="/account" onClick={() => setOpen(false)} data-testid="account-page-link">
          {t('account')}
        </Link>
        <button type="button" className="secondary" onClick={() => void out()} data-testid="account-sign-out">
          {t('signOut')}
        </button>
        <p className="form-error" role="alert">
          {error}
        </p>
      </div>
    </div>
  );
}
