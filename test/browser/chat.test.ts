/**
 * The table chat in a real browser, three people in three browsers: two players talk (a text shown
 * as text, never as HTML; a quick phrase in each reader's language), a signed-in spectator talks
 * in the spectators' room, which a player reads only after asking to; a player mutes the other
 * seat, and the mute holds after a reload. Needs the built client (dist/web).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, shot, watchErrors } from '../helpers/browser.js';
import { uniqueName } from '../helpers/account-browser.js';
import { createGame, joinSeat } from '../helpers/server.js';
import type { InPage } from '../helpers/page.js';

const suite = browserSuite();

/** A page of a browser of its own holding `seat`'s token (as its link would leave it), in `lang`. */
async function seatPage(
  id: string,
  seat: number,
  token: string,
  lang: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await suite.browser.newPage(viewport);
  await page.addInitScript(
    ([gid, s, tok, lng]) => {
      const ls = (globalThis as unknown as InPage).localStorage;
      ls.setItem(`expedition.seat.${gid}`, JSON.stringify({ seat: s, token: tok }));
      ls.setItem('i18nextLng', lng);
    },
    [id, seat, token, lang] as const,
  );
  await page.goto(`${suite.srv.base}/game/${id}`);
  await page.getByTestId('chat').waitFor();
  await page.getByTestId('chat-phrases').locator('summary').click();
  return page;
}

/** The chat's shown messages, as their text. */
const texts = (page: Page) => page.getByTestId('chat-text').allInnerTexts();

/** Waits until the chat of `page` shows a message with exactly `text`. */
const showsMessage = (page: Page, text: string) =>
  page
    .getByTestId('chat-text')
    .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .first()
    .waitFor({ timeout: 10_000 });

test(
  'two players and a signed-in spectator in three browsers: texts stay text, phrases speak each reader’s language, the spectators’ room shows only on request, a mute holds after a reload',
  { timeout: 120_000 },
  async () => {
    const id = await createGame(suite.srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'chat-browser' });
    const tokens = [await joinSeat(suite.srv.base, id, 0, 'Ada'), await joinSeat(suite.srv.base, id, 1, 'Bo')];
    const ada = await seatPage(id, 0, tokens[0]!, 'en');
    const bo = await seatPage(id, 1, tokens[1]!, 'de', { width: 390, height: 844 });
    const errors = [...watchErrors(ada), ...watchErrors(bo)];

    // A text that would be markup is shown as it was typed.
    const hostile = '<img src=x onerror="window.__chatXss=1"><b>bold</b>';
    await ada.getByTestId('chat-input').fill(hostile);
    await ada.getByTestId('chat-input').press('Enter');
    await showsMessage(bo, hostile);
    assert.equal(
      await bo.locator('[data-testid="chat-messages"] img, [data-testid="chat-messages"] b').count(),
      0,
      'no element from the text',
    );
    assert.equal(await bo.evaluate(() => (globalThis as unknown as { __chatXss?: number }).__chatXss), undefined);
    assert.equal(await ada.getByTestId('chat-input').inputValue(), '', 'the field is emptied once sent');

    // A quick phrase: one code, each reader's words.
    await bo.getByTestId('chat-phrase-goodGame').click();
    await showsMessage(ada, 'Good game!');
    await showsMessage(bo, 'Gutes Spiel!');

    // A signed-in spectator, in a third browser.
    const fan = await suite.browser.newPage();
    const name = uniqueName('fan');
    const r = await fan.request.post(`${suite.srv.base}/api/account/sign-up`, {
      data: { name, password: 'correct horse battery' },
      headers: { origin: suite.srv.base },
    });
    assert.equal(r.status(), 201, await r.text());
    await fan.addInitScript(
      (n) => (globalThis as unknown as InPage).localStorage.setItem('expedition.account', JSON.stringify({ name: n })),
      name,
    );
    await fan.goto(`${suite.srv.base}/game/${id}`);
    await fan.getByTestId('chat').waitFor();
    assert.deepEqual(await texts(fan), [], "a spectator reads none of the players' words");
    await fan.getByTestId('chat-input').fill('Go Bo!');
    await fan.getByTestId('chat-send').click();
    await showsMessage(fan, 'Go Bo!');
    // Ada has not asked: nothing of it on her page. She asks, and it comes with its backlog.
    await ada.getByTestId('chat-phrase-thanks').click();
    await showsMessage(ada, 'Thanks!');
    assert.ok(!(await texts(ada)).includes('Go Bo!'), "the spectators' room is hidden until asked for");
    await ada.getByTestId('chat-show-spectators').check();
    await showsMessage(ada, 'Go Bo!');
    assert.ok(!(await texts(bo)).includes('Go Bo!'), 'only the player who asked reads it');
    await shot(ada, 'chat-players-and-spectators.png');

    // Bo mutes Ada: her next words do not reach his page, and the mute holds after a reload.
    await bo.getByTestId('chat-mute').first().click();
    await bo.getByTestId('chat-unmute').waitFor();
    await ada.getByTestId('chat-input').fill('can you hear me?');
    await ada.getByTestId('chat-input').press('Enter');
    await showsMessage(ada, 'can you hear me?');
    await bo.getByTestId('chat-phrase-oneMoment').click();
    await showsMessage(bo, 'Einen Moment, bitte.');
    assert.ok(!(await texts(bo)).some((t) => t.includes('hear me')), 'a muted seat is not shown');
    await bo.reload();
    await bo.getByTestId('chat-unmute').waitFor();
    await bo.getByTestId('chat-phrases').locator('summary').click();
    await showsMessage(bo, 'Gutes Spiel!');
    assert.ok(!(await texts(bo)).some((t) => t.includes('hear me') || t.includes('bold')), 'after a reload too');
    await shot(bo, 'chat-muted-de-390.png');

    // A guest watching reads the spectators' room and is told to sign in to speak.
    const guest = await suite.browser.newPage();
    await guest.goto(`${suite.srv.base}/game/${id}`);
    await showsMessage(guest, 'Go Bo!');
    await guest.getByTestId('chat-sign-in').waitFor();
    assert.equal(await guest.getByTestId('chat-input').count(), 0);
    assert.deepEqual(errors, []);
  },
);
