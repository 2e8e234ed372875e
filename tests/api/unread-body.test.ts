/**
 * Over a real socket as `npm start` serves: a body
 * refused as too large is answered with `Connection: close` (the server
 * closes the socket after it, so promising keep-alive was false), and a
 * client that leaves mid-body is one quiet line in the log, not an ERROR
 * with a stack.
 */
import { getRequestListener } from '@hono/node-server';
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../server/platform/logger';
import { stubDatabase, testApp } from '../fixtures/app';

const logs: { level: string; message: string; detail: unknown }[] = [];
const record =
  (level: string) =>
  (message: string, detail?: unknown): void => {
    logs.push({ level, message, detail });
  };
const logger: Logger = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };

let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer(getRequestListener(testApp({ db: stubDatabase(), logger }).fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function open(): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk) => (text += String(chunk)));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise((resolve) => socket.on('connect', resolve));
  return { socket, received: () => text, closed };
}

const head = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('bodies not read to the end', () => {
  it.each(['/auth/v1/signup', '/api/contact', '/api/payments/webhooks'])('a too-large body to %s is answered 413 with Connection: close, and the socket then closes', async (path) => {
    const { socket, received, closed } = await open();
    socket.write(`${head(path, 10_000_000)}{"email":`);
    await closed;
    const [status, ...headers] = received().split('\r\n\r\n')[0]!.split('\r\n');
    expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    const connection = headers.filter((h) => /^connection:/i.test(h)).map((h) => h.split(':')[1]!.trim().toLowerCase());
    expect(connection).toEqual(['close']);
    expect(headers.some((h) => /^keep-alive:/i.test(h))).toBe(false);
  });

  it.each(['/auth/v1/signup', '/api/contact', '/api/subscriptions'])('a client leaving mid-body on %s is noted at info, without a stack', async (path) => {
    logs.length = 0;
    const { socket } = await open();
    socket.write(`${head(path, 1000)}{"email":"someone@exam`);
    await settle(100);
    socket.destroy();
    for (let i = 0; i < 40 && logs.length === 0; i += 1) await settle(25);
    expect(logs).toEqual([{ level: 'info', message: `POST ${path}: the client closed the connection before sending the whole request`, detail: undefined }]);
  });
});
