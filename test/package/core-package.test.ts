// @junction/core as an integrator installs it: `npm pack` of the built package, installed
// alone into fresh consumer projects (one on mobx 6 + mobx-state-tree 7, one on mobx 7 +
// mobx-state-tree 9) from the npm cache (`--prefer-offline`), then run as ESM and CommonJS
// and compiled by TypeScript (strict; node16 and bundler resolution; declarations checked),
// together with core/README.md's examples. Skips, with the reason, only when the registry
// cannot be reached for a package missing from the cache. Builds nothing: `npm test` builds.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CJS_PROBE,
  DOCUMENT_ONLY_PROBE,
  ESM_PROBE,
  type ProbeResult,
  readmeExamples,
  TS_CJS,
  TS_ESM,
  tsconfigs,
} from './consumers.js';

// Child processes on a shared machine: generous bounds (never assertions about speed).
vi.setConfig({ testTimeout: 150_000, hookTimeout: 200_000 });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const coreDir = path.join(root, 'core');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const OFFLINE = /ENOTCACHED|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|network/i;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(cmd: string, args: string[], cwd: string, timeout = 60_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      {
        cwd,
        timeout,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, NODE_OPTIONS: '', npm_config_loglevel: 'error' },
      },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) || 1 : 0, stdout, stderr });
      },
    );
  });
}

const installedVersion = (name: string) =>
  (JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;

/** The two consumers: the workspace's own mobx 7 pair, and the oldest tested mobx 6 pair. */
const CONSUMERS = {
  mobx7: { mobx: installedVersion('mobx'), 'mobx-state-tree': installedVersion('mobx-state-tree') },
  mobx6: { mobx: '6.9.0', 'mobx-state-tree': '7.4.0' },
} as const;
type ConsumerName = keyof typeof CONSUMERS;

let work = '';
let tarball = '';
let packedFiles: string[] = [];
/** Why the consumers could not be installed when the registry was unreachable. */
let offlineReason: string | null = null;
const installs = new Map<ConsumerName, Run>();

beforeAll(async () => {
  if (!existsSync(path.join(coreDir, 'dist/index.js'))) {
    throw new Error('core/dist is missing: run `npm run build` (npm test builds it first)');
  }
  work = mkdtempSync(path.join(tmpdir(), 'junction-core-pack-'));
  const packed = await run('npm', ['pack', '--json', '--pack-destination', work], coreDir);
  if (packed.code !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  const [info] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
  tarball = path.join(work, info.filename);
  packedFiles = info.files.map((f) => f.path).sort();

  const readme = readFileSync(path.join(coreDir, 'README.md'), 'utf8');
  const fixture = readFileSync(path.join(root, 'test/fixtures/legacy/tiny.json'), 'utf8');
  await Promise.all(
    (Object.keys(CONSUMERS) as ConsumerName[]).map(async (name) => {
      const dir = path.join(work, name);
      mkdirSync(path.join(dir, 'src'), { recursive: true });
      const dependencies = {
        '@junction/core': `file:${tarball}`,
        ...CONSUMERS[name],
        '@types/node': installedVersion('@types/node'),
      };
      writeFileSync(
        path.join(dir, 'package.json'),
        JSON.stringify({ name: `consumer-${name}`, private: true, type: 'module', dependencies }),
      );
      writeFileSync(path.join(dir, 'esm.mjs'), ESM_PROBE);
      writeFileSync(path.join(dir, 'cjs.cjs'), CJS_PROBE);
      writeFileSync(path.join(dir, 'document-only.cjs'), DOCUMENT_ONLY_PROBE);
      writeFileSync(path.join(dir, 'tiny.json'), fixture);
      writeFileSync(path.join(dir, 'src/esm.ts'), TS_ESM);
      writeFileSync(path.join(dir, 'src/cjs.cts'), TS_CJS);
      readmeExamples(readme).forEach((code, i) => {
        writeFileSync(path.join(dir, `src/readme-${i + 1}.ts`), code);
      });
      for (const [file, text] of Object.entries(tsconfigs())) writeFileSync(path.join(dir, file), text);
      const install = await run(
        'npm',
        ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock'],
        dir,
        150_000,
      );
      installs.set(name, install);
      if (install.code !== 0 && OFFLINE.test(install.stderr)) {
        offlineReason = `npm registry unreachable for a package missing from the cache: ${install.stderr.trim().split('\n')[0]}`;
      }
    }),
  );
});

/** A headless script's project: @junction/core alone, no mobx or mobx-state-tree (optional peers). */
let headless: Run | undefined;
const HEADLESS_ESM = `
import { migrateDocument } from '@junction/core/document';
const result = migrateDocument({ name: 'L', active: false, current_state: {}, elements: [] });
console.log(JSON.stringify({ ok: result.ok }));
`;

beforeAll(async () => {
  const dir = path.join(work, 'headless');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'consumer-headless',
      private: true,
      type: 'module',
      dependencies: { '@junction/core': `file:${tarball}` },
    }),
  );
  writeFileSync(path.join(dir, 'document-only.cjs'), DOCUMENT_ONLY_PROBE);
  writeFileSync(path.join(dir, 'document.mjs'), HEADLESS_ESM);
  headless = await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock'],
    dir,
    150_000,
  );
  if (headless.code !== 0 && OFFLINE.test(headless.stderr)) {
    offlineReason ??= `npm registry unreachable for a package missing from the cache: ${headless.stderr.trim().split('\n')[0]}`;
  }
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a headless script using only @junction/core/document', () => {
  it('installs with no warning about peers and no MobX, and runs the document entry as ESM and CommonJS', async ({
    skip,
  }) => {
    if (offlineReason) skip(offlineReason);
    const dir = path.join(work, 'headless');
    expect(headless?.code, headless?.stderr).toBe(0);
    expect(headless?.stderr ?? '').not.toMatch(/peer/i);
    expect(existsSync(path.join(dir, 'node_modules/mobx'))).toBe(false);
    expect(existsSync(path.join(dir, 'node_modules/mobx-state-tree'))).toBe(false);
    const esm = await run(process.execPath, ['document.mjs'], dir);
    expect(esm.code, esm.stderr).toBe(0);
    expect(JSON.parse(esm.stdout)).toEqual({ ok: true });
    const cjs = await run(process.execPath, ['document-only.cjs'], dir);
    expect(cjs.code, cjs.stderr).toBe(0);
    expect(JSON.parse(cjs.stdout).ok).toBe(true);
  });
});

