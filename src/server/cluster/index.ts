/**
 * Cluster mode (REDIS_URL set, on PostgreSQL): this process is one node of a service of several.
 * Loaded only in that mode (dynamic import), so a single server never loads Redis or this code.
 */
import { InvalidInput } from '../../core/errors.js';
import { Elsewhere, type Hub, type HubCluster } from '../hub.js';
import type { Log } from '../log.js';
import { Refusal } from '../refusal.js';
import { Bus } from './bus.js';
import { ClusterDb } from './db.js';
import { NodeLiveness } from './node.js';
import { Owners } from './owners.js';
import { EdgeLink, Relay, type RelayedSocket } from './relay.js';
import { Moved, Rpc, type RpcRequest } from './rpc.js';
import { parse } from './wire.js';

export interface ClusterOptions {
  readonly redisUrl: string;
  /** PostgreSQL, the store's database. */
  readonly databaseUrl: string;
  /** The store's schema (DATABASE_SCHEMA). */
  readonly schema?: string;
  /** Prefix of the bus's channels (default from the schema: deployments on one Redis stay apart). */
  readonly channelPrefix?: string;
  /** How long an edge waits for the owner's answer to a hello or an HTTP operation (default 5 s). */
  readonly timeoutMs?: number;
}

/** An HTTP operation that needs the live game, as run at its owner. */
export type Operation = (id: string, args: unknown) => Promise<unknown>;

export class Cluster implements HubCluster {
  readonly db: ClusterDb;
  readonly node: NodeLiveness;
  readonly owners: Owners;
  readonly bus: Bus;
  readonly relay: Relay;
  readonly rpc: Rpc;
  private ops: Record<string, Operation> = {};
  private started = false;
  private closed = false;
  /** A takeover pass is running; `adoptWhy` holds the reasons for one more. */
  private adopting = false;
  private readonly adoptWhy: string[] = [];
  /** Releases under way, by game: a claim of the same game waits for its release. */
  private readonly releasing = new Map<string, Promise<void>>();
  /** The hub's log, whose lines carry this node's id. */
  private readonly log: Log;

  constructor(
    private readonly hub: Hub,
    opts: ClusterOptions,
    /** This process's node id (tokens.ts newNodeId). */
    id: string,
  ) {
    const timeoutMs = opts.timeoutMs ?? 5000;
    const log = (this.log = hub.log);
    this.db = new ClusterDb({ url: opts.databaseUrl, ...(opts.schema !== undefined ? { schema: opts.schema } : {}) }, log);
    this.node = new NodeLiveness(
      this.db,
      id,
      {
        registered: () => this.onRegistered(),
        lost: (why) => this.hub.dropAll(`this server process lost its database connection (${why}); say hello again`),
        dead: (node) => this.onDead(node),
      },
      log,
    );
    this.owners = new Owners(this.db, this.node.id);
    this.bus = new Bus(
      { url: opts.redisUrl, prefix: opts.channelPrefix ?? `expedition:${opts.schema ?? 'public'}:` },
      this.node.id,
      {
        message: (text) => this.onMessage(text),
        up: () => {
          if (!this.started) return;
          log.info('the message bus (Redis) is back; relaying again');
          // What this node relayed while the bus was down is gone: the others forget their side of it.
          void this.bus.broadcast(`b\n${this.node.id}`);
          void this.bus.broadcast(`j\n${this.node.id}`);
        },
        down: (why) => {
          if (this.closed) return;
          log.warn(`the message bus (Redis) is down (${why}); games played here go on, the others answer 'unavailable' until it is back`);
          this.relay.busDown();
          this.rpc.busDown();
        },
      },
      log,
    );
    this.relay = new Relay(this.bus, hub, this.node.id, timeoutMs);
    this.rpc = new Rpc(this.bus, this.node.id, timeoutMs, (req) => this.runHere(req), log);
  }

  get id(): string {
    return this.node.id;
  }

