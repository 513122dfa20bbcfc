/**
 * Bad input, seeded: thousands of malformed, oversized, out-of-turn and illegal WebSocket messages
 * from several connections, and bad HTTP requests. Each gets a clear error; nothing changes; the
 * server stays up and the game goes on.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng, type Rng } from '../../src/core/rng.js';
import { canonicalJson } from '../../src/core/hash.js';
import { ErrorCode, MAX_MESSAGE_BYTES } from '../../src/server/protocol.js';
import { http, TestClient } from '../helpers/ws-client.js';
import type { ApiReply, ServerMsg } from '../helpers/wire.js';
import type { Hub } from '../../src/server/hub.js';
import type { Store } from '../../src/server/store.js';
import { InProcessCluster } from '../helpers/cluster-in-process.js';
import { createGame, hello, joinSeat, live, startServer, until, type TestServer } from '../helpers/server.js';

/** A JSON object as sent to the server: fuzzing sets any field to anything. */
type Json = Record<string, unknown>;

/** Every code a reply may carry: the protocol's own list. */
const CODES: ReadonlySet<string> = new Set(ErrorCode.options);

/** One bad (or harmless) message and the replies that are acceptable for it. */
interface Case {
  readonly what: string;
  readonly data: string | Buffer;
  readonly binary?: boolean;
  /** Error codes accepted, or 'pong'. */
  readonly expect: readonly string[];
  /** The id the reply must carry. */
  readonly id?: string;
}

function checkReply(c: Case, m: ServerMsg): void {
  const where = `${c.what}: ${typeof c.data === 'string' ? c.data.slice(0, 120) : `<${c.data.length} bytes>`} → ${JSON.stringify(m).slice(0, 300)}`;
  if (c.expect.includes('pong') && m.type === 'pong') {
    assert.equal(m.id, c.id, where);
    return;
  }
  assert.equal(m.type, 'error', where);
  assert.ok(CODES.has(m.code), where);
  assert.ok(c.expect.includes(m.code), `expected ${c.expect.join('|')}: ${where}`);
  assert.equal(typeof m.message, 'string', where);
  assert.ok(m.message.length > 0, where);
  if (c.id !== undefined) assert.equal(m.id, c.id, where);
}

/** Sends each case and waits for its one reply before the next. */
async function lockstep(client: TestClient, cases: readonly Case[]): Promise<void> {
  for (const c of cases) {
    const reply = client.next(() => true, 5000);
    if (c.binary) client.ws.send(c.data, { binary: true });
    else client.send(c.data);
    checkReply(c, await reply);
  }
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)]!;
const randomText = (rng: Rng, n: number): string => {
  const alphabet = 'abcXYZ019 {}[]":,\\\'\n\t\u00e9\u2713\u{1F600}';
  const chars = [...alphabet];
  let s = '';
  for (let i = 0; i < n; i++) s += chars[rng.int(chars.length)];
  return s;
};
const randomToken = (rng: Rng): string => {
  const a = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let s = '';
  for (let i = 0; i < 43; i++) s += a[rng.int(a.length)];
  return s;
};

/** A legal choice changed so that it is no longer legal (checked against the legal list). */
function mutate(rng: Rng, legal: readonly Json[]): Json {
  const keys = new Set(legal.map((c) => canonicalJson(c)));
  for (;;) {
    const base = { ...pick(rng, legal) };
    const k = rng.int(7);
    if (k === 0) base.t = pick(rng, ['zzz', 'Move', 'explore ', 'pick', 'keep', 'teleport']);
    else if (k === 1) base.extra = rng.int(100);
    else if (k === 2) base.trails = [rng.int(200) + 100];
    else if (k === 3) base.level = pick(rng, [-1, 9, 1.5, '2', null]);
    else if (k === 4) base.to = pick(rng, ['nowhere', '', 42]);
    else if (k === 5) base.depth = pick(rng, [-1, 99, 'x']);
    else for (const key of Object.keys(base)) if (key !== 't') delete base[key];
    if (!keys.has(canonicalJson(base))) return base;
  }
}

