/**
 * The Bot API in real browsers against the real server: the bot's owner makes the account a bot
 * account and a token on the account page; the Python example (examples/python/server_bot.py)
 * plays with that token; a person on a phone finds the bot in the lobby's list, challenges it to
 * Quetzal from its profile, is taken to the table once it accepts, and plays to the end by
 * clicking. Screenshots of both pages (test-artifacts/bot-*.png). Needs `npm run build:web`,
 * Chromium and python3.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { browserSuite, freshName, playByClicking, shot, signUp, watchErrors } from '../helpers/browser.js';
import { REPO_ROOT } from '../helpers/repo.js';
import { until } from '../helpers/server.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const suite = browserSuite();
let bot: ChildProcess | null = null;
after(() => {
  if (bot !== null && bot.exitCode === null) bot.kill('SIGKILL');
});

test('a bot account made on the account page plays a challenge sent from its profile to the end', { timeout: 300_000 }, async (t) => {
  const seed = process.env.WEB_TEST_SEED ?? randomBytes(4).toString('hex');
  t.diagnostic(`seed ${seed} (set WEB_TEST_SEED to repeat)`);
  const owner = await suite.browser.newPage(DESKTOP);
  const person = await suite.browser.newPage(PHONE);
  const errors = [...watchErrors(owner), ...watchErrors(person)];
  const [botName, personName] = [freshName('bot'), freshName('ann')];

  // The owner: the upgrade, behind its confirmation, then a token shown once.
  await signUp(owner, suite.base, botName);
  await owner.goto(`${suite.base}/account?lang=en`);
  const section = owner.getByTestId('bot-account');
  assert.equal(await section.getByTestId('bot-upgrade').isDisabled(), true, 'not before the warning is confirmed');
  await section.getByTestId('bot-confirm').check();
  await section.getByTestId('bot-upgrade').click();
  await section.getByTestId('bot-token-name').fill('example');
  await section.getByTestId('bot-token-create').click();
  const token = await section.getByTestId('bot-token-value').inputValue();
  assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  await shot(owner, 'bot-account-en-1280.png');

  let stderr = '';
  bot = spawn('python3', [join(REPO_ROOT, 'examples/python/server_bot.py'), '--server', suite.base, '--seed', seed, '--max-games', '1'], {
    env: { ...process.env, EXPEDITION_BOT_TOKEN: token },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  bot.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((res) => bot!.once('exit', (code) => res(code)));

  // The lobby lists the bots as they are when it is opened: the bot's program is connected first.
  await until(
    async () => {
      const listed = (await (await fetch(`${suite.base}/api/bots`)).json()) as { bots: { name: string; online: boolean }[] };
      return listed.bots.some((b) => b.name === botName && b.online);
    },
    "the bot's event stream",
    30_000,
  );

  // The person: the lobby's list shows the bot online, its profile offers the challenge.
  await signUp(person, suite.base, personName);
  const list = person.getByTestId('bot-accounts');
  await list.locator('summary').click();
  const row = list.locator('[data-testid="bot-account-row"]', { hasText: botName });
  await row.and(person.locator('[data-online="true"]')).waitFor();
  await row.getByTestId('player-link').click();
  await person.waitForURL((u) => u.pathname === `/player/${botName}`);
  const form = person.getByTestId('challenge-form');
  await form.getByTestId('challenge-game').selectOption('quetzal');
  await shot(person, 'bot-challenge-en-390.png');
  await form.getByTestId('challenge-send').click();
  await person.waitForURL(/\/game\/[A-Za-z0-9_-]+\?seat=[01]$/, { timeout: 30_000 });
  const played = await playByClicking(person, seed);
  assert.equal(played.over, true, `seed ${seed}; the bot said:\n${stderr}`);
  assert.equal(await exited, 0, `the bot ends after its game; it said:\n${stderr}`);
  assert.doesNotMatch(stderr, /: (illegal_choice|stale|not_your_turn|bad_message|bad_token):/, stderr);
  assert.deepEqual(errors, []);
});
