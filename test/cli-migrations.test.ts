// The `junction` command line on big, messy document stores: quiet and JSON reports, bad JSON
// located by line and column, byte-order marks, unreadable folders, skipped symbolic links,
// and --backup with --in-place. Runs the source through tsx as a child process (as cli.test.ts).
import { execFile } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Several CLI processes per test on a shared machine: a generous bound, not a speed check.
vi.setConfig({ testTimeout: 120_000 });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'scripts/src/cli.ts');
const tsx = pathToFileURL(createRequire(path.join(root, 'package.json')).resolve('tsx')).href;
const fixtures = path.join(root, 'test/fixtures/legacy');
/**
 * As root, permissions do not stop reads: the unreadable-folder case runs the CLI as root
 * without the capabilities that override them (util-linux `setpriv`), so it still reads the
 * checkout wherever it lives (a clone in a private folder) while a mode-000 folder stays shut.
 */
const WITHOUT_OVERRIDE = ['--bounding-set=-dac_override,-dac_read_search'];

let dir: string;

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function run(args: string[], withoutOverride = false): Promise<Result> {
  const node = [process.execPath, '--import', tsx, cli, ...args];
  const [file, ...rest] = withoutOverride ? ['setpriv', ...WITHOUT_OVERRIDE, ...node] : node;
  return new Promise((resolve) => {
    execFile(
      file as string,
      rest,
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

function put(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

const fixture = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'junction-cli-big-'));
  cpSync(fixtures, path.join(dir, 'legacy'), { recursive: true, filter: (src) => !src.endsWith('.mjs') });
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('--quiet and --format json', () => {
  it('--quiet prints only the failed files, no ✓ lines, warnings or summary', async () => {
    const result = await run(['validate', 'legacy', '--quiet']);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('✓');
    expect(result.stdout).not.toContain('files:');
    expect(result.stdout.split('\n').filter((l) => l.startsWith('✗'))).toEqual([
      '✗ legacy/broken-dangling-edge.json',
      '✗ legacy/broken-two-triggers.json',
    ]);
    const clean = await run(['validate', 'legacy/tiny.json', '-q']);
    expect(clean).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('--format json prints one document with the summary and every file', async () => {
    const result = await run(['validate', 'legacy', '--format', 'json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.command).toBe('validate');
    expect(report.summary).toEqual({
      ok: false,
      files: 11,
      valid: 9,
      legacy: 9,
      invalid: 2,
      unreadable: 0,
      skippedLinks: 0,
    });
    expect(report.files).toHaveLength(11);
    const broken = report.files.find((f: { file: string }) => f.file === 'legacy/broken-dangling-edge.json');
    expect(broken.status).toBe('invalid');
    expect(broken.errors).toContainEqual({
      path: '$.current_state.frontendWorkflow[3].target',
      code: expect.any(String),
      message: 'link target "3" is not the id of a step',
    });
  });

  it('--format json --quiet lists only the failed files; migrate reports outputs', async () => {
    const result = await run(['migrate', 'legacy', '--out', 'out', '--format', 'json', '-q']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.files.map((f: { file: string }) => f.file)).toEqual([
      'legacy/broken-dangling-edge.json',
      'legacy/broken-two-triggers.json',
    ]);
    expect(report.summary).toMatchObject({ files: 11, migrated: 9, invalid: 2, written: 9, dryRun: false });
    const all = JSON.parse((await run(['migrate', 'legacy/tiny.json', '--out', 'out2', '--format', 'json'])).stdout);
    expect(all.files).toEqual([
      {
        file: 'legacy/tiny.json',
        status: 'migrated',
        output: 'out2/tiny.json',
        written: true,
        errors: [],
        warnings: [],
      },
    ]);
  });

  it('rejects an unknown format and --backup without --in-place (exit 2)', async () => {
    const [format, backup] = await Promise.all([
      run(['validate', 'legacy', '--format', 'xml']),
      run(['migrate', 'legacy', '--out', 'out', '--backup']),
    ]);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('--format takes text or json, not "xml"');
    expect(backup.code).toBe(2);
    expect(backup.stderr).toContain('--backup goes with --in-place');
  });
});

describe('reading documents', () => {
  it('reports bad JSON with its line and column', async () => {
    put('bad.json', '{\n  "name": "x",\n  "active": }\n');
    put('crlf.json', '{\r\n  "a": 1,\r\n  "b": 2,\r\n}');
    const text = await run(['validate', 'bad.json', 'crlf.json']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(
      '✗ bad.json\n    ✗ $  invalid JSON at line 3, column 13: a value was expected, found "}"',
    );
    expect(text.stdout).toContain(
      '✗ crlf.json\n    ✗ $  invalid JSON at line 4, column 1: a property name in double quotes',
    );
    const json = JSON.parse((await run(['validate', 'bad.json', '--format', 'json'])).stdout);
    expect(json.files[0].errors[0]).toMatchObject({ path: '$', line: 3, column: 13 });
  });

  it('accepts a UTF-8 byte-order mark, and --in-place writes the document without it', async () => {
    put('bom.json', `\uFEFF${fixture('tiny.json')}`);
    const validate = await run(['validate', 'bom.json']);
    expect(validate.code).toBe(0);
    expect(validate.stdout).toContain('✓ bom.json (legacy format');
    const migrate = await run(['migrate', 'bom.json', '--in-place']);
    expect(migrate.code).toBe(0);
    const written = readFileSync(path.join(dir, 'bom.json'), 'utf8');
    expect(written.charCodeAt(0)).not.toBe(0xfeff);
    expect(JSON.parse(written).schemaVersion).toBe(1);
  });

  it('reports an unreadable subfolder in the summary and goes on, without a stack trace', async () => {
    put('store/a/one.json', fixture('tiny.json'));
    put('store/locked/two.json', fixture('delay.json'));
    put('store/z/three.json', fixture('delay.json'));
    const isRoot = process.getuid?.() === 0;
    chmodSync(path.join(dir, 'store/locked'), 0o000);
    const result = await run(['migrate', 'store', '--out', 'out'], isRoot);
    chmodSync(path.join(dir, 'store/locked'), 0o755);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✗ store/locked\n    cannot read the folder: permission denied');
    expect(result.stdout).toContain('✓ store/a/one.json (v0 → v1, wrote out/a/one.json)');
    expect(result.stdout).toContain('✓ store/z/three.json (v0 → v1, wrote out/z/three.json)');
    expect(result.stdout).toContain('2 files: 2 migrated, 0 already current, 1 invalid; 2 files written; 1 unreadable');
  });

  it('reports symbolic links it does not follow: to folders, and broken ones', async () => {
    put('store/real.json', fixture('tiny.json'));
    symlinkSync(path.join(dir, 'legacy'), path.join(dir, 'store/folder-link'));
    symlinkSync(path.join(dir, 'nowhere.json'), path.join(dir, 'store/dead.json'));
    symlinkSync(path.join(dir, 'legacy/delay.json'), path.join(dir, 'store/file-link.json'));
    const result = await run(['validate', 'store']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('! store/dead.json  skipped: broken symbolic link (no such file or folder)');
    expect(result.stdout).toContain('! store/folder-link  skipped: symbolic link to a folder, not followed');
    expect(result.stdout).toContain('✓ store/file-link.json');
    expect(result.stdout).toContain('2 files: 2 valid (2 legacy), 0 invalid; 2 links skipped');
    const json = JSON.parse((await run(['validate', 'store', '--format', 'json'])).stdout);
    expect(json.skippedLinks).toHaveLength(2);
    expect(json.summary.skippedLinks).toBe(2);
  });

  it('reports files in sorted order while reading several at once', async () => {
    const names = Array.from({ length: 40 }, (_, i) => `store/f-${String(i).padStart(2, '0')}.json`);
    names.forEach((n, i) => {
      put(n, i % 7 === 3 ? fixture('large-100-steps.json') : fixture('tiny.json'));
    });
    const result = await run(['validate', 'store']);
    const shownOrder = result.stdout
      .split('\n')
      .filter((l) => l.startsWith('✓'))
      .map((l) => l.split(' ')[1]);
    expect(shownOrder).toEqual(names);
  });
});

describe('migrate --in-place --backup', () => {
  it('keeps each changed original as <file>.bak, byte for byte, and never replaces a backup', async () => {
    const original = fixture('delay.json');
    const first = await run(['migrate', 'legacy/delay.json', '--in-place', '--backup']);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      '✓ legacy/delay.json (v0 → v1, rewritten in place, original kept as legacy/delay.json.bak)',
    );
    expect(readFileSync(path.join(dir, 'legacy/delay.json.bak'), 'utf8')).toBe(original);
    expect(JSON.parse(readFileSync(path.join(dir, 'legacy/delay.json'), 'utf8')).schemaVersion).toBe(1);

    // Unchanged on a second run: no write, so no new backup is needed.
    const again = await run(['migrate', 'legacy', '--in-place', '--backup']);
    expect(again.stdout).toContain('✓ legacy/delay.json (already v1, unchanged)');
    expect(readdirSync(path.join(dir, 'legacy')).filter((n) => n.endsWith('.bak')).length).toBe(9);

    // A stale backup beside a file that would change: the file is left as it is.
    put('other.json', fixture('tiny.json'));
    put('other.json.bak', 'older backup');
    const clash = await run(['migrate', 'other.json', '--in-place', '--backup']);
    expect(clash.code).toBe(1);
    expect(clash.stdout).toContain(
      '✗ other.json\n    ✗ $  cannot keep the original as other.json.bak: it already exists; the file was not changed',
    );
    expect(readFileSync(path.join(dir, 'other.json'), 'utf8')).toBe(fixture('tiny.json'));
    expect(readFileSync(path.join(dir, 'other.json.bak'), 'utf8')).toBe('older backup');
    expect(existsSync(path.join(dir, 'other.json.bak.bak'))).toBe(false);
  });
});
