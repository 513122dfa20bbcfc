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
 *
 * The old generation may grow to four times what the last mark-compact left before the next one
 * (`--heap-growing-percent=300`; V8's own factor came out at 1.5–1.8 here). Since a live game keeps neither
 * its log nor views between moves, what is live stays flat as games go on (~20 KB a game,
 * 170–210 MB at 10,000 games), and what is promoted is garbage: ~5 MB/s at 10,000 games at a
 * human pace (a move's new legal choices, timers), so V8's own factor made a mark-compact every
 * 13–27 s, each stalling the loop for ~0.5–1 s (0.1–0.2 s of marking on it, the rest waiting for
 * a core the concurrent marker held). bench:server, HUMANS=1 THINK_MS=2000 SIZES=10000
 * MEASURE_S=150, same build, back to back: without, 7 mark-compacts in the window, p99 223 ms;
 * with, one every ~95 s, p99 72 ms (59 and 75 in two more runs), for a heap of up to ~800 MB
 * instead of ~350 before a mark-compact.
 *
 * No memory reducer (`--no-memory-reducer`). V8's reducer watches for a quiet heap and then runs a
 * mark-compact that compacts to give memory back ("Mark-Compact (reduce)" in --trace-gc): at a
 * human pace the server allocates steadily yet little per second, which the reducer took for
 * quiet, and with ~600 MB of heap such a mark-compact moved the ~175 MB still live in one pause
 * of the loop. bench:server, HUMANS=1 THINK_MS=2000 SIZES=10000 MEASURE_S=150, same build,
 * alternating, 2 pairs plus one run each: with the reducer, a "reduce" mark-compact at ~130 s in
 * every run, pausing 323, 322 and 112 ms, p99 41, 102 ms (issue 16's 50 ms missed), max 690–862
 * ms; without, the window's mark-compact was an ordinary one of 17–20 ms, p99 26 and 29 ms, max
 * 274–293 ms. The price: a server that goes quiet keeps the heap it had (up to ~800 MB at 10,000
 * games) until its next mark-compact instead of giving it back.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64', '--heap-growing-percent=300', '--no-memory-reducer'];
