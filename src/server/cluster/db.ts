/**
 * The cluster's own PostgreSQL tables (beside the store's, in the same schema) and the SQL that
 * tells which nodes are alive: a node is alive while its lock connection holds its advisory lock.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Log } from '../log.js';
import { inTransaction } from '../pg-transaction.js';

export interface ClusterDbOptions {
  readonly url: string;
  /** The store's schema (DATABASE_SCHEMA); default the connection's search_path. */
  readonly schema?: string;
}

/** Same key for every node: concurrent creations of the tables take turns (one bigint key, apart from the node locks' two-int4 keys). */
const INIT_LOCK = 0x45787043; // "ExpC"

export class ClusterDb {
  readonly pool: pg.Pool;
  /** `"schema".` or '' */
  readonly p: string;
  /**
   * First key of every node lock of this deployment (the second is the node's key): one per schema,
   * so that deployments (or tests) sharing a database never take each other's nodes for theirs.
   */
  readonly lockClass: number;

  constructor(
    readonly opts: ClusterDbOptions,
    log: Log,
  ) {
    if (opts.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(opts.schema))
      throw new Error(`invalid schema name ${JSON.stringify(opts.schema)}: use lower-case letters, digits and _`);
    this.p = opts.schema === undefined ? '' : `"${opts.schema}".`;
    this.lockClass =
      createHash('sha256')
        .update(`expedition-node:${opts.schema ?? ''}`)
        .digest()
        .readUInt32BE(0) & 0x7fffffff;
    // Claims and takeovers. After a kill -9 every hello at a survivor claims its game here at once
    // (hundreds): with few connections they queue behind one another and the takeover's own queries,
    // and the failover takes seconds longer (`GAMES=500 npm run bench:cluster`; bench/README.md).
    this.pool = new pg.Pool({ connectionString: opts.url, max: 10, connectionTimeoutMillis: 5000 });
    // The pool drops the connection and opens another when needed.
    this.pool.on('error', (e) => log.warn({ err: e }, `the cluster's PostgreSQL pool lost an idle connection: ${e.message}`));
  }

  /** A connection of its own (a node's lock, or a watch on another node's), kept alive by TCP keepalive. */
  client(): pg.Client {
    const c = new pg.Client({ connectionString: this.opts.url, connectionTimeoutMillis: 5000, keepAlive: true });
    return c;
  }

  async init(): Promise<void> {
    await inTransaction(this.pool, async (c) => {
      await c.query('SELECT pg_advisory_xact_lock($1)', [INIT_LOCK]);
      if (this.opts.schema !== undefined) await c.query(`CREATE SCHEMA IF NOT EXISTS "${this.opts.schema}"`);
      await c.query(`
CREATE TABLE IF NOT EXISTS ${this.p}cluster_nodes (
  id         text PRIMARY KEY,
  key        integer NOT NULL,
  started_at bigint NOT NULL
);
CREATE TABLE IF NOT EXISTS ${this.p}cluster_owners (
  game_id text PRIMARY KEY,
  node    text NOT NULL
);
CREATE INDEX IF NOT EXISTS cluster_owners_node ON ${this.p}cluster_owners (node);`);
    });
  }

  /**
   * `alive AS (…)`: the ids of the nodes whose lock connection holds their lock now. Read from
   * pg_locks in the statement that acts on it, so no claim ever trusts a row of a dead node.
   * Advisory locks on two int4 keys show as classid = key 1, objid = key 2, objsubid = 2.
   */
  aliveCte(): string {
    return `alive AS (
      SELECT n.id FROM ${this.p}cluster_nodes n
      JOIN pg_locks l ON l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND l.classid = ${this.lockClass}::oid AND l.objid = n.key::oid)`;
  }

  async close(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }
}