/** Where the fuzzing happens: HTTP and the owner's hub and store, and where the sockets connect. */
interface FuzzTarget {
  /** Where games are created and joined. */
  readonly base: string;
  /** The hub and store of the process that plays the game. */
  readonly hub: Hub;
  readonly store: Store;
  /** A socket at the process under attack (the owner itself, or one that relays to it). */
  client(): Promise<TestClient>;
  /** Where the socket's process answers /health. */
  readonly edgeBase: string;
}

/** ≥ 3000 bad messages from five connections at `at`: each gets a clear error and nothing changes. */
async function fuzzSockets(at: FuzzTarget, seed: string): Promise<string> {
  const { base, hub, store } = at;
  const id = await createGame(base, { seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }], seed });
  const tokens = [await joinSeat(base, id, 0), await joinSeat(base, id, 1)];
  const seats = [await at.client(), await at.client()];
  for (const [seat, c] of seats.entries()) await hello(c, id, tokens[seat]);
  const spectator = await at.client();
  await hello(spectator, id);
  const anon = await at.client(); // never says hello
  const stranger = await at.client(); // says hello only with bad tokens or to unknown games

  const g = await live(hub, id);
  await until(() => g.toAct() === 0 || g.toAct() === 1, 'a person to act');
  const x = g.toAct()!;
  const y = 1 - x;
  assert.equal(g.canUndo(x), false);
  const moves = g.moves.length;
  const hash = g.game.hash(g.state);
  const legal: readonly Json[] = g.game.choices(g.state).map((c): Json => ({ ...c }));
  const spectatorStates = spectator.messages.length;

  const rng = createRng(`fuzz-ws ${seed}`);
  let n = 0;
  const nextId = () => `f${++n}`;
  /** Cases any connection may get; `role` decides the answer to well-formed choices and undos. */
  const makeCase = (role: 'x' | 'y' | 'watcher'): Case => {
    const k = rng.int(22);
    const id0 = nextId();
    const choiceAnswer = (index?: number): string[] =>
      role === 'watcher'
        ? ['not_joined']
        : index !== undefined && index !== moves
          ? ['stale']
          : role === 'x'
            ? ['illegal_choice']
            : ['not_your_turn'];
    switch (k) {
      case 0: {
        const s =
          pick(rng, ['{', '{"type":', 'hello', '}{', '[1,2', "{'type':'ping'}", '', 'undefined', 'NaN', '{"type":"ping",}', '\u0000']) +
          randomText(rng, rng.int(40));
        let json = true;
        try {
          JSON.parse(s);
        } catch {
          json = false;
        }
        return { what: 'not JSON', data: json ? `{${s}` : s, expect: ['bad_message'] };
      }
      case 1: {
        const bytes = Buffer.alloc(rng.int(200) + 1);
        for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(256);
        const valid = Buffer.from(JSON.stringify({ type: 'ping', id: id0 }));
        return { what: 'binary frame', data: rng.int(2) ? bytes : valid, binary: true, expect: ['bad_message'] };
      }
      case 2: {
        const v = pick(rng, [null, 42, 'x', [], true, { type: 5 }, { type: null }, [{ type: 'ping' }], { type: ['ping'] }]);
        return { what: 'wrong type', data: JSON.stringify(v), expect: ['bad_message'] };
      }
      case 3: {
        const v = pick<Json>(rng, [
          { type: 'choice', choice: 'move' },
          { type: 'choice', choice: { t: 5 } },
          { type: 'choice', choice: {} },
          { type: 'choice', choice: { t: '' } },
          { type: 'choice', choice: [] },
          { type: 'choice', choice: pick(rng, legal), index: -1 },
          { type: 'choice', choice: pick(rng, legal), index: 1.5 },
          { type: 'choice', choice: pick(rng, legal), index: String(moves) },
          { type: 'hello', game: 42 },
          { type: 'hello', game: 'bad id!' },
          { type: 'hello', game: '' },
          { type: 'undo', id: {} },
          { type: 'ping', id: 5 },
          { type: 'hint', id: 5 },
        ]);
        const withId = typeof v.id === 'undefined';
        return {
          what: 'wrong field type',
          data: JSON.stringify(withId ? { ...v, id: id0 } : v),
          expect: ['bad_message'],
          ...(withId ? { id: id0 } : {}),
        };
      }
      case 4: {
        const t = pick(rng, [
          'foo',
          'HELLO',
          'Ping',
          '__proto__',
          'constructor',
          'toString',
          'ack',
          'state',
          'error',
          'pong',
          'welcome',
          'Hint',
          '',
        ]);
        return { what: 'unknown type', data: JSON.stringify({ type: t, id: id0 }), expect: ['bad_message'], id: id0 };
      }
      case 5: {
        const v = pick<Json>(rng, [{ type: 'hello' }, { type: 'choice' }, {}, { choice: pick(rng, legal) }, { game: id }]);
        return { what: 'missing field', data: JSON.stringify({ ...v, id: id0 }), expect: ['bad_message'], id: id0 };
      }
      case 6: {
        const v = pick<Json>(rng, [
          { type: 'ping', x: 1 },
          { type: 'undo', game: id },
          { type: 'hint', seat: x },
          { type: 'choice', choice: pick(rng, legal), seat: x },
          { type: 'choice', choice: pick(rng, legal), token: tokens[x] },
          { type: 'ping', index: 0 },
        ]);
        return { what: 'extra field', data: JSON.stringify({ ...v, id: id0 }), expect: ['bad_message'], id: id0 };
      }
      case 7: {
        // id too long to echo, or huge strings where short ones belong (all under 8 KiB).
        const big = 'x'.repeat(65 + rng.int(7000));
        const v = pick<Json>(rng, [
          { type: 'ping', id: big },
          { type: 'hello', game: big },
          { type: 'choice', choice: { t: big.slice(0, 33 + rng.int(3000)) }, id: id0 },
          { type: 'hello', game: id, token: big + 'x'.repeat(64) },
        ]);
        return { what: 'huge string', data: JSON.stringify(v), expect: ['bad_message'], ...(v.id === id0 ? { id: id0 } : {}) };
      }
      case 8: {
        // A well-formed choice carrying a big extra field: it reaches the seat checks.
        const choice = { ...pick(rng, legal), note: randomText(rng, 500 + rng.int(4000)) };
        return {
          what: 'choice with big field',
          data: JSON.stringify({ type: 'choice', choice, id: id0 }),
          expect: choiceAnswer(),
          id: id0,
        };
      }
      case 9: {
        const size = MAX_MESSAGE_BYTES + 1 + rng.int(40 * 1024);
        const inner = rng.int(2) ? JSON.stringify({ type: 'ping', id: id0, pad: 'p'.repeat(size) }) : randomText(rng, 10).padEnd(size, 'z');
        return { what: 'oversized', data: inner, expect: ['too_large'] };
      }
      case 10: {
        // A legal choice, by the wrong seat or at the wrong index; never by x at the right one.
        const index =
          role === 'x'
            ? pick(rng, [moves + 1, moves + 2 + rng.int(100), moves > 0 ? rng.int(moves) : moves + 1])
            : pick(rng, [undefined, moves, moves + 1, 0]);
        return {
          what: 'legal choice out of turn or stale',
          data: JSON.stringify({ type: 'choice', choice: pick(rng, legal), ...(index !== undefined ? { index } : {}), id: id0 }),
          expect: choiceAnswer(index),
          id: id0,
        };
      }
      case 11:
      case 12:
      case 13: {
        const index = pick(rng, [undefined, moves, moves + 1]);
        return {
          what: 'illegal choice',
          data: JSON.stringify({ type: 'choice', choice: mutate(rng, legal), ...(index !== undefined ? { index } : {}), id: id0 }),
          expect: choiceAnswer(index),
          id: id0,
        };
      }
      case 14:
        return {
          what: 'undo not allowed',
          data: JSON.stringify({ type: 'undo', id: id0 }),
          expect: role === 'watcher' ? ['not_joined'] : ['cannot_undo'],
          id: id0,
        };
      case 15:
        return {
          what: 'hello to an unknown game',
          data: JSON.stringify({ type: 'hello', game: `nope-${rng.int(1e6)}`, ...(rng.int(2) ? { token: randomToken(rng) } : {}) }),
          expect: ['no_game'],
        };
      case 16:
        return { what: 'bad token', data: JSON.stringify({ type: 'hello', game: id, token: randomToken(rng) }), expect: ['bad_token'] };
      case 17: {
        const token = pick(rng, ['short', 'x'.repeat(129), `${tokens[0]!.slice(0, 20)}!!`, 'a b c d e f g h i j k']);
        return { what: 'malformed token', data: JSON.stringify({ type: 'hello', game: id, token }), expect: ['bad_message'] };
      }
      case 18: {
        const depth = 100 + rng.int(2000);
        const v = rng.int(2)
          ? '['.repeat(depth) + ']'.repeat(depth)
          : `{"type":"choice","choice":{"t":"move","x":${'['.repeat(depth)}${']'.repeat(depth)}},"id":"${id0}"}`;
        const isChoice = v.startsWith('{');
        // Refused by its shape before anything walks it (a hostile nesting depth), choice or not.
        return { what: 'deep nesting', data: v, expect: ['bad_message'], ...(isChoice ? { id: id0 } : {}) };
      }
      case 19:
        return {
          what: 'prototype keys',
          data: `{"type":"ping","id":"${id0}","__proto__":{"polluted":1}}`,
          expect: ['bad_message', 'pong'],
          id: id0,
        };
      case 20: {
        const index = pick(rng, [2 ** 31, Number.MAX_SAFE_INTEGER, moves + 1000]);
        return {
          what: 'index far ahead',
          data: JSON.stringify({ type: 'choice', choice: pick(rng, legal), index, id: id0 }),
          expect: choiceAnswer(index),
          id: id0,
        };
      }
      default:
        return { what: 'ping (liveness)', data: JSON.stringify({ type: 'ping', id: id0 }), expect: ['pong'], id: id0 };
    }
  };

  const plan: [TestClient, 'x' | 'y' | 'watcher'][] = [
    [seats[x]!, 'x'],
    [seats[y]!, 'y'],
    [spectator, 'watcher'],
    [anon, 'watcher'],
    [stranger, 'watcher'],
  ];
  const perConnection = 650;
  const cases = plan.map(([, role]) => Array.from({ length: perConnection }, () => makeCase(role)));
  await Promise.all(plan.map(([c], i) => lockstep(c, cases[i]!)));
  const total = cases.reduce((a, cs) => a + cs.length, 0);
  assert.ok(total >= 3000);
  for (const what of [
    'not JSON',
    'binary frame',
    'oversized',
    'illegal choice',
    'legal choice out of turn or stale',
    'undo not allowed',
    'hello to an unknown game',
    'bad token',
  ]) {
    assert.ok(cases.flat().filter((c) => c.what === what).length > 20, `enough "${what}" cases`);
  }
  for (const c of seats) assert.equal(c.ws.readyState, c.ws.OPEN);

  // Nothing changed, nobody was told of a change, and the server is up.
  assert.equal((await http(at.edgeBase, 'GET', '/health')).status, 200);
  assert.equal(g.moves.length, moves);
  assert.equal(g.game.hash(g.state), hash);
  const stored = (await store.getGame(id))!;
  assert.equal(stored.moves.length, moves);
  assert.equal(stored.hash, hash);
  assert.equal(
    spectator.messages.filter((m) => m.type === 'state').length,
    spectator.messages.slice(0, spectatorStates).filter((m) => m.type === 'state').length,
  );

  // The seats were kept through the failed hellos: a legal choice still works.
  const ok = await seats[x]!.request({ type: 'choice', choice: legal[0], index: moves });
  assert.equal(ok.type, 'ack', JSON.stringify(ok));
  assert.equal(ok.index, moves);
  for (const c of [spectator, seats[y]!])
    await until(() => c.messages.some((m) => m.type === 'state' && m.moves > moves), 'the others to see the move');
  assert.equal(g.moves.length > moves, true);
  return id;
}

