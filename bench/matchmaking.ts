/**
 * `npm run bench:matchmaking`: 10,000 players of random ratings and preferences join the
 * quick-play queue over one minute; how long each waits to be seated (p50, p99), how far apart
 * the ratings within a table are, and how many are never seated.
 *
 * The queue is the real one (the store's match_queue, SQLite in memory or PostgreSQL, claimed and
 * planned by the server's Matcher, one tick per MATCH_TICK_MS) but the clock is simulated: the
 * minute of arrivals and the five minutes after it run as fast as the store answers, each tick
 * at its simulated time. The games themselves are not made (the matcher's `make` only records the
 * table): making a game is measured by bench:server. Every player keeps asking about its ticket
 * (none expires). Players: rating normal around 1500 (sd 250); 30 % guests (unrated only), half of
 * the accounts rated; a game of two, realtime pace for 80 %; accepted table sizes a random
 * non-empty subset of 2–5; bots after 30 s, 1 min or 2 min for 60 %, never for the rest.
 *
 * Env: PLAYERS (10000), ARRIVAL_S (60), AFTER_S (300: simulated time after the last arrival),
 * BACKEND (sqlite | postgres; default sqlite), SEED (default "matchmaking"; the run is repeatable
 * for a seed). Prints a table and one JSON line.
 */
import { performance } from 'node:perf_hooks';
import { openTestStore } from '../test/helpers/server.js';
import { testLog } from '../test/helpers/log.js';
import { createRng } from '../src/core/rng.js';
import type { Hub } from '../src/server/hub.js';
import { MATCH_TICK_MS, Matcher } from '../src/server/matchmaking/matcher.js';
import type { NewTicket, PendingTable } from '../src/server/matchmaking/store.js';
import { hashToken } from '../src/server/tokens.js';

const PLAYERS = Number(process.env.PLAYERS ?? 10_000);
const ARRIVAL_S = Number(process.env.ARRIVAL_S ?? 60);
const AFTER_S = Number(process.env.AFTER_S ?? 300);
const BACKEND = (process.env.BACKEND ?? 'sqlite') as 'sqlite' | 'postgres';
const SEED = process.env.SEED ?? 'matchmaking';
const T0 = 1_800_000_000_000;

/** The matcher as the server runs it, with `make` recording the table instead of making its game. */
class RecordingMatcher extends Matcher {
  readonly made: PendingTable[] = [];
  override async make(t: PendingTable): Promise<void> {
    this.made.push(t);
  }
}

const quantile = (xs: readonly number[], q: number): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

async function main(): Promise<void> {
  const rng = createRng(SEED);
  const normal = (): number => {
    const u = (rng.int(1_000_000) + 1) / 1_000_001;
    const v = (rng.int(1_000_000) + 1) / 1_000_001;
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  const players: NewTicket[] = Array.from({ length: PLAYERS }, (_, i) => {
    const guest = rng.int(10) < 3;
    const seats = [2, 3, 4, 5].filter(() => rng.int(2) === 0);
    const queuedAt = T0 + rng.int(ARRIVAL_S * 1000);
    const bots = [null, null, null, null, 30_000, 30_000, 60_000, 60_000, 120_000, 120_000][rng.int(10)]!;
    return {
      id: `b${String(i).padStart(15, '0')}`,
      owner: `g:${i}`,
      accountId: null,
      name: `p${i}`,
      game: rng.int(2) === 0 ? 'quetzal' : 'relic-runners',
      seats: seats.length > 0 ? seats : [2 + rng.int(4)],
      pace: rng.int(10) < 8 ? 'realtime' : 'daily',
      rated: !guest && rng.int(2) === 0,
      rating: Math.round(Math.max(600, Math.min(2600, 1500 + 250 * normal()))),
      botsAfterMs: bots,
      queuedAt,
      seenAt: queuedAt,
      tokenHash: hashToken(`t${i}`),
      address: `a${i}`,
    };
  });
  players.sort((a, b) => a.queuedAt - b.queuedAt);
  const byId = new Map(players.map((p) => [p.id, p]));

  const { store, drop } = await openTestStore(BACKEND);
  const matcher = new RecordingMatcher(store, null as unknown as Hub, { log: testLog(), abandonMs: 1e12 });
  const seatedAt = new Map<string, number>();
  const tickMs: number[] = [];
  let next = 0;
  const end = T0 + (ARRIVAL_S + AFTER_S) * 1000;
  try {
    for (let now = T0; now <= end; now += MATCH_TICK_MS) {
      while (next < players.length && players[next]!.queuedAt <= now) await store.matchQueue.enqueue(players[next++]!, 1);
      const before = matcher.made.length;
      const t = performance.now();
      await matcher.tick(now);
      tickMs.push(performance.now() - t);
      for (const table of matcher.made.slice(before)) for (const s of table.seats) if (s.kind === 'player') seatedAt.set(s.ticket, now);
    }
  } finally {
    await store.close();
    await drop();
  }

  const waits = [...seatedAt].map(([id, at]) => (at - byId.get(id)!.queuedAt) / 1000);
  const gaps = matcher.made
    .map((t) => t.seats.flatMap((s) => (s.kind === 'player' ? [byId.get(s.ticket)!.rating] : [])))
    .filter((rs) => rs.length > 1)
    .map((rs) => Math.max(...rs) - Math.min(...rs));
  const withBots = matcher.made.filter((t) => t.seats.some((s) => s.kind === 'bot')).length;
  const never = players.filter((p) => !seatedAt.has(p.id));
  const neverNoBots = never.filter((p) => p.botsAfterMs === null).length;
  const result = {
    backend: BACKEND,
    players: PLAYERS,
    arrivalS: ARRIVAL_S,
    tables: matcher.made.length,
    tablesWithBots: withBots,
    seatedP50S: quantile(waits, 0.5),
    seatedP99S: quantile(waits, 0.99),
    seatedMaxS: quantile(waits, 1),
    gapP50: quantile(gaps, 0.5),
    gapP99: quantile(gaps, 0.99),
    gapMax: quantile(gaps, 1),
    neverSeated: never.length,
    neverSeatedWithoutBots: neverNoBots,
    tickP50Ms: Number(quantile(tickMs, 0.5).toFixed(2)),
    tickP99Ms: Number(quantile(tickMs, 0.99).toFixed(2)),
  };
  console.log(`quick play: ${PLAYERS} players over ${ARRIVAL_S} s (simulated clock), ${BACKEND}`);
  console.log(`  tables ${result.tables} (${withBots} with bots)`);
  console.log(`  time to be seated   p50 ${result.seatedP50S} s   p99 ${result.seatedP99S} s   max ${result.seatedMaxS} s`);
  console.log(`  rating gap in table p50 ${result.gapP50}   p99 ${result.gapP99}   max ${result.gapMax} (display points, people only)`);
  console.log(`  never seated        ${never.length} (${neverNoBots} of them without bots), after ${AFTER_S} s more`);
  console.log(`  one matcher tick    p50 ${result.tickP50Ms} ms   p99 ${result.tickP99Ms} ms (real time)`);
  console.log(JSON.stringify(result));
}

await main();
