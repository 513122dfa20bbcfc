/**
 * The lobby's and tables' small things in a real browser against the real server: the skip link and the
 * focus after a choice (keyboard), the status bar after the end of Relic Runners, replays that show
 * the points and say what they show, distinct lobby defaults with the start button in view, games
 * in progress that name their players and appear by themselves, and a lobby that loads no table.
 * Needs `npm run build:web` and Chromium. Screenshots: test-artifacts/polish-*.png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Match, RECORD_VERSION } from '../../src/core/match.js';
import { createRng } from '../../src/core/rng.js';
import { relicRunners } from '../../src/games/relic-runners/index.js';
import { browserSuite, movesAfter, shot, watchErrors, WEB_ROOT } from '../helpers/browser.js';
import { takeSeatByLink } from '../helpers/seat-link.js';
import { createGame, inviteKeys, joinSeat } from '../helpers/server.js';
import type { PageElement } from '../helpers/page.js';

const suite = browserSuite();

/** What the page's focus is on, for the assertions. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const d = (
      globalThis as unknown as {
        document: { activeElement: { getAttribute(n: string): string | null; closest(s: string): unknown } | null };
      }
    ).document;
    const a = d.activeElement;
    return {
      testid: a?.getAttribute('data-testid') ?? null,
      inPanel: a?.closest('[data-testid="decision-panel"]') != null,
      choosable: a?.getAttribute('data-choosable') != null,
    };
  });

test(
  'keyboard: Tab from the top reaches "Skip to your decision"; Enter lands in the decision panel; after a keyboard choice the focus is in the new panel',
  { timeout: 90_000 },
  async () => {
    const id = await createGame(suite.srv.base, {
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }],
      options: { layout: 'first', openScores: false },
    });
    const page = await suite.browser.newPage({ width: 1280, height: 800 });
    const errors = watchErrors(page);
    await takeSeatByLink(page, `${suite.srv.base}/game/${id}?seat=0&lang=en#key=${inviteKeys.get(id)!.get(0)!}`, 'Ann');
    // From the top of the page: a fresh load, not where the name prompt's button was.
    await page.getByTestId('game-screen').waitFor();
    await page.reload();
    await page.locator('[data-testid="decision-panel"].mine').waitFor({ timeout: 20_000 });

    await page.keyboard.press('Tab');
    assert.equal((await focused(page)).testid, 'skip-to-decision', 'the first Tab stop of a table page is the skip link');
    const skip = page.getByTestId('skip-to-decision');
    assert.equal(await skip.innerText(), 'Skip to your decision');
    const box = (await skip.boundingBox())!;
    assert.ok(box.y >= 0 && box.y + box.height <= 800, 'the skip link is visible once focused');
    await shot(page, 'polish-skip-link.png');
    await page.keyboard.press('Enter');
    assert.equal((await focused(page)).testid, 'decision-panel', 'Enter on the skip link puts the focus on the decision panel');

    // Tab to a choice and take it with the keyboard, three times.
    for (let round = 0; round < 3; round++) {
      await page.locator('[data-testid="decision-panel"].mine').waitFor({ timeout: 20_000 });
      const before = Number(await page.getByTestId('game-screen').getAttribute('data-moves'));
      let found = false;
      for (let i = 0; i < 80 && !found; i++) {
        await page.keyboard.press('Tab');
        found = (await focused(page)).choosable;
      }
      assert.ok(found, `round ${round}: a choice is reachable with Tab`);
      await page.keyboard.press('Enter');
      await movesAfter(page, before);
      // The new panel has it: its first control, or the panel while the bot decides.
      await page.waitForFunction(
        () => {
          const d = (globalThis as unknown as { document: { activeElement: { closest(s: string): unknown } | null } }).document;
          return d.activeElement?.closest('[data-testid="decision-panel"]') != null;
        },
        undefined,
        { timeout: 10_000 },
      );
    }
    assert.deepEqual(errors, []);
    await page.close();
  },
);

/** A Relic Runners game played to its end at random by the engine, as an offline save. */
function finishedSave(seed: string): { text: string; moves: number } {
  const rng = createRng(seed);
  const m = new Match(relicRunners, 2, seed, { layout: 'first', openScores: false }, RECORD_VERSION);
  for (let guard = 0; !m.over; guard++) {
    assert.ok(guard < 5000, `[seed ${seed}] the game did not end`);
    const cs = relicRunners.choices(m.state as never);
    m.play(cs[rng.int(cs.length)]);
  }
  const record = {
    ...m.record,
    players: [
      { kind: 'human', name: 'Ada' },
      { kind: 'bot', bot: 'greedy' },
    ],
    savedAt: Date.now(),
  };
  return { text: JSON.stringify(record), moves: m.record.choices.length };
}

