import { errorResponse, handleLine, Sessions } from './handler.js';
import { LineSplitter } from './lines.js';
import { intOption, out, parse } from '../common.js';

export const ENGINE_USAGE = `Usage: expedition engine [--max-line-bytes N] [--max-games N]

Serves the engines over stdin/stdout: one JSON request per line in, one JSON response per line
out, in order (docs/engine-protocol.md). Bad input is answered with an error line; the process
serves until stdin ends.

Options:
  --max-line-bytes N  longest request line, in bytes (default 16777216); a longer one is
                      dropped and answered {"ok":false,"error":{"code":"line-too-long"}}
  --max-games N       games held at once (default 100000)`;

/** Serves requests from `input` to `output` until `input` ends. */
export function serve(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, maxLineBytes: number, maxGames: number): Promise<void> {
  const sessions = new Sessions(maxGames);
  const send = (o: unknown): void => {
    // A slow reader pauses the input rather than letting answers pile up in memory.
    if (!output.write(JSON.stringify(o) + '\n')) {
      input.pause();
      output.once('drain', () => input.resume());
    }
  };
  const lines = new LineSplitter(
    maxLineBytes,
    (line) => send(handleLine(sessions, line)),
    () => send(errorResponse(null, 'line-too-long', `the line is longer than ${maxLineBytes} bytes: it was dropped`)),
  );
  return new Promise((resolve) => {
    input.on('data', (chunk: Buffer | string) => lines.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
    input.on('end', () => {
      lines.end();
      resolve();
    });
  });
}

export async function engineCommand(args: readonly string[]): Promise<number> {
  const { values } = parse(args, {
    'max-line-bytes': { type: 'string' },
    'max-games': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    out(ENGINE_USAGE);
    return 0;
  }
  const maxLine = intOption('max-line-bytes', values['max-line-bytes'], 16 * 1024 * 1024, 1024, 1024 * 1024 * 1024);
  const maxGames = intOption('max-games', values['max-games'], 100_000, 1);
  await serve(process.stdin, process.stdout, maxLine, maxGames);
  return 0;
}
