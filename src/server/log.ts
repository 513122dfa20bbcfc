/**
 * The server's log: one JSON object per line on stdout (pino, the logger Fastify itself uses), each
 * with its level, time, process (`pid`, `hostname`, and `node` in a cluster) and, for what a game
 * does, the game's id (`game`). Modules that have no Fastify instance (the hub, the games, the
 * stores, the cluster) are handed a `Log`.
 */
import { createRequire } from 'node:module';
import type { DestinationStream, Logger, LoggerOptions } from 'pino';

/** One level's method: a message, or fields (`err` for an Error, `seat`, …) and a message. */
export interface LogFn {
  (msg: string): void;
  (fields: object, msg: string): void;
}

/** A logger as the server's modules use it. */
export interface Log {
  readonly fatal: LogFn;
  readonly error: LogFn;
  readonly warn: LogFn;
  readonly info: LogFn;
  readonly debug: LogFn;
  /** A logger whose every line also carries `bindings` (a game's id, a cluster node's). */
  child(bindings: Record<string, unknown>): Log;
}

/** The root logger of a server (pino's): a `Log`, and what Fastify needs of its logger. */
export type ServerLog = Logger;

/** The levels LOG_LEVEL may name, most to least verbose, and 'silent'. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(s: string): s is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(s);
}

/**
 * Fields no line may show: a request's cookies and credentials, and the secrets of seats (tokens,
 * invitation keys) wherever a logged object carries them. No code logs them; this is the net
 * under a future line that would.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.cookie',
  'headers.authorization',
  'token',
  'key',
  'inviteKey',
  '*.token',
  '*.key',
  '*.inviteKey',
  'invites[*].key',
  '*.invites[*].key',
];

/**
 * The pino that Fastify depends on, loaded from Fastify's own place: the server adds no logging
 * dependency of its own, and its log and Fastify's are the same library at the same version.
 */
const pino = createRequire(createRequire(import.meta.url).resolve('fastify'))('pino') as (
  opts: LoggerOptions,
  stream?: DestinationStream,
) => Logger;

/** A server's root logger at `level` (default info), writing to stdout, or to `stream` (tests). */
export function serverLog(opts: { readonly level?: LogLevel; readonly stream?: DestinationStream } = {}): ServerLog {
  return pino({ level: opts.level ?? 'info', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, opts.stream);
}

let fallback: ServerLog | undefined;

/** The logger of a server, store or hub built without one (info, on stdout): one for the process. */
export function defaultLog(): ServerLog {
  return (fallback ??= serverLog());
}
