/**
 * Several server processes as one service, black-box: real `node dist/src/server/main.js`
 * processes on one PostgreSQL schema and one redis-server of the test's own (test/helpers/cluster.ts).
 * Two players on two processes play a whole Quetzal game created on a third while a spectator there
 * watches; two players relayed through two processes accept a rematch made by the game's owner;
 * the owning process is killed with SIGKILL mid-game and the game goes on from the others;
 * Redis is killed and restarted mid-game; a rated game is rated exactly once through the owner's
 * kill -9 mid-game and the finisher's right after its end. Every acknowledged choice must be in the
 * database at the end.
 * Quetzal rather than Relic Runners: random play ends it in about 70 moves instead of about 600.
 * Choices are drawn from a seeded generator; the seed is printed when a test fails.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/core/rng.js';
import { Cluster, ClusterSeat, waitFor, type NodeProcess } from '../helpers/cluster.js';
import { http, type TestClient } from '../helpers/ws-client.js';
import { AccountBrowser, uniqueName } from '../helpers/account-browser.js';
import type { CreatedGame, JoinedSeat } from '../helpers/wire.js';

const SEED = process.env.CLUSTER_TEST_SEED ?? String(Date.now() % 1_000_000);
const GAME_MS = 30_000;
/** A game in which no move happened for this long is stuck (a choice that never reached the owner, say). */
const STALL_MS = 8000;
const FAILOVER_MS = 5000;

const human = { kind: 'human' } as const;

/** Creates a Quetzal game on `node` and claims its human seats there; returns the id and tokens by seat. */
async function newGame(node: NodeProcess, seats: readonly Record<string, string>[]): Promise<{ id: string; tokens: Map<number, string> }> {
  const g = await http<CreatedGame>(node.base, 'POST', '/api/games', { game: 'quetzal', seats });
  assert.equal(g.status, 201, JSON.stringify(g.json));
  const tokens = new Map<number, string>();
  for (const { seat, key } of g.json.invites) {
    const j = await http<JoinedSeat>(node.base, 'POST', `/api/games/${g.json.id}/join`, { seat, key });
    assert.equal(j.status, 200, JSON.stringify(j.json));
    tokens.set(seat, j.json.token);
  }
  return { id: g.json.id, tokens };
}

/** Every choice the seats saw acknowledged is stored at its index (the moves table, read directly). */
async function assertAcksStored(cluster: Cluster, game: string, seats: readonly ClusterSeat[]): Promise<number> {
  const rows = await cluster.query<{ idx: number; choice: unknown }>('SELECT idx, choice FROM moves WHERE game_id = $1 ORDER BY idx', [
    game,
  ]);
  const stored = new Map(rows.map((r) => [r.idx, r.choice]));
  let n = 0;
  for (const s of seats)
    for (const a of s.acks) {
      assert.ok(stored.has(a.index), `seat ${s.seat}: move ${a.index} was acknowledged (by node ${a.node}) but is not stored`);
      assert.deepEqual(
        stored.get(a.index),
        a.choice,
        `seat ${s.seat}: move ${a.index} is stored with another choice than the one acknowledged`,
      );
      n++;
    }
  return n;
}

function assertNoViolations(seats: readonly ClusterSeat[]): void {
  const v = seats.flatMap((s) => s.violations);
  assert.deepEqual(v, [], v.join('\n'));
}

/** The game's end, or a failure saying how far each seat got once it ran out of time or stalled. */
async function finished(seats: readonly ClusterSeat[], ms = GAME_MS): Promise<void> {
  let timer!: NodeJS.Timeout;
  const start = Date.now();
  let moves = movesOf(seats);
  let movedAt = start;
  const timeout = new Promise<never>((_, rej) => {
    timer = setInterval(() => {
      const now = Date.now();
      if (movesOf(seats) !== moves) [moves, movedAt] = [movesOf(seats), now];
      if (now - start < ms && now - movedAt < STALL_MS) return;
      const why = now - start >= ms ? `did not end within ${ms} ms` : `made no move for ${STALL_MS} ms`;
      rej(new Error(`the game ${why}:\n${whereSeats(seats)}`));
    }, 100);
  });
  try {
    await Promise.race([Promise.all(seats.map((s) => s.done)), timeout]);
  } finally {
    clearInterval(timer);
  }
}

/** How far each seat got, and the last messages it exchanged, for a failure's message. */
const whereSeats = (seats: readonly ClusterSeat[]) =>
  seats
    .map(
      (s) =>
        `  seat ${s.seat} on node ${s.node?.index}: move ${s.last?.moves}, to act ${s.last?.toAct}, ${s.acks.length} acks, ${s.closes} reconnections, errors ${JSON.stringify(s.errors.slice(-2))}\n` +
        s.trace
          .slice(-8)
          .map((t) => `    ${t.slice(0, 200)}`)
          .join('\n'),
    )
    .join('\n');

