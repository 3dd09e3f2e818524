import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childFlags } from './runner.js';

// The real boundary is the child process, not the Python import blocks: even JavaScript that
// got hold of the child (a Pyodide escape) meets the permission model. This probe runs under
// exactly the flags of a sandbox child and reports what each attempt gave.
const PROBE = `
import fs from 'node:fs';
const out = {};
const attempt = (name, fn) => {
  try { fn(); out[name] = 'allowed'; } catch (error) { out[name] = error.code || error.name || String(error); }
};
attempt('read /etc/passwd', () => fs.readFileSync('/etc/passwd'));
attempt('read the server source', () => fs.readFileSync(SOURCE_FILE));
attempt('write a file', () => fs.writeFileSync(TMP_FILE, 'x'));
attempt('spawn a process', () => process.binding('spawn_sync'));
attempt('eval', () => eval('1 + 1'));
attempt('new Function', () => new Function('return 1')());
out.env = Object.keys(process.env);
const { Worker } = await import('node:worker_threads');
attempt('start a worker', () => new Worker('0', { eval: true }));
const cp = await import('node:child_process');
attempt('child_process.spawnSync', () => cp.spawnSync('id'));
attempt('load an addon', () => process.dlopen({ exports: {} }, '/nonexistent.node'));
console.log(JSON.stringify(out));
`;

let dir: string;
let result: Record<string, unknown>;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'junction-boundary-'));
  const probe = path.join(dir, 'probe.mjs');
  const source = fileURLToPath(new URL('./runner.ts', import.meta.url));
  writeFileSync(
    probe,
    PROBE.replace('SOURCE_FILE', JSON.stringify(source)).replace('TMP_FILE', JSON.stringify(path.join(dir, 'w'))),
  );
  const pyodideDir = path.dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
  const run = spawnSync(process.execPath, [...childFlags(probe, pyodideDir, { jsHeapMb: 64 }), probe], {
    env: {},
    encoding: 'utf8',
    timeout: 60_000,
  });
  result = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sandbox child boundary (Node permission model and flags)', () => {
  it('cannot read files outside its own package', () => {
    expect(result['read /etc/passwd']).toBe('ERR_ACCESS_DENIED');
    expect(result['read the server source']).toBe('ERR_ACCESS_DENIED');
  });

  it('cannot write files', () => {
    expect(result['write a file']).toBe('ERR_ACCESS_DENIED');
  });

  it('cannot start processes, workers or addons', () => {
    expect(result['spawn a process']).toBe('ERR_ACCESS_DENIED');
    expect(result['child_process.spawnSync']).toBe('ERR_ACCESS_DENIED');
    expect(result['start a worker']).toBe('ERR_ACCESS_DENIED');
    expect(result['load an addon']).toBe('ERR_DLOPEN_DISABLED');
  });

  it('cannot generate code from strings', () => {
    expect(result.eval).toBe('EvalError');
    expect(result['new Function']).toBe('EvalError');
  });

  it('has an empty environment', () => {
    expect(result.env).toEqual([]);
  });
});
