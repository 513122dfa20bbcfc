/**
 * In a real browser: the built client runs under the server's Content
 * Security Policy (no inline script allowed) without a single violation: the lobby, an offline
 * game (its Web Worker) and a game on the server (its WebSocket). Screenshots go to test-artifacts/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, playByClicking, shot, watchErrors } from '../helpers/browser.js';
import { until } from '../helpers/server.js';
import type { CspViolationEvent, InPage } from '../helpers/page.js';

const suite = browserSuite();

/** Records every CSP violation the page reports (from its first script on) and the console's CSP complaints. */
async function watchCsp(page: Page): Promise<{ violations: () => Promise<string[]>; console: string[] }> {
  await page.addInitScript(() => {
    const w = globalThis as unknown as InPage;
    const violations: string[] = [];
    w.__cspViolations = violations;
    w.document.addEventListener('securitypolicyviolation', (e: CspViolationEvent) =>
      violations.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const fromConsole: string[] = [];
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) fromConsole.push(m.text());
  });
  page.on('worker', (w) => w.on('console', (m) => fromConsole.push(`worker: ${m.text()}`)));
  return { violations: () => page.evaluate(() => [...((globalThis as unknown as InPage).__cspViolations ?? [])]), console: fromConsole };
}

test(
  'the built client loads the lobby, plays offline and on the server with zero CSP violations; an inline script is blocked and reported',
  { timeout: 90_000 },
  async () => {
    const page = await suite.browser.newPage();
    const errors = watchErrors(page);
    const csp = await watchCsp(page);
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));

    const res = await page.goto(suite.srv.base + '/');
    const policy = res?.headers()['content-security-policy'] ?? '';
    assert.match(policy, /script-src 'self'(;|$)/, `the page is served under a strict script-src: ${policy}`);
    await page.getByTestId('lobby').waitFor();
    await shot(page, 'csp-lobby.png');

    // Offline: the engine and bots run in a Web Worker.
    let card = page.getByTestId('bot-game');
    await card.getByTestId('where-local').check();
    await card.getByTestId('bots-start').click();
    await page.waitForURL((u) => u.pathname === '/local');
    await page.getByTestId('game-screen').waitFor({ timeout: 15_000 });
    const offline = await playByClicking(page, 'issue-13-csp-offline', { until: (s) => s.clicks >= 6 || (s.moves ?? 0) >= 6 });
    assert.ok((offline.moves ?? 0) > 0, 'the offline game moves (its worker runs)');
    await shot(page, 'csp-offline.png');

    // On the server: over the WebSocket.
    await page.goto(suite.srv.base + '/');
    card = page.getByTestId('bot-game');
    await card.getByTestId('where-server').check();
    await card.getByTestId('bots-start').click();
    await page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
    await page.getByTestId('game-screen').waitFor();
    const online = await playByClicking(page, 'issue-13-csp-server', { until: (s) => s.clicks >= 6 || (s.moves ?? 0) >= 6 });
    assert.ok((online.moves ?? 0) > 0, 'the server game moves');
    assert.ok(
      sockets.some((u) => u.endsWith('/ws')),
      `the page opened the server's WebSocket (${sockets.join(', ')})`,
    );
    await shot(page, 'csp-server-game.png');

    assert.deepEqual(await csp.violations(), [], 'no CSP violation');
    assert.deepEqual(csp.console, [], 'no CSP complaint on the console');
    assert.deepEqual(errors, [], 'no page error');

    // The watch works: an inline script is blocked and reported.
    await page.evaluate(() => {
      const d = (globalThis as unknown as InPage).document;
      const s = d.createElement('script');
      s.textContent = 'globalThis.__inlineRan = true';
      d.head.append(s);
    });
    await until(async () => (await csp.violations()).length > 0, 'the violation report of an inline script', 5000);
    assert.equal(await page.evaluate(() => (globalThis as unknown as InPage).__inlineRan), undefined, 'the inline script did not run');
    assert.match((await csp.violations())[0]!, /^script-src/);
  },
);
