/**
 * The benches' load client, run inside one client process (bench/load/worker.ts): G games of two
 * human seats, one WebSocket per seat, each answered by a random bot; a finished game is replaced
 * by a new one on the same sockets, so G games are always in play. With `humans: 1` the second seat
 * is the server's random bot, paced as a person (botDelayMs = thinkMs): half the sockets per game.
 *
 * Several server processes: game `g` (numbered across all client processes) is created on process
 * g mod N, and seat socket k = 2g + s goes to process k mod N, so that most choices cross processes.
 * A socket that closes under a seat (its process was killed) connects again, to the same process
 * unless it is known dead, else to the live ones in turn (as a proxy spreads clients), and says
 * hello with since/at. A socket whose game's owner died is kept by its process, which says
 * `unavailable`: the seat says hello again on it 100 ms later.
 *
 * State messages carry `seq` and either a whole `view` or a `patch` (PROTOCOL.md), read as the test
 * client reads them (withView): a patch at seq + 1 is applied, an older state is ignored, a patch
 * past a gap makes the seat say hello again on its socket and ignore patches until the welcome.
 */
import WebSocket from 'ws';
import { heldOf, parseMsg, withView, type ApiReply, type HeldView, type ServerMsg } from '../../test/helpers/wire.js';
import { pool } from '../pool.js';

export interface LoadConfig {
  /** HTTP bases of the server processes (http://127.0.0.1:port). */
  readonly bases: readonly string[];
  /** Games this client process plays, numbered from `firstGame` across all client processes. */
  readonly games: number;
  readonly firstGame: number;
  /** 0: answer at once; > 0: wait 0.5–1.5× that long before each choice. */
  readonly thinkMs: number;
  /** The game played (default relic-runners). */
  readonly game?: string;
  /** Human seats per game (default 2); with 1, seat 1 is the server's random bot. */
  readonly humans?: 1 | 2;
}

/** What one client process measured while `measuring`. */
export interface LoadStats {
  acks: number;
  latencies: number[];
  errors: Record<string, number>;
  finished: number;
  statesReceived: number;
  /** Bytes of every message the seats received (state messages, welcomes, acks): what the wire carried to the clients. */
  bytesReceived: number;
  /** Sockets that closed under a seat and were opened again. */
  reconnects: number;
  /** Hellos said again after a gap in seq. */
  resyncs: number;
}

/** Figures before anything is measured (a client process's, and the sum over them). */
export const emptyStats = (): LoadStats => ({
  acks: 0,
  latencies: [],
  errors: {},
  finished: 0,
  statesReceived: 0,
  bytesReceived: 0,
  reconnects: 0,
  resyncs: 0,
});

/** A message's size as received (ws hands a Buffer unless told otherwise). */
const rawBytes = (d: WebSocket.RawData): number =>
  Array.isArray(d) ? d.reduce((n, b) => n + b.length, 0) : d instanceof ArrayBuffer ? d.byteLength : d.length;

