/**
 * Starts the real server (`npx tsx server/main.ts`) as a child process on a
 * free port and stops it again. The child gets its own process group so the
 * whole tree (npx -> tsx -> node) is signalled at once, and every live child
 * is killed when the bench exits for any reason.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { lowerSessionPriority } from './priority.ts';
import { createServer } from 'node:net';

export interface RunningServer {
  baseUrl: string;
  log: () => string;
  stop: () => Promise<void>;
}

const live = new Set<ChildProcess>();

/** Kill every server still running; safe to call from 'exit' handlers. */
export function killAllServers(): void {
  for (const child of live) signalGroup(child, 'SIGKILL');
  live.clear();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  timeoutMs?: number;
  /** Start it at a lower CPU priority (`nice -n`, and its session's group: priority.ts), as a deployment gives its job worker (README, "Processes"). */
  nice?: number;
}

export async function startServer(env: Record<string, string | undefined>, { timeoutMs = 180_000, nice }: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port) };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];

  const command = ['npx', 'tsx', 'server/main.ts'];
  if (nice !== undefined) command.unshift('nice', '-n', String(nice));
  const child = spawn(command[0]!, command.slice(1), {
    env: childEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  if (nice !== undefined && child.pid !== undefined) lowerSessionPriority(child.pid, nice);

  // Keep the tail of the log for error messages; always drain the pipes so a
  // chatty server never blocks on a full pipe during the load test.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code) => {
      exited = code;
      live.delete(child);
      resolve();
    });
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== undefined) throw new Error(`server exited (code ${exited}) before /api/health answered:\n${output}`);
    if (Date.now() > deadline) {
      signalGroup(child, 'SIGKILL');
      throw new Error(`server did not answer /api/health within ${timeoutMs / 1000} s:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseUrl,
    log: () => output,
    stop: async () => {
      if (exited !== undefined) return;
      signalGroup(child, 'SIGTERM');
      const killed = await Promise.race([exit.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 10_000))]);
      if (!killed) {
        signalGroup(child, 'SIGKILL');
        await exit;
      }
    },
  };
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
