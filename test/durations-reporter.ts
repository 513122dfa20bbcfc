/**
 * A node:test reporter that the runner (test/run.ts) adds beside `spec`: one line per test file, its
 * time (the sum of its top-level tests, which run one after another), slowest first. The runner
 * prints the slowest of them after the summary, where a change that made a file slow shows.
 */
interface TestEvent {
  readonly type: string;
  readonly data: { readonly nesting?: number; readonly file?: string; readonly details?: { readonly duration_ms?: number } };
}

export default async function* durations(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const files = new Map<string, number>();
  for await (const { type, data } of source) {
    if ((type === 'test:pass' || type === 'test:fail') && data.nesting === 0 && data.file)
      files.set(data.file, (files.get(data.file) ?? 0) + (data.details?.duration_ms ?? 0));
  }
  for (const [file, ms] of [...files].sort((a, b) => b[1] - a[1])) yield `${(ms / 1000).toFixed(1)}\t${file}\n`;
}
