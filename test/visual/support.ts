/**
 * Visual regression support: builds the design system gallery (web/gallery.html) into a
 * temporary directory, takes full-page screenshots in Chromium, and compares them with the
 * committed baselines under `baselines/` by pixel diff (pixelmatch).
 *
 * `npm run test:visual:update` (VISUAL_UPDATE=1) rewrites the baselines; every run writes the
 * diff image of a screen that changed to `diffs/<name>.diff.png` (and the new shot beside it),
 * so a reviewer sees what moved.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { REPO_ROOT } from '../e2e/web-build.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** Committed screenshots every run is compared with. */
export const BASELINE_DIR = path.join(HERE, 'baselines');
/** Diff images and new shots of screens that changed (not committed). */
export const DIFF_DIR = path.join(HERE, 'diffs');

/** Whether this run rewrites the baselines (`npm run test:visual:update`). */
export const isUpdating = process.env.VISUAL_UPDATE === '1';

/**
 * How different a screen may be and still pass: pixelmatch's per-pixel colour threshold
 * (0–1; anti-aliased pixels are ignored) and the number of pixels allowed to differ (1,200:
 * 0.1 % of a 1280×900 screen, 0.02 % of the gallery). The threshold is strict because
 * pixelmatch's default (0.1) lets one dark-theme surface token move to its neighbour unseen;
 * the fonts are bundled and Chromium renders without GPU, yet the text of a native select
 * lands a subpixel apart between runs on a busy machine (~550 pixels for two selects).
 */
export const TOLERANCE = { threshold: 0.02, maxDiffPixels: 1200 } as const;

/** Builds the gallery (production mode, as shipped) into a fresh temporary directory. */
export async function buildGallery(): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'junction-gallery-'));
  const vite = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--config', 'vite.gallery.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: path.join(REPO_ROOT, 'web'), encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) throw new Error(`Building the gallery failed:\n${result.stderr || result.stdout}`);
  return outDir;
}

/** Screenshots taken at most while waiting for two in a row to agree. */
const MAX_SHOTS = 8;

/**
 * Waits for the bundled fonts, freezes motion and focus, then takes full-page PNGs until two
 * in a row are the same (a canvas fitting its view, a late layout settle on a loaded machine)
 * and returns that one; `mask` paints over what a run changes (a run's time, a generated
 * e-mail) with one flat box.
 */
export async function stableScreenshot(page: Page, mask: Locator[] = []): Promise<Buffer> {
  // A string: this file is type-checked without the DOM library.
  await page.evaluate(`(async () => {
    await document.fonts.ready;
    document.activeElement?.blur?.();
    window.getSelection()?.removeAllRanges();
  })()`);
  const shoot = () =>
    page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide', mask, maskColor: '#888888' });
  let shot = await shoot();
  for (let i = 1; i < MAX_SHOTS; i++) {
    await page.waitForTimeout(150);
    const next = await shoot();
    if (next.equals(shot)) return next;
    shot = next;
  }
  return shot;
}

/** What {@link compareWithBaseline} found. */
export interface VisualResult {
  name: string;
  /** Pixels that differ, or -1 when the size changed. */
  diffPixels: number;
  diffRatio: number;
  /** True when this run wrote the baseline (update mode, or none existed). */
  wroteBaseline: boolean;
}

/**
 * Compares a screenshot with `baselines/<name>.png`. Writes the diff image of a changed screen
 * to `diffs/`; in update mode (or without a baseline) writes the baseline instead of failing.
 */
export function compareWithBaseline(name: string, shot: Buffer): VisualResult {
  const baselinePath = path.join(BASELINE_DIR, `${name}.png`);
  mkdirSync(BASELINE_DIR, { recursive: true });
  const diffPath = path.join(DIFF_DIR, `${name}.diff.png`);
  const actualPath = path.join(DIFF_DIR, `${name}.actual.png`);
  rmSync(diffPath, { force: true });
  rmSync(actualPath, { force: true });
  if (!existsSync(baselinePath)) {
    writeFileSync(baselinePath, shot);
    return { name, diffPixels: 0, diffRatio: 0, wroteBaseline: true };
  }
  const expected = PNG.sync.read(readFileSync(baselinePath));
  const actual = PNG.sync.read(shot);
  let diffPixels = -1;
  let diffRatio = 1;
  if (expected.width === actual.width && expected.height === actual.height) {
    const diff = new PNG({ width: actual.width, height: actual.height });
    diffPixels = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
      threshold: TOLERANCE.threshold,
    });
    diffRatio = diffPixels / (actual.width * actual.height);
    if (diffPixels > 0) {
      mkdirSync(DIFF_DIR, { recursive: true });
      writeFileSync(diffPath, PNG.sync.write(diff));
    }
  }
  if (diffPixels !== 0) {
    mkdirSync(DIFF_DIR, { recursive: true });
    writeFileSync(actualPath, shot);
  }
  if (isUpdating) writeFileSync(baselinePath, shot);
  return { name, diffPixels, diffRatio, wroteBaseline: isUpdating };
}

/** The two themes every screen is compared in. */
export const THEMES = ['light', 'dark'] as const;

/** The viewport of every visual test. */
export const VISUAL_VIEWPORT = { width: 1280, height: 900 } as const;

/**
 * Opens a browser context in a system theme (`prefers-color-scheme`), with reduced motion and
 * a fixed viewport; `setup` runs before any page (e.g. `addInitScript` for a token).
 */
export async function themedContext(browser: Browser, mode: (typeof THEMES)[number]): Promise<BrowserContext> {
  return browser.newContext({
    viewport: VISUAL_VIEWPORT,
    deviceScaleFactor: 1,
    colorScheme: mode,
    reducedMotion: 'reduce',
  });
}

/**
 * Compares a page as it is now with `baselines/<name>.png` and fails the test with the number
 * of differing pixels (the diff image is in test/visual/diffs/).
 */
export async function expectMatchesBaseline(page: Page, name: string, mask: Locator[] = []): Promise<void> {
  const result = compareWithBaseline(name, await stableScreenshot(page, mask));
  if (result.wroteBaseline) return;
  if (result.diffPixels < 0) throw new Error(`${name} changed size: see test/visual/diffs/${name}.actual.png`);
  if (result.diffPixels > TOLERANCE.maxDiffPixels) {
    throw new Error(
      `${name}: ${result.diffPixels} pixels differ (${(result.diffRatio * 100).toFixed(3)}%), see test/visual/diffs/${name}.diff.png`,
    );
  }
}
