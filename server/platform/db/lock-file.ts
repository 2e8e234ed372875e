/**
 * One process owns an embedded database directory: PGlite itself does not
 * stop a second process opening the same files, which would corrupt them.
 * The lock file holds the owner's pid. It comes into being whole: the pid
 * is written to a private file first, which is then hard-linked to the
 * lock's name, and link() either creates the name or fails because it
 * exists. So a lock file is never seen empty or half-written, and an
 * unreadable one can only be debris from elsewhere. A lock left by a
 * process that no longer runs is taken over.
 */
import { closeSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE_NAME = 'server.lock';

// Directories this process holds, so opening one twice in-process also fails.
const heldHere = new Set<string>();

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another running process (pid ${ownerPid}). ` +
        'Stop that process, or start this one with a different DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

const removeIfThere = (path: string) => {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
};

/** Creates the lock with our pid in one step; false when it exists. */
function tryCreate(path: string): boolean {
  const draft = `${path}.${process.pid}.tmp`;
  const fd = openSync(draft, 'w');
  try {
    writeSync(fd, String(process.pid));
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    removeIfThere(draft);
  }
}

/** Takes the directory's lock; returns the function that releases it. */
export function acquireDataDirLock(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE_NAME);
  if (heldHere.has(path)) throw new DataDirLockedError(dataDir, process.pid);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (tryCreate(path)) {
      heldHere.add(path);
      return () => {
        heldHere.delete(path);
        if (readOwner(path) === process.pid) unlinkSync(path);
      };
    }
    const owner = readOwner(path);
    // A lock naming our own pid was left by an earlier run that had the same
    // pid (common for pid 1 in containers): it is stale, since we never took it.
    if (owner !== null && owner !== process.pid && isRunning(owner)) throw new DataDirLockedError(dataDir, owner);
    // Stale (dead owner, or not written by this code). Removed only if it is
    // still the file just judged, so a lock another starter has meanwhile
    // taken over is not removed from under it.
    if (readOwner(path) === owner) removeIfThere(path);
  }
  throw new Error(`Could not take the lock ${path}; another process keeps replacing it.`);
}
