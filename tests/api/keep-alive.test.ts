/**
 * The server keeps an idle keep-alive connection open longer than a proxy
 * in front keeps its own (server/platform/http/node-server.ts): a client
 * that pauses for more than Node's default five seconds sends its next
 * request on the same connection and gets its answer, not a reset.
 */
import { once } from 'node:events';
import { Agent, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, KEEP_ALIVE_MS } from '../../server/platform/http/node-server';

const get = (port: number, agent: Agent) =>
  new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end();
  });

describe('keep-alive', () => {
  let server: Server;
  let port: number;
  let closed = 0;

  beforeAll(async () => {
    server = createHttpServer((_req, res) => res.end('ok'));
    server.on('connection', (socket) => socket.on('close', () => (closed += 1)));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('keeps a connection idle for six seconds, longer than Node’s default, and the next request goes on it', { timeout: 15_000 }, async () => {
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(port, agent)).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(closed).toBe(0);
      expect(await get(port, agent)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});
