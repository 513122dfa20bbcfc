/**
 * The V8 flags the server process runs with (`npm start`, `npm run serve`, the benches and the
 * multi-process tests spawn it with these; test/server/node-flags.test.ts checks the scripts).
 *
 * A larger young generation: each move allocates views, patches and message texts that die
 * within the move, and with V8's default semi-space (16 MB here) the scavenger ran so often that
 * survivors were promoted and collected again. bench:server, 200 games, 3 alternating pairs on the
 * shared 2-core machine: 377–380 µs of server CPU per choice without, 293–348 with (the young
 * generation may grow to about 3 × 64 MB).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