async function post(base: string, path: string, body: unknown): Promise<ApiReply> {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as ApiReply;
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

function open(url: string): Promise<WebSocket> {
  return new Promise((res, rej) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => {
      ws.off('error', rej);
      ws.on('error', () => undefined); // a killed server resets the socket; 'close' follows
      res(ws);
    });
    ws.once('error', rej);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class LoadClient {
  stats = emptyStats();
  measuring = false;
  /** Server processes known dead (the parent says so when it kills one). */
  readonly dead = new Set<number>();
  readonly slots: GameSlot[] = [];
  /** Acknowledged move indices by game id, for the check against the database. */
  readonly acked = new Map<string, number[]>();
  /** Failover: games affected by a kill, waiting for their first ack after it (game slot → kill time). */
  private readonly awaiting = new Map<GameSlot, number>();
  private failoverMs = 0;
  /** Each affected game's wait for its first ack after the kill, and what the slowest one's seats did. */
  private readonly waits: number[] = [];
  private slowest = '';
  private affected = 0;
  stopping = false;
  /** Turns the sockets of a dead process over the live ones (see `live`). */
  spread = 0;
  /** When a process was killed (Date.now()), null before: seats trace their events from then on. */
  killedAt: number | null = null;

  constructor(readonly cfg: LoadConfig) {}

  wsUrl(node: number): string {
    return this.cfg.bases[node]!.replace('http', 'ws') + '/ws';
  }

  /**
   * The live process to use instead of `node` (itself when it is alive). The sockets of a dead
   * process are spread over the live ones by `spread` (a seat's number), as a load balancer would
   * spread their clients: all sent to the next process, they made it accept and welcome twice its
   * share at once, and a failover as slow as that one process.
   */
  live(node: number, spread = 0): number {
    const n = this.cfg.bases.length;
    if (!this.dead.has(node)) return node;
    const alive = [...Array(n).keys()].filter((i) => !this.dead.has(i));
    if (alive.length === 0) throw new Error('every server process is dead');
    return alive[spread % alive.length]!;
  }

  /** Connects every seat and opens every game (they start playing at once). */
  async start(): Promise<void> {
    const n = this.cfg.bases.length;
    for (let i = 0; i < this.cfg.games; i++) {
      const g = this.cfg.firstGame + i;
      const seats =
        this.cfg.humans === 1 ? [new Seat(this, 0, g % n)] : [new Seat(this, 0, (2 * g) % n), new Seat(this, 1, (2 * g + 1) % n)];
      this.slots.push(new GameSlot(this, g % n, seats));
    }
    await pool(this.slots, 100, (s) => Promise.all(s.seats.map((seat) => seat.connect())));
    // In batches, so that creation does not starve play.
    await pool(this.slots, 50, (s) => s.open());
  }

  measure(): void {
    this.stats = emptyStats();
    this.measuring = true;
  }

  report(): LoadStats {
    this.measuring = false;
    return this.stats;
  }

  error(code: string): void {
    if (this.measuring) this.stats.errors[code] = (this.stats.errors[code] ?? 0) + 1;
  }

  onAck(slot: GameSlot, index: number): void {
    if (this.measuring) this.stats.acks++;
    let list = this.acked.get(slot.id);
    if (!list) this.acked.set(slot.id, (list = []));
    list.push(index);
    const since = this.awaiting.get(slot);
    if (since !== undefined) {
      const ms = Date.now() - since;
      this.waits.push(ms);
      if (ms >= this.failoverMs)
        this.slowest = `game ${slot.id} (${ms} ms):\n    ${slot.seats.map((seat) => seat.describe()).join('\n    ')}`;
      this.failoverMs = Math.max(this.failoverMs, ms);
      this.awaiting.delete(slot);
    }
  }

  /** Process `node` was killed at `at` (Date.now()): the games it owned or relayed wait for an ack. */
  killed(node: number, at: number): void {
    this.dead.add(node);
    this.killedAt = at;
    for (const s of this.slots)
      if (s.owner === node || s.seats.some((seat) => seat.node === node)) {
        this.awaiting.set(s, at);
        this.affected++;
      }
  }

  /** The failover so far: affected games, the slowest first ack after the kill, and games still waiting. */
  failover(): { affected: number; maxMs: number; waiting: number; stalled: string[]; waits: number[]; slowest: string } {
    const stalled = [...this.awaiting.keys()]
      .slice(0, 10)
      .map((s) => `game ${s.id} (created on ${s.owner}):\n    ${s.seats.map((seat) => seat.describe()).join('\n    ')}`);
    return {
      affected: this.affected,
      maxMs: this.failoverMs,
      waiting: this.awaiting.size,
      stalled,
      waits: this.waits,
      slowest: this.slowest,
    };
  }

  stop(): void {
    this.stopping = true;
    for (const s of this.slots) for (const seat of s.seats) seat.ws?.terminate();
  }
}

/** One game slot: its human seats; a finished game is replaced by a fresh one on the same sockets. */
export class GameSlot {
  id = '';
  private replacing = false;
  constructor(
    private readonly client: LoadClient,
    /** The process the game is created on (its first owner). */
    public owner: number,
    readonly seats: readonly Seat[],
  ) {}

  async open(): Promise<void> {
    this.owner = this.client.live(this.owner);
    const base = this.client.cfg.bases[this.owner]!;
    const { thinkMs, humans } = this.client.cfg;
    const g = await post(base, '/api/games', {
      game: this.client.cfg.game ?? 'relic-runners',
      seats: humans === 1 ? [{ kind: 'human' }, { kind: 'bot', bot: 'random' }] : [{ kind: 'human' }, { kind: 'human' }],
      ...(humans === 1 ? { botDelayMs: thinkMs } : {}),
    });
    const tokens = await Promise.all(
      this.seats.map(async (_, seat) => (await post(base, `/api/games/${g.id}/join`, { seat, key: g.invites[seat]!.key })).token),
    );
    this.id = g.id;
    this.seats.forEach((s, i) => s.hello(this, tokens[i]!));
  }

  async replace(): Promise<void> {
    if (this.replacing || this.client.stopping) return;
    this.replacing = true;
    if (this.client.measuring) this.client.stats.finished++;
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          await this.open();
          break;
        } catch (e) {
          this.client.error('replace');
          if (attempt >= 20 || this.client.stopping) {
            console.error(`bench: could not open a new game: ${(e as Error).message}`);
            break;
          }
          this.owner = (this.owner + 1) % this.client.cfg.bases.length;
          await sleep(100);
        }
      }
    } finally {
      this.replacing = false;
    }
  }
}

