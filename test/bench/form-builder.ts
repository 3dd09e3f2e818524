/**
 * The form builder benchmark, a script rather than a timed test: how long the form builder
 * takes to open, in headless Chromium against the real server serving the production build.
 * - "editor": a click on the trigger panel's 'Forms by Junction' until the builder dialog's
 *   first question is painted (the builder chunk is fetched on that click);
 * - "standalone": navigation to /form/new until the same is painted.
 * "Painted" is two animation frames after the element is attached, seen by a MutationObserver
 * in the page (not a Playwright locator, whose polling would run on the measured thread). Each run uses a fresh page
 * in one context (HTTP cache warm after the first run, as for a returning author).
 *
 * Also prints the gzip size (level 9) of the JavaScript the standalone page's HTML loads.
 *
 * Run: `npm run bench:forms` (add `-- --runs 7`). Prints a Markdown table for BENCHMARKS.md.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { startE2ESession } from '../e2e/harness.js';

const GOAL_MS = 300;

function argNumber(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The gzip size (KB, level 9) of the scripts the HTML page at `url` loads or preloads. */
async function initialJavaScriptKb(base: string, url: string): Promise<{ kb: number; files: string[] }> {
  const html = await (await fetch(`${base}${url}`, { headers: { accept: 'text/html' } })).text();
  const scripts = [
    ...html.matchAll(/<script[^>]+src="(\/[^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="(\/[^"]+\.js)"/g),
  ].map((m) => m[1] ?? '');
  let bytes = 0;
  const files: string[] = [];
  for (const script of new Set(scripts)) {
    const size = gzipSync(Buffer.from(await (await fetch(`${base}${script}`)).arrayBuffer()), { level: 9 }).length;
    bytes += size;
    files.push(`${script.replace(/^\/assets\//, '')} ${(size / 1024).toFixed(1)} KB`);
  }
  return { kb: bytes / 1024, files };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The builder dialog's first question field (QuestionEditor's aria-label). */
const FIRST_QUESTION = '[role="dialog"] [aria-label="Text of question 1"]';

/** The little of the page the measuring code uses (the test project has no DOM typings). */
interface PageWindow {
  __bench?: { paintedAt?: number };
  document: { body: unknown; querySelector(selector: string): unknown };
  MutationObserver: new (
    callback: () => void,
  ) => { observe(target: unknown, options: { childList: boolean; subtree: boolean }): void; disconnect(): void };
  requestAnimationFrame(callback: () => void): number;
  performance: { now(): number };
  addEventListener(type: string, listener: () => void): void;
}

// Runs in the page (an init script, or before a click): notes `performance.now()` two animation
// frames after the first element matching `selector` is attached. A MutationObserver with a
// plain selector, not a Playwright locator: the locator's polling computes accessible names
// over the whole page on the page's own thread and would be timed with the page.
function watchFirst(selector: string): void {
  const w = globalThis as unknown as PageWindow;
  w.__bench = {};
  const observer = new w.MutationObserver(() => {
    if (!w.document.querySelector(selector)) return;
    observer.disconnect();
    w.requestAnimationFrame(() =>
      w.requestAnimationFrame(() => {
        if (w.__bench) w.__bench.paintedAt = w.performance.now();
      }),
    );
  });
  if (w.document.body) observer.observe(w.document.body, { childList: true, subtree: true });
  else
    w.addEventListener('DOMContentLoaded', () => observer.observe(w.document.body, { childList: true, subtree: true }));
}

/** Waits until the page's watcher has noted the paint; returns its `performance.now()`. */
async function paintedAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => (globalThis as unknown as PageWindow).__bench?.paintedAt, null, {
    timeout: 30_000,
    polling: 100,
  });
  return (await handle.jsonValue()) as number;
}