describe('WebSocket fuzz', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startServer('sqlite');
  });
  after(async () => {
    await srv?.stop();
  });

  test('≥ 3000 bad messages from five connections: each gets a clear error and nothing changes', async () => {
    await fuzzSockets({ ...srv, edgeBase: srv.base, client: () => srv.client() }, 'fuzz-1');
  });

  test('a frame over 64 KiB closes that socket with 1009; the server and other sockets carry on', async () => {
    const other = await srv.client();
    const big = await srv.client();
    const closed = new Promise<number>((resolve) => big.ws.once('close', (code) => resolve(code)));
    big.ws.on('error', () => undefined);
    big.send('x'.repeat(65 * 1024 + 1));
    assert.equal(await closed, 1009);
    assert.deepEqual((await http(srv.base, 'GET', '/health')).json, { ok: true });
    assert.equal((await other.request({ type: 'ping' })).type, 'pong');
    const fresh = await srv.client();
    assert.equal((await fresh.request({ type: 'ping' })).type, 'pong');
  });
});

describe('WebSocket fuzz through a process that relays to the owner', { timeout: 240_000 }, () => {
  let cluster: InProcessCluster;
  before(async () => {
    cluster = await InProcessCluster.start();
  });
  after(async () => {
    await cluster?.close();
  });

  test('the same bad messages at a process that does not play the game: clear errors, nothing changes at the owner', async () => {
    const owner = await cluster.node();
    const edge = await cluster.node();
    const id = await fuzzSockets(
      { base: owner.base, hub: owner.hub, store: owner.store, edgeBase: edge.base, client: () => edge.client() },
      'fuzz-relay',
    );
    // The game stayed at its owner: the edge only relayed.
    assert.ok(owner.hub.isLive(id) && !edge.hub.isLive(id));
  });
});

