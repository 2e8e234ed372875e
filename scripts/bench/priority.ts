/**
 * A lower CPU priority for a process the bench starts in a session of its
 * own (spawn's `detached`), as a deployment gives its job worker (README,
 * "Several processes, and web-only ones").
 *
 * `nice -n` alone is not enough on Linux with autogrouping on
 * (/proc/sys/kernel/sched_autogroup_enabled, the default): each session is
 * a scheduling group, the cores are shared between groups first, and a
 * process's nice value counts only against the processes of its own group
 * (sched(7), "The autogroup feature"). A worker started with `nice -n 10`
 * in a session of its own took as much of the cores as each web process.
 * So the session's group is given the same nice value through
 * /proc/<pid>/autogroup; the command is still run under `nice -n` for a
 * kernel without autogrouping.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Gives `pid`'s session group the nice value `nice` where the kernel groups sessions. Throws if it could not:
 * the report says the worker ran at a lower priority, which would then be untrue.
 */
export function lowerSessionPriority(pid: number, nice: number): void {
  if (!sessionsGrouped()) return;
  const file = `/proc/${pid}/autogroup`;
  writeFileSync(file, String(nice));
  const now = /nice (-?\d+)/.exec(readFileSync(file, 'utf8'))?.[1];
  if (now !== String(nice)) throw new Error(`${file} says nice ${now ?? 'unknown'} after ${nice} was written`);
}

/** Whether this kernel groups each session for scheduling (so the session's group is what a lower priority must lower). */
export function sessionsGrouped(): boolean {
  try {
    return readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1';
  } catch {
    return false;
  }
}

/** How the bench lowers a process's priority on this machine, in words for the report. */
export function lowered(): string {
  return sessionsGrouped()
    ? "for the process and for its session's scheduling group, since this kernel shares the cores between sessions first (`scripts/bench/priority.ts`)"
    : 'with `nice -n`';
}
