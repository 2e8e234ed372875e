/**
 * Runs the counting mail server (scripts/bench/smtp-sink.ts) as a child
 * process for the length of `fn`, and reads its counts as it prints them.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { SinkCounts } from './smtp-sink.ts';
import { lowerSessionPriority } from './priority.ts';

export type { SinkCounts } from './smtp-sink.ts';

export interface SmtpSink {
  port: number;
  /** The latest counts the sink printed. */
  counts(): SinkCounts;
  /** Starts the invitation counts afresh; resolves once the sink has said so. */
  reset(): Promise<void>;
}

export const SINK_NICE = 10;

export async function withSmtpSink<T>(fn: (sink: SmtpSink) => Promise<T>): Promise<T> {
  // The sink stands for the mail relay, which runs on another machine: at a lower CPU priority, as the job worker
  // is, it does not take the cores from the web processes, which would never share them with a relay.
  const child = spawn('nice', ['-n', String(SINK_NICE), 'npx', 'tsx', 'scripts/bench/smtp-sink.ts'], { detached: true, stdio: ['pipe', 'pipe', 'inherit'] });
  let latest: SinkCounts = { generation: 0, messages: 0, invitations: 0, distinctInvited: 0, lastInvitationAt: 0, firstInvitationAt: 0 };
  const waiting: Array<() => void> = [];
  try {
    if (child.pid !== undefined) lowerSessionPriority(child.pid, SINK_NICE);
    const port = await new Promise<number>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const started = /^smtp sink on (\d+)/.exec(line);
        if (started) resolve(Number(started[1]));
        else if (line.startsWith('{')) {
          latest = JSON.parse(line) as SinkCounts;
          for (const wake of waiting.splice(0)) wake();
        }
      });
      child.once('exit', (code) => reject(new Error(`smtp sink exited (code ${code})`)));
    });
    const sink: SmtpSink = {
      port,
      counts: () => latest,
      async reset() {
        const generation = latest.generation + 1;
        child.stdin!.write('reset\n');
        while (latest.generation < generation) await new Promise<void>((wake) => waiting.push(wake));
      },
    };
    return await fn(sink);
  } finally {
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}