const movesOf = (seats: readonly ClusterSeat[]) => Math.max(...seats.map((s) => s.last?.moves ?? 0));

describe(
  `cluster: three server processes on PostgreSQL and Redis (choice seed ${SEED}, CLUSTER_TEST_SEED to replay)`,
  { timeout: 120_000 },
  () => {
    let cluster: Cluster;
    before(async () => {
      cluster = await Cluster.start({ processes: 3, botDelayMs: 20 });
    });
    after(async () => {
      await cluster?.stop();
    });

    test('two players on two processes play a whole game created on a third; a spectator there sees every move', () =>
      cluster.explain(async () => {
        const [a, b, c] = cluster.nodes as [NodeProcess, NodeProcess, NodeProcess];
        const { id, tokens } = await newGame(c, [human, human]);
        const spectator = await cluster.client(c.index);
        const sw = spectator.next((m) => m.type === 'welcome' || m.type === 'error');
        spectator.send({ type: 'hello', game: id });
        assert.equal((await sw).type, 'welcome', JSON.stringify(await sw));
        const specOver = spectator.next((m) => m.type === 'state' && m.status !== 'active', GAME_MS + 5000);
        specOver.catch(() => undefined); // awaited after the players finish; a failure before that is theirs

        const rng = createRng(`${SEED}:whole`);
        const seats = [
          new ClusterSeat(cluster, id, 0, tokens.get(0)!, rng, () => a),
          new ClusterSeat(cluster, id, 1, tokens.get(1)!, rng, () => b),
        ];
        await Promise.all(seats.map((s) => s.connect()));
        await finished(seats);
        const last = await specOver;
        assertNoViolations(seats);
        assert.deepEqual(
          seats.map((s) => s.closes),
          [0, 0],
          'no socket should have closed',
        );

        // The spectator saw the move count go up one by one, from 0 to the end, in order.
        const counts = spectator.messages.filter((m) => m.type === 'state' || m.type === 'welcome').map((m) => m.moves);
        const steps = counts.filter((n, i) => i === 0 || n !== counts[i - 1]);
        assert.deepEqual(
          steps,
          Array.from({ length: last.moves + 1 }, (_, i) => i),
          `the spectator's move counts: ${steps.join(',')}`,
        );
        assert.equal(last.moves, seats[0]!.last!.moves);

        // The same final view as a newcomer's on another process, and the same result everywhere.
        const late = await cluster.client(a.index);
        const lw = late.next((m) => m.type === 'welcome' || m.type === 'error');
        late.send({ type: 'hello', game: id });
        const welcome = await lw;
        assert.equal(welcome.type, 'welcome', JSON.stringify(welcome));
        assert.deepEqual(welcome.view, last.view);
        const results = await Promise.all(cluster.nodes.map((n) => http(n.base, 'GET', `/api/games/${id}`)));
        for (const r of results) assert.deepEqual(r.json, results[0]!.json);
        assert.equal((results[0]!.json as { status: string }).status, 'finished');
        await assertAcksStored(cluster, id, seats);
      }));

    test('a rematch accepted by two players relayed through two processes: the owner makes it, each player is told its rotated seat', () =>
      cluster.explain(async () => {
        const [a, b, c] = cluster.nodes as [NodeProcess, NodeProcess, NodeProcess];
        const { id, tokens } = await newGame(c, [human, human]);
        const rng = createRng(`${SEED}:rematch`);
        const seats = [
          new ClusterSeat(cluster, id, 0, tokens.get(0)!, rng, () => a),
          new ClusterSeat(cluster, id, 1, tokens.get(1)!, rng, () => b),
        ];
        await Promise.all(seats.map((s) => s.connect()));
        await finished(seats);
        const [p0, p1] = seats.map((s) => s.client!) as [TestClient, TestClient];
        type Told = { next?: { game: string; seat?: number; token?: string } };
        const started = [p0, p1].map((p) => p.next((m) => (m.type as string) === 'rematch' && (m as unknown as Told).next !== undefined));
        assert.equal((await p0.request({ type: 'rematch', accept: true })).type, 'ack');
        const malformed = await p1.request({ type: 'rematch', accept: 1 });
        assert.equal(malformed.code, 'bad_message', JSON.stringify(malformed));
        assert.equal((await p1.request({ type: 'rematch', accept: true })).type, 'ack');
        const [n0, n1] = (await Promise.all(started)).map((m) => (m as unknown as Told).next!) as [
          Required<NonNullable<Told['next']>>,
          Required<NonNullable<Told['next']>>,
        ];
        assert.equal(n0.game, n1.game);
        assert.deepEqual([n0.seat, n1.seat], [1, 0]);
        // Each token holds its rotated seat, from any process; the new game is the old one's owner's.
        for (const [n, node] of [
          [n0, b],
          [n1, a],
        ] as const) {
          const client = await cluster.client(node.index);
          const w = client.next((m) => m.type === 'welcome' || m.type === 'error');
          client.send({ type: 'hello', game: n.game, token: n.token });
          const welcome = await w;
          assert.equal(welcome.type, 'welcome', JSON.stringify(welcome));
          assert.equal(welcome.seat, n.seat);
        }
        const owners = await cluster.query<{ game_id: string; node: string }>(
          'SELECT game_id, node FROM cluster_owners WHERE game_id = ANY($1)',
          [[id, n0.game]],
        );
        assert.equal(owners.length, 2, JSON.stringify(owners));
        assert.equal(owners[0]!.node, owners[1]!.node, 'the rematch is played where its game was');
        // A second offer, relayed, is refused and makes no game.
        const games = (await cluster.query('SELECT id FROM games')).length;
        const again = await p0.request({ type: 'rematch', accept: true });
        assert.equal(again.code, 'no_rematch', JSON.stringify(again));
        assert.equal((await cluster.query('SELECT id FROM games')).length, games);
      }));

    test('kill -9 of the owning process mid-game: the players and the bot go on from the others within 5 s, nothing acknowledged lost', () =>
      cluster.explain(async () => {
        const [owner, b, c] = cluster.nodes as [NodeProcess, NodeProcess, NodeProcess];
        assert.ok(owner.running && b.running && c.running, 'all three processes should be up');
        // The creator owns the game first; one player talks to it, the other to another process.
        const { id, tokens } = await newGame(owner, [human, human, { kind: 'bot', bot: 'random' }]);
        const rng = createRng(`${SEED}:kill`);
        const seats = [new ClusterSeat(cluster, id, 0, tokens.get(0)!, rng), new ClusterSeat(cluster, id, 1, tokens.get(1)!, rng)];
        await seats[0]!.connect(owner);
        await seats[1]!.connect(b);
        await waitFor(
          '12 moves before the kill',
          () => movesOf(seats) >= 12,
          STALL_MS,
          () => `at move ${movesOf(seats)}\n${whereSeats(seats)}`,
        );

        const killedAt = Date.now();
        await owner.kill();
        // The first ack of a choice sent after the kill (an ack the owner sent just before it proves nothing).
        const firstAck = () => Math.min(...seats.flatMap((s) => s.acks.filter((a) => a.sentAt >= killedAt).map((a) => a.at)));
        await waitFor(
          'a choice acknowledged after the kill',
          () => Number.isFinite(firstAck()),
          15_000,
          () =>
            seats
              .map((s) => `seat ${s.seat}: node ${s.node?.index}, move ${s.last?.moves}, errors ${JSON.stringify(s.errors.slice(-2))}`)
              .join('; '),
        );
        const failoverMs = firstAck() - killedAt;
        console.log(`failover: first acknowledged choice ${failoverMs} ms after the kill`);
        assert.ok(failoverMs <= FAILOVER_MS, `failover took ${failoverMs} ms (> ${FAILOVER_MS})`);

        await finished(seats);
        assertNoViolations(seats);
        assert.ok(seats[0]!.closes >= 1, "the owner's own player should have lost its socket");
        // The other player's process was well: it kept the socket, and the player said hello again on it.
        assert.deepEqual(
          { closes: seats[1]!.closes, rehellos: seats[1]!.rehellos >= 1 },
          { closes: 0, rehellos: true },
          `the relayed player should have kept its socket at process ${b.index}`,
        );
        assert.ok(
          seats.every((s) => s.welcomes.length >= 2),
          'both players should have said hello again',
        );
        const stored = await cluster.query<{ seat: number }>('SELECT seat FROM moves WHERE game_id = $1 AND at >= $2', [id, killedAt]);
        assert.ok(
          stored.some((m) => m.seat === 2),
          'the bot seat should have played after the kill',
        );
        await assertAcksStored(cluster, id, seats);
      }));

    test('Redis killed and restarted mid-game: nothing acknowledged is lost, play resumes and finishes', () =>
      cluster.explain(async () => {
        const alive = cluster.alive;
        assert.ok(alive.length >= 2, 'two processes should be up');
        const [owner, edge] = alive as [NodeProcess, NodeProcess];
        const { id, tokens } = await newGame(owner, [human, human]);
        const rng = createRng(`${SEED}:redis`);
        // Each player keeps to its process: the one on the edge needs Redis to reach the owner.
        const seats = [
          new ClusterSeat(cluster, id, 0, tokens.get(0)!, rng, () => owner),
          new ClusterSeat(cluster, id, 1, tokens.get(1)!, rng, () => edge),
        ];
        await Promise.all(seats.map((s) => s.connect()));
        await waitFor(
          '10 moves before Redis goes',
          () => movesOf(seats) >= 10,
          STALL_MS,
          () => `at move ${movesOf(seats)}\n${whereSeats(seats)}`,
        );

        await cluster.redis.kill();
        const edgeSeat = seats[1]!;
        // The relayed socket is closed (or its hello refused as unavailable) while Redis is down.
        await waitFor(
          'the relayed player to lose its socket',
          () => edgeSeat.closes >= 1 || edgeSeat.errors.some((e) => e.code === 'unavailable'),
          10_000,
        );
        const acksBefore = seats.reduce((n, s) => n + s.acks.length, 0);
        await cluster.redis.restart();

        await finished(seats);
        assertNoViolations(seats);
        assert.ok(seats.reduce((n, s) => n + s.acks.length, 0) > acksBefore, 'play should have resumed after Redis came back');
        await assertAcksStored(cluster, id, seats);
      }));

    test('a rated game is rated exactly once: its owner killed mid-game, the process that ended it killed right after', () =>
      cluster.explain(async () => {
        for (const n of cluster.nodes) if (!n.running) await n.start();
        const [owner, b, c] = cluster.nodes as [NodeProcess, NodeProcess, NodeProcess];
        // Both accounts sign up, create and join on the owner: a session's cookie is for one origin.
        const signUp = async () => {
          const browser = new AccountBrowser(owner.base);
          const name = uniqueName('cl');
          const r = await browser.post('/api/account/sign-up', { name, password: 'correct horse battery' });
          assert.equal(r.status, 201, JSON.stringify(r.json));
          return { browser, name, id: r.json.account.id };
        };
        const [ada, bob] = [await signUp(), await signUp()];
        const created = await ada.browser.send<CreatedGame>('POST', '/api/games', {
          game: 'quetzal',
          seats: [human, human, { kind: 'bot', bot: 'random' }],
          clock: { bankMs: 3_600_000, incrementMs: 0 },
          rated: true,
        });
        assert.equal(created.status, 201, JSON.stringify(created.json));
        const id = created.json.id;
        const tokens = new Map<number, string>();
        for (const [seat, who] of [ada, bob].entries()) {
          const key = created.json.invites.find((i) => i.seat === seat)!.key;
          const j = await who.browser.send<JoinedSeat>('POST', `/api/games/${id}/join`, { seat, key });
          assert.equal(j.status, 200, JSON.stringify(j.json));
          tokens.set(seat, j.json.token);
        }
        const rng = createRng(`${SEED}:rated`);
        const seats = [new ClusterSeat(cluster, id, 0, tokens.get(0)!, rng), new ClusterSeat(cluster, id, 1, tokens.get(1)!, rng)];
        await seats[0]!.connect(b);
        await seats[1]!.connect(c);
        await waitFor(
          '10 moves before the kill',
          () => movesOf(seats) >= 10,
          STALL_MS,
          () => whereSeats(seats),
        );
        await owner.kill();
        await finished(seats);
        assertNoViolations(seats);

        const applied = async () => ({
          results: (await cluster.query('SELECT 1 FROM game_results WHERE game_id = $1', [id])).length,
          history: (await cluster.query<{ account_id: string }>('SELECT account_id FROM rating_history WHERE game_id = $1', [id]))
            .map((r) => r.account_id)
            .sort(),
        });
        const expected = await applied();
        assert.equal(expected.results, 1, 'the end is stored once');
        assert.equal(expected.history.length, 3, 'one rating row per seat, the bot level included');
        assert.ok(expected.history.includes(ada.id) && expected.history.includes(bob.id));
        // The process that finished the game (whichever holds it now) and the other one die at once;
        // one comes back on the same database and the ratings are as they were.
        for (const n of cluster.alive) await n.kill();
        await b.start();
        assert.deepEqual(await applied(), expected, 'nothing applied again after the restart');
        const profile = await http<{ ratings: { game: string; games: number }[] }>(b.base, 'GET', `/api/players/${ada.name}`);
        assert.equal(profile.json.ratings.find((r) => r.game === 'quetzal')?.games, 1, "Ada's profile counts one rated game");
        const summary = await http<{ status: string }>(b.base, 'GET', `/api/games/${id}`);
        assert.equal(summary.json.status, 'finished');
        await assertAcksStored(cluster, id, seats);
      }));
  },
);
