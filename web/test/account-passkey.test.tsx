import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../src/i18n/index.js';
import { AuthPage } from '../src/account/AuthPage.js';
import { setSignedIn } from '../src/account/signed-in.js';
import { ACCOUNT, DETAILS, mockAccountServer, renderAt, SESSIONS } from './account-harness.js';

// The authenticator: jsdom has none, so the library's ceremonies are replaced; its error class is kept.
vi.mock('@simplewebauthn/browser', async (importOriginal) => {
  const orig = await importOriginal<typeof import('@simplewebauthn/browser')>();
  return { ...orig, browserSupportsWebAuthn: vi.fn(() => true), startRegistration: vi.fn(), startAuthentication: vi.fn() };
});
const { startAuthentication, startRegistration, WebAuthnError } = await import('@simplewebauthn/browser');
const { AccountPage } = await import('../src/account/AccountPage.js');

const REG_OPTIONS = { challenge: 'reg-challenge', rp: { name: 'Expedition' }, user: { id: 'u', name: 'ada_99', displayName: 'ada_99' } };
const AUTH_OPTIONS = { challenge: 'auth-challenge' };
const REG_RESPONSE = { id: 'cred', rawId: 'cred', type: 'public-key', response: { clientDataJSON: 'c', attestationObject: 'a' } };
const AUTH_RESPONSE = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'c', authenticatorData: 'd', signature: 's' },
};