describe('HTTP fuzz', () => {
  let srv: TestServer;
  let gameId: string;
  before(async () => {
    srv = await startServer('sqlite');
    gameId = await createGame(srv.base, {
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
      seed: 'http-fuzz',
    });
  });
  after(async () => {
    await srv?.stop();
  });

  async function raw(
    method: string,
    path: string,
    body?: string,
    type = 'application/json',
  ): Promise<{ status: number; json: ApiReply | string }> {
    const res = await fetch(srv.base + path, { method, headers: body === undefined ? {} : { 'content-type': type }, body });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      /* checked below */
    }
    return { status: res.status, json: json as ApiReply | string };
  }

  function clear4xx(r: { status: number; json: ApiReply | string }, status: number | number[], what: string): void {
    const ok = Array.isArray(status) ? status : [status];
    assert.ok(ok.includes(r.status), `${what}: status ${r.status}, expected ${ok.join('|')}: ${JSON.stringify(r.json)}`);
    assert.ok(typeof r.json === 'object', `${what}: a JSON body`);
    assert.equal(typeof r.json.error, 'string', `${what}: ${JSON.stringify(r.json)}`);
    assert.equal(typeof r.json.message, 'string', what);
    assert.ok(r.json.message.length > 0, what);
  }

  test('malformed bodies, wrong shapes, oversized bodies, unknown ids and routes: clear 4xx JSON errors', async () => {
    for (const body of ['not json', '{"game":', '{"game":"relic-runners",}', '[', '\u0000', '{"a":1}{"b":2}']) {
      clear4xx(await raw('POST', '/api/games', body), 400, `malformed ${JSON.stringify(body)}`);
    }
    clear4xx(await raw('POST', '/api/games', '', 'application/json'), 400, 'empty JSON body');
    clear4xx(await raw('POST', '/api/games', 'hello', 'text/plain'), [400, 415], 'text/plain body');
    clear4xx(await raw('POST', '/api/games'), 400, 'no body');

    const seats = [{ kind: 'human' }, { kind: 'bot', bot: 'random' }];
    const shapes: unknown[] = [
      [],
      42,
      'str',
      null,
      {},
      { game: 'relic-runners' },
      { game: 'relic-runners', seats: 'x' },
      { game: 'relic-runners', seats: [{ kind: 'alien' }] },
      { game: 'relic-runners', seats: [{ kind: 'human', name: '' }] },
      { game: 'relic-runners', seats: Array.from({ length: 9 }, () => ({ kind: 'human' })) },
      { game: 'chess', seats },
      { game: 'relic-runners', seats, extra: 1 },
      { game: 'relic-runners', seats, seed: {} },
      { game: 'relic-runners', seats, seed: 1.5 },
      { game: 'relic-runners', seats, clock: { bankMs: 5, incrementMs: 0 } },
      { game: 'relic-runners', seats, clock: { bankMs: 5000 } },
      { game: 'relic-runners', seats, botDelayMs: 1e9 },
      { game: 'relic-runners', seats, options: [] },
      { game: 'relic-runners', seats, options: { colour: 'red' } },
      { game: 'relic-runners', seats: [{ kind: 'bot', bot: 'nobody' }, { kind: 'human' }] },
      { game: 'relic-runners', seats: [{ kind: 'bot', bot: 'greedy', token: 'x' }, { kind: 'human' }] },
    ];
    for (const s of shapes) clear4xx(await http(srv.base, 'POST', '/api/games', s), 400, `shape ${JSON.stringify(s)}`);

    const huge = JSON.stringify({ game: 'relic-runners', seats, pad: 'x'.repeat(17 * 1024) });
    const r413 = await raw('POST', '/api/games', huge);
    clear4xx(r413, 413, 'oversized body');
    assert.equal((r413.json as ApiReply).error, 'too_large');
    clear4xx(await raw('POST', `/api/games/${gameId}/join`, JSON.stringify({ seat: 0, name: 'n'.repeat(20000) })), 413, 'oversized join');

    const long = 'x'.repeat(65);
    const token = 'T'.repeat(43);
    const notFound: [string, string, unknown?][] = [
      ['GET', '/api/games/nope'],
      ['GET', '/api/games/nope/record'],
      ['POST', '/api/games/nope/join', { seat: 0 }],
      ['POST', '/api/games/nope/seats/0/bot', { token }],
    ];
    for (const [m, p, b] of notFound) {
      const r = await http(srv.base, m, p, b);
      clear4xx(r, 404, `${m} ${p}`);
      assert.equal(r.json.error, 'no_game');
    }
    const bad: [string, string, unknown?, number?][] = [
      ['GET', `/api/games/${long}`],
      ['POST', `/api/games/${long}/join`, { seat: 0 }],
      ['POST', `/api/games/${gameId}/join`, { seat: -1 }],
      ['POST', `/api/games/${gameId}/join`, { seat: '0' }],
      ['POST', `/api/games/${gameId}/join`, { seat: 99 }],
      ['POST', `/api/games/${gameId}/join`, { seat: 0, extra: true }],
      ['POST', `/api/games/${gameId}/join`, {}],
      ['POST', `/api/games/${gameId}/join`],
      ['POST', `/api/games/${gameId}/join`, { seat: 5 }, 409], // no such seat in this game (the design answers 409)
      ['POST', `/api/games/${gameId}/join`, { seat: 2 }, 409],
      ['POST', `/api/games/${gameId}/seats/abc/bot`, { token }],
      ['POST', `/api/games/${gameId}/seats/9/bot`, { token }],
      ['POST', `/api/games/${gameId}/seats/0/bot`, { token: 'short' }],
      ['POST', `/api/games/${gameId}/seats/0/bot`, { token }, 403],
      ['POST', `/api/games/${gameId}/seats/0/bot`, {}],
      ['GET', `/api/games/${gameId}/record`, undefined, 409],
    ];
    for (const [m, p, b, status] of bad) clear4xx(await http(srv.base, m, p, b), status ?? 400, `${m} ${p} ${JSON.stringify(b)}`);
    clear4xx(await http(srv.base, 'GET', '/api/nothing-here'), 404, 'unknown route');
    clear4xx(await http(srv.base, 'DELETE', `/api/games/${gameId}`), 404, 'unknown method');

    // Seeded random bodies: never a 5xx, always a JSON error or a created game.
    const rng = createRng('http-fuzz');
    const values = (): unknown =>
      pick(rng, [null, 0, -1, 2 ** 53, 1.5, '', 'x', 'relic-runners', [], {}, true, [{ kind: 'human' }], { kind: 'bot', bot: 'random' }]);
    const keys = ['game', 'seats', 'options', 'seed', 'clock', 'botDelayMs', 'seat', 'name', 'token', 'bot', 'kind'];
    let created = 0;
    for (let i = 0; i < 200; i++) {
      const body: Json = {};
      for (let j = rng.int(5); j >= 0; j--) body[pick(rng, keys)] = values();
      const path = pick(rng, ['/api/games', `/api/games/${gameId}/join`, `/api/games/${gameId}/seats/${rng.int(4)}/bot`]);
      const r = await http(srv.base, 'POST', path, body);
      if (r.status === 201 || r.status === 200) {
        created++;
        continue;
      }
      clear4xx(r, [400, 403, 404, 409], `random ${path} ${JSON.stringify(body)}`);
    }
    assert.ok(created < 20);
    assert.deepEqual((await http(srv.base, 'GET', '/health')).json, { ok: true });
  });
});