/** One seat's connection and its random bot. */
export class Seat {
  ws: WebSocket | null = null;
  slot: GameSlot | null = null;
  private token = '';
  /** The view and seq held (patches apply to them); resyncing: a hello is out, patches wait for its welcome. */
  private held: HeldView | null = null;
  private resyncing = false;
  /** Move index of the choice in flight, and when it was sent. */
  private pending = -1;
  private sentAt = 0;
  private lastSent = -1;
  /** A hello again is due (after an `unavailable`): further refusals meanwhile (choices sent without id) add none. */
  private helloDue = false;
  /** The seat's last few events after a kill (what a stalled game's seats were doing, for the summary). */
  private trace: string[] = [];

  constructor(
    private readonly client: LoadClient,
    readonly index: number,
    /** The process this seat's socket is on. */
    public node: number,
  ) {}

  /** Notes an event in the trace once a process has been killed (the trace is what a stalled seat did). */
  note(what: string): void {
    const at = this.client.killedAt;
    if (at === null) return;
    this.trace.push(`${Date.now() - at}:${what}`);
    if (this.trace.length > 14) this.trace.splice(0, this.trace.length - 14);
  }

  /** One line: where this seat is and what it last did. */
  describe(): string {
    const h = this.held;
    return (
      `seat ${this.index} on node ${this.node} (ws ${this.ws?.readyState ?? 'none'}), ` +
      `held moves ${h?.moves ?? '-'} seq ${h?.seq ?? '-'}, resyncing ${this.resyncing}, pending ${this.pending}, lastSent ${this.lastSent}; ` +
      `trace [${this.trace.join(' ')}]`
    );
  }