  async start(): Promise<void> {
    await this.db.init();
    // From now on this process writes a game's moves and seats only while it owns the game.
    this.hub.store.fenceBy?.(this.node.id);
    await this.node.start();
    if (!(await this.bus.start())) this.log.warn('Redis does not answer yet; games of other processes are unavailable until it does');
    this.started = true;
    await this.bus.broadcast(`j\n${this.node.id}`);
  }

  /** The operations HTTP routes run at a game's owner (app.ts's). */
  setOperations(ops: Record<string, Operation>): void {
    this.ops = ops;
  }

  // HubCluster

  async claim(id: string): Promise<string | null> {
    // A release of this game still under way would delete the row this claim keeps: it goes first.
    await this.releasing.get(id);
    const owner = await this.owners.claim(id);
    // A node we relay to or ask must be watched, so that its death is seen at once.
    if (owner !== null && owner !== this.node.id) this.node.watch(owner);
    return owner;
  }

  async claimMany(ids: readonly string[]): Promise<string[]> {
    await Promise.all(this.releasing.values());
    return this.owners.claimMany(ids);
  }

  release(id: string): void {
    const p = this.owners
      .release(id)
      .catch((e: unknown) => this.log.warn({ game: id, err: e }, `releasing the game failed: ${(e as Error).message}`))
      .finally(() => {
        if (this.releasing.get(id) === p) this.releasing.delete(id);
      });
    this.releasing.set(id, p);
  }

  get canOwn(): boolean {
    return this.node.registered;
  }

  /** Starts relaying a socket to the game's owner. */
  relayTo(socket: RelayedSocket, owner: string): EdgeLink {
    return this.relay.open(socket, owner);
  }

  /**
   * Runs an HTTP operation on game `id` here when this process owns it (or can claim it), else at
   * its owner over the bus; a game that moved meanwhile is looked for once more.
   */
  async atOwner(op: string, id: string, args: unknown): Promise<unknown> {
    const fn = this.ops[op];
    if (!fn) throw new Error(`no operation ${op}`);
    for (let attempt = 0; attempt < 3; attempt++) {
      let owner: string;
      try {
        return await fn(id, args);
      } catch (e) {
        if (!(e instanceof Elsewhere)) throw e;
        owner = e.node;
      }
      try {
        return await this.rpc.call(owner, { op, id, args });
      } catch (e) {
        if (!(e instanceof Moved)) throw e;
      }
    }
    throw new Refusal('unavailable', 'the game keeps moving between server processes; try again');
  }

  /**
   * What the lobby shows of games played by other processes (seats, who is to act): one request
   * per owning process, at once; a process that does not answer leaves its games undescribed.
   */
  async listings(ids: readonly string[]): Promise<Map<string, unknown>> {
    const out = new Map<string, unknown>();
    if (ids.length === 0 || !this.bus.up) return out;
    const byNode = new Map<string, string[]>();
    for (const [game, node] of await this.owners.ownersOf(ids)) {
      if (node === this.node.id) continue;
      const list = byNode.get(node);
      if (list) list.push(game);
      else byNode.set(node, [game]);
    }
    await Promise.all(
      [...byNode].map(async ([node, games]) => {
        try {
          const got = (await this.rpc.call(node, { op: 'listings', id: '', args: games })) as Record<string, unknown>;
          for (const [g, v] of Object.entries(got)) out.set(g, v);
        } catch {
          // Undescribed: the lobby shows such a game as idle.
        }
      }),
    );
    return out;
  }

  private async runHere(req: RpcRequest): Promise<unknown> {
    const fn = this.ops[req.op];
    if (!fn) throw new InvalidInput(`no operation ${req.op}`);
    return fn(req.id, req.args);
  }

  private onMessage(text: string): void {
    try {
      this.dispatch(text);
    } catch (e) {
      // The bus is trusted, so this is a bug (or a foreign publisher on our channels): logged, not
      // fatal. Its kind and length only: a relayed hello carries its seat's token.
      this.log.error({ err: e, kind: text.charAt(0), length: text.length }, `a bus message could not be handled (${(e as Error).message})`);
    }
  }

