#!/usr/bin/env node
/**
 * Counts the repeated-code pairs the house goal is about: non-boilerplate pairs across core,
 * server, web and scripts, without tests. It copies the sources git knows (tracked, and
 * untracked but not ignored) of those packages into a temporary folder, leaving out test and
 * spec files, anything in a test/ or fixtures/ folder and the generated api-spec schema, runs
 * the `duplicates` command there and counts the rows not marked boilerplate.
 *
 * Usage: node scripts/house/count-duplicates.mjs [--list] [--seconds N] [--goal N]
 *   --list      print the counted rows too
 *   --seconds   how long `duplicates` may take (default 300)
 *   --goal      exit 1 when the count is above N
 * Exits 2 when `duplicates` did not read or pair everything (its `incomplete:` line).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const PACKAGES = ['core', 'server', 'web', 'scripts'];

/** Files that do not count: tests and specs, test and fixture folders, generated schema types. */
const LEFT_OUT = [
  /(^|\/)test\//,
  /(^|\/)__tests__\//,
  /(^|\/)fixtures?\//,
  /\.(test|spec)\.[cm]?[jt]sx?$/,
  /(^|\/)schema\.d\.ts$/,
  /(^|\/)(dist|node_modules)\//,
];

/** Whether a repository path is one the count reads. */
export function counts(path) {
  return PACKAGES.some((p) => path.startsWith(`${p}/`)) && !LEFT_OUT.some((re) => re.test(path));
}

/** The rows of a `duplicates` answer that count: not boilerplate (every file in the copy counts). */
export function countedRows(output) {
  return output
    .split('\n')
    .filter((line) => /^D\d+ /.test(line))
    .filter((line) => !/\bboilerplate\b/.test(line));
}

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

function main() {
  const seconds = option('--seconds', 300);
  const goal = option('--goal', Number.POSITIVE_INFINITY);
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', ...PACKAGES], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\n')
    .filter((path) => path && counts(path));
  const copy = mkdtempSync(join(tmpdir(), 'count-duplicates-'));
  try {
    for (const path of files) {
      mkdirSync(dirname(join(copy, path)), { recursive: true });
      try {
        copyFileSync(join(ROOT, path), join(copy, path));
      } catch {
        // A file git lists but the working tree has deleted.
      }
    }
    const output = execFileSync('duplicates', ['--repo', copy, '--most', '200', '--seconds', String(seconds)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const rows = countedRows(output);
    const header = output.split('\n')[0];
    const totals = /^(\d+) pairs.*?(\d+) of those marked boilerplate/.exec(header);
    // Rows are listed most shared first, boilerplate last: when --most cut the list before the
    // boilerplate began, the header's figures are the count.
    const count = totals ? Number(totals[1]) - Number(totals[2]) : rows.length;
    if (process.argv.includes('--list')) for (const row of rows) console.log(row);
    console.log(
      `${count} non-boilerplate repeated-code pairs in ${PACKAGES.join(', ')} without tests (${files.length} files)`,
    );
    const incomplete = output.split('\n').filter((line) => line.startsWith('incomplete:'));
    for (const line of incomplete) console.error(line);
    if (incomplete.length > 0) process.exit(2);
    if (count > goal) process.exit(1);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

main();
