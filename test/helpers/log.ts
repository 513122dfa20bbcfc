/**
 * Server logs in tests: quiet by default (warnings and errors: what a test did not mean to cause),
 * LOG_LEVEL to see more; and a log whose lines a test reads.
 */
import { isLogLevel, serverLog, type LogLevel, type ServerLog } from '../../src/server/log.js';

/** The level of the tests' server logs: LOG_LEVEL when set, else warn. */
export function testLogLevel(): LogLevel {
  const level = process.env.LOG_LEVEL?.trim();
  return level && isLogLevel(level) ? level : 'warn';
}

/** A server log for a test: stdout at testLogLevel(). */
export function testLog(): ServerLog {
  return serverLog({ level: testLogLevel() });
}

/** One line of the log as written (pino's JSON): level (30 info, 40 warn, 50 error), msg, and its fields. */
export interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly pid: number;
  readonly game?: string;
  readonly node?: string;
  readonly seat?: number;
  readonly [field: string]: unknown;
}

export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** A server log at `level` whose lines are kept, parsed, in `lines` (and their text in `texts`). */
export function capturedLog(level: LogLevel = 'info'): { log: ServerLog; lines: LogLine[]; texts: string[] } {
  const lines: LogLine[] = [];
  const texts: string[] = [];
  const log = serverLog({
    level,
    stream: {
      write(text: string) {
        texts.push(text);
        lines.push(JSON.parse(text) as LogLine);
      },
    },
  });
  return { log, lines, texts };
}
