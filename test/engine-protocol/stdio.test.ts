import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, it } from 'node:test';
import { LineSplitter } from '../../src/cli/engine/lines.js';
import { CLI } from '../cli/run-cli.js';

/** An engine child process and a reader of its answer lines. */
function engine(...args: string[]): { child: ChildProcessWithoutNullStreams; next: () => Promise<Record<string, unknown>> } {
  const child = spawn(process.execPath, [CLI, 'engine', ...args]);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    child,
    next: async () => {
      const r = await lines.next();
      assert.equal(r.done, false, 'the engine answered');
      return JSON.parse(r.value) as Record<string, unknown>;
    },
  };
}

async function write(child: ChildProcessWithoutNullStreams, data: string | Buffer): Promise<void> {
  if (!child.stdin.write(data)) await once(child.stdin, 'drain');
}

describe('engine protocol over stdio', () => {
  it('a 100 MB line is dropped as it streams in and answered line-too-long; the process goes on serving', async () => {
    const { child, next } = engine();
    await write(child, '{"id":1,"type":"hello"}\n');
    assert.equal((await next()).ok, true);
    const chunk = Buffer.alloc(1024 * 1024, 'x'.charCodeAt(0));
    for (let i = 0; i < 100; i++) await write(child, chunk);
    await write(child, '\n{"id":2,"type":"create","game":"quetzal","seats":2,"seed":1}\nnot json\n');
    const tooLong = await next();
    assert.deepEqual([tooLong.id, tooLong.ok, (tooLong.error as { code: string }).code], [null, false, 'line-too-long']);
    assert.deepEqual([(await next()).gameId], [1]);
    assert.equal(((await next()).error as { code: string }).code, 'bad-json');
    await write(child, '{"id":3,"type":"legal","gameId":1,"as":"indices"}');
    child.stdin.end();
    const last = await next();
    assert.equal(last.id, 3, 'a last line without its newline is answered at the end of input');
    const [code] = (await once(child, 'exit')) as [number];
    assert.equal(code, 0);
  });

  it('the line limit is an option', async () => {
    const { child, next } = engine('--max-line-bytes', '1024');
    await write(child, `{"id":1,"type":"hello","pad":"${'y'.repeat(2000)}"}\n{"id":2,"type":"hello"}\n`);
    assert.equal(((await next()).error as { code: string }).code, 'line-too-long');
    assert.equal((await next()).id, 2);
    child.stdin.end();
    await once(child, 'exit');
  });

  it('the line splitter keeps a UTF-8 character split between chunks whole', () => {
    const got: string[] = [];
    const s = new LineSplitter(
      100,
      (l) => got.push(l),
      () => got.push('TOO LONG'),
    );
    const bytes = Buffer.from('"ząb"\n"é"\n');
    for (let i = 0; i < bytes.length; i++) s.push(bytes.subarray(i, i + 1));
    s.push(Buffer.from('z'.repeat(60)));
    s.push(Buffer.from('z'.repeat(60) + '\nok\n'));
    assert.deepEqual(got, ['"ząb"', '"é"', 'TOO LONG', 'ok']);
  });
});
