/**
 * API latency under load with autocannon: a short warm-up (not reported) so
 * the JIT and the database caches are warm, then the measured run.
 */
import autocannon from 'autocannon';

export interface LoadResult {
  url: string;
  connections: number;
  durationS: number;
  p50: number;
  p90: number;
  p99: number;
  avg: number;
  max: number;
  reqPerSec: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

// What a browser sends: the server compresses JSON for it, and that is the
// cost real traffic pays.
export const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

export async function measureLatency(url: string, connections: number, durationS: number): Promise<LoadResult> {
  await autocannon({ url, connections: Math.min(connections, 20), duration: 2, headers: BROWSER_HEADERS });
  const result = await autocannon({ url, connections, duration: durationS, headers: BROWSER_HEADERS, timeout: 30 });
  return {
    url,
    connections,
    durationS,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    avg: result.latency.average,
    max: result.latency.max,
    reqPerSec: result.requests.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
