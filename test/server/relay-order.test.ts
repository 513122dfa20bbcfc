/**
 * The edge of a relayed socket writes the owner's texts in the order the owner sent them: a state
 * sent right after the answer to a hello (a move made just then) never reaches the client before
 * that welcome, which the client starts from. The answer is written after an await (the edge's
 * Connection waits for it); what the bus delivers meanwhile waits for it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Relay, type RelayedSocket } from '../../src/server/cluster/relay.js';
import type { Bus } from '../../src/server/cluster/bus.js';
import type { Hub } from '../../src/server/hub.js';

function edge() {
  const sent: string[] = [];
  const bus = { send: async (_to: string, msg: string) => (sent.push(msg), true) } as unknown as Bus;
  const relay = new Relay(bus, null as unknown as Hub, 'edge', 5000);
  const written: string[] = [];
  const socket: RelayedSocket = { sendText: (t) => written.push(t), close: () => undefined, lost: () => undefined };
  return { relay, socket, written, sent, link: relay.open(socket, 'owner') };
}

test("a state that follows the hello's answer on the bus is written after the welcome, not before", async () => {
  const { relay, socket, written, sent, link } = edge();
  // As Connection.helloElsewhere does: wait for the answer, write it, then let what followed through.
  const hello = link.hello({ type: 'hello', game: 'g1' }).then((a) => {
    socket.sendText(a.text);
    link.release();
  });
  await new Promise((r) => setImmediate(r));
  assert.equal(sent.length, 1, 'the hello went to the owner');
  // The owner's answer and the state of a move made right after it, delivered in one go.
  relay.onMessage('h', link.id, '1 0\n{"type":"welcome","moves":0}');
  relay.onMessage('t', 'owner', `${link.id}\n{"type":"state","moves":1}`);
  await hello;
  relay.onMessage('t', 'owner', `${link.id}\n{"type":"state","moves":2}`);
  assert.deepEqual(written, ['{"type":"welcome","moves":0}', '{"type":"state","moves":1}', '{"type":"state","moves":2}']);
});

test('texts held for a refused hello are dropped with its link', async () => {
  const { relay, socket, written, link } = edge();
  const hello = link.hello({ type: 'hello', game: 'g1' }).then((a) => {
    socket.sendText(a.text);
    link.close();
  });
  await new Promise((r) => setImmediate(r));
  relay.onMessage('h', link.id, '0\n{"type":"error","code":"bad_token","message":"no seat"}');
  relay.onMessage('t', 'owner', `${link.id}\n{"type":"state","moves":1}`);
  await hello;
  link.release();
  assert.deepEqual(written, ['{"type":"error","code":"bad_token","message":"no seat"}']);
});