test(
  'Relic Runners after the end: the status bar no longer reads "Relics 11 / 9"; a replay shows the points and says which move it shows',
  { timeout: 90_000 },
  async (t) => {
    const seed = process.env.WEB_TEST_SEED ?? 'polish-finished';
    t.diagnostic(`seed ${seed}`);
    const save = finishedSave(seed);
    const page = await suite.browser.newPage({ width: 1280, height: 800 });
    const errors = watchErrors(page);
    await page.goto(`${suite.srv.base}/?lang=en`);
    await page.evaluate(
      (text) =>
        (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
          'expedition.local.game',
          text,
        ),
      save.text,
    );

    // RR-END-1: the count may pass the end mark; after the end the bar says so instead of "11 / 9".
    // Saved under the single key of earlier versions: /local moves it into a slot and opens it.
    await page.goto(`${suite.srv.base}/local?lang=en`);
    await page.getByTestId('score-screen').waitFor({ timeout: 30_000 });
    const relics = await page.locator('.status-bar .relic-count').innerText();
    assert.match(relics, /^Relics: \d+ \(the end came at \d+\)$/);
    assert.doesNotMatch(relics, /\d+ \/ \d+/);

    // The replay is offered on the first screen, beside the score, not below the side panels.
    const replayLink = (await page.getByTestId('status-replay').boundingBox())!;
    assert.ok(
      replayLink.y + replayLink.height <= 800,
      `"Watch the replay" is in view without scrolling (${Math.round(replayLink.y)} px down)`,
    );
    await page.getByTestId('status-replay').click();
    await page.waitForURL((u) => u.pathname.startsWith('/replay/local'));
    const replayPath = new URL(page.url()).pathname;
    await page.getByTestId('replay').waitFor({ timeout: 30_000 });
    assert.equal(await page.getByTestId('replay').getAttribute('data-moves'), String(save.moves));
    const step = Math.floor(save.moves / 2);
    await page.getByTestId('replay-slider').fill(String(step));
    await page.waitForFunction(
      (s) =>
        (globalThis as unknown as { document: { querySelector(q: string): { getAttribute(n: string): string | null } | null } }).document
          .querySelector('[data-testid="replay"]')
          ?.getAttribute('data-step') === String(s),
      step,
    );
    const vps = await page.locator('[data-testid="vp"]').allInnerTexts();
    assert.equal(vps.length, 2);
    for (const v of vps) assert.match(v, /^\d+$/, "a replay shows every seat's VP (everything is public after the end)");
    const panel = await page.getByTestId('decision-panel').innerText();
    assert.match(
      panel,
      new RegExp(`^Replay, move ${step} of ${save.moves}\\. Next, (Ada|Greedy bot|Player [AB]|Bot B)[^:]*decides: .+\\.$`),
    );
    assert.doesNotMatch(panel, /Waiting for/);
    await shot(page, 'polish-replay-en.png');
    await page.goto(`${suite.srv.base}${replayPath}?lang=de`);
    await page.getByTestId('replay').waitFor({ timeout: 30_000 });
    await page.getByTestId('replay-forward').click();
    assert.match(await page.getByTestId('decision-panel').innerText(), /^Wiederholung, Zug 1 von \d+\. Als Nächstes entscheidet/);
    await shot(page, 'polish-replay-de.png');
    assert.deepEqual(errors, []);
    await page.close();
  },
);