async function main(): Promise<void> {
  const runs = argNumber('runs', 5);
  const session = await startE2ESession();
  try {
    const base = session.baseUrl;
    const signUp = await fetch(`${base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench-forms-${randomUUID()}@example.com`, password: 'Str0ng!Passw0rd#2024' }),
    });
    const grant = (await signUp.json()) as { token: string };
    await session.context.addInitScript((token: string) => {
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        'junction.token',
        token,
      );
    }, grant.token);
    session.context.setDefaultTimeout(20_000);
    // The watcher, callable in every page of the context (the editor run installs it before its click).
    await session.context.addInitScript(`globalThis.__watch = ${watchFirst.toString()};`);
    const firstQuestion = (page: Page) =>
      page.getByRole('dialog', { name: 'Form builder' }).getByLabel('Text of question 1');

    const editor: number[] = [];
    const standalone: number[] = [];
    const contentLoaded: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const page = await session.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (m) => consoleErrors.push(`${m.type()}: ${m.text()}`));
      // A fresh workflow per run: the previous run's click chose Forms by Junction as the
      // trigger, and autosave keeps it.
      const created = await fetch(`${base}/api/workflows`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${grant.token}` },
        body: JSON.stringify({ name: `Form builder bench ${i + 1}` }),
      });
      if (!created.ok) throw new Error(`POST /api/workflows answered ${created.status}: ${await created.text()}`);
      const workflowId = ((await created.json()) as { id: string }).id;
      await page.goto(`${base}/?id=${encodeURIComponent(workflowId)}`);
      // A loaded machine can take long to open the editor the first time: wait up to a minute.
      await page
        .getByTestId('step-card')
        .filter({ hasText: 'Click to Add Trigger' })
        .click({ timeout: 60_000 })
        .catch(async (error) => {
          await page.screenshot({ path: '/tmp/bench-forms-editor.png' });
          throw new Error(`run ${i}: the editor did not open (screenshot /tmp/bench-forms-editor.png): ${error}`);
        });
      const choice = page.getByTestId('step-panel').getByRole('button', { name: 'Forms by Junction', exact: true });
      await choice.waitFor().catch(async (error) => {
        await page.screenshot({ path: '/tmp/bench-forms.png' });
        throw new Error(`run ${i}: ${error} ${session.pageErrors.join('; ')} ${consoleErrors.join('; ')}`);
      });
      // The click is made in the page, right after the watcher is installed.
      const clickedAt = await choice.evaluate((button, selector) => {
        const w = globalThis as unknown as PageWindow & { __watch: (selector: string) => void };
        w.__watch(selector);
        const at = w.performance.now();
        (button as unknown as { click(): void }).click();
        return at;
      }, FIRST_QUESTION);
      editor.push(Math.round((await paintedAt(page)) - clickedAt));
      await firstQuestion(page).waitFor();
      await page.close();

      const direct = await session.newPage();
      await direct.addInitScript(watchFirst, FIRST_QUESTION);
      await direct.goto(`${base}/form/new`, { waitUntil: 'commit' });
      standalone.push(Math.round(await paintedAt(direct)));
      await firstQuestion(direct).waitFor();
      const timing = await direct.evaluate(() => {
        const perf = (globalThis as unknown as { performance: { getEntriesByType(t: string): unknown[] } }).performance;
        const nav = perf.getEntriesByType('navigation')[0] as { domContentLoadedEventEnd: number };
        const resources = (
          perf.getEntriesByType('resource') as { name: string; startTime: number; responseEnd: number }[]
        ).map(
          (r) => `${r.name.replace(/^https?:\/\/[^/]+/, '')} ${Math.round(r.startTime)}→${Math.round(r.responseEnd)}`,
        );
        return { dcl: Math.round(nav.domContentLoadedEventEnd), resources };
      });
      contentLoaded.push(timing.dcl);
      if (process.env.BENCH_VERBOSE) console.log(timing.resources.join('\n'));
      await direct.close();
    }
    const load = loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ');
    console.log(`\nForm builder open, ${runs} runs, load average ${load}\n`);
    console.log('| measure | median | all runs | goal | met |');
    console.log('| --- | ---: | --- | ---: | :---: |');
    const row = (name: string, values: number[]) =>
      console.log(
        `| ${name} | ${median(values)} ms | ${values.join(', ')} | < ${GOAL_MS} ms | ${median(values) < GOAL_MS ? 'yes' : 'no'} |`,
      );
    row("editor: click 'Forms by Junction' until the builder is painted", editor);
    row('standalone: /form/new until the builder is painted', standalone);
    row('… of which until DOMContentLoaded (the entry chunk has run)', contentLoaded);
    const js = await initialJavaScriptKb(base, '/form/new');
    console.log(`| initial JavaScript of /form/new, gzip | ${js.kb.toFixed(1)} KB | ${js.files.join(', ')} | | |`);
  } finally {
    await session.close();
  }
}

await main();
