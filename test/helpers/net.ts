import { createServer } from 'node:net';

/** A TCP port free on loopback right now (for servers started as child processes). */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

/** A server's rate limits and caps out of the way, for load tests and benchmarks run from one address. */
export const RELAXED_LIMITS: Readonly<Record<string, string>> = {
  WS_PER_SECOND: '1000000',
  HTTP_PER_MINUTE: '100000000',
  CREATE_PER_MINUTE: '100000000',
  WS_UPGRADES_PER_MINUTE: '100000000',
  WS_PER_ADDRESS: '100000000',
  LIVE_GAMES_PER_ADDRESS: '100000000',
  QUICKPLAY_PER_ADDRESS: '100000000',
};
