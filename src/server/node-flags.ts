/**
 * The V8 flags the server process runs with (`npm start`, `npm run serve`, the benches and the
 * multi-process tests spawn it with these; test/server/node-flags.test.ts checks the scripts).
 *
 * A larger young generation: each move allocates views, patches and message texts that die
 * within the move, and with V8's default semi-space (16 MB here) the scavenger ran so often that
 * survivors were promoted and collected again. bench:server, 200 games, 3 alternating pairs on the
 * shared 2-core machine: 377–380 µs of server CPU per choice without, 293–348 with (the young
 * generation may grow to about 3 × 64 MB).
 *
 * 256 MB since issue 16's runs: under load a move's objects live as long as its queue (hundreds of
 * ms with 2,000 games replying at once), so a 64 MB semi-space, scavenged every ~120 ms, copied
 * ~26 MB of survivors each time and spent 17 % of the time scavenging. bench:server on the shared
 * machine, same hour: 2,000 games, 5,509 choices/s and 205 µs/choice at 64 MB, 5,807 at 128,
 * 6,652 and 162 µs at 256, 6,489 at 512; 10,000 games at a human pace, p99 498 ms at 64 MB and
 * 149 ms at 256. The young generation may grow to about 3 × 256 MB under such load; a quiet
 * server's stays small.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=256'];
