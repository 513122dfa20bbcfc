import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { AnyGame, Choice, Seat } from '../core/game.js';
import { findChoice } from '../core/apply.js';
import { LineSplitter } from './engine/lines.js';
import { ActAnswer, type ActMessage } from './engine/schema.js';

/** A bot spec that seats an outside program: `exec:python3 examples/python/greedy_agent.py`. */
export const EXEC_PREFIX = 'exec:';
export const isExecSpec = (spec: string): boolean => spec.startsWith(EXEC_PREFIX);

/** Why an outside bot's decision was taken from it and given the first legal choice. */
export type FaultKind = 'timeout' | 'crash' | 'illegal';

export interface Faults {
  timeout: number;
  crash: number;
  illegal: number;
}

export const noFaults = (): Faults => ({ timeout: 0, crash: 0, illegal: 0 });

/** Time a program has to start, on top of its first decision's: starting an interpreter is not thinking. */
export const STARTUP_MS = 5000;

/** The longest answer line an agent may send: an answer is an index or one choice. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** An outside program's decision: the legal choice played, and the fault when it was not the program's own. */
export interface ExecDecision {
  readonly choice: Choice;
  readonly fault: FaultKind | null;
}

/**
 * One outside program seated at one seat of one game (docs/engine-protocol.md, the agent part).
 * It is started once per game and stopped at the game's end: a program that crashed or hung
 * costs that game only. The command is split at spaces and run without a shell.
 */
export class ExecAgent {
  private readonly child: ChildProcessWithoutNullStreams;
  private dead = false;
  private nextId = 0;
  private waiting: { id: number; onAnswer: (a: unknown) => void } | null = null;
  private onDeath: (() => void) | null = null;

  constructor(
    readonly command: string,
    private readonly game: AnyGame,
    private readonly timeLimitMs: number,
  ) {
    const [file, ...args] = command.trim().split(/\s+/);
    this.child = spawn(file!, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const lines = new LineSplitter(
      MAX_ANSWER_BYTES,
      (line) => this.answer(line),
      () => this.answer('too long'),
    );
    this.child.stdout.on('data', (b: Buffer) => lines.push(b));
    // What the program writes to stderr is its own log: read and dropped so that it never blocks.
    this.child.stderr.resume();
    this.child.stdin.on('error', () => this.die());
    this.child.on('error', () => this.die());
    this.child.on('exit', () => this.die());
  }

  private die(): void {
    this.dead = true;
    this.onDeath?.();
  }

  private answer(line: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      raw = line;
    }
    const w = this.waiting;
    // A late answer to a decision already taken from it (timed out) is not this decision's.
    const id = (raw as { id?: unknown } | null)?.id;
    if (w && (id === w.id || typeof id !== 'number')) w.onAnswer(raw);
  }

  /** Asks the program for seat `seat`'s decision in `state`; never throws, never waits past the time limit. */
  act(state: unknown, seat: Seat): Promise<ExecDecision> {
    const choices = this.game.choices(state);
    const first = choices[0]!;
    if (this.dead) return Promise.resolve({ choice: first, fault: 'crash' });
    const id = ++this.nextId;
    const msg: ActMessage = {
      type: 'act',
      id,
      game: this.game.id,
      seat,
      view: this.game.view(state, seat),
      choices: choices as ActMessage['choices'],
      deadlineMs: this.timeLimitMs,
    };
    return new Promise((resolve) => {
      const done = (d: ExecDecision) => {
        clearTimeout(timer);
        this.waiting = null;
        this.onDeath = null;
        resolve(d);
      };
      const limit = this.timeLimitMs + (id === 1 ? STARTUP_MS : 0);
      const timer = setTimeout(() => done({ choice: first, fault: 'timeout' }), limit);
      this.onDeath = () => done({ choice: first, fault: 'crash' });
      this.waiting = {
        id,
        onAnswer: (raw) => {
          const a = ActAnswer.safeParse(raw);
          const choice = !a.success ? undefined : 'index' in a.data ? choices[a.data.index] : findChoice(choices, a.data.choice);
          done(choice === undefined ? { choice: first, fault: 'illegal' } : { choice, fault: null });
        },
      };
      this.child.stdin.write(JSON.stringify(msg) + '\n');
    });
  }

  /** Stops the program (its stdin closed, then killed): called at the end of every game. */
  stop(): void {
    this.child.stdin.end();
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
