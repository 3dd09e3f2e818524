#!/usr/bin/env node
/**
 * Counts the repeated-code pairs the house goal is about: non-boilerplate pairs across core,
 * server, web and scripts, without tests. It copies the sources git knows (tracked, and
 * untracked but not ignored) of those packages into a temporary folder, leaving out test and
 * spec files, anything in a test/ or fixtures/ folder and the generated api-spec schema, runs
 * the `duplicates` command there and counts the rows not marked boilerplate. A row one side of
 * which lies wholly inside an import or re-export list (`import {` … `} from '…'`, one name a
 * line) is not counted either: `duplicates` passes over import lines but reads the names of a
 * list spread over lines as code, and two files naming the same imports repeat no logic.
 *
 * Usage: node scripts/house/count-duplicates.mjs [--list] [--seconds N] [--goal N]
 *   --list      print the counted rows too
 *   --seconds   how long `duplicates` may take (default 300)
 *   --goal      exit 1 when the count is above N
 * Exits 2 when `duplicates` did not read or pair everything (its `incomplete:` line).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

/** The 1-based lines of `text` that sit inside a multi-line import or re-export list. */
export function importListLines(text) {
  const inside = new Set();
  const lines = text.split('\n');
  let open = 0;
  lines.forEach((line, i) => {
    if (open === 0 && /^\s*(import|export)\s+(type\s+)?\{\s*$/.test(line)) open = i + 1;
    else if (open > 0) {
      if (/^\s*\}\s*from\s+['"][^'"]+['"];?\s*$/.test(line)) {
        for (let n = open; n <= i + 1; n++) inside.add(n);
        open = 0;
      } else if (!/^\s*(type\s+)?[\w$]+(\s+as\s+[\w$]+)?,?\s*(\/\/.*)?$/.test(line)) open = 0;
    }
  });
  return inside;
}

/** Whether one side of a row (`path:from-to`) lies wholly inside an import or re-export list. */
export function isImportListRow(row, readText) {
  const sides = [...row.matchAll(/(\S+):(\d+)-(\d+)/g)];
  return sides.some(([, file, from, to]) => {
    const inside = importListLines(readText(file));
    for (let n = Number(from); n <= Number(to); n++) if (!inside.has(n)) return false;
    return true;
  });
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
    const read = (file) => readFileSync(join(copy, file), 'utf8');
    const listed = countedRows(output);
    const rows = listed.filter((row) => !isImportListRow(row, read));
    const header = output.split('\n')[0];
    const totals = /^(\d+) pairs.*?(\d+) of those marked boilerplate/.exec(header);
    // Rows are listed most shared first, boilerplate last: when --most cut the list before the
    // boilerplate began, the header's figures are the count (less the import lists seen).
    const count = (totals ? Number(totals[1]) - Number(totals[2]) : listed.length) - (listed.length - rows.length);
    if (process.argv.includes('--list')) {
      for (const row of listed.filter((r) => !rows.includes(r))) console.log(`(import list, not counted) ${row}`);
    }
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

// Run as a command; imported (its test), only the helpers.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
