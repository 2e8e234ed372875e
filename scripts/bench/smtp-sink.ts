/**
 * A mail server that takes every message and keeps only counts, for the
 * recall backlog at national scale (scripts/bench/scale-backlog.ts): tens of
 * thousands of messages would not fit in the test one
 * (tests/fixtures/smtp.ts keeps every line), whose session
 * (tests/fixtures/smtp-session.ts) it shares. Run as a child, apart from the
 * bench's probes so its parsing does not delay their timing:
 * `tsx scripts/bench/smtp-sink.ts`. It prints `smtp sink on <port>`, then
 * a JSON line of its counts whenever they change (at most every 250 ms);
 * a line `reset` on its input starts the invitation counts afresh.
 *
 * An invitation is a message whose Subject starts with INVITATION_SUBJECT
 * (server/modules/results/recall-mail-text.ts); each of its recipients is
 * counted, and how many distinct ones there were, so a man sent two shows.
 */
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { serveSmtpSession } from '../../tests/fixtures/smtp-session.ts';

const INVITATION_SUBJECT = 'Your next PSA test';

export interface SinkCounts {
  /** How many resets so far: a status with this generation counts only since the last one. */
  generation: number;
  /** Every message taken since the sink started. */
  messages: number;
  invitations: number;
  distinctInvited: number;
  /** Date.now() when the last invitation was taken (0: none yet). */
  lastInvitationAt: number;
  firstInvitationAt: number;
}

const counts: SinkCounts = { generation: 0, messages: 0, invitations: 0, distinctInvited: 0, lastInvitationAt: 0, firstInvitationAt: 0 };
let invited = new Set<string>();
let changed = true;

function taken(recipients: readonly string[], subject: string): void {
  counts.messages += 1;
  changed = true;
  if (!subject.startsWith(INVITATION_SUBJECT)) return;
  const now = Date.now();
  for (const to of recipients) {
    counts.invitations += 1;
    invited.add(to.toLowerCase());
  }
  counts.distinctInvited = invited.size;
  counts.lastInvitationAt = now;
  if (counts.firstInvitationAt === 0) counts.firstInvitationAt = now;
}

/** The message's Subject, its folded lines unfolded; '' when it has none. */
function subjectOf(lines: readonly string[]): string {
  let subject = '';
  let inSubject = false;
  for (const line of lines) {
    if (line === '') break;
    // A folded header goes on in lines that start with white space.
    if (/^[ \t]/.test(line)) subject += inSubject ? line.replace(/^\s+/, ' ') : '';
    else if ((inSubject = /^subject:/i.test(line))) subject = line.slice(8).trim();
  }
  return subject;
}

const server = createServer((socket) =>
  serveSmtpSession(socket, 'sink', ({ recipients, lines }, answer) => {
    taken(recipients, subjectOf(lines));
    answer('250 OK queued');
  }),
);

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`smtp sink on ${typeof address === 'object' && address ? address.port : 0}`);
  setInterval(() => {
    if (!changed) return;
    changed = false;
    console.log(JSON.stringify(counts));
  }, 250);
});

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'reset') return;
  invited = new Set();
  Object.assign(counts, { generation: counts.generation + 1, invitations: 0, distinctInvited: 0, lastInvitationAt: 0, firstInvitationAt: 0 });
  changed = true;
});