test('lobby: the two cards start from different setups, and their start buttons are in view at 1280×800', { timeout: 60_000 }, async () => {
  const page = await suite.browser.newPage({ width: 1280, height: 800 });
  const errors = watchErrors(page);
  await page.goto(`${suite.srv.base}/?lang=en`);
  await page.getByTestId('lobby').waitFor();
  const bots = [await page.getByTestId('bots-game-choice').inputValue(), await page.getByTestId('bots-seats').inputValue()];
  const friends = [await page.getByTestId('friends-game-choice').inputValue(), await page.getByTestId('friends-seats').inputValue()];
  assert.deepEqual(bots, ['relic-runners', '2']);
  assert.deepEqual(friends, ['relic-runners', '4']);
  const inView = async (testId: string) => {
    const b = (await page.getByTestId(testId).boundingBox())!;
    return b.y >= 0 && b.y + b.height <= 800;
  };
  for (const lng of ['en', 'de', 'fr', 'pl']) {
    await page.goto(`${suite.srv.base}/?lang=${lng}`);
    await page.getByTestId('lobby').waitFor();
    assert.ok(await inView('bots-start'), `${lng}: "Start the game" is in view without scrolling`);
    assert.ok(await inView('friends-create'), `${lng}: "Create the game" is in view without scrolling`);
    await page.getByTestId('bots-seats').selectOption('5');
    await page.getByTestId('friends-seats').selectOption('5');
    assert.ok(await inView('bots-start'), `${lng}: with 5 seats too`);
    assert.ok(await inView('friends-create'), `${lng}: with 5 seats too`);
    // The friends form has no empty stretch: what follows each field starts right under it.
    const gaps = await page.getByTestId('table-settings').evaluate((el: PageElement) =>
      [...(el as unknown as { children: Iterable<PageElement> }).children]
        .map((c) => c.getBoundingClientRect())
        .filter((r) => r.height > 0)
        .map((r, i, all) => (i === 0 ? 0 : r.top - (all[i - 1]!.top + all[i - 1]!.height))),
    );
    assert.ok(Math.max(...gaps) <= 24, `${lng}: a gap of ${Math.round(Math.max(...gaps))} px in the friends form's settings`);
    const levelHints = await page
      .getByTestId('table-settings')
      .locator('.level-hint')
      .evaluateAll((els: PageElement[]) => els.map((e) => e.getBoundingClientRect().height));
    for (const h of levelHints) assert.ok(h <= 45, `${lng}: a bot level's hint ${Math.round(h)} px tall (two lines at most)`);
    await shot(page, `polish-lobby-${lng}.png`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test(
  'games in progress: names, seats, who is to act, moves and age; a new game appears without Refresh; an idle game is marked, not dropped',
  { timeout: 60_000 },
  async () => {
    const page = await suite.browser.newPage({ width: 1280, height: 800 });
    const errors = watchErrors(page);
    await page.goto(`${suite.srv.base}/?lang=en`);
    await page.getByTestId('open-games').waitFor();
    await page.locator('[data-testid="open-games"] .intro, [data-testid="open-game"]').first().waitFor();

    const id = await createGame(suite.srv.base, {
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }, { kind: 'human' }],
      options: { layout: 'first', openScores: false },
      open: true,
    });
    await joinSeat(suite.srv.base, id, 0, 'Ada');
    const row = page.locator(`[data-testid="open-game"][data-game="${id}"]`);
    // The lobby asks again within a few seconds of opening, not after a long polling period.
    await row.waitFor({ timeout: 8_000 });
    const text = await row.innerText();
    assert.match(text, /Relic Runners/);
    assert.doesNotMatch(text, new RegExp(id), 'no raw game id on the page');
    assert.match(await row.getByTestId('open-game-seats').innerText(), /A: Ada, B: Greedy bot, C: free seat/);
    assert.match(await row.getByTestId('open-game-facts').innerText(), /^Ada to play · 0 moves · started .+ · last move .+$/);
    await shot(page, 'polish-open-games.png');

    // Out of the server's memory (idle for long): still listed, marked idle.
    suite.srv.hub.evict(0, 0, Date.now() + 24 * 3600_000);
    await page.getByTestId('open-refresh').click();
    await page.locator(`[data-testid="open-game"][data-game="${id}"][data-idle="true"]`).waitFor({ timeout: 10_000 });
    assert.match(await row.innerText(), /idle[\s\S]*the players may have left/);
    assert.deepEqual(errors, []);
    await page.close();
  },
);

test('the lobby loads only its own chunks: the table comes when a game is opened', { timeout: 60_000 }, async () => {
  const html = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const id = await createGame(suite.srv.base, {
    seats: [
      { kind: 'bot', bot: 'random' },
      { kind: 'bot', bot: 'random' },
    ],
    options: { layout: 'first', openScores: false },
  });
  const page = await suite.browser.newPage({ width: 1280, height: 800 });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`${suite.srv.base}/?lang=en`);
  await page.getByTestId('lobby').waitFor();
  await page.waitForLoadState('networkidle');
  const lobby = new Set(scripts);
  await page.goto(`${suite.srv.base}/game/${id}?lang=en`);
  await page.getByTestId('game-screen').waitFor({ timeout: 20_000 });
  const table = [...new Set(scripts)].filter((s) => !lobby.has(s));
  assert.ok(table.length > 0, `the table page loads chunks the lobby did not (lobby loaded ${[...lobby].join(', ')})`);
  for (const s of table) assert.ok(!preloaded.includes(s), `${s} is not preloaded by the lobby page`);
  await page.close();
});

test(
  "keyboard at a Quetzal table: a place picked in the panel or on the board puts the focus on the next buttons; after a choice, on the next decision's first choice",
  { timeout: 90_000 },
  async () => {
    const id = await createGame(suite.srv.base, {
      game: 'quetzal',
      seed: 'polish-q-keys',
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'bot', bot: 'greedy' },
      ],
    });
    const token = await joinSeat(suite.srv.base, id, 0);
    const page = await suite.browser.newPage({ width: 1280, height: 800 });
    const errors = watchErrors(page);
    await page.goto(`${suite.srv.base}/?lang=en`);
    await page.evaluate(
      ([id, token]) =>
        (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
          `expedition.seat.${id}`,
          JSON.stringify({ seat: 0, token }),
        ),
      [id, token] as const,
    );
    await page.goto(`${suite.srv.base}/game/${id}?lang=en`);
    const targets = page.getByTestId('place-targets');
    await targets.waitFor({ timeout: 20_000 });

    // In the panel: Enter on a place; the pressed button is gone, the focus is on the first placement.
    await targets.locator('[data-choosable]').first().focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('place-chooser').waitFor();
    assert.equal((await focused(page)).testid, 'choice-place', 'after a place picked in the panel, the focus is on its first placement');
    // Back to the places: the focus is on the first of them.
    await page.getByTestId('place-back').focus();
    await page.keyboard.press('Enter');
    await targets.waitFor();
    const back = await focused(page);
    assert.ok(
      back.inPanel && back.testid?.startsWith('place-target-'),
      `after "choose another place", the focus is on a place (${back.testid})`,
    );

    // On the board: Enter on a place; the focus goes to the panel's placements, not left on the board.
    await page.locator('[data-testid="quetzal-board"] [data-testid^="target-"][data-choosable]').first().focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('place-chooser').waitFor();
    assert.equal((await focused(page)).testid, 'choice-place', 'after a place picked on the board, the focus is on its first placement');

    // A choice: once the next decision is the player's, its first choice has the focus.
    const before = Number(await page.getByTestId('game-screen').getAttribute('data-moves'));
    await page.keyboard.press('Enter');
    await movesAfter(page, before);
    await page.locator('[data-testid="decision-panel"].mine').waitFor({ timeout: 20_000 });
    await page
      .waitForFunction(
        () => {
          const a = (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document
            .activeElement;
          return a?.getAttribute('data-choosable') != null;
        },
        undefined,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    const next = await focused(page);
    assert.ok(next.inPanel && next.choosable, `after a choice, the focus is on the next decision's first choice (${next.testid})`);
    assert.deepEqual(errors, []);
    await page.close();
  },
);