beforeEach(async () => {
  localStorage.clear();
  setSignedIn(null);
  await i18n.changeLanguage('en');
  vi.mocked(startRegistration).mockReset();
  vi.mocked(startAuthentication).mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('passkeys', () => {
  it('sign-up: the name goes to the options, the options to the authenticator, its answer to verify', async () => {
    vi.mocked(startRegistration).mockResolvedValue(REG_RESPONSE as never);
    const calls = mockAccountServer({
      'POST /api/account/passkey/sign-up/options': [200, REG_OPTIONS],
      'POST /api/account/passkey/sign-up/verify': [201, { account: ACCOUNT }],
    });
    const loc = renderAt('/sign-up', <AuthPage mode="sign-up" />);
    fireEvent.change(screen.getByTestId('auth-name'), { target: { value: 'ada_99' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('passkey-sign-up'));
    });
    await waitFor(() => expect(loc.history.at(-1)).toBe('/'));
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/account/passkey/sign-up/options', { name: 'ada_99' }],
      ['POST', '/api/account/passkey/sign-up/verify', { name: 'ada_99', response: REG_RESPONSE }],
    ]);
    expect(vi.mocked(startRegistration).mock.calls[0]![0]).toEqual({ optionsJSON: REG_OPTIONS });
    expect(localStorage.getItem('expedition.account')).toBe(JSON.stringify({ name: 'ada_99' }));
  });

  it('sign-up with a passkey checks the name first, and needs no password', async () => {
    const calls = mockAccountServer({});
    renderAt('/sign-up', <AuthPage mode="sign-up" />);
    fireEvent.change(screen.getByTestId('auth-name'), { target: { value: 'x' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('passkey-sign-up'));
    });
    expect(screen.getByTestId('auth-error').textContent).toBe('A name has 3 to 20 characters.');
    expect(calls).toEqual([]);
    expect(startRegistration).not.toHaveBeenCalled();
  });

  it('sign-in: discoverable, no name asked; the answer goes to verify', async () => {
    vi.mocked(startAuthentication).mockResolvedValue(AUTH_RESPONSE as never);
    const calls = mockAccountServer({
      'POST /api/account/passkey/sign-in/options': [200, AUTH_OPTIONS],
      'POST /api/account/passkey/sign-in/verify': [200, { account: ACCOUNT }],
    });
    const loc = renderAt('/sign-in', <AuthPage mode="sign-in" />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('passkey-sign-in'));
    });
    await waitFor(() => expect(loc.history.at(-1)).toBe('/'));
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ['/api/account/passkey/sign-in/options', {}],
      ['/api/account/passkey/sign-in/verify', { response: AUTH_RESPONSE }],
    ]);
  });

  it('a cancelled passkey is said as such and nothing is sent to verify', async () => {
    vi.mocked(startAuthentication).mockRejectedValue(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    );
    const calls = mockAccountServer({ 'POST /api/account/passkey/sign-in/options': [200, AUTH_OPTIONS] });
    const loc = renderAt('/sign-in', <AuthPage mode="sign-in" />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('passkey-sign-in'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('auth-error').textContent).toBe('The passkey was cancelled or timed out. Nothing changed.'),
    );
    expect(calls.map((c) => c.url)).toEqual(['/api/account/passkey/sign-in/options']);
    expect(loc.history.at(-1)).toBe('/sign-in');
  });

  it('a passkey the server refuses at verify is said in words', async () => {
    vi.mocked(startAuthentication).mockResolvedValue(AUTH_RESPONSE as never);
    mockAccountServer({
      'POST /api/account/passkey/sign-in/options': [200, AUTH_OPTIONS],
      'POST /api/account/passkey/sign-in/verify': [401, { error: 'bad-credentials', message: 'unknown credential' }],
    });
    renderAt('/sign-in', <AuthPage mode="sign-in" />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('passkey-sign-in'));
    });
    await waitFor(() => expect(screen.getByTestId('auth-error').textContent).toBe('That name and password do not match an account.'));
  });

  it('the account page adds a passkey; one the authenticator holds already is said as such', async () => {
    vi.mocked(startRegistration)
      .mockResolvedValueOnce(REG_RESPONSE as never)
      .mockRejectedValueOnce(
        new WebAuthnError({
          message: 'registered',
          code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
          cause: new Error('InvalidStateError'),
        }),
      );
    const calls = mockAccountServer({
      'GET /api/account': [200, DETAILS],
      'GET /api/account/sessions': [200, SESSIONS],
      'POST /api/account/passkey/add/options': [200, REG_OPTIONS],
      'POST /api/account/passkey/add/verify': [200, {}],
    });
    renderAt('/account', <AccountPage />);
    const add = await screen.findByTestId('passkey-add');
    await act(async () => {
      fireEvent.click(add);
    });
    await waitFor(() => expect(screen.getByTestId('account-status').textContent).toBe('The passkey is added.'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/account/passkey/add/options', {}],
      ['/api/account/passkey/add/verify', { response: REG_RESPONSE }],
    ]);
    await act(async () => {
      fireEvent.click(screen.getByTestId('passkey-add'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('account-error').textContent).toBe('This device already holds a passkey for this account.'),
    );
  });

  it('an account without a password is deleted after a passkey sign-in when the server asks; never with another account’s passkey', async () => {
    vi.mocked(startAuthentication).mockResolvedValue(AUTH_RESPONSE as never);
    let signedInAgain = false;
    let verifyAs = ACCOUNT as { id: string; name: string };
    const calls = mockAccountServer({
      'GET /api/account': [200, { ...DETAILS, hasPassword: false }],
      'GET /api/account/sessions': [200, SESSIONS],
      'POST /api/account/passkey/sign-in/options': [200, AUTH_OPTIONS],
      'POST /api/account/passkey/sign-in/verify': () => {
        signedInAgain = verifyAs.id === ACCOUNT.id;
        return [200, { account: verifyAs }];
      },
      'DELETE /api/account': () => (signedInAgain ? [204] : [403, { error: 'reauth-needed', message: 'sign in again' }]),
    });
    renderAt('/account', <AccountPage />);
    fireEvent.click(await screen.findByTestId('account-delete'));
    expect(screen.queryByTestId('delete-password')).toBeNull();
    expect(screen.getByRole('dialog').textContent).toContain('you may be asked to confirm with your passkey');

    // Another account's passkey: that account is signed in now, and nothing is deleted.
    verifyAs = { id: 'a2', name: 'bob_77' };
    await act(async () => {
      fireEvent.click(screen.getByTestId('delete-confirm'));
    });
    await waitFor(() => expect(screen.getByTestId('delete-error').textContent).toContain('belongs to another account'));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(localStorage.getItem('expedition.account')).toBe(JSON.stringify({ name: 'bob_77' }));

    verifyAs = ACCOUNT;
    await act(async () => {
      fireEvent.click(screen.getByTestId('delete-confirm'));
    });
    await screen.findByTestId('account-deleted');
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body])).toEqual([
      ['DELETE', '/api/account', {}],
      ['POST', '/api/account/passkey/sign-in/options', {}],
      ['POST', '/api/account/passkey/sign-in/verify', { response: AUTH_RESPONSE }],
      ['DELETE', '/api/account', {}],
      ['POST', '/api/account/passkey/sign-in/options', {}],
      ['POST', '/api/account/passkey/sign-in/verify', { response: AUTH_RESPONSE }],
      ['DELETE', '/api/account', {}],
    ]);
  });
});
