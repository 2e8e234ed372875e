/**
 * The server's log: pino, one JSON object per line on stdout (`level`,
 * `time`, `pid`, `hostname`, `msg`), so a container's collector can search
 * it by field; in a terminal, pipe it through `npx pino-pretty`.
 *
 * Modules see the narrow face below, message first, so none depends on
 * pino and a test's stand-in logger is four functions. The detail becomes
 * fields of the line: an Error goes under `err` (type, message and stack,
 * its causes' included), anything else under `detail` as JSON, never
 * flattened into the message.
 *
 * Nothing personal goes in a message or a detail (no email address, name,
 * request body or token): erasing a member's record cannot reach the log
 * (ADR 0021).
 */
import { types } from 'node:util';
import { pino, type DestinationStream, type Logger as Pino } from 'pino';
import type { LogLevel } from './env';

export interface Logger {
  debug(message: string, detail?: unknown): void;
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

/**
 * What of an Error is logged: pino's err serializer's type, message (with
 * its causes') and stack, and a code, but none of its other fields: a
 * database error's `detail` quotes the row it refused (the address, in a
 * clash of unique emails).
 */
function errorFields(error: Error): Record<string, unknown> {
  const { type, message, stack, code } = pino.stdSerializers.err(error);
  return code === undefined ? { type, message, stack } : { type, message, stack, code };
}

/** The fields a detail adds to its line. */
function fieldsOf(detail: unknown): { err: unknown } | { detail: unknown } {
  // isNativeError also knows an Error made in another realm (a worker thread's, a vm's).
  return detail instanceof Error || types.isNativeError(detail) ? { err: detail } : { detail };
}

/**
 * A logger at `level`; lines go to stdout, or to `destination` (a test's
 * collector). Writes are synchronous, so a line logged just before
 * process.exit is not lost.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const log: Pino = pino({ level, serializers: { err: errorFields } }, destination ?? pino.destination({ dest: 1, sync: true }));
  const at =
    (method: 'debug' | 'info' | 'warn' | 'error') =>
    (message: string, detail?: unknown): void => {
      if (detail === undefined) log[method](message);
      else log[method](fieldsOf(detail), message);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** Logs nothing, and opens no stream to do so. */
export const silentLogger: Logger = createLogger('silent', { write: () => {} });
