/**
 * One process owns a DATA_DIR: a second is refused while the owner lives;
 * a lock left by a dead process is taken over; closing releases it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '../../server/platform/db/lock-file';
import { openPglite } from '../../server/platform/db/pglite';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chaps-lock-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const lockPath = () => join(dir, LOCK_FILE_NAME);

describe('DATA_DIR lock', () => {
  it('is taken with our pid and removed on release', () => {
    const release = acquireDataDirLock(dir);
    expect(readFileSync(lockPath(), 'utf8')).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(lockPath())).toBe(false);
  });

  it('refuses while another live process holds it', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(lockPath(), String(other.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(/in use by another running process \(pid \d+\)/);
      expect(readFileSync(lockPath(), 'utf8')).toBe(String(other.pid));
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that has exited', () => {
    const gone = spawnSync(process.execPath, ['-e', '']);
    writeFileSync(lockPath(), String(gone.pid));
    const release = acquireDataDirLock(dir);
    expect(readFileSync(lockPath(), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over an unreadable lock file', () => {
    writeFileSync(lockPath(), 'garbage');
    acquireDataDirLock(dir)();
    expect(existsSync(lockPath())).toBe(false);
  });

  it('is never seen without its pid, however often it is taken and released', async () => {
    // A second starter that read the lock between "create" and "write pid" saw an empty file, judged it stale and removed it.
    const watcher = spawn(process.execPath, [
      '-e',
      `const fs = require('node:fs'); let empty = 0, seen = 0; const end = Date.now() + 2500;
       process.stdout.write('ready\\n');
       while (Date.now() < end) { try { const t = fs.readFileSync(process.argv[1], 'utf8'); seen++; if (t === '') empty++; } catch {} }
       process.stdout.write(JSON.stringify({ empty, seen }));`,
      lockPath(),
    ]);
    let output = '';
    watcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((ready) => watcher.stdout.once('data', () => ready()));
    const until = Date.now() + 2000;
    while (Date.now() < until) acquireDataDirLock(dir)();
    await new Promise((exited) => watcher.on('exit', exited));
    const { empty, seen } = JSON.parse(output.slice(output.indexOf('{'))) as { empty: number; seen: number };
    expect(seen).toBeGreaterThan(0);
    expect(empty).toBe(0);
  });

  it('guards the embedded database while it is open, and frees it on close', async () => {
    const db = await openPglite(dir);
    try {
      expect(readFileSync(lockPath(), 'utf8')).toBe(String(process.pid));
      await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError);
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
    expect(existsSync(lockPath())).toBe(false);
  });
});
