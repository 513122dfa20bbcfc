/**
 * Liveness without polling: this process holds a session advisory lock on its node key for as long
 * as its lock connection lives, and waits, on one connection per other node, for that node's lock.
 * PostgreSQL grants the wait the moment the other node's connection is gone (kill -9 closes its
 * sockets), which is how a node learns at once that another died.
 */
import { randomInt } from 'node:crypto';
import type pg from 'pg';
import type { Log } from '../log.js';
import type { ClusterDb } from './db.js';

export interface NodeEvents {
  /** Registered (again): this node's lock is held and its row written. */
  registered(): void;
  /** The lock connection is gone: this node must stop owning anything at once. */
  lost(reason: string): void;
  /** Another node's lock was granted to our wait on it: that node is gone. */
  dead(node: string): void;
}

/** Reconnection of the lock connection backs off from the first to the last. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5000;

export class NodeLiveness {
  private key = 0;
  private lock: pg.Client | null = null;
  private closing = false;
  private retryMs = RETRY_FIRST_MS;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Registering again has failed since the last loss (logged once). */
  private failing = false;
  /** Other nodes being watched: their watch connection. */
  private readonly watches = new Map<string, pg.Client>();

  constructor(
    private readonly db: ClusterDb,
    /** This process's node id for its whole life (its bus channel is named after it). */
    readonly id: string,
    private readonly on: NodeEvents,
    private readonly log: Log,
  ) {}

  /** Whether this node's lock is held now (it may own games). */
  get registered(): boolean {
    return this.lock !== null;
  }

  /** Registers, then watches every node the table knows. Throws when PostgreSQL cannot be reached. */
  async start(): Promise<void> {
    await this.register();
  }

  private async register(): Promise<void> {
    const c = this.db.client();
    let settled = false;
    const gone = (why: string) => {
      if (!settled) return;
      settled = false;
      if (this.lock !== c) return;
      this.lock = null;
      c.end().catch(() => undefined);
      if (this.closing) return;
      this.log.warn(`this node lost its PostgreSQL lock connection (${why}); it owns no game until it is back`);
      this.on.lost(why);
      this.retry();
    };
    c.on('error', (e) => gone(e.message));
    c.on('end', () => gone('connection ended'));
    await c.connect();
    try {
      // A random key that no other node holds: try-lock proves it free and takes it in one step.
      for (;;) {
        const key = randomInt(1, 2 ** 31 - 1);
        const r = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [this.db.lockClass, key]);
        if (r.rows[0]!.ok) {
          this.key = key;
          break;
        }
      }
      await c.query(
        `INSERT INTO ${this.db.p}cluster_nodes (id, key, started_at) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET key = EXCLUDED.key`,
        [this.id, this.key, Date.now()],
      );
    } catch (e) {
      await c.end().catch(() => undefined);
      throw e;
    }
    this.lock = c;
    settled = true;
    this.retryMs = RETRY_FIRST_MS;
    this.on.registered();
    const others = await this.db.pool.query<{ id: string }>(`SELECT id FROM ${this.db.p}cluster_nodes WHERE id <> $1`, [this.id]);
    for (const r of others.rows) this.watch(r.id);
  }

  private retry(): void {
    if (this.closing || this.retryTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.register().then(
        () => {
          this.failing = false;
          this.log.info('this node is registered again: it plays games again');
        },
        (e: unknown) => {
          // Said once per outage, not at every attempt.
          if (!this.failing) this.log.warn({ err: e }, `this node cannot register yet (${(e as Error).message}); retrying until it can`);
          this.failing = true;
          this.retry();
        },
      );
    }, wait);
  }

  /**
   * Waits for `node`'s lock on a connection of its own; when it is granted, that node is dead.
   * Idempotent: a node already watched is not watched twice.
   */
  watch(node: string): void {
    if (node === this.id || this.watches.has(node) || this.closing) return;
    const c = this.db.client();
    this.watches.set(node, c);
    c.on('error', () => undefined);
    const run = async (): Promise<'dead' | 'gone'> => {
      await c.connect();
      // Ended while waiting (this node closing, or a new key to watch), the wait must not linger on
      // the server, holding a place in the lock's queue: it checks every second that we are still here.
      await c.query('SET client_connection_check_interval = 1000');
      const row = await c.query<{ key: number }>(`SELECT key FROM ${this.db.p}cluster_nodes WHERE id = $1`, [node]);
      const key = row.rows[0]?.key;
      // No row: the node is not registered now; the dead handler checks liveness before adopting.
      if (key === undefined) return 'dead';
      await c.query('SELECT pg_advisory_lock($1, $2)', [this.db.lockClass, key]);
      await c.query('SELECT pg_advisory_unlock($1, $2)', [this.db.lockClass, key]);
      // The node may have registered again under another key meanwhile: then watch that one.
      const now = await c.query<{ key: number }>(`SELECT key FROM ${this.db.p}cluster_nodes WHERE id = $1`, [node]);
      return now.rows[0] !== undefined && now.rows[0].key !== key ? 'gone' : 'dead';
    };
    run().then(
      (what) => {
        this.unwatch(node, c);
        if (what === 'gone') this.watch(node);
        else this.on.dead(node);
      },
      () => {
        // Our own connection failed (PostgreSQL away): nothing is known about the node; watch again later.
        this.unwatch(node, c);
        if (!this.closing) setTimeout(() => this.watch(node), RETRY_MAX_MS).unref();
      },
    );
  }

  private unwatch(node: string, c: pg.Client): void {
    if (this.watches.get(node) === c) this.watches.delete(node);
    c.end().catch(() => undefined);
  }

  /** Nodes watched now (for /health and tests). */
  watched(): string[] {
    return [...this.watches.keys()];
  }

  /** Ends every connection: the other nodes see this one die (and adopt its games). */
  async close(): Promise<void> {
    this.closing = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    for (const [node, c] of [...this.watches]) this.unwatch(node, c);
    const c = this.lock;
    this.lock = null;
    if (!c) return;
    // Leaving on purpose: the row goes too (a crashed node's row is removed by whoever sees it die).
    await c.query(`DELETE FROM ${this.db.p}cluster_nodes WHERE id = $1`, [this.id]).catch(() => undefined);
    await c.end().catch(() => undefined);
  }

  /** Tests: the lock connection breaks (as when PostgreSQL restarts); this process goes on and registers again. */
  breakLockConnection(): void {
    (this.lock as unknown as { connection?: { stream?: { destroy(): void } } } | null)?.connection?.stream?.destroy();
  }

  /** Tests: drops the lock connection as a crash would (the socket goes, nothing is said). */
  simulateCrash(): void {
    this.closing = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    for (const [node, c] of [...this.watches]) this.unwatch(node, c);
    const c = this.lock;
    this.lock = null;
    (c as unknown as { connection?: { stream?: { destroy(): void } } } | null)?.connection?.stream?.destroy();
  }
}
