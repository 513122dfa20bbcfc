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
 * Larger was measured and not taken (issue 16, bench:server, same hour). It helps throughput: with
 * 2,000 games replying at once a move's objects live as long as its queue, and at 64 MB each
 * scavenge copied ~26 MB of survivors (17 % of the time): 5,509 choices/s at 64 MB, 5,807 at 128,
 * 6,652 at 256, 6,489 at 512. But at a human pace a move's state and views live for seconds, and
 * 256 MB scavenges took 50–107 ms each, once a second: 10,000 games at THINK_MS=2000 gave p99 136
 * and 136 ms at 256 against 54 ms at 64 (605 ms in a window with a mark-compact). People play at
 * a human pace, so 64 stays.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
