/**
 * How the tests start Debian's Chromium (never a downloaded one), in one place for the browser
 * tests and for the test runner, which starts one Chromium for all the browser files of a run.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Set by the test runner for the browser files it starts: the shared Chromium's address. */
export const SHARED_CHROMIUM_ENV = 'EXPEDITION_CHROMIUM_WS';

const OPTIONS = {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

function assertInstalled(): void {
  assert.ok(
    existsSync(CHROMIUM),
    `Chromium is missing at ${CHROMIUM}: the browser tests need it. Install it with \`apt-get install -y chromium\``,
  );
}

/** A Chromium that several processes connect to (the test runner's, for a whole run). */
export async function launchChromiumServer(): Promise<BrowserServer> {
  assertInstalled();
  return chromium.launchServer(OPTIONS);
}

/**
 * The run's shared Chromium when the test runner started one, else a Chromium of this process's
 * own. Each is closed by `close()` on the result (a shared one is only disconnected from).
 */
export async function openChromium(): Promise<Browser> {
  const shared = process.env[SHARED_CHROMIUM_ENV];
  if (shared) return chromium.connect(shared);
  assertInstalled();
  return chromium.launch(OPTIONS);
}
