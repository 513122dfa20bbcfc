/**
 * Offline games in a real browser: each game its own save, listed in the lobby (game, seats, moves,
 * last played) with Resume and Delete (undo); the single save of earlier versions is kept, and an
 * unreadable save is listed as such and can be deleted. Needs `npm run build:web` and Chromium.
 * Screenshots: test-artifacts/saves-lobby-{en,de}.png, saves-phone-pl.png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, startOfflineGame, playByClicking, shot, watchErrors } from '../helpers/browser.js';

const suite = browserSuite();

/** The page's localStorage, as far as these tests use it (the shared InPage type has less). */
interface Storage {
  readonly localStorage: {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
    readonly length: number;
    key(i: number): string | null;
  };
}

/** The fields of a saved record these tests read. */
const record = (text: string) => JSON.parse(text) as { game: string; choices: unknown[] };

const savesIn = (page: Page) =>
  page.evaluate(() => {
    const ls = (globalThis as unknown as Storage).localStorage;
    const out: Record<string, string> = {};
    for (let i = 0; i < ls.length; i++) {
      const k = ls.key(i)!;
      if (k.startsWith('expedition.local.save.')) out[k.slice('expedition.local.save.'.length)] = ls.getItem(k)!;
    }
    return out;
  });

/** Starts an offline game from the lobby's bot card and plays a few of the person's choices. */
async function startOffline(page: Page, game: 'relic-runners' | 'quetzal', seed: string): Promise<void> {
  await startOfflineGame(page, suite.srv.base, game);
  await page.getByTestId('game-screen').waitFor({ timeout: 30_000 });
  await playByClicking(page, seed, { until: (s) => s.clicks >= 3 });
}

test(
  'offline: two games, two saves, listed in the lobby; resume the one chosen; delete with undo; a corrupt and an old save',
  { timeout: 240_000 },
  async (t) => {
    const seed = process.env.WEB_TEST_SEED ?? 'offline-saves';
    t.diagnostic(`seed ${seed} (set WEB_TEST_SEED to change)`);
    const page = await suite.browser.newPage({ width: 1280, height: 800 });
    const errors = watchErrors(page);

    await startOffline(page, 'relic-runners', seed);
    const first = await savesIn(page);
    assert.equal(Object.keys(first).length, 1, 'the first game has its save');
    // A second game started from the lobby: the first one's save must survive it.
    await startOffline(page, 'quetzal', seed + '-2');
    const both = await savesIn(page);
    assert.equal(Object.keys(both).length, 2, 'a new game never overwrites the other save');
    const [rrSlot] = Object.keys(first);
    const qSlot = Object.keys(both).find((s) => s !== rrSlot)!;
    assert.equal(record(both[qSlot]!).game, 'quetzal');

    // A save of an earlier version (the single key) and an unreadable one.
    await page.evaluate((text) => {
      const ls = (globalThis as unknown as Storage).localStorage;
      ls.setItem('expedition.local.game', text);
      ls.setItem('expedition.local.save.broken', '{"format":"expedition-match", oops');
    }, first[rrSlot!]!);

    await page.goto(suite.srv.base + '/?lang=en');
    const list = page.getByTestId('saved-games');
    await list.waitFor();
    const rows = list.getByTestId('saved-game');
    // Read once no game runs any more (the bots may have played on after the reads above).
    const atLobby = await savesIn(page);
    assert.equal(await rows.count(), 4, 'both games, the migrated old save and the unreadable one');
    assert.equal(await page.evaluate(() => (globalThis as unknown as Storage).localStorage.getItem('expedition.local.game')), null);
    // Most recently played first: the Quetzal game.
    const top = rows.first();
    assert.equal(await top.getAttribute('data-slot'), qSlot);
    const topText = await top.innerText();
    assert.match(topText, /Quetzal/);
    assert.match(topText, /A: you/);
    assert.match(topText, /B: Greedy bot/);
    const qMoves = record(atLobby[qSlot]!).choices.length;
    assert.match(topText, new RegExp(`${qMoves} moves? · last played`));
    const broken = list.locator('[data-testid="saved-game"][data-kind="corrupt"]');
    assert.equal(await broken.count(), 1);
    assert.match(await broken.innerText(), /Unreadable saved game/);
    assert.equal(await broken.getByTestId('save-resume').count(), 0, 'an unreadable save cannot be resumed');
    assert.match(await list.innerText(), /last played: not recorded/, 'the old save has no date');
    // At 1280×800 the saves are on the first screen, beside the forms, not a row below them.
    const resume = (await rows.first().getByTestId('save-resume').boundingBox())!;
    assert.ok(resume.y + resume.height <= 800, `the first save's Resume is in view without scrolling (${Math.round(resume.y)} px down)`);
    await shot(page, 'saves-lobby-en.png');

    // Delete the unreadable one; delete the Relic Runners game and take that back.
    await broken.getByTestId('save-delete').click();
    await page.getByTestId('save-deleted').waitFor();
    assert.equal(await rows.count(), 3);
    const rrRow = list.locator(`[data-slot="${rrSlot}"]`);
    await rrRow.getByTestId('save-delete').click();
    assert.equal(await rows.count(), 2);
    assert.equal((await savesIn(page))[rrSlot!], undefined, 'deleted from the device');
    await page.getByTestId('save-undo').click();
    assert.equal(await rows.count(), 3);
    assert.equal((await savesIn(page))[rrSlot!], atLobby[rrSlot!], 'undo puts the save back as it was');

    // Resume the Relic Runners game: its own board, not the later Quetzal game.
    await rrRow.getByTestId('save-resume').click();
    await page.waitForURL((u) => u.pathname === `/local/${rrSlot}`);
    await page.getByTestId('game-screen').waitFor({ timeout: 30_000 });
    await page.getByTestId('board').waitFor();
    assert.equal(await page.getByTestId('quetzal-board').count(), 0);
    const rrMoves = record(atLobby[rrSlot!]!).choices.length;
    assert.ok(Number(await page.getByTestId('game-screen').getAttribute('data-moves')) >= rrMoves, 'resumed where it was left');

    // Other languages and the phone.
    await page.goto(suite.srv.base + '/?lang=de');
    await page.getByTestId('saved-games').waitFor();
    assert.match(await page.getByTestId('saved-games').innerText(), /Spiele auf diesem Gerät[\s\S]*Weiterspielen/);
    await shot(page, 'saves-lobby-de.png');
    const phone = await suite.browser.newPage({ width: 390, height: 844 });
    const phoneErrors = watchErrors(phone);
    await phone.goto(suite.srv.base + '/?lang=pl');
    // A browser with nothing saved shows no list.
    await phone.getByTestId('lobby').waitFor();
    assert.equal(await phone.getByTestId('saved-games').count(), 0);
    await phone.evaluate((saves) => {
      for (const [slot, text] of Object.entries(saves))
        (globalThis as unknown as Storage).localStorage.setItem(`expedition.local.save.${slot}`, text);
    }, atLobby);
    await phone.reload();
    await phone.getByTestId('saved-games').waitFor();
    assert.match(await phone.getByTestId('saved-games').innerText(), /Gry na tym urządzeniu/);
    await phone.getByTestId('saved-games').scrollIntoViewIfNeeded();
    await shot(phone, 'saves-phone-pl.png');
    assert.deepEqual([...errors, ...phoneErrors], []);
  },
);
