// The README's `npx junction --help` on a fresh clone: npm links the package bin at install,
// before `prepare` builds scripts/dist, so the bin is a committed file that loads the built CLI
// or says how to build it. The fresh clone is a temporary npm workspace holding the scripts
// package as committed (no dist); `npm install --offline` links its bin as on a real install.
// The built case runs the repository's bin over scripts/dist (the root `npm test` builds first).
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scriptsPackage = JSON.parse(readFileSync(path.join(root, 'scripts/package.json'), 'utf8')) as {
  bin: { junction: string };
  dependencies?: Record<string, string>;
};

function run(command: string, args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe('the junction bin', { timeout: 240_000 }, () => {
  const fresh = mkdtempSync(path.join(tmpdir(), 'junction-fresh-'));
  afterAll(() => rmSync(fresh, { recursive: true, force: true }));

  it('is a committed, executable file with a node shebang', () => {
    const bin = path.join(root, 'scripts', scriptsPackage.bin.junction);
    expect(scriptsPackage.bin.junction).toBe('./bin/junction.mjs');
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(bin).mode & 0o111).not.toBe(0);
  });

  it('on a fresh clone, `npx junction --help` says how to build instead of "could not determine executable"', async () => {
    mkdirSync(path.join(fresh, 'scripts/bin'), { recursive: true });
    copyFileSync(path.join(root, 'scripts/bin/junction.mjs'), path.join(fresh, 'scripts/bin/junction.mjs'));
    // The workspace's own dependencies are not what this checks; leaving them out keeps it offline.
    const { dependencies: _, ...pkg } = scriptsPackage;
    writeFileSync(path.join(fresh, 'scripts/package.json'), JSON.stringify(pkg));
    writeFileSync(
      path.join(fresh, 'package.json'),
      JSON.stringify({ name: 'fresh', private: true, workspaces: ['scripts'] }),
    );
    const install = await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], fresh);
    expect(install.code, install.stderr).toBe(0);

    const result = await run('npx', ['--offline', 'junction', '--help'], fresh);
    expect(result.stderr).toContain('junction: the command line is not built yet (scripts/dist/cli.js is missing).');
    expect(result.stderr).toContain('Build it once with `npm run build` in');
    expect(result.code).toBe(1);
  });

  it('runs the built CLI once scripts/dist exists', async () => {
    const result = await run(process.execPath, [path.join(root, 'scripts/bin/junction.mjs'), '--help'], root);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Usage: junction <command> [options]');
    expect(result.code).toBe(0);
  });
});