  async connect(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      this.node = this.client.live(this.node, this.client.spread++);
      try {
        const ws = await open(this.client.wsUrl(this.node));
        this.note(`open@${this.node}`);
        this.ws = ws;
        ws.on('message', (d) => {
          if (this.client.measuring) this.client.stats.bytesReceived += rawBytes(d);
          this.onMessage(parseMsg(d));
        });
        ws.on('close', () => void this.onClose(ws));
        return;
      } catch (e) {
        this.note(`connect-failed@${this.node}:${(e as Error).message.slice(0, 60)}`);
        if (attempt >= 50 || this.client.stopping) throw e;
        // That process is gone or going: the next one.
        this.node = (this.node + 1) % this.client.cfg.bases.length;
        await sleep(Math.min(200, 10 * (attempt + 1)));
      }
    }
  }

  private async onClose(ws: WebSocket): Promise<void> {
    if (ws !== this.ws || this.client.stopping) return;
    this.ws = null;
    if (this.client.measuring) this.client.stats.reconnects++;
    this.note('close');
    try {
      await this.connect();
    } catch (e) {
      this.client.error('reconnect');
      console.error(`bench: seat could not reconnect: ${(e as Error).message}`);
      return;
    }
    if (this.slot) this.sayHello(true);
  }

  hello(slot: GameSlot, token: string): void {
    this.slot = slot;
    this.token = token;
    this.held = null;
    this.sayHello(false);
  }

  /** Hello for the current game; `resume`: with the log held, after a reconnection or a gap. */
  private sayHello(resume: boolean): void {
    this.pending = -1;
    this.lastSent = -1;
    this.resyncing = true;
    const h = this.held;
    const since = resume && h ? { since: h.moves, ...(h.at !== null ? { at: h.at } : {}) } : {};
    this.note(`hello@${this.node}${this.ws?.readyState === WebSocket.OPEN ? '' : '(not sent)'}`);
    if (this.ws?.readyState === WebSocket.OPEN)
      this.ws.send(JSON.stringify({ type: 'hello', game: this.slot!.id, token: this.token, ...since }));
  }

  private onMessage(msg: ServerMsg): void {
    const client = this.client;
    let m = msg;
    if (m.type === 'state' || m.type === 'welcome') {
      const slot = this.slot;
      if (!slot || m.game !== slot.id) return; // a late message of the previous game
      if (client.measuring) client.stats.statesReceived++;
      if (m.type === 'welcome') this.note(`welcome(m${m.moves},s${m.seq},act${m.toAct})`);
      if (m.type === 'welcome') this.resyncing = false;
      else if (this.resyncing && m.patch !== undefined) return;
      // In place: a bench client keeps no earlier view, and copying 10,000 games' views would make its own GC pauses part of what it measures.
      const r = withView(m, this.held, { inPlace: true });
      if (r === 'old') {
        this.note(`old(s${m.seq})`);
        return;
      }
      if (r === 'gap') {
        if (client.measuring) client.stats.resyncs++;
        this.sayHello(true);
        return;
      }
      this.held = heldOf((m = r));
      if (this.pending >= 0 && m.moves === this.pending + 1) {
        if (client.measuring) client.stats.latencies.push(performance.now() - this.sentAt);
        this.pending = -1;
      }
      if (m.status !== 'active') {
        if (this.index === 0) void slot.replace();
        return;
      }
      const choices = m.view.choices;
      if (m.toAct === this.index && choices && choices.length > 0 && m.moves > this.lastSent) {
        const index = m.moves;
        this.lastSent = index;
        const choice = choices[Math.floor(Math.random() * choices.length)];
        const send = () => {
          if (this.slot !== slot || this.ws?.readyState !== WebSocket.OPEN) return;
          this.pending = index;
          this.note(`choice${index}`);
          this.sentAt = performance.now();
          this.ws.send(JSON.stringify({ type: 'choice', choice, index }));
        };
        if (client.cfg.thinkMs > 0) setTimeout(send, client.cfg.thinkMs * (0.5 + Math.random()));
        else send();
      }
    } else if (m.type === 'ack') {
      this.note(`ack${m.index}`);
      if (this.slot) client.onAck(this.slot, m.index);
    } else if (m.type === 'error') {
      this.note(`error:${m.code}:${m.message.slice(0, 60)}`);
      client.error(m.code);
      // A refusal while a process or Redis fails: ask for the state again (a new one may follow anyway).
      if ((m.code === 'unavailable' || m.code === 'internal') && !this.helloDue) {
        this.helloDue = true;
        setTimeout(() => {
          this.helloDue = false;
          this.sayHello(true);
        }, 100);
      }
    }
  }
}
