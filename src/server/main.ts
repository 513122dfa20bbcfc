#!/usr/bin/env node
import { buildServer } from './app.js';
import { fileURLToPath } from 'node:url';
import { openStore } from './store-open.js';
import { isIP } from 'node:net';
import { parseHosts, parseOrigins, parseTrustProxy } from './limits.js';
import { LOG_LEVELS, isLogLevel, serverLog } from './log.js';

/**
 * A setting the server cannot start with: said on stderr as a line of text, as a command says what
 * is wrong with its arguments, and the process ends with status 2. The server's log is for what
 * happens once it runs (and its own setting, LOG_LEVEL, may be the one that is wrong).
 */
function refuse(message: string): never {
  process.stderr.write(`expedition: ${message}\n`);
  process.exit(2);
}

/** A whole-number setting from the environment; a malformed one stops the server with its name. */
function envInt(name: string): number | undefined {
  const v = process.env[name];
  if (v === undefined || v.trim() === '') return undefined;
  if (!/^\d+$/.test(v.trim())) refuse(`${name}="${v}" is not a whole number`);
  return Number(v);
}

// LOG_LEVEL: how much the server logs (info by default: a line per notable event, none per request).
const logLevel = process.env.LOG_LEVEL?.trim() || 'info';
if (!isLogLevel(logLevel)) refuse(`LOG_LEVEL="${process.env.LOG_LEVEL}" is not one of ${LOG_LEVELS.join(', ')}`);
const log = serverLog({ level: logLevel });

/** `npm start`: the game server on PORT (default 8080), SQLite unless DATABASE_URL is set. */
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';

let trustProxy;
let allowedOrigins: string[];
let allowedHosts: string[];
let publicOrigin: string;
try {
  // PUBLIC_ORIGIN: where the site is served from, as a browser sees it (passkeys are bound to it).
  try {
    [publicOrigin = ''] = parseOrigins([process.env.PUBLIC_ORIGIN?.trim() || `http://localhost:${port}`]);
  } catch {
    throw new Error(`PUBLIC_ORIGIN="${process.env.PUBLIC_ORIGIN}" is not an origin (write it as scheme://host[:port], nothing after)`);
  }
  trustProxy = parseTrustProxy(process.env.TRUST_PROXY ?? 'false');
  allowedOrigins = [...parseOrigins((process.env.ALLOWED_ORIGINS ?? '').split(','))];
  // IP addresses and localhost always pass; a HOST that is a name is one of the server's names.
  allowedHosts = [...parseHosts([...(process.env.ALLOWED_HOSTS ?? '').split(','), ...(isIP(host) === 0 ? [host] : [])])];
} catch (e) {
  refuse((e as Error).message);
}
// Limits (defaults in app.ts LIMIT_DEFAULTS); all per client address except WS_PER_SECOND (per connection).
const limits = {
  httpPerMinute: envInt('HTTP_PER_MINUTE'),
  createPerMinute: envInt('CREATE_PER_MINUTE'),
  wsUpgradesPerMinute: envInt('WS_UPGRADES_PER_MINUTE'),
  wsPerAddress: envInt('WS_PER_ADDRESS'),
  liveGamesPerAddress: envInt('LIVE_GAMES_PER_ADDRESS'),
  quickPlayPerAddress: envInt('QUICKPLAY_PER_ADDRESS'),
  wsPerSecond: envInt('WS_PER_SECOND'),
  wsMaxBufferedBytes: envInt('WS_MAX_BUFFERED_BYTES'),
  signInPerMinute: envInt('SIGN_IN_PER_MINUTE'),
  signInFailuresPerName: envInt('SIGN_IN_FAILURES_PER_NAME'),
  evictFinishedMs: envInt('EVICT_FINISHED_MS'),
  evictIdleMs: envInt('EVICT_IDLE_MS'),
  botMaxMs: envInt('BOT_MAX_MS'),
  botThreads: envInt('BOT_THREADS'),
  botQuickThreads: envInt('BOT_QUICK_THREADS'),
  botSliceMs: envInt('BOT_SLICE_MS'),
  allowedOrigins,
  allowedHosts,
  trustProxy,
  publicOrigin,
};
// Cluster mode: several processes on one PostgreSQL database, with Redis carrying messages between them.
const redisUrl = process.env.REDIS_URL;
const databaseUrl = process.env.DATABASE_URL;
const cluster =
  redisUrl !== undefined && redisUrl !== ''
    ? {
        redisUrl,
        databaseUrl: databaseUrl ?? '',
        ...(process.env.DATABASE_SCHEMA ? { schema: process.env.DATABASE_SCHEMA } : {}),
      }
    : undefined;
if (cluster && !/^postgres(ql)?:\/\//.test(cluster.databaseUrl)) {
  refuse(
    "REDIS_URL is set (several processes, one service), which needs the games in PostgreSQL: set DATABASE_URL=postgres://… too (SQLite is one process's file)",
  );
}
const store = await openStore(process.env, log);
const { app, hub } = await buildServer(store, {
  // dist/src/server/main.js → dist/web, where `vite build` puts the client.
  webRoot: process.env.WEB_ROOT ?? fileURLToPath(new URL('../../web', import.meta.url)),
  ...(process.env.BOT_DELAY_MS !== undefined ? { botDelayMs: Number(process.env.BOT_DELAY_MS) } : {}),
  ...limits,
  ...(cluster ? { cluster } : {}),
  log,
});
// A game that cannot be rebuilt is logged by the hub, and refused to its players.
const { loaded } = await hub.rebuildAll();
await app.listen({ port, host });
app.log.info(
  { store: store.kind, rebuilt: loaded },
  `expedition server on http://localhost:${port} (${store.kind}; ${loaded} unfinished game${loaded === 1 ? '' : 's'} rebuilt)`,
);

const stop = async () => {
  await app.close();
  await store.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