describe('WebSocket rate limit', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startServer('sqlite', { wsPerSecond: 5 });
  });
  after(async () => {
    await srv?.stop();
  });

  test('a burst beyond 2 s worth of messages gets rate_limited errors; the connection recovers', async () => {
    const c = await srv.client();
    const n = 40;
    const seen = new Promise<void>((resolve) => {
      const check = () => (c.messages.length >= n ? resolve() : setTimeout(check, 5));
      check();
    });
    for (let i = 0; i < n; i++) c.send({ type: 'ping', id: `b${i}` });
    await seen;
    const pongs = c.messages.filter((m) => m.type === 'pong');
    const limited = c.messages.filter((m) => m.type === 'error');
    assert.equal(pongs.length + limited.length, n);
    assert.ok(pongs.length >= 10 && pongs.length < 15, `the burst allowance is 10 (got ${pongs.length} pongs)`);
    assert.ok(limited.length > 20);
    for (const e of limited) {
      assert.equal(e.code, 'rate_limited');
      assert.ok(typeof e.message === 'string' && e.message.length > 0);
    }
    assert.equal(c.ws.readyState, c.ws.OPEN);
    // Another connection has its own allowance.
    const other = await srv.client();
    assert.equal((await other.request({ type: 'ping' })).type, 'pong');
    // Tokens come back at 5 per second (rate_limited errors carry no id, so wait for any reply).
    const end = Date.now() + 5000;
    for (;;) {
      const reply = c.next(() => true, 5000);
      c.send({ type: 'ping', id: 'again' });
      const m = await reply;
      if (m.type === 'pong') break;
      assert.equal(m.code, 'rate_limited');
      assert.ok(Date.now() < end, 'the connection is allowed again after a while');
      await new Promise((r) => setTimeout(r, 100));
    }
  });
});
