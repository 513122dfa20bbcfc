/**
 * `npm run bench:floor`: what bench:server's traffic costs with no game in it, on this machine.
 *
 * bench:server's figures depend on the machine as much as on the server (the same commit gave
 * 9,400 choices/s on one session's machine and 5,000 on another's), and its load client shares the
 * machine's two cores with the server. This bench measures the ceiling that the transport (and the
 * store) alone set, in the same run and the same shape: a server child process with the same `ws` library and
 * the same V8 flags, the same number of games, one WebSocket per seat, and per choice the same
 * messages of the same sizes (the choice in; an ack to the chooser and a state message to each
 * seat, in one write per socket). The server parses each choice and sends prebuilt texts: no rules,
 * no views, no patches. FLOOR_STORE names the modes run, in order:
 * - `moves`: each choice is also written to SQLite as a row of the real store's moves table (random
 *   text game ids, WAL, synchronous=NORMAL, checkpoints on their own thread, one transaction per
 *   event-loop turn, the ack after the commit), as the real server does;
 * - `journal`: the same rows in a table without the key by game and move (rowid order, so a commit
 *   writes a page per ~30 rows instead of one per row): what an append-only log of moves, folded
 *   into the keyed table later, would cost the event loop (the folding is not measured);
 * - `none`: no store.
 * The client answers each state where its seat is to act at once and does no more than parse it.
 *
 * Prints one line per mode and one JSON line: choices/s, server CPU µs per choice, client CPU µs
 * per choice. bench:server's choices/s divided by this floor's says how much of the transport's
 * ceiling the whole server reaches on this machine.
 *
 * Env: GAMES (2000), MEASURE_S (10), WARMUP_S (3), STATE_BYTES (490: the state text, each seat's),
 * CHOICE_BYTES (60), FLOOR_STORE (a comma list of moves, journal, none: default moves,none).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { WebSocket, WebSocketServer } from 'ws';
import { SERVER_NODE_FLAGS } from '../src/server/node-flags.js';
import { Checkpointer, FALLBACK_AUTOCHECKPOINT_PAGES } from '../src/server/sqlite-checkpointer.js';

const GAMES = Number(process.env.GAMES ?? 2000);
const MEASURE_S = Number(process.env.MEASURE_S ?? 10);
const WARMUP_S = Number(process.env.WARMUP_S ?? 3);
const STATE_BYTES = Number(process.env.STATE_BYTES ?? 490);
const CHOICE_BYTES = Number(process.env.CHOICE_BYTES ?? 60);
const STORES = ['moves', 'journal', 'none'] as const;
type StoreMode = (typeof STORES)[number];
const MODES = (process.env.FLOOR_STORE ?? 'moves,none').split(',').map((m): StoreMode => {
  if (!(STORES as readonly string[]).includes(m)) throw new Error(`FLOOR_STORE: "${m}" is none of ${STORES.join(', ')}`);
  return m as StoreMode;
});

type FromChild = { t: 'ready'; port?: number } | { t: 'count'; choices: number; cpuUs: number };

/** A JSON text of about `bytes` bytes, its length made up by a filler field. */
const padded = (fields: Record<string, unknown>, bytes: number): string => {
  const bare = JSON.stringify({ ...fields, pad: '' });
  return JSON.stringify({ ...fields, pad: 'x'.repeat(Math.max(0, bytes - bare.length)) });
};

