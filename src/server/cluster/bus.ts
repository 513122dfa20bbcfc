/**
 * The cluster's message bus: Redis pub/sub, one channel per node plus one for every node.
 *
 * Redis rather than PostgreSQL LISTEN/NOTIFY: a NOTIFY payload is at most 8000 bytes while a
 * welcome is up to ~200 KB, and every NOTIFY takes a database-wide lock at commit, which would
 * serialize the fan-out of every move of every game behind the store's writes. ioredis reconnects
 * by itself with backoff; the subscription is renewed here on each reconnection, and a publish
 * while Redis is away fails at once (no offline queue) so that callers answer `unavailable`.
 */
import { Redis } from 'ioredis';
import type { Log } from '../log.js';

export interface BusOptions {
  readonly url: string;
  /** Prefix of every channel name: deployments (or tests) sharing one Redis stay apart. */
  readonly prefix: string;
}

export interface BusEvents {
  message(text: string): void;
  /** Redis answers again (subscribed anew). */
  up(): void;
  /** Redis is away: nothing can be relayed until `up`. */
  down(reason: string): void;
}

export class Bus {
  private readonly sub: Redis;
  private readonly pub: Redis;
  private subReady = false;
  private pubReady = false;
  private wasUp = false;
  private closing = false;
  /** Callers of `start` waiting for the bus to come up. */
  private waiting: (() => void)[] = [];

  constructor(
    private readonly opts: BusOptions,
    me: string,
    private readonly on: BusEvents,
    log: Log,
  ) {
    const common = {
      // Reconnect forever, soon at first, then every 2 s.
      retryStrategy: (n: number) => Math.min(2000, 100 * n),
      maxRetriesPerRequest: 1,
      lazyConnect: true,
    };
    this.sub = new Redis(opts.url, { ...common, autoResubscribe: false });
    // Auto-pipelining: the publishes of one turn (a move's messages to every edge) leave in one write.
    this.pub = new Redis(opts.url, { ...common, enableOfflineQueue: false, enableAutoPipelining: true });
    this.sub.on('messageBuffer', (_channel: Buffer, data: Buffer) => this.on.message(data.toString('utf8')));
    this.sub.on('ready', () => {
      this.sub.subscribe(this.channel(me), this.everyone).then(
        () => {
          this.subReady = true;
          this.check('');
        },
        (e: unknown) => {
          log.warn({ err: e }, `subscribing to Redis failed (${(e as Error).message}); reconnecting`);
          this.sub.disconnect(true);
        },
      );
    });
    this.pub.on('ready', () => {
      this.pubReady = true;
      this.check('');
    });
    for (const [r, which] of [
      [this.sub, 'sub'],
      [this.pub, 'pub'],
    ] as const) {
      r.on('error', () => undefined); // each loss is reported once, by 'close'
      r.on('close', () => {
        if (which === 'sub') this.subReady = false;
        else this.pubReady = false;
        this.check('the connection to Redis closed');
      });
    }
  }

  get up(): boolean {
    return this.subReady && this.pubReady;
  }

  private check(reason: string): void {
    if (this.closing) return;
    const up = this.up;
    if (up === this.wasUp) return;
    this.wasUp = up;
    if (up) {
      for (const w of this.waiting.splice(0)) w();
      this.on.up();
    } else this.on.down(reason);
  }

  /** Connects both connections; resolves once subscribed, or after `ms` (the bus then comes up later by itself). */
  async start(ms = 5000): Promise<boolean> {
    this.sub.connect().catch(() => undefined);
    this.pub.connect().catch(() => undefined);
    if (!this.up) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        timer = setTimeout(resolve, ms);
      });
      clearTimeout(timer);
    }
    return this.up;
  }

  channel(node: string): string {
    return `${this.opts.prefix}node:${node}`;
  }

  private get everyone(): string {
    return `${this.opts.prefix}all`;
  }

  /** Sends to one node; false when Redis is away (nothing was sent). */
  async send(node: string, text: string): Promise<boolean> {
    if (!this.up) return false;
    try {
      await this.pub.publish(this.channel(node), text);
      return true;
    } catch {
      return false;
    }
  }

  /** Sends to every node (this one too). */
  async broadcast(text: string): Promise<boolean> {
    if (!this.up) return false;
    try {
      await this.pub.publish(this.everyone, text);
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.sub.disconnect();
    this.pub.disconnect();
  }

  /** Tests: this process's subscription drops and comes back by itself (a network blip on one side only). */
  blip(): void {
    this.sub.disconnect(true);
  }

  /** Tests: Redis connections dropped as a crash would. */
  simulateCrash(): void {
    this.closing = true;
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
