/**
 * The floor of bench:abuse's `sockets` scenario (`--floor`): a server on the same transport as the
 * game server (Fastify, @fastify/websocket, the same `ws`, the same frame limit), started the same
 * way (a child process, PORT and HOST from the environment), that does nothing else. /health
 * answers at once; POST /api/games answers 201 with a fixed id; on /ws every `hello` is answered
 * with a prebuilt welcome of WELCOME_BYTES (default the size of the game server's welcome to the
 * scenario's game, which bench:abuse reports). No game, no store, no rate limit, no security
 * header: what 2,000 sockets opening at once cost the event loop and the heap on this machine
 * before any of the game server's own work.
 */
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import type { WebSocket } from 'ws';

// The game server's hard frame limit (src/server/app.ts).
const HARD_FRAME_LIMIT = 64 * 1024;
const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
const welcomeBytes = Number(process.env.WELCOME_BYTES ?? 3000);

// A welcome-shaped JSON text of the requested size.
const head = '{"type":"welcome","game":"floor","pad":"';
const tail = '"}';
const WELCOME = head + 'x'.repeat(Math.max(0, welcomeBytes - head.length - tail.length)) + tail;

const app = Fastify({ logger: false });
await app.register(websocket, { options: { maxPayload: HARD_FRAME_LIMIT } });
app.get('/health', async () => ({ ok: true }));
app.post('/api/games', async (_req, reply) => reply.code(201).send({ id: 'floor' }));
app.get('/ws', { websocket: true }, (socket: WebSocket) => {
  socket.on('message', (data: Buffer) => {
    let m: unknown;
    try {
      m = JSON.parse(data.toString('utf8'));
    } catch {
      return socket.close(1007, 'not JSON');
    }
    if ((m as { type?: unknown }).type === 'hello') socket.send(WELCOME);
  });
});
await app.listen({ port, host });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
