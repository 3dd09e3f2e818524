/**
 * Makes sure web/dist holds a build of the current web sources before browser tests load
 * it, so `npx vitest run test/e2e/…` never tests a stale app.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the web app is built to. */
export const WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');

// The web bundle includes core's sources through the alias, so both count.
const SOURCES = [
  'web/src',
  'web/index.html',
  'web/public',
  'web/form.html',
  'web/vite.config.ts',
  'web/build',
  'web/package.json',
  'core/src',
  'api-spec/src',
];
const LOCK_DIR = path.join(
  tmpdir(),
  `junction-web-build-${createHash('sha1').update(REPO_ROOT).digest('hex').slice(0, 12)}.lock`,
);
const LOCK_WAIT_MS = 120_000;
const STALE_LOCK_MS = 300_000;

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const info = statSync(p);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** Tells whether web/dist/index.html is newer than every web (and core) source file. */
export function isWebBuildFresh(): boolean {
  const index = path.join(WEB_DIST, 'index.html');
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return SOURCES.every((p) => newestMtime(path.join(REPO_ROOT, p)) <= built);
}

function runViteBuild(): void {
  const vite = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: path.join(REPO_ROOT, 'web'),
    encoding: 'utf8',
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build:
    // the browser tests run the production bundle that `npm start` serves.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    throw new Error(`Building web/ for the browser tests failed:\n${result.stderr || result.stdout}`);
  }
}

/**
 * Builds web/ when web/dist is missing or older than its sources and returns web/dist.
 * Test files running in parallel share one build through a lock directory.
 */
export async function ensureWebBuild(): Promise<string> {
  if (isWebBuildFresh()) return WEB_DIST;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR); // atomic: exactly one process gets it
      break;
    } catch {
      // A crashed build leaves its lock behind; reclaim it when it is old.
      if (existsSync(LOCK_DIR) && Date.now() - statSync(LOCK_DIR).mtimeMs > STALE_LOCK_MS) {
        rmSync(LOCK_DIR, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for another web build (lock ${LOCK_DIR}).`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    if (!isWebBuildFresh()) runViteBuild();
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
  return WEB_DIST;
}

// Every script and stylesheet the HTML pages (index.html, and form.html for the public form
// pages) load must be in the copy, or it caught a rebuild midway.
function isCompleteBuild(dir: string): boolean {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return false;
  return ['index.html', 'form.html'].every((page) => {
    const file = path.join(dir, page);
    if (!existsSync(file)) return page !== 'index.html';
    const html = readFileSync(file, 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
    return assets.every((asset) => existsSync(path.join(dir, asset)));
  });
}

/**
 * Copies a fresh web build into a temporary folder and returns it with a remover. Tests
 * serve the copy, so another engineer's `vite build` (which empties web/dist) cannot pull
 * files out from under a running browser test.
 *
 * @example
 * const build = await snapshotWebBuild();
 * const server = await startStaticServer(build.dir);
 * // …
 * await build.remove();
 */
export async function snapshotWebBuild(): Promise<{ dir: string; remove(): Promise<void> }> {
  for (let attempt = 1; ; attempt++) {
    const source = await ensureWebBuild();
    const dir = await mkdtemp(path.join(tmpdir(), 'junction-web-dist-'));
    const remove = () => rm(dir, { recursive: true, force: true });
    try {
      // Source maps are three quarters of the build and no test reads them.
      await cp(source, dir, { recursive: true, filter: (file) => !file.endsWith('.map') });
      if (isCompleteBuild(dir)) return { dir, remove };
    } catch {
      // A file vanished during the copy: a rebuild is under way; try again below.
    }
    await remove();
    if (attempt === 3) throw new Error(`web/dist kept changing while it was copied (${source}); is a build looping?`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