const cpuUs = (): number => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** The server: one game per pair of sockets, a prebuilt state per move, a row per choice. */
function serve(store: StoreMode): void {
  const dir = store !== 'none' ? mkdtempSync(join(tmpdir(), 'expedition-floor-')) : '';
  const db = store !== 'none' ? new Database(join(dir, 'floor.sqlite')) : null;
  db?.pragma('journal_mode = WAL');
  db?.pragma('synchronous = NORMAL');
  db?.pragma('foreign_keys = ON');
  // Checkpoints on a thread of their own, as the real store has them.
  const checkpointer = db ? new Checkpointer(join(dir, 'floor.sqlite'), () => db.pragma('wal_checkpoint(PASSIVE)')) : null;
  db?.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  // The real store's shape (store-sqlite.ts): random text ids, a move row keyed by game and index.
  db?.exec(`CREATE TABLE games (id TEXT PRIMARY KEY);
    CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games (id), idx INTEGER NOT NULL, seat INTEGER NOT NULL,
      choice TEXT NOT NULL, hash TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (game_id, idx));
    CREATE TABLE journal (game_id TEXT NOT NULL, idx INTEGER NOT NULL, seat INTEGER NOT NULL,
      choice TEXT NOT NULL, hash TEXT NOT NULL, at INTEGER NOT NULL)`);
  const ids = Array.from({ length: GAMES }, () => randomBytes(12).toString('base64url'));
  if (db) {
    const add = db.prepare('INSERT INTO games (id) VALUES (?)');
    db.transaction(() => ids.forEach((id) => add.run(id)))();
  }
  const insert = db?.prepare(`INSERT INTO ${store} (game_id, idx, seat, choice, hash, at) VALUES (?, ?, ?, ?, ?, ?)`);
  const games: { seats: (WebSocket | null)[]; moves: number }[] = [];
  let queue: (() => void)[] = [];
  let rows: [number, number, string][] = [];
  // A state hash's length (16 hex digits); its value is nothing to SQLite, and the server computes it before the store.
  const hash = 'a1b2c3d4e5f60718';
  const writeAll = db?.transaction((batch: [number, number, string][]) => {
    for (const r of batch) insert!.run(ids[r[0]], r[1], r[1] % 2, r[2], hash, Date.now());
  });
  let stopping = false;
  const flush = (): void => {
    if (stopping) return;
    const q = queue;
    writeAll?.(rows);
    checkpointer?.wrote(rows.length);
    queue = [];
    rows = [];
    for (const f of q) f();
  };
  let choices = 0;
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 8192 });
  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      const m = JSON.parse((data as Buffer).toString()) as { type: string; game: number; seat: number; index?: number; choice?: unknown };
      const g = (games[m.game] ??= { seats: [null, null], moves: 0 });
      if (m.type === 'hello') {
        g.seats[m.seat] = ws;
        if (g.seats[0] && g.seats[1]) g.seats[0].send(state(m.game, g.moves, 0));
        return;
      }
      if (m.index !== g.moves) return;
      const moves = ++g.moves;
      const reply = (): void => {
        choices++;
        const raw = (ws as unknown as { _socket: { cork(): void; uncork(): void } })._socket;
        raw.cork();
        ws.send(`{"type":"ack","index":${m.index}}`);
        for (const s of g.seats) s?.send(state(m.game, moves, moves % 2));
        raw.uncork();
      };
      if (!db) return reply();
      rows.push([m.game, m.index, JSON.stringify(m.choice)]);
      if (queue.push(reply) === 1) setImmediate(flush);
    });
  });
  wss.on('listening', () => {
    const port = (wss.address() as { port: number }).port;
    process.send!({ t: 'ready', port } satisfies FromChild);
  });
  process.on('message', (m: { t: string }) => {
    if (m.t === 'count') process.send!({ t: 'count', choices, cpuUs: cpuUs() } satisfies FromChild);
    if (m.t === 'stop') void stop();
  });
  const stop = async (): Promise<void> => {
    stopping = true;
    await checkpointer?.close();
    db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
}

const stateTemplate = padded({ type: 'state', game: 0, seq: 0, moves: 0, toAct: 0 }, STATE_BYTES);
const state = (game: number, moves: number, toAct: number): string =>
  `{"type":"state","game":${game},"seq":${moves},"moves":${moves},"toAct":${toAct},` + stateTemplate.slice(stateTemplate.indexOf('"pad"'));

