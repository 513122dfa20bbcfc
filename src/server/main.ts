#!/usr/bin/env node
import { buildServer } from './app.js';
import { fileURLToPath } from 'node:url';
import { openStore } from './store-open.js';

/** `npm start`: the game server on PORT (default 8080), SQLite unless DATABASE_URL is set. */
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const store = await openStore();
const { app, hub } = await buildServer(store, {
  // dist/src/server/main.js → dist/web, where `vite build` puts the client.
  webRoot: process.env.WEB_ROOT ?? fileURLToPath(new URL('../../web', import.meta.url)),
  ...(process.env.BOT_DELAY_MS !== undefined ? { botDelayMs: Number(process.env.BOT_DELAY_MS) } : {}),
  ...(process.env.BOT_MAX_MS !== undefined ? { botMaxMs: Number(process.env.BOT_MAX_MS) } : {}),
  ...(process.env.HTTP_PER_MINUTE !== undefined ? { httpPerMinute: Number(process.env.HTTP_PER_MINUTE) } : {}),
  ...(process.env.WS_PER_SECOND !== undefined ? { wsPerSecond: Number(process.env.WS_PER_SECOND) } : {}),
  ...(process.env.WS_MAX_BUFFERED_BYTES !== undefined ? { wsMaxBufferedBytes: Number(process.env.WS_MAX_BUFFERED_BYTES) } : {}),
  ...(process.env.EVICT_FINISHED_MS !== undefined ? { evictFinishedMs: Number(process.env.EVICT_FINISHED_MS) } : {}),
  ...(process.env.EVICT_IDLE_MS !== undefined ? { evictIdleMs: Number(process.env.EVICT_IDLE_MS) } : {}),
});
const { loaded, failed } = await hub.rebuildAll();
for (const f of failed) console.error(`expedition: ${f}`);
await app.listen({ port, host });
console.log(`expedition server on http://localhost:${port} (${store.kind}; ${loaded} unfinished game${loaded === 1 ? '' : 's'} rebuilt)`);

const stop = async () => {
  await app.close();
  await store.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
