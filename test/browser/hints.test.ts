/**
 * Hints in a real browser: an offline game against a bot, the Hint button, the marked choice
 * and the sentence saying why; playing the marked choice is accepted and takes the hint away.
 * Needs `npm run build:web` and Chromium. Screenshots: test-artifacts/hint-{game}-{laptop,phone}.png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, startOfflineGame, shot, watchErrors } from '../helpers/browser.js';
import type { InPage } from '../helpers/page.js';

const suite = browserSuite();

const SIZES = {
  laptop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** Starts an offline game against the lobby's bots and waits for the person's decision (bots may play first). */
async function startOffline(page: Page, game: 'relic-runners' | 'quetzal'): Promise<void> {
  await startOfflineGame(page, suite.srv.base, game);
  await page.getByTestId('hint-button').waitFor({ timeout: 30_000 });
}

const moves = async (page: Page) => Number(await page.getByTestId('game-screen').getAttribute('data-moves'));

for (const game of ['relic-runners', 'quetzal'] as const) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(
      `offline ${game} on a ${size}: Hint marks an offered choice and says why; playing it is accepted`,
      { timeout: 120_000 },
      async () => {
        const page = await suite.browser.newPage(viewport);
        const errors = watchErrors(page);
        await startOffline(page, game);
        const before = await moves(page);

        await page.getByTestId('hint-button').click();
        const reason = page.getByTestId('hint-reason');
        await reason.waitFor({ timeout: 20_000 });
        assert.match(
          (await reason.textContent()) ?? '',
          /^Suggested: (it gains the most in [a-z ]+ \(\+\d+\.\d\)|it loses the least, in [a-z ]+ \(-\d+\.\d\)|no move gains anything by the end of this turn; this is the bot’s choice)$/,
        );
        const hinted = page.locator('[data-hinted]');
        assert.ok((await hinted.count()) >= 1, 'nothing is marked');
        // Every marked element is one a person can choose, and says so to a screen reader or shows the badge.
        for (const el of await hinted.all()) {
          assert.equal(await el.getAttribute('data-choosable'), '', 'a marked element is not a choice');
          const named = ((await el.getAttribute('aria-label')) ?? '').endsWith(', suggested');
          const badged = (await el.locator('[data-testid="hint-badge"], .hint-svg-badge').count()) > 0;
          assert.ok(named || badged, 'a marked element has neither the badge nor the words');
        }
        await hinted.first().scrollIntoViewIfNeeded();
        await shot(page, `hint-${game}-${size}.png`);

        // Follow the mark: a board target may first open the list of its choices (routes, how many figures).
        for (let step = 0; step < 3 && (await moves(page)) === before; step++) {
          const exact = page.locator('[data-hinted][data-choice]');
          const el = (await exact.count()) > 0 ? exact.first() : hinted.first();
          const choice = await el.getAttribute('data-choice');
          if (choice !== null) assert.equal(typeof (JSON.parse(choice) as { t?: unknown }).t, 'string');
          try {
            await el.click({ timeout: 2000 });
          } catch {
            // An SVG target under a label: the click a keyboard user would give it.
            await el.dispatchEvent('click');
          }
          if (choice === null) {
            // A place picked: the mark moves on to its choices in the panel, on screen, and leaves the place.
            const exactNow = page.locator('[data-hinted][data-choice]');
            await exactNow.first().waitFor({ timeout: 5000 });
            assert.equal(
              await page.locator('[data-hinted]:not([data-choice])').count(),
              0,
              'a place already picked still carries the hint',
            );
            const box = await exactNow.first().boundingBox();
            assert.ok(box && box.y >= 0 && box.y + box.height <= viewport.height, `the suggested choice is off the screen (${box?.y} px)`);
          }
          if (choice !== null) {
            await page.waitForFunction(
              (n) =>
                (globalThis as unknown as InPage).document.querySelector('[data-testid="game-screen"]')?.getAttribute('data-moves') !==
                String(n),
              before,
              { timeout: 20_000 },
            );
          }
        }
        assert.notEqual(await moves(page), before, 'the marked choice was not played');
        assert.equal(await page.locator('.error-banner').count(), 0, 'the marked choice was refused');
        assert.equal(await page.getByTestId('hint-reason').count(), 0, 'the hint outlived its state');
        assert.deepEqual(errors, []);
        await page.context().close();
      },
    );
  }
}