/** The client: two sockets a game; a seat to act answers at once with a choice of CHOICE_BYTES. */
async function play(port: number): Promise<void> {
  let choices = 0;
  const choice = JSON.parse(padded({ kind: 'move' }, CHOICE_BYTES - 30)) as unknown;
  const connect = (game: number, seat: number): Promise<void> =>
    new Promise((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}`);
      ws.on('open', () => {
        ws.send(JSON.stringify({ type: 'hello', game, seat }));
        resolve();
      });
      ws.on('message', (data) => {
        const m = JSON.parse((data as Buffer).toString()) as { type: string; moves: number; toAct: number };
        if (m.type === 'ack') choices++;
        if (m.type === 'state' && m.toAct === seat) ws.send(JSON.stringify({ type: 'choice', game, seat, index: m.moves, choice }));
      });
      ws.on('error', (e) => {
        console.error(`bench:floor: client socket: ${e.message}`);
        process.exit(1);
      });
    });
  // A hundred games at a time: 4,000 connections at once overflow the listen queue (the kernel resets some).
  for (let game = 0; game < GAMES; game += 100) {
    const opening: Promise<void>[] = [];
    for (let g = game; g < Math.min(GAMES, game + 100); g++) opening.push(connect(g, 0), connect(g, 1));
    await Promise.all(opening);
  }
  process.send!({ t: 'ready' } satisfies FromChild);
  process.on('message', (m: { t: string }) => {
    if (m.t === 'count') process.send!({ t: 'count', choices, cpuUs: cpuUs() } satisfies FromChild);
    if (m.t === 'stop') process.exit(0);
  });
}

const ask = (child: ChildProcess, t: string): Promise<FromChild> =>
  new Promise((resolve) => {
    child.once('message', (m: FromChild) => resolve(m));
    child.send({ t });
  });

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function run(
  store: StoreMode,
): Promise<{ store: StoreMode; choicesPerSec: number; serverUsPerChoice: number; clientUsPerChoice: number }> {
  const self = fileURLToPath(import.meta.url);
  const server = fork(self, ['serve', store], { execArgv: [...SERVER_NODE_FLAGS] });
  const died = (who: string) => (code: number | null, signal: string | null) => {
    if (code === 0) return;
    console.error(`bench:floor: the ${who} process died (${signal ?? `exit code ${code}`})`);
    process.exit(1);
  };
  server.on('exit', died('server'));
  const ready = await new Promise<FromChild>((r) => server.once('message', r));
  const port = ready.t === 'ready' ? ready.port! : 0;
  const client = fork(self, ['play', String(port)], { execArgv: [...SERVER_NODE_FLAGS] });
  client.on('exit', died('client'));
  await new Promise((r) => client.once('message', r));
  await sleep(WARMUP_S * 1000);
  const s0 = (await ask(server, 'count')) as Extract<FromChild, { t: 'count' }>;
  const c0 = (await ask(client, 'count')) as Extract<FromChild, { t: 'count' }>;
  await sleep(MEASURE_S * 1000);
  const s1 = (await ask(server, 'count')) as Extract<FromChild, { t: 'count' }>;
  const c1 = (await ask(client, 'count')) as Extract<FromChild, { t: 'count' }>;
  server.removeAllListeners('exit');
  client.removeAllListeners('exit');
  server.send({ t: 'stop' });
  client.send({ t: 'stop' });
  await Promise.all([new Promise((r) => server.once('exit', r)), new Promise((r) => client.once('exit', r))]);
  const n = s1.choices - s0.choices;
  return {
    store,
    choicesPerSec: Math.round(n / MEASURE_S),
    serverUsPerChoice: Math.round((s1.cpuUs - s0.cpuUs) / Math.max(1, n)),
    clientUsPerChoice: Math.round((c1.cpuUs - c0.cpuUs) / Math.max(1, c1.choices - c0.choices)),
  };
}

const [role, arg] = process.argv.slice(2);
if (role === 'serve') serve(arg as StoreMode);
else if (role === 'play') await play(Number(arg));
else {
  console.log(
    `bench:floor: ${GAMES} games, 2 sockets each; state ${STATE_BYTES} B per seat, choice ~${CHOICE_BYTES} B; ${WARMUP_S} s warm-up + ${MEASURE_S} s measured`,
  );
  const rows = [];
  for (const store of MODES) {
    const r = await run(store);
    rows.push(r);
    console.log(
      `  ${store.padEnd(7)}: ${r.choicesPerSec} choices/s, server CPU ${r.serverUsPerChoice} µs/choice, client CPU ${r.clientUsPerChoice} µs/choice`,
    );
  }
  console.log(JSON.stringify({ bench: 'floor', games: GAMES, rows }));
}
