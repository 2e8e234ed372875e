/**
 * A small levelled logger: one line per message on stdout/stderr, so the
 * server's log stays readable in a terminal and greppable in a container.
 */
import type { LogLevel } from './env';

export interface Logger {
  debug(message: string, detail?: unknown): void;
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function describe(detail: unknown): string {
  if (detail === undefined) return '';
  if (detail instanceof Error) return ` ${detail.stack ?? detail.message}`;
  try {
    return ` ${JSON.stringify(detail)}`;
  } catch {
    return ` ${String(detail)}`;
  }
}

export function createLogger(level: LogLevel): Logger {
  const write = (at: Exclude<LogLevel, 'silent'>, message: string, detail?: unknown) => {
    if (RANK[at] < RANK[level]) return;
    const line = `${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} ${message}${describe(detail)}\n`;
    (at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(line);
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  };
}

export const silentLogger: Logger = createLogger('silent');
