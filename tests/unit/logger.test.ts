/**
 * The server's log (server/platform/logger.ts) as a collector reads it:
 * one JSON object per line with level, time and msg; messages below the
 * level left out; an Error's stack under `err`; another detail's fields
 * as fields; and none of an error's other fields, which may quote a row.
 */
import { describe, expect, it } from 'vitest';
import type { LogLevel } from '../../server/platform/env';
import { createLogger, silentLogger, type Logger } from '../../server/platform/logger';

/** A logger at `level` and the text it wrote. */
function collect(level: LogLevel): { logger: Logger; text: () => string } {
  let text = '';
  const logger = createLogger(level, { write: (chunk: string) => void (text += chunk) });
  return { logger, text: () => text };
}

/** Each line of the text as the object it holds; a line that is not one JSON object fails. */
function lines(text: string): Record<string, unknown>[] {
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => {
      const parsed: unknown = JSON.parse(line);
      expect(parsed, line).toBeTypeOf('object');
      expect(Array.isArray(parsed), line).toBe(false);
      return parsed as Record<string, unknown>;
    });
}

describe('the server log', () => {
  it('writes one JSON object per message, with its level, time and message', () => {
    const { logger, text } = collect('info');
    logger.info('Listening on http://localhost:3000');
    logger.warn('Connections did not close in time; closing anyway');
    logger.error('Job queue error');
    const [info, warn, error, ...more] = lines(text());
    expect(more).toEqual([]);
    expect(info).toMatchObject({ level: 30, msg: 'Listening on http://localhost:3000' });
    expect(warn).toMatchObject({ level: 40, msg: 'Connections did not close in time; closing anyway' });
    expect(error).toMatchObject({ level: 50, msg: 'Job queue error' });
    expect(Math.abs(Number(info!.time) - Date.now())).toBeLessThan(60_000);
  });

  it('leaves out what is below its level', () => {
    const atInfo = collect('info');
    atInfo.logger.debug('Mail stored in the outbox: Your booking');
    atInfo.logger.info('Mail sent: Your booking');
    expect(lines(atInfo.text()).map((line) => line.msg)).toEqual(['Mail sent: Your booking']);

    const atError = collect('error');
    atError.logger.info('Mail sent: Your booking');
    atError.logger.warn('A rotated refresh token was presented again; its session is revoked');
    expect(atError.text()).toBe('');

    const atDebug = collect('debug');
    atDebug.logger.debug('Mail stored in the outbox: Your booking');
    expect(lines(atDebug.text())).toMatchObject([{ level: 20, msg: 'Mail stored in the outbox: Your booking' }]);
  });

  it('keeps an Error with its stack and cause under err', () => {
    const { logger, text } = collect('info');
    const error = new Error('connection refused', { cause: new TypeError('socket closed') });
    logger.error('GET /api/events failed', error);
    const [line] = lines(text());
    expect(line).toMatchObject({ level: 50, msg: 'GET /api/events failed' });
    const err = line!.err as Record<string, unknown>;
    expect(err).toMatchObject({ type: 'Error', message: 'connection refused: socket closed' });
    expect(err.stack).toBe(`${error.stack}\ncaused by: ${(error.cause as Error).stack}`);
    expect(line).not.toHaveProperty('detail');
  });

  it("logs an error's code but not its other fields, which may quote the row it refused", () => {
    const { logger, text } = collect('info');
    const clash = Object.assign(new Error('duplicate key value violates unique constraint "members_email_key"'), {
      code: '23505',
      detail: 'Key (email)=(someone@example.com) already exists.',
    });
    logger.error('Storing a page error log failed', clash);
    expect(lines(text())[0]!.err).toMatchObject({ code: '23505' });
    expect(text()).not.toContain('someone@example.com');
  });

  it("keeps another detail's fields as fields, not as text in the message", () => {
    const { logger, text } = collect('info');
    logger.info('Payments reconciled', { settled: 2, abandoned: 0 });
    logger.warn('The local PayPal sandbox could not note a delivery', 'a thrown string');
    const [reconciled, thrown] = lines(text());
    expect(reconciled).toMatchObject({ msg: 'Payments reconciled', detail: { settled: 2, abandoned: 0 } });
    expect(thrown).toMatchObject({ msg: 'The local PayPal sandbox could not note a delivery', detail: 'a thrown string' });
  });

  it('silentLogger and level silent write nothing', () => {
    const { logger, text } = collect('silent');
    logger.error('Job queue error', new Error('boom'));
    expect(text()).toBe('');
    expect(() => silentLogger.error('Job queue error', new Error('boom'))).not.toThrow();
  });
});
