/**
 * Several servers in cluster mode inside the test's own node process: one PostgreSQL schema of
 * their own (dropped at the end) and one redis-server of their own (which a test may stop and start
 * again). In-process nodes let a test reach into each hub and store; test/helpers/cluster.ts runs
 * real processes instead.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildServer } from '../../src/server/app.js';
import type { Cluster } from '../../src/server/cluster/index.js';
import type { Hub } from '../../src/server/hub.js';
import type { ServerLog } from '../../src/server/log.js';
import type { Store } from '../../src/server/store.js';
import { openPostgresStore } from '../../src/server/store-postgres.js';
import { RedisProcess } from './cluster.js';
import { testLog } from './log.js';
import { NO_LIMITS, PG_URL } from './server.js';
import { TestClient } from './ws-client.js';

export interface ClusterNode {
  readonly base: string;
  readonly hub: Hub;
  readonly cluster: Cluster;
  readonly store: Store;
  client(): Promise<TestClient>;
  /** Closes it as a clean shutdown does. */
  stop(): Promise<void>;
  /** Dies as with kill -9: its PostgreSQL lock and Redis connections drop, it says nothing. */
  crash(): Promise<void>;
}

export class InProcessCluster {
  private readonly nodes: ClusterNode[] = [];
  private readonly clients: TestClient[] = [];
  readonly schema = `test_cluster_${randomBytes(6).toString('hex')}`;

  private constructor(readonly redis: RedisProcess) {}

  static async start(): Promise<InProcessCluster> {
    return new InProcessCluster(await RedisProcess.start());
  }

  /** A new server on a free port, in cluster mode on this schema and Redis, logging to `log` (default: quiet, testLog). */
  async node(log: ServerLog = testLog()): Promise<ClusterNode> {
    const store = openPostgresStore(PG_URL, { schema: this.schema, connectTimeoutMs: 5000, log });
    await store.init();
    const { app, hub } = await buildServer(store, {
      botDelayMs: 0,
      ...NO_LIMITS,
      seedPolicy: 'any',
      botThreads: 0,
      // Swept by hand only (cluster-deadlines.test.ts).
      sweepDeadlinesMs: 0,
      cluster: { redisUrl: this.redis.url, databaseUrl: PG_URL, schema: this.schema, timeoutMs: 3000 },
      log,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    assert.ok(addr !== null && typeof addr === 'object');
    let stopped = false;
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      await app.close();
      await store.close();
    };
    const clients = this.clients;
    const n: ClusterNode = {
      base: `http://127.0.0.1:${addr.port}`,
      hub,
      cluster: hub.cluster as Cluster,
      store,
      async client() {
        const c = await TestClient.connect(`ws://127.0.0.1:${addr.port}/ws`);
        clients.push(c);
        return c;
      },
      stop,
      async crash() {
        (hub.cluster as Cluster).simulateCrash();
        await stop();
      },
    };
    this.nodes.push(n);
    return n;
  }

  /** Stops every node started so far (a test's end); Redis and the schema stay for the next test. */
  async stopNodes(): Promise<void> {
    for (const c of this.clients.splice(0)) c.ws.terminate();
    for (const n of this.nodes.splice(0)) await n.stop().catch(() => undefined);
  }

  /** Runs one statement on its own connection, beside the nodes' (to force what a partition could cause). */
  async sql(text: string, params: unknown[] = []): Promise<void> {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      await c.query(text, params);
    } finally {
      await c.end();
    }
  }

  /** Stops everything and drops the schema. */
  async close(): Promise<void> {
    await this.stopNodes();
    await this.redis.kill();
    await this.sql(`DROP SCHEMA IF EXISTS "${this.schema}" CASCADE`);
  }
}
