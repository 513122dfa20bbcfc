/**
 * The real server as a child process (dist/src/server/main.js) on a port of the test's choosing,
 * which a test stops and starts again on the same database and port (a restart, a deploy).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** dist/test/helpers/server-process.js → dist/src/server/main.js */
const MAIN = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/server/main.js');

export class ServerProcess {
  out = '';
  private exitCode: number | null | undefined;
  private readonly exited: Promise<void>;

  private constructor(private readonly child: ChildProcess) {
    child.stdout!.on('data', (d: Buffer) => (this.out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (this.out += d.toString()));
    this.exited = new Promise((r) =>
      child.once('exit', (code) => {
        this.exitCode = code;
        r();
      }),
    );
  }

  /** Starts the server with `env` over the defaults, and resolves once /health answers (within 20 s). */
  static async start(port: number, env: Record<string, string>): Promise<ServerProcess> {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BOT_DELAY_MS: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const s = new ServerProcess(child);
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (s.exitCode !== undefined) throw new Error(`the server exited (${s.exitCode}) before it was ready:\n${s.out}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return s;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the server did not answer /health within 20 s:\n${s.out}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Stops it as a deploy does (SIGTERM: a clean shutdown), or as a crash (SIGKILL); resolves once it exited. */
  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    if (this.exitCode === undefined) this.child.kill(signal);
    await this.exited;
  }
}
