// The `junction` command line, run as a child process (tsx on scripts/src/cli.ts, with the
// root tsconfig mapping @junction/core to its source) against copies of the legacy fixtures.
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A child process per CLI run on a shared machine: a generous bound, not a speed check.
vi.setConfig({ testTimeout: 120_000 });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'scripts/src/cli.ts');
const tsx = pathToFileURL(createRequire(path.join(root, 'package.json')).resolve('tsx')).href;
const fixtures = path.join(root, 'test/fixtures/legacy');
const VALID = [
  'delay.json',
  'execution-nodes-only.json',
  'filter-or-groups.json',
  'large-100-steps.json',
  'messy-types.json',
  'onboarding-elements.json',
  'polling-choices.json',
  'tiny.json',
  'webhook-trigger.json',
];

let dir: string;

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', tsx, cli, ...args],
      {
        cwd: dir,
        env: { ...process.env, TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json'), NO_COLOR: '1' },
      },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** Every file under a folder with its content, to prove inputs are untouched. */
function snapshot(folder: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(folder, { recursive: true }) as string[]) {
    const full = path.join(folder, name);
    if (statSync(full).isFile()) out[name] = readFileSync(full, 'utf8');
  }
  return out;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'junction-cli-'));
  cpSync(fixtures, path.join(dir, 'legacy'), { recursive: true, filter: (src) => !src.endsWith('.mjs') });
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('junction help and usage errors', () => {
  it('prints help for `help` and for no command', async () => {
    for (const args of [['help'], []]) {
      const result = await run(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Usage: junction <command> [options]');
      expect(result.stdout).toContain('migrate <file|dir>...');
    }
  });

  it('exits 2 on usage errors', async () => {
    const cases: [string[], string][] = [
      [['frobnicate'], 'unknown command "frobnicate"'],
      [['validate'], 'validate needs at least one file or folder'],
      [['validate', 'legacy', '--bogus'], "Unknown option '--bogus'"],
      [['migrate', 'legacy'], 'migrate needs --out DIR, --in-place or --dry-run'],
      [['migrate', 'legacy', '--out', 'x', '--in-place'], 'use either --out DIR or --in-place, not both'],
    ];
    const results = await Promise.all(cases.map(([args]) => run(args)));
    results.forEach((result, i) => {
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(cases[i][1]);
    });
  });
});

describe('junction validate', () => {
  it('reports each file, errors with JSON paths, a summary, and exits 1 when one is invalid', async () => {
    const result = await run(['validate', 'legacy']);
    expect(result.code).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines).toContain('✗ legacy/broken-dangling-edge.json');
    expect(lines).toContain(
      '    ✗ $.current_state.frontendWorkflow[3].target  link target "3" is not the id of a step',
    );
    expect(lines).toContain('✓ legacy/tiny.json (legacy format; `junction migrate` upgrades it)');
    expect(lines).toContain(
      '    ! $.current_state.frontendWorkflow[0].data.triggerChoices  kept the first 5 of 8 trigger choices',
    );
    expect(lines).toContain('11 files: 9 valid (9 legacy), 2 invalid');
  });

  it('exits 0 when every file is valid, and reports bad JSON and missing inputs', async () => {
    const ok = await run(['validate', ...VALID.map((f) => `legacy/${f}`)]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('9 files: 9 valid (9 legacy), 0 invalid');
    writeFileSync(path.join(dir, 'bad.json'), '{ "name": ');
    const bad = await run(['validate', 'bad.json', 'nowhere']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('✗ nowhere\n    no such file or folder');
    expect(bad.stdout).toContain(
      '✗ bad.json\n    ✗ $  invalid JSON at line 1, column 11: a value was expected (the file ends here)',
    );
  });
});

describe('junction migrate', () => {
  it('--out writes migrated documents mirroring the inputs and never touches the inputs', async () => {
    const before = snapshot(path.join(dir, 'legacy'));
    const result = await run(['migrate', 'legacy', '--out', 'out']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✓ legacy/tiny.json (v0 → v1, wrote out/tiny.json)');
    expect(result.stdout).toContain('11 files: 9 migrated, 0 already current, 2 invalid; 9 files written');
    expect(readdirSync(path.join(dir, 'out')).sort()).toEqual(VALID);
    const tiny = JSON.parse(readFileSync(path.join(dir, 'out/tiny.json'), 'utf8'));
    expect(tiny).toMatchObject({ schemaVersion: 1, id: '101', name: 'Untitled Workflow' });
    expect(snapshot(path.join(dir, 'legacy'))).toEqual(before);
  });

  it('--dry-run writes nothing', async () => {
    const before = snapshot(dir);
    const result = await run(['migrate', 'legacy/tiny.json', '--out', 'out', '--dry-run']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('✓ legacy/tiny.json (v0 → v1, would write out/tiny.json)');
    expect(result.stdout).toContain('1 file: 1 migrated, 0 already current, 0 invalid; dry run, nothing written');
    expect(existsSync(path.join(dir, 'out'))).toBe(false);
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses to write over an input without --in-place', async () => {
    const before = snapshot(dir);
    const result = await run(['migrate', 'legacy/tiny.json', '--out', 'legacy']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('output legacy/tiny.json is an input file; use --in-place to overwrite inputs');
    expect(snapshot(dir)).toEqual(before);
  });

  it('--in-place replaces each file atomically (a new file renamed over the old) and is idempotent', async () => {
    const file = path.join(dir, 'legacy/delay.json');
    const inode = statSync(file).ino;
    const first = await run(['migrate', 'legacy/delay.json', 'legacy/webhook-trigger.json', '--in-place']);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('✓ legacy/delay.json (v0 → v1, rewritten in place)');
    expect(JSON.parse(readFileSync(file, 'utf8')).links[0].delaySeconds).toBe(300);
    // A rename gives the path a new inode; an in-place truncate-and-write would keep it.
    expect(statSync(file).ino).not.toBe(inode);
    expect(readdirSync(path.join(dir, 'legacy')).filter((n) => n.startsWith('.'))).toEqual([]);
    const again = await run(['migrate', 'legacy/delay.json', '--in-place']);
    expect(again.stdout).toContain('✓ legacy/delay.json (already v1, unchanged)');
    expect(again.stdout).toContain('1 file: 0 migrated, 1 already current, 0 invalid; 0 files written');
  });

  it('walks folders recursively and keeps the layout under --out', async () => {
    mkdirSync(path.join(dir, 'store/team-a/deep'), { recursive: true });
    cpSync(path.join(dir, 'legacy/tiny.json'), path.join(dir, 'store/team-a/deep/one.json'));
    cpSync(path.join(dir, 'legacy/delay.json'), path.join(dir, 'store/two.json'));
    writeFileSync(path.join(dir, 'store/notes.txt'), 'not a document');
    const result = await run(['migrate', 'store', '--out', 'migrated']);
    expect(result.code).toBe(0);
    expect(existsSync(path.join(dir, 'migrated/team-a/deep/one.json'))).toBe(true);
    expect(existsSync(path.join(dir, 'migrated/two.json'))).toBe(true);
    expect(existsSync(path.join(dir, 'migrated/notes.txt'))).toBe(false);
  });
});
