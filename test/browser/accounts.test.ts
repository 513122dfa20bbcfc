/**
 * Accounts in a real browser against the real server, on a phone-sized page: sign up with a
 * password, sign out, sign in; sign up with a passkey (Chromium's virtual authenticator), sign out,
 * sign in with it; a guest's server game attached at sign-up; a guest's lobby asks nothing about
 * accounts; the header's menu by keyboard; no text cut on the account pages in any language. Needs `npm run build:web` and Chromium. Screenshots:
 * test-artifacts/accounts-*.png (English and Polish).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { browserSuite, freshName, shot, watchErrors } from '../helpers/browser.js';
import { describeFaults, textFaults } from '../helpers/text-fit.js';
import type { InPage } from '../helpers/page.js';

const LOCALES = fileURLToPath(new URL('../../../web/src/i18n/locales', import.meta.url));
interface AccountStrings {
  readonly error: Record<string, string>;
  readonly attach: Record<string, string>;
  readonly page: Record<string, string>;
}
const words = (lng: string) => JSON.parse(readFileSync(join(LOCALES, lng, 'account.json'), 'utf8')) as AccountStrings;

const PHONE = { width: 390, height: 844 };

const suite = browserSuite({ localhost: true });
const base = () => suite.base;

/** A fresh name per test (each test signs up its own account on the one server). */

/** Chromium's virtual authenticator on this page: a platform authenticator with resident keys that verifies the user. */
async function addAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

/** The data-testid of the element that has the focus. */
const focusedTestId = (page: Page) =>
  page.evaluate(
    () =>
      (
        globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }
      ).document.activeElement?.getAttribute('data-testid') ?? null,
  );

const signedInAs = async (page: Page, name: string) => {
  await page.getByTestId('account-menu').waitFor();
  assert.equal(await page.getByTestId('account-menu').locator('.account-name').innerText(), name);
};

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('account-sign-out').click();
  await page.getByTestId('account-sign-in').waitFor();
  assert.equal(await page.evaluate(() => (globalThis as unknown as InPage).localStorage.getItem('expedition.account')), null);
}

