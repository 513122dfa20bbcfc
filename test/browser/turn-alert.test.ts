/**
 * In a real browser: it is clear when it is your turn. The tab's title says so while
 * it lasts and reverts after the move; the chime (recorded by the page's test hook, not listened
 * to) sounds when the turn comes if the player turned sound on, which is remembered; with the tab
 * hidden, a translated browser notification is shown, once the player allowed it from the table's
 * button (never asked on page load). Server games and offline games alike. Needs `npm run build`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { browserSuite, playByClicking, shot, watchErrors } from '../helpers/browser.js';
import { takeSeatByLink } from '../helpers/seat-link.js';
import { createGame, inviteKeys, live, until } from '../helpers/server.js';
import type { LiveGame } from '../../src/server/live-game.js';

const LOCALES = fileURLToPath(new URL('../../../web/src/i18n/locales', import.meta.url));
interface AlertStrings {
  readonly title: string;
  readonly notify: { readonly label: string };
  readonly notification: { readonly title: string; readonly body: string };
}
const alerts = (lng: string) => JSON.parse(readFileSync(join(LOCALES, lng, 'alerts.json'), 'utf8')) as AlertStrings;
const yourTurnTitle = (lng: string) => alerts(lng).title.replace('{{app}}', 'Expedition');
const BASE_TITLE = 'Expedition';

/** What the init script records in the page. */
interface Recorded {
  readonly __titles: string[];
  readonly __notes: { title: string; body: string | undefined }[];
  readonly __closed: number;
  readonly __asked: number;
  readonly __setHidden: (hidden: boolean) => void;
  readonly __expeditionChimes?: number[];
  readonly document: { readonly title: string; querySelector(s: string): { hasAttribute(a: string): boolean } | null };
}

/**
 * Runs in the page before its scripts (plain JavaScript: the tests are compiled without the DOM
 * types): records every title, every Notification made and closed and every permission request
 * (through a subclass of the real Notification), and lets the test hide the page
 * (document.visibilityState and hidden, with a visibilitychange event).
 */
const INSTRUMENT = `(() => {
  window.__titles = [];
  window.__notes = [];
  window.__closed = 0;
  window.__asked = 0;
  const record = () => {
    if (window.__titles.at(-1) !== document.title) window.__titles.push(document.title);
  };
  new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  let hidden = false;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  window.__setHidden = (h) => {
    hidden = h;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const Real = window.Notification;
  window.Notification = class extends Real {
    constructor(title, options) {
      window.__notes.push({ title, body: options && options.body });
      super(title, options);
    }
    close() {
      window.__closed++;
      super.close();
    }
    static requestPermission() {
      window.__asked++;
      return Real.requestPermission();
    }
  };
})();`;

const titles = (page: Page) => page.evaluate(() => (globalThis as unknown as Recorded).__titles);
const notes = (page: Page) => page.evaluate(() => (globalThis as unknown as Recorded).__notes);
const asked = (page: Page) => page.evaluate(() => (globalThis as unknown as Recorded).__asked);
const closed = (page: Page) => page.evaluate(() => (globalThis as unknown as Recorded).__closed);
const chimes = (page: Page) => page.evaluate(() => (globalThis as unknown as Recorded).__expeditionChimes?.length ?? 0);
const setHidden = (page: Page, hidden: boolean) => page.evaluate((h) => (globalThis as unknown as Recorded).__setHidden(h), hidden);

/** Waits for the title to be `title` (it is recorded as it changes, so nothing is missed between polls). */
const titleIs = (page: Page, title: string) =>
  page.waitForFunction((want) => (globalThis as unknown as Recorded).document.title === want, title, { timeout: 20_000 });

/** Whether the recorded titles went through `seq` in order, from position `from` on. */
async function titlesWent(page: Page, from: number, ...seq: string[]): Promise<boolean> {
  let i = 0;
  for (const t of (await titles(page)).slice(from)) if (t === seq[i]) i++;
  return i === seq.length;
}

