/**
 * Cluster mode: the clock of a turn-based game nobody holds in memory is enforced by one process
 * of several sweeping at once, and that of a game a process plays by that process only. The clock
 * is injected by shifting Date.now (as turn-based.test.ts does), the processes are in-process
 * cluster nodes on one PostgreSQL schema and one Redis.
 */
import { after, before, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { InProcessCluster, type ClusterNode } from '../helpers/cluster-in-process.js';
import { createGame, PG_URL, until } from '../helpers/server.js';
import { testLog } from '../helpers/log.js';
import { DeadlineSweeper } from '../../src/server/waits/sweeper.js';
import type { LiveGame } from '../../src/server/live-game.js';

const DAY = 24 * 3600 * 1000;
const DAILY = { bankMs: 3 * DAY, incrementMs: DAY };

describe('turn-based clocks in a cluster', { timeout: 120_000 }, () => {
  let cl: InProcessCluster;
  let a: ClusterNode;
  let b: ClusterNode;
  before(async () => {
    cl = await InProcessCluster.start();
    a = await cl.node();
    b = await cl.node();
  });
  after(async () => {
    mock.restoreAll();
    await cl?.close();
  });

  const sweeper = (n: ClusterNode) => new DeadlineSweeper(n.hub, n.store.waits, testLog(), { everyMs: 0 });
  async function ownerOf(id: string): Promise<string | null> {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      const r = await c.query<{ node: string }>(`SELECT node FROM "${cl.schema}".cluster_owners WHERE game_id = $1`, [id]);
      return r.rows[0]?.node ?? null;
    } finally {
      await c.end();
    }
  }
  async function playTurn(g: LiveGame): Promise<void> {
    const seat = g.toAct();
    while (g.toAct() === seat && g.status === 'active') await g.submit(seat!, g.game.choices(g.state)[0]);
    await g.wait.idle();
  }
  async function handOvers(id: string): Promise<unknown[]> {
    const stored = (await a.store.getGame(id))!;
    return stored.table.flatMap((e) => e.events as { type: string }[]).filter((e) => e.type === 'seatToBot');
  }
  /** A daily game of two people created at `n`, which plays it, after its first player's turn. */
  async function afterFirstTurn(n: ClusterNode): Promise<{ id: string; late: number }> {
    const id = await createGame(n.base, { seats: [{ kind: 'human' }, { kind: 'human' }], clock: DAILY });
    const g = (await n.hub.get(id))!;
    await playTurn(g);
    return { id, late: g.toAct()! };
  }

  test("a game out of every process's memory: of two processes sweeping twice at once, one hands the late seat to its bot, once", async () => {
    const { id, late } = await afterFirstTurn(a);
    await until(() => {
      a.hub.evict(0, 0);
      return !a.hub.isLive(id);
    }, 'the game to leave memory');
    await until(async () => (await ownerOf(id)) === null, 'the game to be given up');

    const real = Date.now.bind(Date);
    mock.method(Date, 'now', () => real() + 3 * DAY + 60_000);
    try {
      const swept = await Promise.all([sweeper(a).sweep(), sweeper(b).sweep(), sweeper(a).sweep(), sweeper(b).sweep()]);
      assert.equal(swept.flat().filter((x) => x === id).length, 1, 'loaded by one sweep');
      assert.deepEqual(await handOvers(id), [{ type: 'seatToBot', seat: late, reason: 'clock' }]);
      assert.equal([a, b].filter((n) => n.hub.isLive(id)).length, 1, 'played by one process');
    } finally {
      mock.restoreAll();
    }
  });

  test('a game a process plays: another process sweeping it leaves it to the owner, whose sweep hands the seat over once', async () => {
    const { id, late } = await afterFirstTurn(a);
    assert.equal(await ownerOf(id), a.cluster.id);
    const real = Date.now.bind(Date);
    let offset = 3 * DAY + 60_000;
    mock.method(Date, 'now', () => real() + offset);
    try {
      assert.deepEqual(await sweeper(b).sweep(), [], 'the other process loads nothing');
      assert.equal(b.hub.isLive(id), false);
      assert.deepEqual(await handOvers(id), []);
      // After the lease b took, the owner's sweep claims the game again and enforces its clock.
      offset += 10 * 60_000;
      await sweeper(a).sweep();
      assert.deepEqual(await handOvers(id), [{ type: 'seatToBot', seat: late, reason: 'clock' }]);
      assert.deepEqual(await sweeper(b).sweep(), []);
      assert.equal((await handOvers(id)).length, 1);
    } finally {
      mock.restoreAll();
    }
  });
});
