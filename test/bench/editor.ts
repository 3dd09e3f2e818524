/**
 * The editor benchmark, a script rather than a timed test. Each try, in headless Chromium
 * (1280×800, a fresh context for each page):
 * - opens a 1,000-step workflow until its canvas is painted;
 * - clicks a step right after that (the first click on that fresh page) until its panel is
 *   painted, then three more steps (later selects);
 * - opens the dashboard home until its workflow list is painted;
 * - opens '/' as a new visitor (no token) until the sign-up modal is painted;
 * and the build's initial JavaScript (gzip) is counted. Every moment is reported as p50, p95
 * and max over the tries (the goals are p95s), with the load average beside each build.
 *
 * Run: `npm run bench:editor` (`-- --tries 20` (default; `--runs` is the same), `--steps 5000`
 * for a larger workflow, `--dist <folder>` to serve a production build made earlier instead of
 * building this checkout; give `--dist` twice, e.g. main's and a branch's, to run the two in
 * turn within each try; `--first-click-wait <ms>` pauses before the first click;
 * `--profile <folder>` adds one try per build under Chromium's CPU profiler and prints where
 * the open's, the first click's and the dashboard's time went). Prints Markdown
 * tables for BENCHMARKS.md. Uses the real server (createApp) on 127.0.0.1 and Debian's Chromium.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../e2e/harness.js';
import { type CpuProfile, profileMoment, selfTimeByOrigin } from './cpu-profile.js';
import {
  DASHBOARD_READY,
  mainThreadClock,
  measureOpen,
  measureSelect,
  type Opening,
  SIGN_UP_DIALOG,
  STEP_CARD,
  type Watched,
  watchFirst,
} from './editor-page.js';
import { type BenchSite, buildForProduction, initialJavaScript, startSite } from './editor-setup.js';

/** The goals, each a p95 over the tries (initial JavaScript: the build's size). */
const GOALS = {
  openMs: 500,
  openLargeMs: 2000,
  selectMs: 100,
  firstClickMs: 150,
  dashboardMs: 300,
  initialJsGzipKb: 300,
};

function argNumber(names: string[], fallback: number): number {
  for (const name of names) {
    const at = process.argv.indexOf(`--${name}`);
    const value = at >= 0 ? Number(process.argv[at + 1]) : Number.NaN;
    if (Number.isFinite(value) && value > 0) return value;
  }
  return fallback;
}

function argStrings(name: string): string[] {
  return process.argv.flatMap((arg, i) => (arg === `--${name}` && process.argv[i + 1] ? [process.argv[i + 1]] : []));
}

/** What one build measured over the tries. */
interface Samples {
  open: number[];
  loaded: number[];
  domContentLoaded: number[];
  contentful: number[];
  firstClick: number[];
  select: number[];
  dashboard: number[];
  signUp: number[];
  /** Main-thread CPU time (ms) of the open, the first click, the later selects and the dashboard. */
  openCpu: number[];
  firstClickCpu: number[];
  selectCpu: number[];
  dashboardCpu: number[];
  /** The 1-minute load average as each try of this build started. */
  load: number[];
}

const emptySamples = (): Samples => ({
  open: [],
  loaded: [],
  domContentLoaded: [],
  contentful: [],
  firstClick: [],
  select: [],
  dashboard: [],
  signUp: [],
  openCpu: [],
  firstClickCpu: [],
  selectCpu: [],
  dashboardCpu: [],
  load: [],
});

