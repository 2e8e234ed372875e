/**
 * The HTTP server every process listens with. An idle keep-alive
 * connection stays open longer than the proxy or load balancer in front
 * keeps its own (60 s at nginx's upstream default and at AWS's and
 * Google's load balancers): with Node's default of 5 s, the server could
 * close a connection just as the proxy sent the next request on it, and
 * that visitor got a 502. The same race reset a client's second request
 * after a pause of about five seconds.
 */
import { createServer, type RequestListener, type Server } from 'node:http';

export const KEEP_ALIVE_MS = 65_000;

export function createHttpServer(listener: RequestListener): Server {
  const server = createServer(listener);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Longer than the keep-alive, so an idle connection is never cut as one still sending its headers.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}
