import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../src/i18n/index.js';
import { AccountMenu } from '../src/account/AccountMenu.js';
import { AccountPage } from '../src/account/AccountPage.js';
import { AuthPage } from '../src/account/AuthPage.js';
import { setSignedIn } from '../src/account/signed-in.js';
import { saveSeat } from '../src/net/api.js';
import { ACCOUNT, DETAILS, mockAccountServer, renderAt, SESSIONS, signedOutEachTest } from './account-harness.js';

signedOutEachTest();

const alertText = () => screen.getByTestId('auth-error').textContent;
const type = (testid: string, value: string) => fireEvent.change(screen.getByTestId(testid), { target: { value } });
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('auth-submit'));
  });
};

describe('sign-up form', () => {
  it('refuses a name outside 3 to 20 letters, digits, _ and - without asking the server, and says why', async () => {
    const calls = mockAccountServer({});
    renderAt('/sign-up', <AuthPage mode="sign-up" />);
    type('auth-password', 'correct horse battery');
    for (const [name, said] of [
      ['ab', 'A name has 3 to 20 characters.'],
      ['a'.repeat(21), 'A name has 3 to 20 characters.'],
      ['ada lovelace', 'A name may only use letters, digits, _ and -.'],
      ['adä', 'A name may only use letters, digits, _ and -.'],
    ] as const) {
      type('auth-name', name);
      await submit();
      expect(alertText()).toBe(said);
      expect(screen.getByTestId('auth-name').getAttribute('aria-invalid')).toBe('true');
    }
    expect(calls).toEqual([]);
  });

  it('counts the password as it is typed, refuses one of 11 characters and sends one of 12', async () => {
    const calls = mockAccountServer({ 'POST /api/account/sign-up': [201, { account: ACCOUNT }] });
    const loc = renderAt('/sign-up', <AuthPage mode="sign-up" />);
    expect(screen.getByText('At least 12 characters.')).toBeTruthy();
    type('auth-name', 'ada_99');
    type('auth-password', 'elevenchars');
    expect(screen.getByTestId('password-count').textContent).toBe('11 of 12');
    await submit();
    expect(alertText()).toBe('A password has at least 12 characters.');
    expect(calls).toEqual([]);
    // A character outside the BMP is one character, not two UTF-16 units.
    type('auth-password', 'elevenchar🦜');
    expect(screen.getByTestId('password-count').textContent).toBe('11 of 12');
    type('auth-password', 'twelve chars');
    expect(screen.getByTestId('password-count').textContent).toBe('12 of 12');
    await submit();
    await waitFor(() => expect(loc.history.at(-1)).toBe('/'));
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect([call!.method, call!.url, call!.body]).toEqual(['POST', '/api/account/sign-up', { name: 'ada_99', password: 'twelve chars' }]);
    expect(call!.init.credentials).toBe('same-origin');
    expect((call!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(localStorage.getItem('expedition.account')).toBe(JSON.stringify({ name: 'ada_99' }));
  });

  it('says a taken name in words', async () => {
    mockAccountServer({ 'POST /api/account/sign-up': [409, { error: 'name-taken', message: 'name taken' }] });
    renderAt('/sign-up', <AuthPage mode="sign-up" />);
    type('auth-name', 'ada_99');
    type('auth-password', 'twelve chars');
    await submit();
    await waitFor(() => expect(alertText()).toBe('That name is taken. Choose another.'));
  });
});

describe('sign-in form: the server’s error codes in the page’s language', () => {
  const cases = [
    [401, 'bad-credentials', 'en', 'That name and password do not match an account.'],
    [401, 'bad-credentials', 'de', 'Name und Passwort passen zu keinem Konto.'],
    [429, 'too-many-attempts', 'en', 'Too many attempts. Wait a few minutes, then try again.'],
    [429, 'too-many-attempts', 'pl', 'Zbyt wiele prób. Odczekaj kilka minut i spróbuj ponownie.'],
    [429, 'rate-limited', 'de', 'Zu viele Versuche. Warte ein paar Minuten und versuche es dann erneut.'],
    [503, 'busy', 'en', 'The server is busy right now. Try again in a moment.'],
    [500, 'db-down', 'en', 'That did not work (error “db-down”). Try again later.'],
    [500, 'db-down', 'fr', 'Cela n’a pas marché (erreur « db-down »). Réessayez plus tard.'],
  ] as const;
  for (const [status, code, lng, said] of cases) {
    it(`${status} ${code} in ${lng}`, async () => {
      await i18n.changeLanguage(lng);
      // The server's own message is never shown, and never as markup.
      mockAccountServer({ 'POST /api/account/sign-in': [status, { error: code, message: '<b id="injected">raw</b>' }] });
      const loc = renderAt('/sign-in', <AuthPage mode="sign-in" />);
      type('auth-name', 'ada_99');
      type('auth-password', 'wrong');
      await submit();
      await waitFor(() => expect(alertText()).toBe(said));
      expect(screen.getByTestId('auth-error').getAttribute('role')).toBe('alert');
      expect(document.getElementById('injected')).toBeNull();
      expect(document.body.textContent).not.toContain('raw');
      expect(loc.history.at(-1)).toBe('/sign-in');
      expect(localStorage.getItem('expedition.account')).toBeNull();
    });
  }

  it('an unreachable server is said as such', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderAt('/sign-in', <AuthPage mode="sign-in" />);
    type('auth-name', 'ada_99');
    type('auth-password', 'whatever');
    await submit();
    await waitFor(() => expect(alertText()).toBe('The server cannot be reached. Check your connection and try again.'));
  });

  it('signs in and goes to the lobby, where the header names the account', async () => {
    const calls = mockAccountServer({ 'POST /api/account/sign-in': [200, { account: ACCOUNT }], 'GET /api/account': [200, DETAILS] });
    const loc = renderAt(
      '/sign-in',
      <>
        <AccountMenu />
        <AuthPage mode="sign-in" />
      </>,
    );
    type('auth-name', 'ada_99');
    type('auth-password', 'a password!');
    await submit();
    await waitFor(() => expect(loc.history.at(-1)).toBe('/'));
    expect(calls[0]!.body).toEqual({ name: 'ada_99', password: 'a password!' });
    expect(screen.getByTestId('account-menu').textContent).toContain('ada_99');
  });
});

describe('passkeys offered only where the browser has them', () => {
  it('without WebAuthn: no passkey button, a notice, and the password form', () => {
    mockAccountServer({});
    expect(globalThis.PublicKeyCredential).toBeUndefined();
    renderAt('/sign-in', <AuthPage mode="sign-in" />);
    expect(screen.queryByTestId('passkey-sign-in')).toBeNull();
    expect(screen.getByTestId('no-passkeys').textContent).toBe('This browser cannot use passkeys: use a name and a password.');
    expect(screen.getByTestId('auth-password')).toBeTruthy();
    cleanup();
    renderAt('/sign-up', <AuthPage mode="sign-up" />);
    expect(screen.queryByTestId('passkey-sign-up')).toBeNull();
    expect(screen.getByTestId('no-passkeys')).toBeTruthy();
  });

  it('with WebAuthn: the passkey button first, the password as the other way', () => {
    mockAccountServer({});
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    renderAt('/sign-in', <AuthPage mode="sign-in" />);
    expect(screen.getByTestId('passkey-sign-in').textContent).toBe('Sign in with a passkey');
    expect(screen.queryByTestId('no-passkeys')).toBeNull();
    cleanup();
    renderAt('/sign-up', <AuthPage mode="sign-up" />);
    expect(screen.getByTestId('passkey-sign-up').textContent).toBe('Create the account with a passkey');
    expect(screen.getByTestId('auth-password')).toBeTruthy();
  });

  it('the account page offers adding a passkey only with WebAuthn', async () => {
    mockAccountServer({ 'GET /api/account': [200, DETAILS], 'GET /api/account/sessions': [200, SESSIONS] });
    renderAt('/account', <AccountPage />);
    await screen.findByTestId('account-page');
    expect(screen.queryByTestId('passkey-add')).toBeNull();
    expect(screen.getByTestId('passkeys').textContent).toContain('This browser cannot use passkeys.');
  });
});

describe('attaching the games this browser holds, after sign-up', () => {
  it('lists every held seat, ticked; sends only the chosen ones with their tokens; says what was attached and refused', async () => {
    saveSeat('g-one', { token: 'tok-one-0123456789', seat: 0, key: 'k1' });
    saveSeat('g-two', { token: 'tok-two-0123456789', seat: 2 });
    saveSeat('g-three', { token: 'tok-three-0123456789', seat: 1 });
    localStorage.setItem('expedition.seat.g-bad', '{"token":5}');
    const calls = mockAccountServer({
      'POST /api/account/sign-up': [201, { account: ACCOUNT }],
      'GET /api/games/g-one': [200, { id: 'g-one', game: 'quetzal', seats: [], status: 'active', moves: 3, toAct: 0, result: null }],
      'GET /api/games/g-two': [
        200,
        { id: 'g-two', game: 'relic-runners', seats: [], status: 'finished', moves: 90, toAct: null, result: {} },
      ],
      'POST /api/account/attach': [200, { attached: [{ gameId: 'g-one', seat: 0 }], refused: [{ gameId: 'g-two', seat: 2 }] }],
    });
    const loc = renderAt('/sign-up', <AuthPage mode="sign-up" />);
    type('auth-name', 'ada_99');
    type('auth-password', 'twelve chars');
    await submit();
    const list = await screen.findByTestId('attach-games');
    await waitFor(() => expect(within(list).getByText(/Quetzal, seat A \(in progress\)/)).toBeTruthy());
    expect(within(list).getByText(/Relic Runners, seat C \(finished\)/)).toBeTruthy();
    // A game the server did not describe is still listed, by its id.
    expect(within(list).getByText(/A game, seat B/)).toBeTruthy();
    const boxes = within(list).getAllByTestId<HTMLInputElement>('attach-game');
    expect(boxes.map((b) => [b.dataset.game, b.checked])).toEqual([
      ['g-one', true],
      ['g-three', true],
      ['g-two', true],
    ]);
    expect(loc.history.at(-1)).toBe('/sign-up');
    fireEvent.click(boxes[1]!);
    expect(screen.getByTestId('attach-submit').textContent).toBe('Add 2 games to my account');
    await act(async () => {
      fireEvent.click(screen.getByTestId('attach-submit'));
    });
    const attach = calls.find((c) => c.url === '/api/account/attach')!;
    expect(attach.method).toBe('POST');
    expect(attach.body).toEqual({
      seats: [
        { gameId: 'g-one', seat: 0, token: 'tok-one-0123456789' },
        { gameId: 'g-two', seat: 2, token: 'tok-two-0123456789' },
      ],
    });
    const done = await screen.findByTestId('attach-done');
    expect(done.textContent).toContain('1 game is now with your account.');
    expect(done.textContent).toContain('1 game could not be added');
    fireEvent.click(screen.getByTestId('attach-continue'));
    expect(loc.history.at(-1)).toBe('/');
  });

  it('a browser that holds no seat goes straight to the lobby', async () => {
    mockAccountServer({ 'POST /api/account/sign-up': [201, { account: ACCOUNT }] });
    const loc = renderAt('/sign-up', <AuthPage mode="sign-up" />);
    type('auth-name', 'ada_99');
    type('auth-password', 'twelve chars');
    await submit();
    await waitFor(() => expect(loc.history.at(-1)).toBe('/'));
  });
});

describe('the account page: devices', () => {
  const server = () =>
    mockAccountServer({
      'GET /api/account': [200, DETAILS],
      'GET /api/account/sessions': [200, SESSIONS],
      'DELETE /api/account/sessions/s2': [204],
      'DELETE /api/account/sessions': [204],
    });

  it('lists every signed-in device with its last use, marks this one, and offers no sign-out for it', async () => {
    server();
    renderAt('/account', <AccountPage />);
    const rows = await screen.findAllByTestId('session');
    expect(rows.map((r) => r.querySelector('strong')!.textContent)).toEqual([
      'Firefox on Linux this device',
      'Safari on iPhone',
      'Chrome on Windows',
    ]);
    expect(rows[0]!.textContent).toMatch(/last used .*2026/);
    expect(within(rows[0]!).queryByTestId('session-revoke')).toBeNull();
    expect(within(rows[1]!).getByTestId('session-revoke').getAttribute('aria-label')).toMatch(/^Sign out Safari on iPhone \(last used /);
    expect(screen.getByTestId('account-name').textContent).toBe('ada_99');
    expect(screen.getAllByTestId('passkey').map((p) => p.textContent)).toEqual([expect.stringContaining('never used')]);
  });

  it('signs out one device, then every other, each with its request, and shows the list again', async () => {
    const calls = server();
    renderAt('/account', <AccountPage />);
    const rows = await screen.findAllByTestId('session');
    await act(async () => {
      fireEvent.click(within(rows[1]!).getByTestId('session-revoke'));
    });
    await waitFor(() => expect(screen.getByTestId('account-status').textContent).toBe('Safari on iPhone is signed out.'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('sessions-revoke-others'));
    });
    await waitFor(() => expect(screen.getByTestId('account-status').textContent).toBe('Every other device is signed out.'));
    const changes = calls.filter((c) => c.method !== 'GET');
    expect(changes.map((c) => [c.method, c.url])).toEqual([
      ['DELETE', '/api/account/sessions/s2'],
      ['DELETE', '/api/account/sessions'],
    ]);
    for (const c of changes) {
      expect(c.init.credentials).toBe('same-origin');
      expect((c.init.headers as Record<string, string>)['content-type']).toBe('application/json');
    }
    // Each change is followed by the list as the server now has it.
    expect(calls.filter((c) => c.url === '/api/account/sessions' && c.method === 'GET')).toHaveLength(3);
  });

  it('a refused sign-out is said, and the list stays', async () => {
    mockAccountServer({
      'GET /api/account': [200, DETAILS],
      'GET /api/account/sessions': [200, SESSIONS],
      'DELETE /api/account/sessions/s2': [404, { error: 'no-session', message: 'gone' }],
    });
    renderAt('/account', <AccountPage />);
    const rows = await screen.findAllByTestId('session');
    await act(async () => {
      fireEvent.click(within(rows[1]!).getByTestId('session-revoke'));
    });
    await waitFor(() => expect(screen.getByTestId('account-error').textContent).toBe('That device was signed out already.'));
    expect(screen.getAllByTestId('session')).toHaveLength(3);
  });

  it('a session the server no longer knows shows the page signed out and drops the header’s name', async () => {
    setSignedIn(ACCOUNT);
    mockAccountServer({
      'GET /api/account': [401, { error: 'signed-out', message: 'no session' }],
      'GET /api/account/sessions': [401, {}],
    });
    renderAt('/account', <AccountPage />);
    expect((await screen.findByTestId('account-signed-out')).textContent).toContain('You are not signed in (any more).');
    expect(localStorage.getItem('expedition.account')).toBeNull();
  });
});

describe('the account page: export and delete', () => {
  it('the export is a plain download link', async () => {
    mockAccountServer({ 'GET /api/account': [200, DETAILS], 'GET /api/account/sessions': [200, SESSIONS] });
    renderAt('/account', <AccountPage />);
    const link = await screen.findByTestId<HTMLAnchorElement>('account-export');
    expect(link.getAttribute('href')).toBe('/api/account/export');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('deleting asks in a dialog that says finished games stay under "a deleted player"; Escape cancels, the password deletes', async () => {
    setSignedIn(ACCOUNT);
    const calls = mockAccountServer({
      'GET /api/account': [200, DETAILS],
      'GET /api/account/sessions': [200, SESSIONS],
      'DELETE /api/account': (body) =>
        (body as { password?: string }).password === 'the right one' ? [204] : [401, { error: 'bad-credentials', message: 'no' }],
    });
    renderAt('/account', <AccountPage />);
    const open = await screen.findByTestId('account-delete');
    fireEvent.click(open);
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('“a deleted player”');
    expect(document.activeElement).toBe(screen.getByTestId('delete-password'));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    fireEvent.click(open);
    type('delete-password', 'wrong');
    await act(async () => {
      fireEvent.click(screen.getByTestId('delete-confirm'));
    });
    await waitFor(() => expect(screen.getByTestId('delete-error').textContent).toBe('That name and password do not match an account.'));
    type('delete-password', 'the right one');
    await act(async () => {
      fireEvent.click(screen.getByTestId('delete-confirm'));
    });
    expect((await screen.findByTestId('account-deleted')).textContent).toContain('Your account is deleted.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([{ password: 'wrong' }, { password: 'the right one' }]);
    expect(localStorage.getItem('expedition.account')).toBeNull();
  });
});

describe('the header’s account entry', () => {
  it('a guest sees "Sign in" and the page asks the server nothing', () => {
    const calls = mockAccountServer({});
    renderAt('/', <AccountMenu />);
    expect(screen.getByTestId('account-sign-in').getAttribute('href')).toBe('/sign-in');
    expect(calls).toEqual([]);
  });

  it('signed in: the name opens a menu (profile, account page, sign out), Escape closes it; sign out calls the server and shows "Sign in"', async () => {
    setSignedIn(ACCOUNT);
    const calls = mockAccountServer({ 'GET /api/account': [200, DETAILS], 'POST /api/account/sign-out': [204] });
    renderAt('/', <AccountMenu />);
    const button = screen.getByTestId('account-menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('account-popup').hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('account-profile-link').getAttribute('href')).toBe('/player/ada_99');
    expect(screen.getByTestId('account-page-link').getAttribute('href')).toBe('/account');
    fireEvent.keyDown(screen.getByTestId('account-page-link'), { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    await act(async () => {
      fireEvent.click(screen.getByTestId('account-sign-out'));
    });
    await screen.findByTestId('account-sign-in');
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', '/api/account'],
      ['POST', '/api/account/sign-out'],
    ]);
    expect(calls[1]!.init.credentials).toBe('same-origin');
    expect(localStorage.getItem('expedition.account')).toBeNull();
  });

  it('a stored name whose session has ended turns back into "Sign in"', async () => {
    setSignedIn(ACCOUNT);
    mockAccountServer({ 'GET /api/account': [401, { error: 'signed-out', message: 'no session' }] });
    renderAt('/', <AccountMenu />);
    expect(screen.getByTestId('account-menu')).toBeTruthy();
    await screen.findByTestId('account-sign-in');
  });
});