test('password: sign up, sign out, a wrong password refused in words, sign in', { timeout: 60_000 }, async () => {
  const page = await suite.browser.newPage(PHONE);
  const errors = watchErrors(page);
  const name = freshName('pw');
  await page.goto(`${base()}/?lang=en`);
  await page.getByTestId('account-sign-in').click();
  await page.getByTestId('auth-to-sign-up').click();
  await page.getByTestId('auth-sign-up').waitFor();
  await page.getByTestId('auth-name').fill(name);
  await page.getByTestId('auth-password').fill('short');
  assert.equal(await page.getByTestId('password-count').innerText(), '5 of 12');
  await page.getByTestId('auth-submit').click();
  assert.equal(await page.getByTestId('auth-error').innerText(), 'A password has at least 12 characters.');
  await shot(page, 'accounts-sign-up-en-390.png');
  await page.getByTestId('auth-password').fill('a long enough password');
  await page.getByTestId('auth-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  await signedInAs(page, name);
  await page.getByTestId('lobby').waitFor();
  await shot(page, 'accounts-lobby-signed-in-en-390.png');

  // The same name again is taken.
  const other = await suite.browser.newPage(PHONE);
  await other.goto(`${base()}/sign-up?lang=en`);
  await other.getByTestId('auth-name').fill(name);
  await other.getByTestId('auth-password').fill('another long password');
  await other.getByTestId('auth-submit').click();
  await other.getByTestId('auth-error').filter({ hasText: /\S/ }).waitFor();
  assert.equal(await other.getByTestId('auth-error').innerText(), words('en').error.nameTaken);

  await signOut(page);
  await page.getByTestId('account-sign-in').click();
  await page.getByTestId('auth-name').fill(name);
  await page.getByTestId('auth-password').fill('not the password');
  await page.getByTestId('auth-submit').click();
  await page.getByTestId('auth-error').filter({ hasText: /\S/ }).waitFor();
  assert.equal(await page.getByTestId('auth-error').innerText(), words('en').error.badCredentials);
  await shot(page, 'accounts-sign-in-refused-en-390.png');
  await page.getByTestId('auth-password').fill('a long enough password');
  await page.getByTestId('auth-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  await signedInAs(page, name);

  // The account page: one device, this one (the sign-up's session ended at sign-out).
  await page.getByTestId('account-menu').click();
  await page.getByTestId('account-page-link').click();
  const sessions = page.getByTestId('session');
  await sessions.first().waitFor();
  assert.equal(await sessions.count(), 1);
  assert.equal(await sessions.first().getAttribute('data-current'), 'true');
  await shot(page, 'accounts-page-en-390.png');
  assert.deepEqual(errors, []);
});

test('passkey: sign up with the virtual authenticator, sign out, sign in with it (Polish)', { timeout: 60_000 }, async () => {
  const page = await suite.browser.newPage(PHONE);
  const errors = watchErrors(page);
  await addAuthenticator(page);
  const name = freshName('pk');
  await page.goto(`${base()}/sign-up?lang=pl`);
  await page.getByTestId('auth-name').fill(name);
  await shot(page, 'accounts-sign-up-pl-390.png');
  await page.getByTestId('passkey-sign-up').click();
  await page.waitForURL((u) => u.pathname === '/');
  await signedInAs(page, name);

  await page.goto(`${base()}/account`);
  await page.getByTestId('passkey').first().waitFor();
  assert.equal(await page.getByTestId('passkey').count(), 1, 'the passkey made at sign-up is listed');
  await shot(page, 'accounts-page-pl-390.png');

  await signOut(page);
  await page.goto(`${base()}/sign-in`);
  await page.getByTestId('passkey-sign-in').click();
  await page.waitForURL((u) => u.pathname === '/');
  await signedInAs(page, name);
  assert.deepEqual(errors, []);
});

test('a guest’s server game is attached at sign-up, by the player’s choice', { timeout: 60_000 }, async () => {
  const page = await suite.browser.newPage(PHONE);
  const errors = watchErrors(page);
  await page.goto(`${base()}/?lang=en`);
  await page.getByTestId('where-server').check();
  await page.getByTestId('bots-start').click();
  await page.waitForURL((u) => u.pathname.startsWith('/game/'));
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await page.getByTestId('game-screen').waitFor();

  const name = freshName('att');
  await page.goto(`${base()}/sign-up`);
  await page.getByTestId('auth-name').fill(name);
  await page.getByTestId('auth-password').fill('a long enough password');
  await page.getByTestId('auth-submit').click();
  const list = page.getByTestId('attach-games');
  await list.waitFor();
  const box = list.locator(`[data-testid="attach-game"][data-game="${id}"]`);
  assert.ok(await box.isChecked(), 'the held game is offered, ticked');
  await list.getByText(/Relic Runners, seat A \(in progress\)/).waitFor();
  await shot(page, 'accounts-attach-en-390.png');
  await page.getByTestId('attach-submit').click();
  const done = page.getByTestId('attach-done');
  await done.waitFor();
  assert.match(await done.innerText(), /1 game is now with your account\./);

  // The account's export lists the game at its seat.
  interface Exported {
    readonly games: readonly { readonly id: string; readonly seat: number }[];
  }
  const exported = await page.evaluate(async () => {
    const res = await fetch('/api/account/export', { credentials: 'same-origin' });
    return (await res.json()) as Exported;
  });
  assert.deepEqual(
    exported.games.map((g) => [g.id, g.seat]),
    [[id, 0]],
  );
  await page.getByTestId('attach-continue').click();
  await page.waitForURL((u) => u.pathname === '/');
  assert.deepEqual(errors, []);
});

test('a guest’s lobby and table ask the server nothing about accounts', { timeout: 60_000 }, async () => {
  const page = await suite.browser.newPage(PHONE);
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/account')) asked.push(path);
  });
  await page.goto(`${base()}/?lang=en`);
  await page.getByTestId('lobby').waitFor();
  await page.getByTestId('where-server').check();
  await page.getByTestId('bots-start').click();
  await page.getByTestId('game-screen').waitFor();
  await page.getByTestId('account-sign-in').waitFor();
  assert.deepEqual(asked, []);
});

test(
  'keyboard: the header’s account menu opens with Enter, lists profile and account, closes with Escape',
  { timeout: 60_000 },
  async () => {
    const page = await suite.browser.newPage(PHONE);
    const name = freshName('kb');
    await page.goto(`${base()}/sign-up?lang=en`);
    await page.getByTestId('auth-name').fill(name);
    await page.getByTestId('auth-password').fill('a long enough password');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('account-menu').focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.getByTestId('account-menu').getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('Tab');
    assert.equal(await focusedTestId(page), 'account-profile-link');
    await page.keyboard.press('Tab');
    assert.equal(await focusedTestId(page), 'account-page-link');
    await shot(page, 'accounts-menu-en-390.png');
    await page.keyboard.press('Escape');
    assert.equal(await page.getByTestId('account-menu').getAttribute('aria-expanded'), 'false');
    assert.equal(await focusedTestId(page), 'account-menu');
  },
);

test('the account pages: no text cut, broken or covered in en, de, fr, pl on a phone', { timeout: 90_000 }, async () => {
  const page = await suite.browser.newPage(PHONE);
  const faults: string[] = [];
  const measure = async (path: string, ready: string) => {
    for (const lng of ['en', 'de', 'fr', 'pl']) {
      await page.goto(`${base()}${path}?lang=${lng}`);
      await page.getByTestId(ready).first().waitFor();
      faults.push(...describeFaults(`${path} ${lng}`, await textFaults(page)));
    }
  };
  await measure('/sign-in', 'auth-sign-in');
  await measure('/sign-up', 'auth-sign-up');
  await page.goto(`${base()}/sign-up?lang=en`);
  await page.getByTestId('auth-name').fill(freshName('fit_longer_name').slice(0, 20));
  await page.getByTestId('auth-password').fill('a long enough password');
  await page.getByTestId('auth-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  await measure('/', 'lobby');
  await measure('/account', 'session');
  assert.deepEqual(faults, []);
});
