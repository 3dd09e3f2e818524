/**
 * The redactor's cost on ordinary and hostile input (`npx tsx server/bench/redact.ts`): one
 * 1.1 MB JSON answer echoing five secrets in several spellings, and the three hostile cases
 * found against the former regular expression (a secret `a…ab` over runs of `a`). Prints a
 * table: case, text length, milliseconds (median of a bounded number of runs), replacements.
 *
 * Flags: `--module <file>` (a `redact.ts` exporting `createRedactor`, e.g. an older version
 * taken with `git show <commit>:server/src/security/redact.ts`, for a before/after
 * comparison), `--skip <names>` (case names separated by `;` not to run: a case that takes
 * minutes), `--runs <n>` (default 5).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { flag } from './support.js';

const RUNS = Number(flag('runs') ?? 5);
const SKIP = new Set((flag('skip') ?? '').split(';').filter(Boolean));
const modulePath = flag('module');
const { createRedactor } = (await import(
  modulePath ? pathToFileURL(path.resolve(modulePath)).href : '../src/security/redact.js'
)) as typeof import('../src/security/redact.js');

interface Case {
  name: string;
  secrets: string[];
  text: string;
}

function echoAnswer(): Case {
  const secrets = ['sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'p@ss w+rd/=é', 'AC0123456789abcdef', 'hunter22', 'tok-😀-xyz'];
  const record: Record<string, string> = {};
  let size = 0;
  for (let i = 0; size < 1_100_000; i += 1) {
    const secret = secrets[i % secrets.length]!;
    const spelled = [
      secret,
      encodeURIComponent(secret),
      JSON.stringify(secret),
      Buffer.from(secret).toString('base64'),
    ][i % 4]!;
    const value = `${'lorem ipsum dolor sit amet '.repeat(40)}${i % 7 === 0 ? spelled : ''}`;
    record[`field${i}`] = value;
    size += value.length + 12;
  }
  return { name: '1.1 MB answer, 5 secrets', secrets, text: JSON.stringify(record) };
}

const cases: Case[] = [
  echoAnswer(),
  { name: '1 × 1,000-char a…ab over 10,000 a', secrets: [`${'a'.repeat(999)}b`], text: 'a'.repeat(10_000) },
  {
    name: '10 × 100-char over 10,000',
    secrets: [...'bcdefghijk'].map((last) => `${'a'.repeat(99)}${last}`),
    text: 'a'.repeat(10_000),
  },
  {
    name: '10 × 1,000-char over 10,000',
    secrets: [...'bcdefghijk'].map((last) => `${'a'.repeat(999)}${last}`),
    text: 'a'.repeat(10_000),
  },
];

console.log(`redactor: ${modulePath ?? 'server/src/security/redact.ts'}`);
console.log('| case | text chars | ms (median) | replacements |');
console.log('|---|---|---|---|');
for (const c of cases) {
  if (SKIP.has(c.name)) {
    console.log(`| ${c.name} | ${c.text.length} | skipped | — |`);
    continue;
  }
  const redactor = createRedactor(c.secrets);
  const times: number[] = [];
  let out = '';
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    out = redactor.text(c.text);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `| ${c.name} | ${c.text.length} | ${times[Math.floor(times.length / 2)]!.toFixed(1)} | ${out.split('[redacted]').length - 1} |`,
  );
}