const suite = browserSuite();

/** A server game: this page at seat A (first to act), a greedy bot at seat B that waits `botDelayMs`. */
async function seatedAgainstBot(page: Page, lang: string): Promise<{ id: string; g: LiveGame }> {
  const id = await createGame(suite.srv.base, {
    seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }],
    options: { layout: 'standard', startSeat: 0 },
    botDelayMs: 400,
  });
  await takeSeatByLink(page, `${suite.srv.base}/game/${id}?seat=0&lang=${lang}#key=${inviteKeys.get(id)!.get(0)!}`, 'Ana');
  await page.getByTestId('game-screen').waitFor();
  return { id, g: await live(suite.srv.hub, id) };
}

/** Plays seat A by clicking until the bot is to act, then waits for the turn to come back. */
async function playOneTurn(page: Page, g: LiveGame, seed: string): Promise<void> {
  await playByClicking(page, seed, { until: () => g.toAct() !== 0 || g.status !== 'active' });
  assert.equal(g.status, 'active', `[seed ${seed}] the game goes on`);
  await until(() => g.toAct() === 0, `[seed ${seed}] the bot to have played`, 20_000);
}

test(
  'the title says "your turn" and reverts after the move; the chime sounds when the turn comes, and the choice is remembered',
  { timeout: 90_000 },
  async (t) => {
    const seed = process.env.WEB_TEST_SEED ?? randomBytes(4).toString('hex');
    t.diagnostic(`seed ${seed} (set WEB_TEST_SEED to repeat)`);
    const page = await suite.browser.newPage({ width: 1280, height: 800 });
    const errors = watchErrors(page);
    await page.addInitScript({ content: INSTRUMENT });
    const { g } = await seatedAgainstBot(page, 'en');
    await titleIs(page, yourTurnTitle('en'));

    // Sound is off until the player turns it on; turning it on plays the chime once, as a sample.
    const sound = page.getByTestId('alert-sound');
    assert.equal(await sound.getAttribute('aria-pressed'), 'false');
    assert.equal(await chimes(page), 0);
    await sound.click();
    assert.equal(await sound.getAttribute('aria-pressed'), 'true');
    assert.equal(await chimes(page), 1, 'the sample chime');
    await shot(page, 'turn-alert-1280.png');

    const from = (await titles(page)).length;
    await playOneTurn(page, g, seed);
    await titleIs(page, yourTurnTitle('en'));
    assert.ok(
      await titlesWent(page, from, BASE_TITLE, yourTurnTitle('en')),
      `the title reverted after the move and came back with the turn: ${JSON.stringify((await titles(page)).slice(from))}`,
    );
    await until(async () => (await chimes(page)) === 2, 'the chime of the new turn');
    assert.equal((await notes(page)).length, 0, 'no notification without the player asking');

    // Remembered: after a reload sound is still on; the page opens on the player's turn without a chime.
    await page.reload();
    await page.getByTestId('game-screen').waitFor();
    assert.equal(await page.getByTestId('alert-sound').getAttribute('aria-pressed'), 'true', 'sound stays on');
    await titleIs(page, yourTurnTitle('en'));
    assert.equal(await chimes(page), 0, 'no chime for a turn the page opens on');
    await page.getByTestId('alert-sound').click();
    assert.equal(await page.getByTestId('alert-sound').getAttribute('aria-pressed'), 'false');
    await playOneTurn(page, g, `${seed}-2`);
    await titleIs(page, yourTurnTitle('en'));
    assert.equal(await chimes(page), 0, 'sound off: no chime');
    assert.deepEqual(errors, []);
  },
);

