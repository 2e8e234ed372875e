/**
 * The bare baseline for the API load figures: a `node:http` server that
 * answers every request with one recorded response (status, headers and the
 * body exactly as the real server sent it, compressed). Run as a child:
 * `tsx scripts/bench/bare-server.ts <recorded.json> <port>`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: bare-server.ts <recorded.json> <port>');
const recorded = JSON.parse(readFileSync(file, 'utf8')) as RecordedResponse;
const body = Buffer.from(recorded.bodyBase64, 'base64');

createServer((_req, res) => {
  res.writeHead(recorded.status, recorded.headers);
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => console.log(`bare server on ${port}`));
