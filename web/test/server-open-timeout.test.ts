/**
 * A WebSocket whose open hangs (a process killed mid-handshake, a stuck proxy) may never
 * open nor close; the browser's server session gives it up after its open timeout and reconnects
 * with the usual backoff.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, fakeSession } from './fake-socket.js';

describe('server session: a socket that never opens', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const session = () => fakeSession({ openTimeoutMs: 1000 });

  it('is closed after the open timeout, and a new socket after the backoff says hello', () => {
    const { s, states } = session();
    const stuck = FakeSocket.all[0]!;
    vi.advanceTimersByTime(999);
    expect(stuck.readyState).toBe(0);
    expect(s.connection).toBe('connecting');
    vi.advanceTimersByTime(1);
    expect(stuck.readyState).toBe(3);
    expect(s.connection).toBe('reconnecting');
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all).toHaveLength(2);
    const next = FakeSocket.all[1]!;
    next.open();
    expect(next.sent).toEqual([{ type: 'hello', game: 'g1', token: 'tok-0123456789abcdef' }]);
    // The given-up socket's late events change nothing.
    stuck.onopen?.();
    stuck.onclose?.();
    expect(stuck.sent).toEqual([]);
    expect(s.connection).toBe('reconnecting');
    expect(states).toEqual(['connecting', 'reconnecting']);
    // Opened in time: the timer does not close it.
    vi.advanceTimersByTime(10_000);
    expect(next.readyState).toBe(1);
    expect(FakeSocket.all).toHaveLength(2);
    s.close();
  });

  it('backs off further while sockets keep hanging, and stops when the session is closed', () => {
    const { s } = session();
    // Timeout 1000, then 100; timeout 1000, then 200; timeout 1000, then 400; timeout 1000, then 400 (max).
    vi.advanceTimersByTime(1000 + 100);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1000 + 199);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    vi.advanceTimersByTime(1000 + 400);
    expect(FakeSocket.all).toHaveLength(4);
    vi.advanceTimersByTime(1000 + 400);
    expect(FakeSocket.all).toHaveLength(5);
    expect(FakeSocket.all.slice(0, 4).every((w) => w.readyState === 3)).toBe(true);
    s.close();
    expect(FakeSocket.all[4]!.readyState).toBe(3);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(5);
    expect(s.connection).toBe('closed');
  });
});