/** The nearest-rank percentile `p` (0–100) of `values`. */
function percentile(values: number[], p: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function newPage(browser: Browser, watched: Watched, token: string | null): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (token) {
    await context.addInitScript((value: string) => {
      (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem(
        'junction.token',
        value,
      );
    }, token);
  }
  await context.addInitScript(watchFirst, watched);
  return context.newPage();
}

/** One try on one build: the editor with its first and later clicks, the dashboard, a new visitor. */
async function oneTry(browser: Browser, site: BenchSite, into: Samples, firstClickWaitMs: number): Promise<void> {
  into.load.push(loadavg()[0]);
  const editor = await newPage(browser, STEP_CARD, site.token);
  const editorClock = await mainThreadClock(editor);
  const open: Opening = await measureOpen(editor, site.editorUrl, editorClock);
  into.open.push(open.painted);
  into.openCpu.push(open.cpu);
  into.loaded.push(open.loaded);
  into.contentful.push(open.contentful);
  into.domContentLoaded.push(open.domContentLoaded);
  if (firstClickWaitMs > 0) await editor.waitForTimeout(firstClickWaitMs);
  const first = await measureSelect(editor, 0, editorClock);
  into.firstClick.push(first.ms);
  into.firstClickCpu.push(first.cpu);
  for (let i = 1; i <= 3; i += 1) {
    const later = await measureSelect(editor, i, editorClock);
    into.select.push(later.ms);
    into.selectCpu.push(later.cpu);
  }
  await editor.context().close();

  const dashboard = await newPage(browser, DASHBOARD_READY, site.token);
  const dashboardOpen = await measureOpen(dashboard, `${site.baseUrl}/dashboard`, await mainThreadClock(dashboard));
  into.dashboard.push(dashboardOpen.painted);
  into.dashboardCpu.push(dashboardOpen.cpu);
  await dashboard.context().close();

  const visitor = await newPage(browser, SIGN_UP_DIALOG, null);
  into.signUp.push((await measureOpen(visitor, `${site.baseUrl}/`)).painted);
  await visitor.context().close();
}

/** One more try under the CPU profiler: prints where the first click's and the dashboard's time went. */
async function profiledTry(browser: Browser, site: BenchSite, dist: string, label: string, folder: string) {
  const save = (name: string, profile: CpuProfile) => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `${label}-${name}.cpuprofile`), JSON.stringify(profile));
    const rows = selfTimeByOrigin(profile, dist).slice(0, 14);
    console.log(`\n${label}, ${name} (self time under the profiler, ms):`);
    for (const row of rows) console.log(`  ${row.ms.toFixed(1).padStart(7)}  ${row.origin}`);
  };
  const editor = await newPage(browser, STEP_CARD, site.token);
  const opened = await profileMoment(editor, () => measureOpen(editor, site.editorUrl));
  save('open', opened.profile);
  const first = await profileMoment(editor, () => measureSelect(editor, 0));
  console.log(`\n${label}: first click ${first.result.ms.toFixed(0)} ms under the profiler`);
  save('first-click', first.profile);
  await editor.context().close();
  const dashboard = await newPage(browser, DASHBOARD_READY, site.token);
  const cdpDashboard = await profileMoment(dashboard, () => measureOpen(dashboard, `${site.baseUrl}/dashboard`));
  console.log(`\n${label}: dashboard ${cdpDashboard.result.painted.toFixed(0)} ms under the profiler`);
  save('dashboard', cdpDashboard.profile);
  await dashboard.context().close();
}

interface Build {
  label: string;
  dist: string;
  site: BenchSite;
  samples: Samples;
  gzipKb: number;
  files: string;
}

