/**
 * Security headers, the WebSocket Origin check, separate per-address
 * budgets and caps, TRUST_PROXY, and precompressed assets.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import WebSocket from 'ws';
import { addressKey, LiveGamesPerAddress, parseTrustProxy } from '../../src/server/limits.js';
import { autoPlay, createGame, hello, joinSeat, startServer, until, type TestServer } from '../helpers/server.js';
import { http, TestClient } from '../helpers/ws-client.js';
import type { ErrorReply } from '../helpers/wire.js';

/** dist/test/server → dist/web, the built client. */
const WEB_ROOT = fileURLToPath(new URL('../../web', import.meta.url));
const MAIN = fileURLToPath(new URL('../../src/server/main.js', import.meta.url));

/** A WebSocket upgrade: 101 with the open socket, or the status it was refused with. */
function upgrade(url: string, headers: Record<string, string> = {}): Promise<{ status: number; ws: WebSocket | null; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve({ status: 101, ws, body: '' }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ws: null, body }));
    });
    ws.once('error', reject);
  });
}

/** Closes a socket and waits until the server has seen it go (its TCP connection ended). */
async function closed(ws: WebSocket): Promise<void> {
  await new Promise<void>((r) => {
    ws.once('close', () => r());
    ws.close();
  });
}

/** The CSP as a map of directive → sources. */
function csp(header: string | null): Map<string, string[]> {
  assert.ok(header, 'a Content-Security-Policy header');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function assertSecurityHeaders(h: Headers, what: string): void {
  const policy = csp(h.get('content-security-policy'));
  const scripts = policy.get('script-src') ?? policy.get('default-src');
  assert.ok(scripts, `${what}: script-src`);
  assert.ok(scripts.includes("'self'"), `${what}: script-src 'self'`);
  for (const v of policy.values())
    assert.ok(
      !v.includes("'unsafe-inline'") && !v.includes("'unsafe-eval'"),
      `${what}: no unsafe-inline / unsafe-eval in ${h.get('content-security-policy')}`,
    );
  assert.deepEqual(policy.get('frame-ancestors'), ["'none'"], `${what}: frame-ancestors 'none'`);
  assert.equal(h.get('x-content-type-options'), 'nosniff', `${what}: nosniff`);
  assert.ok(
    ['no-referrer', 'same-origin'].includes(h.get('referrer-policy') ?? ''),
    `${what}: Referrer-Policy, not ${h.get('referrer-policy')}`,
  );
}

async function withServer(opts: Parameters<typeof startServer>[1], fn: (srv: TestServer) => Promise<void>): Promise<void> {
  const srv = await startServer('sqlite', { botThreads: 0, ...opts });
  try {
    await fn(srv);
  } finally {
    await srv.stop();
  }
}

const twoHumans = { seats: [{ kind: 'human' }, { kind: 'human' }] };

test('security headers (CSP without unsafe-inline, frame-ancestors none, nosniff, Referrer-Policy) on pages, the API and refusals', async () => {
  await withServer({ httpPerMinute: 3 }, async (srv) => {
    for (const path of ['/', '/api/games', '/api/games/nope', '/health']) {
      const r = await fetch(srv.base + path);
      await r.arrayBuffer();
      assertSecurityHeaders(r.headers, `GET ${path} (${r.status})`);
    }
    const answers: Response[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await fetch(srv.base + '/api/games');
      await r.arrayBuffer();
      answers.push(r);
    }
    const refused = answers.find((r) => r.status === 429);
    assert.ok(refused, 'the HTTP budget of 3 is spent');
    assertSecurityHeaders(refused.headers, 'a rate-limited answer');
  });
  if (existsSync(join(WEB_ROOT, 'index.html'))) {
    await withServer({ webRoot: WEB_ROOT }, async (srv) => {
      const html = await fetch(srv.base + '/');
      assertSecurityHeaders(html.headers, 'the built index.html');
      const page = await fetch(srv.base + '/game/abc');
      await page.arrayBuffer();
      assertSecurityHeaders(page.headers, 'a client route');
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
      assert.ok(script);
      const js = await fetch(srv.base + script);
      await js.arrayBuffer();
      assertSecurityHeaders(js.headers, 'a script');
    });
  }
});

test('a WebSocket upgrade from a foreign Origin is refused with 403; no Origin, the own origin and ALLOWED_ORIGINS are accepted', async () => {
  await withServer({ allowedOrigins: ['https://friend.example'] }, async (srv) => {
    const own = new URL(srv.base).origin;
    const cases: [Record<string, string>, number][] = [
      [{}, 101],
      [{ origin: own }, 101],
      [{ origin: 'https://friend.example' }, 101],
      [{ origin: 'https://evil.example' }, 403],
      [{ origin: 'http://friend.example' }, 403],
      [{ origin: `http://127.0.0.1.evil.example:${new URL(srv.base).port}` }, 403],
      [{ origin: 'null' }, 403],
      [{ origin: 'not a url' }, 403],
    ];
    for (const [headers, status] of cases) {
      const r = await upgrade(srv.wsUrl, headers);
      assert.equal(r.status, status, `Origin ${headers.origin ?? '(none)'}: ${r.body}`);
      if (status === 403) assert.equal((JSON.parse(r.body) as ErrorReply).error, 'forbidden_origin');
      if (r.ws) await closed(r.ws);
    }
  });
  await assert.rejects(startServer('sqlite', { allowedOrigins: ['https://x.example/path'] }), /not an origin/);
});

/** An HTTP request with its own Host header (fetch does not let one set it). */
function withHost(base: string, path: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname: url.hostname, port: url.port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('a request whose Host is a foreign name is refused with 403, a WebSocket upgrade with the matching Origin too (DNS rebinding); IP addresses, localhost and ALLOWED_HOSTS pass', async () => {
  await withServer({ allowedHosts: ['play.example.org', 'lan.example:8443'] }, async (srv) => {
    const port = new URL(srv.base).port;
    // The page's origin is the Host it was loaded from: the Origin check alone lets these through.
    const cases: [string, string, number][] = [
      [`evil.example:${port}`, `http://evil.example:${port}`, 403],
      [`127.0.0.1.evil.example:${port}`, `http://127.0.0.1.evil.example:${port}`, 403],
      [`localhost.evil.example:${port}`, `http://localhost.evil.example:${port}`, 403],
      [`play.example.org.evil.example`, `https://play.example.org.evil.example`, 403],
      [`lan.example:${port}`, `http://lan.example:${port}`, 403],
      [`127.0.0.1:${port}`, `http://127.0.0.1:${port}`, 101],
      [`localhost:${port}`, `http://localhost:${port}`, 101],
      [`LOCALHOST:${port}`, `http://localhost:${port}`, 101],
      [`[::1]:${port}`, `http://[::1]:${port}`, 101],
      [`192.168.1.20:${port}`, `http://192.168.1.20:${port}`, 101],
      ['play.example.org', 'https://play.example.org', 101],
      ['Play.Example.Org', 'https://play.example.org', 101],
      ['lan.example:8443', 'https://lan.example:8443', 101],
    ];
    for (const [host, origin, status] of cases) {
      const r = await upgrade(srv.wsUrl, { host, origin });
      assert.equal(r.status, status, `Host ${host}: ${r.body}`);
      if (status === 403) assert.equal((JSON.parse(r.body) as ErrorReply).error, 'forbidden_host');
      if (r.ws) await closed(r.ws);
      // The HTTP API answers the same names only: a rebound page could read it as its own origin.
      const api = await withHost(srv.base, '/api/games', host);
      assert.equal(api.status, status === 403 ? 403 : 200, `GET /api/games with Host ${host}: ${api.body}`);
    }
    // Monitors reach /health by whatever name their network gives the server.
    assert.equal((await withHost(srv.base, '/health', `evil.example:${port}`)).status, 200);
  });
  // A malformed ALLOWED_HOSTS stops the server with the value named.
  for (const bad of ['https://play.example.org', 'play.example.org/path', '*.example.org', 'user@play.example.org']) {
    await assert.rejects(startServer('sqlite', { allowedHosts: [bad] }), /is not a host name/, bad);
    const r = spawnSync(process.execPath, [MAIN], {
      env: { ...process.env, ALLOWED_HOSTS: bad, PORT: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(r.status, 2, `ALLOWED_HOSTS=${bad}: ${r.stderr}`);
    assert.ok(r.stderr.includes(bad), r.stderr);
  }
});

test('/health answers 200 after the HTTP budget is spent', async () => {
  await withServer({ httpPerMinute: 3 }, async (srv) => {
    for (let i = 0; i < 3; i++) assert.equal((await http(srv.base, 'GET', '/api/games')).status, 200);
    assert.equal((await http(srv.base, 'GET', '/api/games')).status, 429, 'the HTTP budget is spent');
    for (let i = 0; i < 20; i++) assert.equal((await http(srv.base, 'GET', '/health')).status, 200);
  });
});

test('game creation and WebSocket upgrades have budgets of their own', async () => {
  const opts = { httpPerMinute: 100, createPerMinute: 2, wsUpgradesPerMinute: 2 };
  // Creation spent: upgrades and the rest of the API still work.
  await withServer(opts, async (srv) => {
    await createGame(srv.base, twoHumans);
    await createGame(srv.base, twoHumans);
    const r = await http(srv.base, 'POST', '/api/games', { game: 'relic-runners', ...twoHumans });
    assert.equal(r.status, 429, JSON.stringify(r.json));
    assert.equal(r.json.error, 'rate_limited');
    assert.equal((await http(srv.base, 'GET', '/api/games')).status, 200);
    for (let i = 0; i < 2; i++) {
      const u = await upgrade(srv.wsUrl);
      assert.equal(u.status, 101, u.body);
      await closed(u.ws!);
    }
    assert.equal((await upgrade(srv.wsUrl)).status, 429, 'the upgrade budget is 2');
  });
  // Upgrades spent: creation still works.
  await withServer(opts, async (srv) => {
    for (let i = 0; i < 2; i++) await closed((await upgrade(srv.wsUrl)).ws!);
    const u = await upgrade(srv.wsUrl);
    assert.equal(u.status, 429, u.body);
    assert.equal((JSON.parse(u.body) as ErrorReply).error, 'rate_limited');
    await createGame(srv.base, twoHumans);
    assert.equal((await http(srv.base, 'GET', '/api/games')).status, 200);
  });
});

test('one address holds at most wsPerAddress open WebSockets; a closed one frees its place', async () => {
  await withServer({ wsPerAddress: 2 }, async (srv) => {
    const a = await upgrade(srv.wsUrl);
    const b = await upgrade(srv.wsUrl);
    assert.equal(a.status, 101);
    assert.equal(b.status, 101);
    for (let i = 0; i < 3; i++) {
      const c = await upgrade(srv.wsUrl);
      assert.equal(c.status, 429, c.body);
      assert.equal((JSON.parse(c.body) as ErrorReply).error, 'too_many_connections');
    }
    // The sockets held are unharmed.
    const id = await createGame(srv.base, twoHumans);
    const held = await TestClient.connect(srv.wsUrl).catch((e: Error) => e);
    assert.ok(held instanceof Error, 'still at the cap');
    a.ws!.send(JSON.stringify({ type: 'hello', game: id }));
    await new Promise<void>((r) => a.ws!.once('message', () => r()));
    await closed(a.ws!);
    let again: Awaited<ReturnType<typeof upgrade>> | null = null;
    await until(async () => {
      again = await upgrade(srv.wsUrl);
      return again.status === 101;
    }, 'a place after closing a socket');
    await closed(again!.ws!);
    await closed(b.ws!);
  });
});

test(
  'one address has at most liveGamesPerAddress unfinished games; a finished one frees its place; a concurrent burst cannot pass the cap',
  { timeout: 60_000 },
  async () => {
    await withServer({ liveGamesPerAddress: 2, botDelayMs: 0 }, async (srv) => {
      const playing = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }] });
      await createGame(srv.base, twoHumans);
      const r = await http(srv.base, 'POST', '/api/games', { game: 'relic-runners', ...twoHumans });
      assert.equal(r.status, 429, JSON.stringify(r.json));
      assert.equal(r.json.error, 'too_many_games');
      assert.equal((await srv.store.listGames({ status: 'active' })).length, 2, 'the refused game was not created');

      // Play the first game to its end; its place is free again.
      const token = await joinSeat(srv.base, playing, 0);
      const c = await srv.client();
      await hello(c, playing, token);
      const p = autoPlay(c, 0, 'issue-13-live-games');
      await p.done;
      p.stop();
      await until(() => !srv.hub.isPlaying(playing), 'the game to end');
      await createGame(srv.base, twoHumans);
      assert.equal((await http(srv.base, 'POST', '/api/games', { game: 'relic-runners', ...twoHumans })).status, 429);
    });
    // Concurrent requests cannot slip past the cap; a refused creation (bad input) holds no place.
    await withServer({ liveGamesPerAddress: 2 }, async (srv) => {
      assert.equal((await http(srv.base, 'POST', '/api/games', { game: 'no-such-game', ...twoHumans })).status, 400);
      const burst = await Promise.all(
        Array.from({ length: 8 }, () => http(srv.base, 'POST', '/api/games', { game: 'relic-runners', ...twoHumans })),
      );
      assert.deepEqual(burst.map((b) => b.status).sort(), [201, 201, 429, 429, 429, 429, 429, 429]);
    });
  },
);

test('the cap of live games per address does not look over all of its games at every creation', () => {
  // Before, every reservation asked whether each of the address's games was still live: creating
  // n games from one address cost n² lookups (the benchmark opens 10,000 from one).
  const live = new Set<string>();
  let lookups = 0;
  const cap = new LiveGamesPerAddress(1000, (id) => (lookups++, live.has(id)));
  for (let i = 0; i < 500; i++) {
    const slot = cap.reserve('a');
    assert.ok(slot, `game ${i} has a place`);
    slot.created(`g${i}`);
    live.add(`g${i}`);
  }
  assert.ok(lookups < 500, `${lookups} lookups for 500 creations`);
  // At the cap, the games that ended are forgotten and their places taken again.
  const small = new LiveGamesPerAddress(3, (id) => live.has(id));
  for (const id of ['x', 'y', 'z']) {
    live.add(id);
    small.reserve('b')!.created(id);
  }
  assert.equal(small.reserve('b'), null, 'three live games: the cap');
  live.delete('y');
  assert.ok(small.reserve('b'), 'one ended: its place is free');
  assert.equal(small.reserve('b'), null, 'and only one');
});

test('with TRUST_PROXY, X-Forwarded-For decides the address the caps count; without it the header is ignored', async () => {
  // The proxy is on loopback, as the test client is.
  await withServer({ wsPerAddress: 1, trustProxy: parseTrustProxy('127.0.0.1') }, async (srv) => {
    const a = await upgrade(srv.wsUrl, { 'x-forwarded-for': '203.0.113.7' });
    assert.equal(a.status, 101);
    assert.equal((await upgrade(srv.wsUrl, { 'x-forwarded-for': '203.0.113.7' })).status, 429, 'the same client behind the proxy');
    const b = await upgrade(srv.wsUrl, { 'x-forwarded-for': '203.0.113.8' });
    assert.equal(b.status, 101, 'another client behind the same proxy');
    // A client cannot prepend its own entries: the proxy's (last) one counts.
    assert.equal((await upgrade(srv.wsUrl, { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' })).status, 429);
    await closed(a.ws!);
    await closed(b.ws!);
  });
  await withServer({ wsPerAddress: 1 }, async (srv) => {
    const a = await upgrade(srv.wsUrl, { 'x-forwarded-for': '203.0.113.7' });
    assert.equal(a.status, 101);
    assert.equal(
      (await upgrade(srv.wsUrl, { 'x-forwarded-for': '203.0.113.8' })).status,
      429,
      'without TRUST_PROXY the header changes nothing',
    );
    await closed(a.ws!);
  });
});

test('TRUST_PROXY values; a malformed TRUST_PROXY, ALLOWED_ORIGINS or limit stops the server with its name', () => {
  assert.equal(parseTrustProxy('false'), false);
  assert.equal(parseTrustProxy(''), false);
  assert.equal(parseTrustProxy('true'), true);
  assert.equal(parseTrustProxy('127.0.0.1, 10.0.0.0/8, ::1, loopback'), '127.0.0.1,10.0.0.0/8,::1,loopback');
  assert.throws(() => parseTrustProxy('2'), /number of hops/);
  assert.throws(() => parseTrustProxy('proxy.example'), /not an address/);
  assert.throws(() => parseTrustProxy('10.0.0.0/8/8'), /not an address/);
  for (const [name, value] of [
    ['TRUST_PROXY', 'yes please'],
    ['ALLOWED_ORIGINS', 'friend.example'],
    ['WS_PER_ADDRESS', 'lots'],
  ] as const) {
    const r = spawnSync(process.execPath, [MAIN], { env: { ...process.env, [name]: value, PORT: '0' }, encoding: 'utf8', timeout: 20_000 });
    assert.equal(r.status, 2, `${name}=${value}: ${r.stderr}`);
    assert.match(r.stderr, new RegExp(value), `${name}=${value}: ${r.stderr}`);
  }
});

test("the caps count an IPv6 client by its /64 (one subscriber's usual allotment), an IPv4 one by its address", async () => {
  assert.equal(addressKey('::ffff:203.0.113.7'), '203.0.113.7');
  assert.equal(addressKey('2001:db8::1'), '2001:db8:0:0::/64');
  await withServer({ wsPerAddress: 1, trustProxy: true }, async (srv) => {
    const held: WebSocket[] = [];
    for (const [client, status] of [
      ['2001:db8:1:2::1', 101],
      ['2001:db8:1:2:ffff:ffff:ffff:ffff', 429],
      ['2001:db8:1:3::1', 101],
      ['::ffff:203.0.113.7', 101],
      ['203.0.113.7', 429],
    ] as const) {
      const r = await upgrade(srv.wsUrl, { 'x-forwarded-for': client });
      assert.equal(r.status, status, `client ${client}: ${r.body}`);
      if (r.ws) held.push(r.ws);
    }
    for (const ws of held) await closed(ws);
  });
});

/** GET with a given Accept-Encoding; the body as sent (not decoded). */
function rawGet(
  url: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('the page, scripts and styles are sent brotli- or gzip-compressed, smaller, with Vary: Accept-Encoding', async (t) => {
  assert.ok(existsSync(join(WEB_ROOT, 'index.html')), `the built web client is missing at ${WEB_ROOT}: run \`npm run build\` first`);
  await withServer({ webRoot: WEB_ROOT }, async (srv) => {
    const html = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    assert.ok(assets.some((a) => a.endsWith('.js')) && assets.some((a) => a.endsWith('.css')), 'index.html loads scripts and styles');
    const bytes = { identity: 0, gzip: 0, br: 0 };
    for (const path of ['/', ...assets]) {
      const original = readFileSync(join(WEB_ROOT, path === '/' ? 'index.html' : path));
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br', 'br', brotliDecompressSync],
        ['gzip', 'gzip', gunzipSync],
      ] as const) {
        const r = await rawGet(srv.base + path, accept);
        assert.equal(r.status, 200, path);
        assert.equal(r.headers['content-encoding'], encoding, `${path} with Accept-Encoding: ${accept}`);
        assert.match(String(r.headers.vary), /accept-encoding/i, `${path}: Vary`);
        assert.ok(r.body.length < original.length, `${path}: ${encoding} is smaller (${r.body.length} < ${original.length})`);
        assert.ok(decode(r.body).equals(original), `${path}: ${encoding} decodes to the file`);
        assert.match(String(r.headers['content-type']), path === '/' ? /text\/html/ : path.endsWith('.js') ? /javascript/ : /text\/css/);
        bytes[encoding] += r.body.length;
      }
      const plain = await rawGet(srv.base + path, 'identity');
      assert.equal(plain.headers['content-encoding'], undefined, `${path}: a client that accepts no encoding gets the file as it is`);
      assert.ok(plain.body.equals(original));
      assert.match(String(plain.headers.vary), /accept-encoding/i);
      bytes.identity += plain.body.length;
    }
    t.diagnostic(
      `cold load (index.html + ${assets.length} scripts/styles): ${bytes.identity} B plain, ${bytes.gzip} B gzip, ${bytes.br} B brotli`,
    );
  });
});
