/**
 * HTTP operations that need the live game (join, hand to bot, summary, record) run at the game's
 * owner: a request over the bus, its answer on the asker's channel, or `unavailable` after a timeout.
 */
import { InvalidInput } from '../../core/errors.js';
import { Elsewhere } from '../hub.js';
import { Refusal } from '../refusal.js';
import { AccountError } from '../accounts/context.js';
import type { Log } from '../log.js';
import type { Bus } from './bus.js';
import { nodeOf } from './wire.js';

export interface RpcRequest {
  readonly op: string;
  readonly id: string;
  readonly args: unknown;
}

type RpcAnswer =
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly kind: 'refusal' | 'account' | 'invalid' | 'moved' | 'internal';
      readonly code?: string;
      /** An account refusal's HTTP status. */
      readonly status?: number;
      readonly message: string;
    };

/** The game has another owner than the one asked: ask again. */
export class Moved extends Error {}

export class Rpc {
  private n = 0;
  private readonly pending = new Map<
    string,
    { node: string; resolve: (v: unknown) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }
  >();

  constructor(
    private readonly bus: Bus,
    private readonly me: string,
    private readonly timeoutMs: number,
    private readonly run: (req: RpcRequest) => Promise<unknown>,
    private readonly log: Log,
  ) {}

  /** Runs `req` at `node`; its refusals come back as they were thrown there. */
  call(node: string, req: RpcRequest): Promise<unknown> {
    const reqId = `${this.me}.${++this.n}`;
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(reqId);
        reject(new Refusal('unavailable', `the server process playing this game did not answer within ${this.timeoutMs / 1000} s`));
      }, this.timeoutMs);
      this.pending.set(reqId, { node, resolve, reject, timer });
      void this.bus.send(node, `q\n${reqId}\n${JSON.stringify(req)}`).then((sent) => {
        if (!sent) this.fail(reqId, unavailableNoBus());
      });
    });
  }

  /** A request from another node (`q`): run, answer on the asker's channel. */
  async onRequest(reqId: string, json: string): Promise<void> {
    let answer: RpcAnswer;
    let req: RpcRequest | undefined;
    try {
      req = JSON.parse(json) as RpcRequest;
      answer = { ok: true, value: await this.run(req) };
    } catch (e) {
      if (e instanceof Elsewhere) answer = { ok: false, kind: 'moved', message: e.message };
      else if (e instanceof Refusal) answer = { ok: false, kind: 'refusal', code: e.code, message: e.message };
      else if (e instanceof AccountError) answer = { ok: false, kind: 'account', code: e.code, status: e.status, message: e.message };
      else if (e instanceof InvalidInput) answer = { ok: false, kind: 'invalid', message: e.message };
      else {
        // Not its arguments: a join's carries the seat's invitation key.
        this.log.error({ err: e, op: req?.op, game: req?.id }, 'an operation another node asked for failed');
        answer = { ok: false, kind: 'internal', message: 'internal error' };
      }
    }
    await this.bus.send(nodeOf(reqId), `r\n${reqId}\n${JSON.stringify(answer)}`);
  }

  /** An answer (`r`) to one of this node's requests. */
  onReply(reqId: string, json: string): void {
    const p = this.pending.get(reqId);
    if (!p) return;
    this.pending.delete(reqId);
    clearTimeout(p.timer);
    const a = JSON.parse(json) as RpcAnswer;
    if (a.ok) return p.resolve(a.value);
    if (a.kind === 'moved') return p.reject(new Moved(a.message));
    if (a.kind === 'refusal') return p.reject(new Refusal(a.code as Refusal['code'], a.message));
    if (a.kind === 'account') return p.reject(new AccountError(a.status ?? 400, a.code ?? 'bad-request', a.message));
    if (a.kind === 'invalid') return p.reject(new InvalidInput(a.message));
    p.reject(new Error(`the owning process failed: ${a.message}`));
  }

  private fail(reqId: string, e: Error): void {
    const p = this.pending.get(reqId);
    if (!p) return;
    this.pending.delete(reqId);
    clearTimeout(p.timer);
    p.reject(e);
  }

  /** The node asked died: its requests fail now rather than at their timeout. */
  nodeDied(node: string): void {
    for (const [id, p] of [...this.pending])
      if (p.node === node) this.fail(id, new Refusal('unavailable', 'the server process playing this game stopped; try again'));
  }

  busDown(): void {
    for (const id of [...this.pending.keys()]) this.fail(id, unavailableNoBus());
  }
}

export function unavailableNoBus(): Refusal {
  return new Refusal(
    'unavailable',
    'this game is played by another server process, which cannot be reached while the message bus (Redis) is down; try again shortly',
  );
}