  private dispatch(text: string): void {
    const { kind, a, rest } = parse(text);
    switch (kind) {
      case 'j':
        if (a !== this.node.id) this.node.watch(a);
        return;
      case 'b':
        if (a !== this.node.id) this.relay.nodeReset(a);
        return;
      case 'q':
        void this.rpc.onRequest(a, rest);
        return;
      case 'r':
        this.rpc.onReply(a, rest);
        return;
      default:
        this.relay.onMessage(kind, a, rest);
    }
  }

  /** (Re)registered: tell the others, then take up this node's games and those whose owner is dead. */
  private onRegistered(): void {
    void this.bus.broadcast(`j\n${this.node.id}`);
    if (!this.started) return;
    this.adopt('registered again');
  }

  private onDead(node: string): void {
    if (this.closed) return;
    this.log.warn({ gone: node }, `node ${node} is gone; the sockets relayed to it are told to say hello again and its games taken over`);
    this.relay.nodeDied(node);
    this.rpc.nodeDied(node);
    this.owners
      .forget(node)
      .catch((e: unknown) => this.log.warn({ gone: node, err: e }, `removing node ${node}'s row failed: ${(e as Error).message}`));
    this.adopt(`node ${node} died`);
  }

  /**
   * Claims and loads every game without a live owner. The survivors of a death split its games:
   * each first takes the share that hashes to its place among the live nodes, then, a moment
   * later, whatever no one took (a survivor that died too). One pass at a time: reasons that
   * arrive during a pass (several nodes dying at once) make one more pass after it.
   */
  private adopt(why: string): void {
    if (this.closed) return;
    this.adoptWhy.push(why);
    if (this.adopting) return;
    this.adopting = true;
    const reason = this.adoptWhy.splice(0).join(', ');
    const t0 = Date.now();
    const pass = async (): Promise<number> => {
      const alive = await this.owners.alive();
      const k = alive.length;
      const i = alive.indexOf(this.node.id);
      let loaded = 0;
      const run = async (share?: (id: string) => boolean) => {
        // The games that fail to load are logged by the hub.
        loaded += (await this.hub.rebuildAll(share)).loaded;
      };
      if (k > 1 && i >= 0) {
        await run((id) => shareOf(id, k) === i);
        await new Promise((r) => setTimeout(r, ADOPT_REST_AFTER_MS));
      }
      if (!this.closed) await run();
      return loaded;
    };
    pass()
      .then(
        (loaded) => {
          if (loaded > 0)
            this.log.info({ games: loaded, ms: Date.now() - t0 }, `took over ${loaded} game(s) (${reason}) in ${Date.now() - t0} ms`);
        },
        (e: unknown) => this.log.error({ err: e }, `taking games over failed (${reason}): ${(e as Error).message}`),
      )
      .finally(() => {
        this.adopting = false;
        if (this.adoptWhy.length > 0) this.adopt(this.adoptWhy.splice(0).join(', '));
      });
  }

  /** The server is closing: nothing more is taken over (the games stop next, then `close`). */
  stopping(): void {
    this.closed = true;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.node.close();
    await this.bus.close();
    await this.db.close();
  }

  /** Tests: this node dies as with kill -9 (its connections drop; it says nothing). */
  simulateCrash(): void {
    this.closed = true;
    this.node.simulateCrash();
    this.bus.simulateCrash();
  }
}

/** After taking its share of a dead node's games, how long a survivor waits before taking whatever is left. */
const ADOPT_REST_AFTER_MS = 1000;

/** A game's share among k nodes (FNV-1a of its id). */
function shareOf(id: string, k: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % k;
}

/** Starts this process as cluster node `id` (its hub's log lines already carry it). */
export async function startCluster(hub: Hub, opts: ClusterOptions, id: string): Promise<Cluster> {
  const c = new Cluster(hub, opts, id);
  hub.cluster = c;
  try {
    await c.start();
  } catch (e) {
    await c.close().catch(() => undefined);
    throw e;
  }
  return c;
}
