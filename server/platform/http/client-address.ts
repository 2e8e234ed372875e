/**
 * Which address a request came from, for throttles. Behind the HTTPS proxy
 * the README requires, the socket's address is the proxy's, shared by
 * every visitor; the visitor's is in X-Forwarded-For. That header is
 * believed only as far as TRUST_PROXY says: a number of proxy hops in
 * front of the server, or the proxies' own addresses. Anything a client
 * wrote into the header itself lies further left and is never read.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** null: no proxy, the socket's address is the client's. */
export type TrustProxy = { hops: number } | { addresses: string[] } | null;

/** Requests made in-process (tests) have no socket. */
export const NO_SOCKET = 'unknown';

// ::ffff:192.0.2.1 and 192.0.2.1 are one client.
const normalise = (address: string) => address.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1').toLowerCase();

/** TRUST_PROXY's text: unset/false, a hop count, or a comma list of proxy addresses. */
export function parseTrustProxy(text: string | undefined): TrustProxy | 'invalid' {
  if (text === undefined || /^(false|0|no|off)$/i.test(text)) return null;
  if (/^\d{1,2}$/.test(text)) return { hops: Number(text) };
  const addresses = text.split(',').map(normalise).filter(Boolean);
  const looksLikeAddress = (a: string) => /^[0-9.]+$/.test(a) || /^[0-9a-f:]+$/.test(a);
  return addresses.length > 0 && addresses.every(looksLikeAddress) ? { addresses } : 'invalid';
}

function socketAddress(c: Context): string {
  try {
    return normalise(getConnInfo(c).remote.address ?? NO_SOCKET);
  } catch {
    return NO_SOCKET;
  }
}

export function clientAddress(c: Context, trust: TrustProxy): string {
  const socket = socketAddress(c);
  if (!trust) return socket;
  const forwarded = (c.req.header('X-Forwarded-For') ?? '').split(',').map(normalise).filter(Boolean);
  // Nearest first: the socket, then each hop the proxies appended, right to left.
  const chain = [socket, ...forwarded.reverse()];
  if ('hops' in trust) return chain[Math.min(trust.hops, chain.length - 1)]!;
  let at = 0;
  while (at < chain.length - 1 && trust.addresses.includes(chain[at]!)) at += 1;
  return chain[at]!;
}
