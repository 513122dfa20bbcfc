/**
 * The Python example bot (examples/python/server_bot.py) plays a whole game on a local server, as
 * docs/bot-api.md tells: a bot account and its token made over HTTP, the bot started as a
 * subprocess, a person challenging it to Quetzal and playing their seat over the WebSocket; the
 * game ends with both seats having played, and the bot exits after it (--max-games 1).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { botWithToken, signedUp } from '../helpers/bot-api.js';
import { REPO_ROOT } from '../helpers/repo.js';
import { autoPlay, hello, startServer, until, type TestServer } from '../helpers/server.js';

const SEED = process.env.BOT_EXAMPLE_SEED ?? 'bot-example-1';
/** Random play ends Quetzal in about 70 moves; each side answers at once. */
const GAME_MS = 60_000;

let srv: TestServer;
let bot: ChildProcess | null = null;
before(async () => {
  srv = await startServer('sqlite', { botApi: { pollMs: 100 } });
});
after(async () => {
  if (bot !== null && bot.exitCode === null) bot.kill('SIGKILL');
  await srv?.stop();
});

/** `p`, or a failure naming `what` after `ms`. */
async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer!: NodeJS.Timeout;
  const late = new Promise<never>((_, rej) => (timer = setTimeout(() => rej(new Error(`timed out waiting for ${what}`)), ms)));
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

test('the Python example bot accepts a challenge to Quetzal and plays its seat to the end', async () => {
  const b = await botWithToken(srv.base, srv.base);
  const p = await signedUp(srv.base, srv.base);
  let stderr = '';
  bot = spawn('python3', [join(REPO_ROOT, 'examples/python/server_bot.py'), '--server', srv.base, '--seed', SEED, '--max-games', '1'], {
    env: { ...process.env, EXPEDITION_BOT_TOKEN: b.token },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  bot.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((res) => bot!.once('exit', (code) => res(code)));
  const context = () => `seed ${SEED}; the bot said:\n${stderr}`;

  const c = await p.b.send<{ id: string }>('POST', `/api/challenge/${b.name}`, { game: 'quetzal' });
  assert.equal(c.status, 201, JSON.stringify(c.json));
  // The challenger's page follows the challenge until the bot has answered.
  let answer: { status: string; gameId: string | null; seat: number | null } | null = null;
  await until(
    async () => {
      answer = (await p.b.get<{ status: string; gameId: string | null; seat: number | null }>(`/api/challenge/${c.json.id}`)).json;
      return answer.gameId !== null;
    },
    `the bot's answer (${context()})`,
    20_000,
  );
  const { gameId, seat } = answer! as { gameId: string; seat: number };
  const joined = await p.b.send<{ token: string }>('POST', `/api/games/${gameId}/join`, { seat });
  assert.equal(joined.status, 200, JSON.stringify(joined.json));
  const client = await srv.client();
  await hello(client, gameId, joined.json.token);
  const person = autoPlay(client, seat, SEED);
  const end = await within(person.done, GAME_MS, `the game's end (${context()})`);
  assert.equal(end.status, 'finished', context());

  const stored = await srv.store.getGame(gameId);
  assert.ok(stored);
  const bySeat = [0, 1].map((s) => stored.moves.filter((m) => m.seat === s).length);
  assert.ok(bySeat[seat]! > 0 && bySeat[1 - seat]! > 0, `both seats played: ${JSON.stringify(bySeat)} (${context()})`);
  assert.equal(stored.seatConfigs[1 - seat]!.bot, null, `the bot's seat was never handed to the game's bot (${context()})`);
  assert.equal(await within(exited, 15_000, `the bot's exit (${context()})`), 0, context());
  // Every choice it sent was legal and in time: no refusal in its log.
  assert.doesNotMatch(stderr, /: (illegal_choice|stale|not_your_turn|bad_message|bad_token):/, context());
  if (process.env.BOT_EXAMPLE_LOG) console.log(stderr);
});
