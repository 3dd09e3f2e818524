#!/usr/bin/env node
/**
 * Checks that `src/schema.d.ts` is what openapi-typescript makes of `openapi.yaml` today.
 *
 * It regenerates into a temporary file with the same command as `npm run generate` and
 * compares the two texts. Exits 0 when they match, 1 with a clear message when they differ
 * (CI runs this through `npm run check -w @junction/api-spec`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const committedFile = path.join(here, 'src', 'schema.d.ts');

// The package's "exports" map hides bin/, so find the CLI through its package.json.
const require = createRequire(import.meta.url);
const pkgFile = require.resolve('openapi-typescript/package.json');
const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
const cli = path.join(path.dirname(pkgFile), typeof pkg.bin === 'string' ? pkg.bin : pkg.bin['openapi-typescript']);

const workDir = mkdtempSync(path.join(tmpdir(), 'junction-api-spec-'));
const freshFile = path.join(workDir, 'schema.d.ts');
try {
  // Same arguments as the "generate" script, run from this folder so relative paths agree.
  const run = spawnSync(process.execPath, [cli, 'openapi.yaml', '-o', freshFile], { cwd: here, encoding: 'utf8' });
  if (run.status !== 0) {
    console.error('api-spec: openapi-typescript failed on openapi.yaml:');
    console.error(run.stderr || run.stdout);
    process.exit(1);
  }
  const fresh = readFileSync(freshFile, 'utf8');
  let committed;
  try {
    committed = readFileSync(committedFile, 'utf8');
  } catch {
    console.error('api-spec: src/schema.d.ts is missing. Run `npm run generate -w @junction/api-spec` and commit it.');
    process.exit(1);
  }
  if (fresh !== committed) {
    const freshLines = fresh.split('\n');
    const committedLines = committed.split('\n');
    let line = 0;
    while (line < freshLines.length && freshLines[line] === committedLines[line]) line++;
    console.error('api-spec: src/schema.d.ts is stale: it does not match openapi.yaml.');
    console.error(`First difference at line ${line + 1}:`);
    console.error(`  committed: ${committedLines[line] ?? '(end of file)'}`);
    console.error(`  expected:  ${freshLines[line] ?? '(end of file)'}`);
    console.error('Run `npm run generate -w @junction/api-spec` and commit src/schema.d.ts.');
    process.exit(1);
  }
  console.log('api-spec: src/schema.d.ts is fresh.');
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