test(
  'notifications are asked for from the table\u2019s button only, and shown, translated, when the tab is hidden',
  { timeout: 90_000 },
  async (t) => {
    const seed = process.env.WEB_TEST_SEED ?? randomBytes(4).toString('hex');
    t.diagnostic(`seed ${seed} (set WEB_TEST_SEED to repeat)`);
    const page = await suite.browser.newPage({ width: 390, height: 844 });
    const errors = watchErrors(page);
    await page.addInitScript({ content: INSTRUMENT });
    const { g } = await seatedAgainstBot(page, 'de');
    await titleIs(page, yourTurnTitle('de'));
    const notify = page.getByTestId('alert-notify');
    assert.match(await notify.innerText(), new RegExp(alerts('de').notify.label));
    assert.equal(await asked(page), 0, 'no permission asked on page load');
    await shot(page, 'turn-alert-de-390.png');

    // Asked from the button: the browser (headless, nothing granted) says no, and nothing is shown.
    await notify.click();
    await until(async () => (await asked(page)) === 1, 'the permission request from the button');
    assert.equal(await notify.getAttribute('aria-pressed'), 'false');

    // Allowed in the browser's settings, then turned on from the button.
    await page.context().grantPermissions(['notifications'], { origin: suite.srv.base });
    await setHidden(page, true);
    await setHidden(page, false);
    await page.waitForFunction(
      () => !(globalThis as unknown as Recorded).document.querySelector('[data-testid="alert-notify"]')?.hasAttribute('disabled'),
    );
    if ((await notify.getAttribute('aria-pressed')) !== 'true') await notify.click();
    await until(async () => (await notify.getAttribute('aria-pressed')) === 'true', 'notifications on');

    // The tab hidden (the test still clicks in it) from before the player's move: the notification
    // comes when the turn does, after the bot's move, whenever that lands.
    await setHidden(page, true);
    await playOneTurn(page, g, seed);
    await until(async () => (await notes(page)).length === 1, 'one notification');
    const [note] = await notes(page);
    const de = alerts('de').notification;
    assert.deepEqual(note, { title: de.title, body: de.body.replace('{{game}}', 'Relic Runners') });
    await setHidden(page, false);
    await until(async () => (await closed(page)) >= 1, 'the notification closed once the tab is back');

    // Visible: the turn comes without a notification.
    await playOneTurn(page, g, `${seed}-2`);
    await titleIs(page, yourTurnTitle('de'));
    assert.equal((await notes(page)).length, 1, 'no notification while the tab is visible');
    assert.deepEqual(errors, []);
  },
);

test('in an offline game against bots the title follows the turn too', { timeout: 60_000 }, async (t) => {
  const seed = process.env.WEB_TEST_SEED ?? randomBytes(4).toString('hex');
  t.diagnostic(`seed ${seed} (set WEB_TEST_SEED to repeat)`);
  const page = await suite.browser.newPage();
  const errors = watchErrors(page);
  await page.addInitScript({ content: INSTRUMENT });
  await page.goto(suite.srv.base + '/?lang=fr');
  const card = page.getByTestId('bot-game');
  await card.getByTestId('bots-seats').selectOption('2');
  await card.getByTestId('where-local').check();
  await card.getByTestId('bots-start').click();
  await page.waitForURL((u) => u.pathname === '/local');
  await page.getByTestId('game-screen').waitFor({ timeout: 15_000 });
  await titleIs(page, yourTurnTitle('fr'));
  const from = (await titles(page)).length;
  const moves = async () => Number(await page.getByTestId('game-screen').getAttribute('data-moves'));
  const start = await moves();
  // Until a bot has played after the player and it is the player's turn again.
  await playByClicking(page, seed, {
    until: () => false,
    maxClicks: 60,
    onClick: async () => {
      if (await titlesWent(page, from, BASE_TITLE, yourTurnTitle('fr'))) throw new Done();
    },
  }).catch((e: unknown) => {
    if (!(e instanceof Done)) throw e;
  });
  await titleIs(page, yourTurnTitle('fr'));
  assert.ok(await titlesWent(page, from, BASE_TITLE, yourTurnTitle('fr')), `[seed ${seed}] the title reverted and came back`);
  assert.ok((await moves()) > start);
  assert.deepEqual(errors, []);
});

class Done extends Error {}
