#!/usr/bin/env node
import { buildServer } from './app.js';
import { fileURLToPath } from 'node:url';
import { openStore } from './store-open.js';
import { isIP } from 'node:net';
import { parseHosts, parseOrigins, parseTrustProxy } from './limits.js';

/** A whole-number setting from the environment; a malformed one stops the server with its name. */
function envInt(name: string): number | undefined {
  const v = process.env[name];
  if (v === undefined || v.trim() === '') return undefined;
  if (!/^\d+$/.test(v.trim())) {
    console.error(`expedition: ${name}="${v}" is not a whole number`);
    process.exit(2);
  }
  return Number(v);
}

/** `npm start`: the game server on PORT (default 8080), SQLite unless DATABASE_URL is set. */
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';

let trustProxy;
let allowedOrigins: string[];
let allowedHosts: string[];
try {
  trustProxy = parseTrustProxy(process.env.TRUST_PROXY ?? 'false');
  allowedOrigins = [...parseOrigins((process.env.ALLOWED_ORIGINS ?? '').split(','))];
  // IP addresses and localhost always pass; a HOST that is a name is one of the server's names.
  allowedHosts = [...parseHosts([...(process.env.ALLOWED_HOSTS ?? '').split(','), ...(isIP(host) === 0 ? [host] : [])])];
} catch (e) {
  console.error(`expedition: ${(e as Error).message}`);
  process.exit(2);
}
// Limits (defaults in app.ts LIMIT_DEFAULTS); all per client address except WS_PER_SECOND (per connection).
const limits = {
  httpPerMinute: envInt('HTTP_PER_MINUTE'),
  createPerMinute: envInt('CREATE_PER_MINUTE'),
  wsUpgradesPerMinute: envInt('WS_UPGRADES_PER_MINUTE'),
  wsPerAddress: envInt('WS_PER_ADDRESS'),
  liveGamesPerAddress: envInt('LIVE_GAMES_PER_ADDRESS'),
  wsPerSecond: envInt('WS_PER_SECOND'),
  wsMaxBufferedBytes: envInt('WS_MAX_BUFFERED_BYTES'),
  evictFinishedMs: envInt('EVICT_FINISHED_MS'),
  evictIdleMs: envInt('EVICT_IDLE_MS'),
  botMaxMs: envInt('BOT_MAX_MS'),
  botThreads: envInt('BOT_THREADS'),
  botQuickThreads: envInt('BOT_QUICK_THREADS'),
  botSliceMs: envInt('BOT_SLICE_MS'),
  allowedOrigins,
  allowedHosts,
  trustProxy,
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
  console.error(
    "expedition: REDIS_URL is set (several processes, one service), which needs the games in PostgreSQL: set DATABASE_URL=postgres://… too (SQLite is one process's file)",
  );
  process.exit(2);
}
const store = await openStore();
const { app, hub } = await buildServer(store, {
  // dist/src/server/main.js → dist/web, where `vite build` puts the client.
  webRoot: process.env.WEB_ROOT ?? fileURLToPath(new URL('../../web', import.meta.url)),
  ...(process.env.BOT_DELAY_MS !== undefined ? { botDelayMs: Number(process.env.BOT_DELAY_MS) } : {}),
  ...limits,
  ...(cluster ? { cluster } : {}),
});
const { loaded, failed } = await hub.rebuildAll();
for (const f of failed) console.error(`expedition: ${f}`);
await app.listen({ port, host });
const node = hub.cluster ? `; cluster node ${hub.cluster.id}` : '';
console.log(
  `expedition server on http://localhost:${port} (${store.kind}${node}; ${loaded} unfinished game${loaded === 1 ? '' : 's'} rebuilt)`,
);

const stop = async () => {
  await app.close();
  await store.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