describe('the packed @junction/core tarball', () => {
  it('holds the built entries, README and LICENSE, and no source maps or build stamp', () => {
    expect(packedFiles).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'package.json',
        'dist/index.js',
        'dist/index.cjs',
        'dist/index.d.ts',
        'dist/index.d.cts',
        'dist/document.js',
        'dist/document.cjs',
        'dist/document.d.ts',
        'dist/document.d.cts',
      ]),
    );
    expect(packedFiles.filter((f) => f.endsWith('.map') || f.includes('build-stamp') || f.includes('src/'))).toEqual(
      [],
    );
  });

  it('declares license, repository, engines and mobx as peers; depends on no workspace package', () => {
    const pkg = JSON.parse(readFileSync(path.join(coreDir, 'package.json'), 'utf8'));
    expect(pkg.license).toBe('MIT');
    expect(pkg.repository).toBeTruthy();
    expect(pkg.engines.node).toBeTruthy();
    expect(Object.keys(pkg.peerDependencies).sort()).toEqual(['mobx', 'mobx-state-tree']);
    // Optional: a headless script using only `/document` installs neither.
    expect(pkg.peerDependenciesMeta).toEqual({ mobx: { optional: true }, 'mobx-state-tree': { optional: true } });
    expect(
      Object.keys(pkg.dependencies ?? {}).filter((d) => d.startsWith('@junction/') || d.startsWith('mobx')),
    ).toEqual([]);
  });

  it('has declarations that import no unpublished package', () => {
    const unpublished = packedFiles
      .filter((f) => /\.d\.c?ts$/.test(f))
      .filter((f) => /(?:from |import\()['"]@junction\//.test(readFileSync(path.join(coreDir, f), 'utf8')));
    expect(unpublished).toEqual([]);
  });
});

describe.each(Object.keys(CONSUMERS) as ConsumerName[])('a fresh consumer on %s', (name) => {
  const dir = () => path.join(work, name);
  const ready = (skip: (note: string) => never) => {
    if (offlineReason) skip(offlineReason);
    const install = installs.get(name);
    expect(install?.code, install?.stderr).toBe(0);
  };

  it('installs one mobx: no copy nested under @junction/core', ({ skip }) => {
    ready(skip);
    expect(existsSync(path.join(dir(), 'node_modules/@junction/core/node_modules/mobx'))).toBe(false);
    expect(existsSync(path.join(dir(), 'node_modules/@junction/core/node_modules/mobx-state-tree'))).toBe(false);
  });

  const expected = (major: number): ProbeResult => ({
    mobxMajor: major,
    reactionRuns: [3, 2],
    undone: 'add step',
    migrated: 0,
    plan: '1',
    freshValid: true,
    issues: expect.any(Array) as unknown as string[],
  });

  it('runs as an ES module, MobX reactions included', async ({ skip }) => {
    ready(skip);
    const result = await run(process.execPath, ['esm.mjs'], dir());
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(expected(Number(CONSUMERS[name].mobx.split('.')[0])));
  });

  it('runs as CommonJS, MobX reactions included', async ({ skip }) => {
    ready(skip);
    const result = await run(process.execPath, ['cjs.cjs'], dir());
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(expected(Number(CONSUMERS[name].mobx.split('.')[0])));
  });

  it('loads only the light entry for @junction/core/document: no mobx, mobx-state-tree or dagre', async ({ skip }) => {
    ready(skip);
    const result = await run(process.execPath, ['document-only.cjs'], dir());
    expect(result.stderr).toBe('');
    const { ok, loaded } = JSON.parse(result.stdout) as { ok: boolean; loaded: string[] };
    expect(ok).toBe(true);
    // croner (no dependencies of its own) checks schedules; mobx, MST and dagre stay out.
    expect([...loaded].sort()).toEqual(['@junction/core', 'croner']);
  });

  // Each tsc run costs ~8 s of CPU: both resolutions on mobx 7, node16 (ESM and CJS) on mobx 6.
  const resolutions = name === 'mobx7' ? ['node16', 'bundler'] : ['node16'];
  it.for(resolutions)(
    'compiles under TypeScript strict, %s resolution, README examples included',
    async (resolution, { skip }) => {
      ready(skip);
      const result = await run(process.execPath, [tsc, '-p', `tsconfig.${resolution}.json`], dir(), 140_000);
      expect(result.stdout + result.stderr).toBe('');
      expect(result.code).toBe(0);
    },
  );
});
