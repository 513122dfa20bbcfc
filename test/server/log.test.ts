/**
 * The server's log: JSON lines at the level asked for, a game's lines carrying its id and every
 * line its process; one line per request at debug and none at info; no token, invitation key or
 * cookie in any line; LOG_LEVEL checked at start.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Bot } from '../../src/bots/index.js';
import { capturedLog, LEVEL } from '../helpers/log.js';
import { http } from '../helpers/ws-client.js';
import { autoPlay, createGame, hello, inviteKeys, joinSeat, startServer, until } from '../helpers/server.js';
import { InProcessCluster } from '../helpers/cluster-in-process.js';

const MAIN = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/server/main.js');

test('secrets are redacted from whatever a line carries: cookies, credentials, tokens, invitation keys', () => {
  const { log, lines, texts } = capturedLog('info');
  log.info(
    {
      req: { headers: { cookie: 'session=c00k1e', authorization: 'Bearer s3cr3t', host: 'play.example' } },
      token: 't0k3n',
      body: { token: 't0k3n2', key: 'k3y', seat: 1 },
      invites: [{ seat: 0, key: 'inv1t3' }],
    },
    'a line with secrets in it',
  );
  const line = lines[0]!;
  for (const secret of ['c00k1e', 's3cr3t', 't0k3n', 'k3y', 'inv1t3']) assert.ok(!texts[0]!.includes(secret), `${secret} in ${texts[0]}`);
  assert.deepEqual(line.req, { headers: { cookie: '[redacted]', authorization: '[redacted]', host: 'play.example' } });
  assert.deepEqual(line.body, { token: '[redacted]', key: '[redacted]', seat: 1 });
  assert.equal(line.pid, process.pid, 'every line names its process');
});

test("a game's lines carry its id and the seat, at error, when its bot fails", async () => {
  const { log, lines } = capturedLog('info');
  const failing: Bot = {
    name: 'boom',
    needsSample: false,
    choose() {
      throw new Error('boom cannot decide');
    },
  };
  const srv = await startServer('sqlite', { botThreads: 0, log, buildBot: () => failing });
  try {
    const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }], seed: 'log-game' });
    const token = await joinSeat(srv.base, id, 0);
    const c = await srv.client();
    await hello(c, id, token);
    // The person plays until the bot's turn comes.
    const me = autoPlay(c, 0, 'log-game');
    await until(() => lines.some((l) => l.game === id && l.level === LEVEL.error), "the bot's failure to be logged");
    const mine = lines.filter((l) => l.game === id);
    assert.ok(
      mine.every((l) => l.seat === 1 && l.level === LEVEL.error && l.pid === process.pid),
      JSON.stringify(mine),
    );
    assert.match(mine[0]!.msg, /seat 1's bot "random" failed: boom cannot decide/);
    me.stop();
  } finally {
    await srv.stop();
  }
});

test('requests: one line each at debug, none at info; no token, key or cookie in any line', async () => {
  for (const level of ['info', 'debug'] as const) {
    const { log, lines, texts } = capturedLog(level);
    const srv = await startServer('sqlite', { botThreads: 0, log });
    // Fastify says where it listens, at info.
    const started = lines.length;
    try {
      const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: `log-requests-${level}` });
      const key = inviteKeys.get(id)!.get(0)!;
      const token = await joinSeat(srv.base, id, 0);
      const joined1 = await http<{ token: string }>(srv.base, 'POST', `/api/games/${id}/join`, {
        seat: 1,
        key: inviteKeys.get(id)!.get(1)!,
      });
      const secrets = [key, token, joined1.json.token, inviteKeys.get(id)!.get(1)!, 'c00k1e', 's3cr3t'];
      const r = await fetch(`${srv.base}/api/games/${id}`, { headers: { cookie: 'session=c00k1e', authorization: 'Bearer s3cr3t' } });
      assert.equal(r.status, 200);
      // A refused hand-over carries the token in its body; a hello carries it over the WebSocket.
      assert.equal((await http(srv.base, 'POST', `/api/games/${id}/seats/1/bot`, { token })).status, 409);
      const c = await srv.client();
      await hello(c, id, token);
      c.close();
      const requests = lines.filter((l) => l.msg === 'request completed');
      if (level === 'info') {
        assert.deepEqual(lines.slice(started), [], 'nothing is logged at info for requests that went well');
      } else {
        // Created, joined twice, read, refused.
        assert.ok(requests.length >= 5, JSON.stringify(requests));
        assert.ok(
          requests.every((l) => l.level === LEVEL.debug && typeof l.responseTime === 'number'),
          JSON.stringify(requests),
        );
        assert.ok(requests.some((l) => (l.req as { url: string }).url === `/api/games/${id}/seats/1/bot`));
        assert.ok(requests.some((l) => (l.res as { statusCode: number }).statusCode === 409));
      }
      for (const s of secrets) assert.ok(!texts.some((t) => t.includes(s)), `${s} is in the log`);
    } finally {
      await srv.stop();
    }
  }
});

test("a cluster node's lines carry its node id", { timeout: 60_000 }, async () => {
  const cluster = await InProcessCluster.start();
  try {
    const { log, lines } = capturedLog('info');
    const a = await cluster.node(log);
    const b = await cluster.node();
    await b.crash();
    await until(() => lines.some((l) => l.gone === b.cluster.id), 'the survivor to log that the other node is gone', 20_000);
    const gone = lines.find((l) => l.gone === b.cluster.id)!;
    assert.equal(gone.node, a.cluster.id);
    assert.equal(gone.level, LEVEL.warn);
    // Fastify's own lines too.
    const listening = lines.find((l) => l.msg.startsWith('Server listening'));
    assert.equal(listening?.node, a.cluster.id, JSON.stringify(lines));
  } finally {
    await cluster.close();
  }
});

test('LOG_LEVEL: a level the server does not know stops it with the value named; info tells the start', async () => {
  const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', EXPEDITION_DB: ':memory:', REDIS_URL: '' };
  const bad = spawnSync(process.execPath, [MAIN], { env: { ...env, LOG_LEVEL: 'loud' }, encoding: 'utf8', timeout: 20_000 });
  assert.equal(bad.status, 2, bad.stderr);
  assert.match(bad.stderr, /LOG_LEVEL="loud" is not one of trace, debug, info, warn, error, fatal, silent/);

  const child = spawn(process.execPath, [MAIN], { env: { ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  try {
    await until(() => out.includes('expedition server on'), 'the line that tells the start', 20_000);
    const start = out
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { level: number; pid: number; msg: string; rebuilt?: number })
      .find((l) => l.msg.startsWith('expedition server on'))!;
    assert.equal(start.level, LEVEL.info);
    assert.equal(start.pid, child.pid);
    assert.equal(start.rebuilt, 0);
  } finally {
    child.kill('SIGKILL');
  }
});
