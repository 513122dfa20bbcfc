/**
 * The V8 flags the server process runs with (`npm start`, `npm run serve`, the benches and the
 * multi-process tests spawn it with these; test/server/node-flags.test.ts checks the scripts).
 *
 * - `--max-semi-space-size=64`: a move's views, patches and texts die within the move; in V8's
 *   smaller default young generation they are scavenged so often that they get promoted and are
 *   collected again. Larger helps a burst's throughput, but at a human pace a move's objects live
 *   for seconds and each scavenge copies them, pausing the loop longer: people play at that pace.
 * - `--heap-growing-percent=300`: what a game keeps between moves stays flat and what is promoted
 *   is garbage, so the old generation may grow to four times what the last mark-compact left
 *   before the next one; V8's own factor paused the loop for a mark-compact several times as often.
 * - `--no-memory-reducer`: the reducer takes a server's steady, small allocation for a quiet heap
 *   and compacts it in one long pause of the loop. The price: a server gone quiet keeps its heap
 *   until its next mark-compact.
 *
 * Each flag shows in `npm run bench:server` (at a human pace: `HUMANS=1 THINK_MS=2000
 * SIZES=10000 MEASURE_S=150`) against a run with it undone in SERVER_NODE_ARGS (a later flag
 * wins); the figures are in bench/README.md.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64', '--heap-growing-percent=300', '--no-memory-reducer'];
