#!/usr/bin/env node
/**
 * After `npm install` from the lock (when `npm ci` refused it), checks that
 * nothing locked changed: every package the committed lock names is still
 * there at the same version and integrity, and whatever npm added is an
 * optional build for another platform (rollup's and @node-rs's), which the
 * registry these machines reach lists on some days and not others. Anything
 * else means package.json and the lock disagree: exit 1.
 * Usage: node .ci/lock-check.mjs <committed lock> <lock after npm install>
 */
import console from 'node:console';
import { readFileSync } from 'node:fs';
import process from 'node:process';

const [committedPath, installedPath] = process.argv.slice(2);
const committed = JSON.parse(readFileSync(committedPath, 'utf8')).packages ?? {};
const installed = JSON.parse(readFileSync(installedPath, 'utf8')).packages ?? {};
const problems = [];
for (const [path, entry] of Object.entries(committed)) {
  const now = installed[path];
  if (!now) problems.push(`${path || '(root)'} is gone`);
  else if (now.version !== entry.version || now.integrity !== entry.integrity) problems.push(`${path || '(root)'} changed: ${entry.version} -> ${now.version}`);
  else if (path === '' && JSON.stringify(now) !== JSON.stringify(entry)) problems.push('the root package changed');
}
for (const [path, entry] of Object.entries(installed)) {
  if (!(path in committed) && entry.optional !== true) problems.push(`${path} was added`);
}
if (problems.length > 0) {
  console.error(`package-lock.json is out of date with package.json (run npm install and commit it):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const added = Object.keys(installed).filter((path) => !(path in committed));
console.log(`the lock's packages are unchanged${added.length ? `; npm also listed ${added.length} optional builds for other platforms` : ''}`);
