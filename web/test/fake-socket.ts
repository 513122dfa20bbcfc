import { ServerSession, type ServerSessionOptions } from '../src/net/server-session.js';

/** A stand-in for the browser's WebSocket: the test plays the server. */
export class FakeSocket {
  static all: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(d: string) {
    this.sent.push(JSON.parse(d) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(m: unknown) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

/**
 * A server session on fake sockets for game g1 with seat 0's token, short reconnect delays, and
 * the connection states it went through.
 */
export function fakeSession(extra: Partial<ServerSessionOptions> = {}): { s: ServerSession; states: string[] } {
  const s = new ServerSession('g1', 'tok-0123456789abcdef', {
    url: 'ws://x/ws',
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    minDelayMs: 100,
    maxDelayMs: 400,
    ...extra,
  });
  const states: string[] = [];
  s.onConnection((c) => states.push(c));
  return { s, states };
}