function report(builds: Build[], steps: number, tries: number, firstClickWaitMs: number): void {
  const openGoal = steps >= 5000 ? GOALS.openLargeMs : GOALS.openMs;
  const met = (value: number, goal: number) => (value <= goal ? 'yes' : '**no**');
  const row = (build: Build, name: string, values: number[], goal?: number) => {
    const p95 = percentile(values, 95);
    const loads = build.samples.load;
    const load = `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
    const goalCells = goal === undefined ? '| |' : `| ≤ ${goal} ms | ${met(p95, goal)} |`;
    console.log(
      `| ${name} | ${build.label} | ${load} | ${values.length} | ${percentile(values, 50).toFixed(0)} | ${p95.toFixed(0)} | ${Math.max(...values.filter(Number.isFinite)).toFixed(0)} ${goalCells}`,
    );
  };
  console.log(
    `\nEditor benchmark: ${steps}-step workflow, ${tries} tries per build, first click ${firstClickWaitMs} ms after the painted canvas, headless Chromium 1280×800, ${cpus().length} CPUs, ${new Date().toISOString()}, load average now ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}\n`,
  );
  console.log('| moment (ms) | build | load (1 min) | n | p50 | p95 | max | goal (p95) | met |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | :---: |');
  const moments: [string, keyof Samples, number | undefined][] = [
    [`open ${steps.toLocaleString('en')} steps until painted`, 'open', openGoal],
    ['… workflow GET answered', 'loaded', undefined],
    ['… DOMContentLoaded', 'domContentLoaded', undefined],
    ['… first contentful paint', 'contentful', undefined],
    ['first click after opening until its panel is painted', 'firstClick', GOALS.firstClickMs],
    ['later selects until the panel is painted', 'select', GOALS.selectMs],
    ['dashboard until its workflow list is painted', 'dashboard', GOALS.dashboardMs],
    ['new visitor: sign-up modal painted', 'signUp', undefined],
  ];
  for (const [name, key, goal] of moments) for (const build of builds) row(build, name, build.samples[key], goal);
  console.log(
    "\nMain-thread CPU time of each moment (Chromium's ThreadTime; the open and the dashboard until just after their painted frame, from the page's creation):\n",
  );
  console.log('| moment, main-thread CPU (ms) | build | n | p50 | p95 | max |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: |');
  const cpuMoments: [string, keyof Samples][] = [
    [`open ${steps.toLocaleString('en')} steps`, 'openCpu'],
    ['first click after opening', 'firstClickCpu'],
    ['later selects', 'selectCpu'],
    ['dashboard', 'dashboardCpu'],
  ];
  for (const [name, key] of cpuMoments) {
    for (const build of builds) {
      const values = build.samples[key];
      console.log(
        `| ${name} | ${build.label} | ${values.length} | ${percentile(values, 50).toFixed(0)} | ${percentile(values, 95).toFixed(0)} | ${Math.max(...values.filter(Number.isFinite)).toFixed(0)} |`,
      );
    }
  }
  console.log('\n| initial JavaScript, gzip | build | size | goal | met | files |');
  console.log('| --- | --- | ---: | ---: | :---: | --- |');
  for (const build of builds) {
    const ok = build.gzipKb < GOALS.initialJsGzipKb ? 'yes' : '**no**';
    console.log(
      `| | ${build.label} | ${build.gzipKb.toFixed(1)} KB | < ${GOALS.initialJsGzipKb} KB | ${ok} | ${build.files} |`,
    );
  }
}

async function main(): Promise<void> {
  const tries = argNumber(['tries', 'runs'], 20);
  // --steps N: the workflow's size (default 1,000; the goals are for 1,000 and 5,000 steps).
  const steps = argNumber(['steps'], 1000);
  const givenDists = argStrings('dist');
  const profileFolder = argStrings('profile')[0];
  // --first-click-wait MS: a pause between the painted canvas and the first click (default 0: the
  // click right after the painted frame, before the editor's idle work has run).
  const firstClickWaitMs = argNumber(['first-click-wait'], 0);
  const madeDist = givenDists.length ? undefined : await mkdtemp(path.join(tmpdir(), 'junction-bench-web-'));
  if (madeDist) buildForProduction(madeDist);
  const dists = madeDist ? [madeDist] : givenDists.map((d) => path.resolve(d));
  const builds: Build[] = [];
  const browser = await launchChromium();
  try {
    for (const dist of dists) {
      const bundle = initialJavaScript(dist);
      builds.push({
        label: madeDist ? 'this checkout' : path.basename(dist),
        dist,
        site: await startSite(dist, steps),
        samples: emptySamples(),
        gzipKb: bundle.gzip / 1024,
        files: bundle.files.map((f) => `${path.basename(f.file)} ${(f.gzip / 1024).toFixed(1)}`).join(', '),
      });
    }
    // One try of every build in turn, the order reversed every other try, so that the machine's
    // load moves every build's figures alike.
    for (let t = 0; t < tries; t += 1) {
      const order = t % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) await oneTry(browser, build.site, build.samples, firstClickWaitMs);
      process.stderr.write(`try ${t + 1}/${tries} done, load ${loadavg()[0].toFixed(1)}\n`);
    }
    report(builds, steps, tries, firstClickWaitMs);
    if (profileFolder) {
      for (const build of builds) await profiledTry(browser, build.site, build.dist, build.label, profileFolder);
    }
  } finally {
    await browser.close();
    for (const build of builds) await build.site.close();
    if (madeDist) await rm(madeDist, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
