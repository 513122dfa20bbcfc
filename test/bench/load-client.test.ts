/**
 * The benches' load client (bench/load/client.ts) as bench:cluster uses it when it kills a server
 * process: the sockets that process held connect again to the live processes, spread over them as
 * a load balancer spreads browsers. All sent to the next process, they made that one accept and
 * welcome twice its share at once: its failover was the bench's, seconds late, and the games still
 * waiting at the end of the measured time were reported as stalled.
 * Three plain WebSocket servers stand for the server processes: only where each seat connects counts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { LoadClient, Seat } from '../../bench/load/client.js';

function server(): Promise<WebSocketServer> {
  return new Promise((res) => {
    const wss: WebSocketServer = new WebSocketServer({ host: '127.0.0.1', port: 0 }, () => res(wss));
  });
}

async function until(what: string, cond: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('the sockets of a killed process reconnect spread over the live processes, not all to one', async () => {
  const servers = await Promise.all([server(), server(), server()]);
  const client = new LoadClient({
    bases: servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`),
    games: 0,
    firstGame: 0,
    thinkMs: 0,
  });
  try {
    // 30 seats on process 0, which is then killed: the parent says so first (as bench:cluster does).
    const seats = Array.from({ length: 30 }, (_, i) => new Seat(client, i % 2, 0));
    await Promise.all(seats.map((s) => s.connect()));
    assert.equal(servers[0].clients.size, 30);
    client.killed(0, Date.now());
    for (const ws of servers[0].clients) ws.terminate();
    await until('every seat to connect again', () => seats.every((s) => s.ws?.readyState === 1 && s.node !== 0));
    const on = [1, 2].map((n) => seats.filter((s) => s.node === n).length);
    assert.deepEqual(on, [15, 15], `seats on processes 1 and 2: ${on.join(', ')}`);
    assert.equal(servers[1].clients.size + servers[2].clients.size, 30);
  } finally {
    client.stop();
    for (const s of servers) for (const ws of s.clients) ws.terminate();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  }
});
