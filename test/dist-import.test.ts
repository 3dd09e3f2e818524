// The built packages work as plain Node consumers see them: no bundler, no DOM, no source
// aliases. This test builds nothing; the root `npm test` builds first (build-if-stale).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tiny = path.join(root, 'test/fixtures/legacy/tiny.json');

function node(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // cwd is the repository root so '@junction/core' resolves through node_modules to core/dist.
    execFile(
      process.execPath,
      args,
      { cwd: root, env: { ...process.env, NODE_OPTIONS: '' } },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

// Runs in the child: checks the exports and prints one JSON line.
const probe = (isEsm: boolean) => `
const core = ${isEsm ? "await import('@junction/core')" : "require('@junction/core')"};
const fs = ${isEsm ? "await import('node:fs')" : "require('node:fs')"};
const data = core.createStepData({ name: 'x' });
const legacy = JSON.parse(fs.readFileSync(${JSON.stringify(tiny)}, 'utf8'));
const migrated = core.migrateDocument(legacy);
const again = core.validateDocument(migrated.document);
const bad = core.validateDocument({ schemaVersion: 1 });
console.log(JSON.stringify({
  hasDom: typeof window !== 'undefined' || typeof document !== 'undefined',
  delay: data.delay,
  name: data.name,
  migrated: migrated.ok && migrated.fromVersion,
  revalidated: again.ok,
  badPath: bad.ok ? null : bad.errors[0].path,
  plan: core.compileWorkflow(migrated.document).trigger.stepId,
}));
`;

const expected = { hasDom: false, delay: 0, name: 'x', migrated: 0, revalidated: true, badPath: '$.id', plan: '1' };

describe('built @junction/core', () => {
  it('loads with require() (CommonJS)', async () => {
    const result = await node(['--input-type=commonjs', '-e', probe(false)]);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(expected);
  });

  it('loads with import() (ESM)', async () => {
    const result = await node(['--input-type=module', '-e', probe(true)]);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(expected);
  });
});

describe('built junction CLI', () => {
  it('runs from scripts/dist/cli.js against the built core', async () => {
    const result = await node([path.join(root, 'scripts/dist/cli.js'), 'validate', tiny]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('1 file: 1 valid (1 legacy), 0 invalid');
  });
});
