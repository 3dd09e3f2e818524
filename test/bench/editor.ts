/**
 * The editor benchmark, a script rather than a timed test:
 * - initial JavaScript of the Vite build, gzip (the entry and the chunks index.html preloads);
 * - opening a 1,000-step workflow in headless Chromium until its canvas is painted;
 * - selecting a step until its panel is painted;
 * - a new visitor (no token) opening '/' until the sign-up modal is painted.
 *
 * Run: `npm run bench:editor` (add `-- --runs 7` for more runs, `--steps 5000` for a larger
 * workflow, `--dist <folder>` to serve a production build made earlier, such as another
 * branch's, instead of building this checkout). Prints a Markdown table for
 * BENCHMARKS.md. Uses the real server (createApp) on 127.0.0.1 and Debian's Chromium.
 */
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import {
  createLink,
  createStepData,
  type Link,
  type Step,
  WORKFLOW_SCHEMA_VERSION,
  type WorkflowDocument,
} from '../../core/src/index.js';
import { createApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { launchChromium } from '../e2e/harness.js';
import { REPO_ROOT } from '../e2e/web-build.js';

/** Goals: open a 1,000-step workflow in < 500 ms and a 5,000-step one in < 2 s, select < 50 ms, initial JS < 300 KB gzip. */
const GOALS = { openMs: 500, openLargeMs: 2000, selectMs: 50, initialJsGzipKb: 300 };

function argNumber(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The gzip size of the JavaScript index.html loads before the app runs. */
function initialJavaScript(dist: string): { files: { file: string; raw: number; gzip: number }[]; gzip: number } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((m) => m[1] ?? '');
  const files = [...new Set(scripts)].map((file) => {
    const full = path.join(dist, file);
    return { file, raw: statSync(full).size, gzip: gzipSync(readFileSync(full), { level: 9 }).length };
  });
  return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
}

/** A chain of one tested webhook trigger and `count - 1` tested HTTP actions, laid out top to bottom. */
function bigWorkflow(id: string, name: string, count: number): WorkflowDocument {
  const steps: Step[] = [];
  const links: Link[] = [];
  for (let i = 0; i < count; i += 1) {
    const isTrigger = i === 0;
    steps.push({
      id: `s${i}`,
      kind: isTrigger ? 'trigger' : 'action',
      position: { x: 220, y: 40 + i * 180 },
      data: createStepData({
        name: isTrigger ? 'Catch Hook in Webhook' : `Step ${i}: create order`,
        type: isTrigger ? 'webhook' : 'http',
        label: isTrigger ? 'Webhook' : 'HTTP request',
        icon: isTrigger ? '/icons/webhook.svg' : '/icons/http.svg',
        action: isTrigger ? 'catchHook' : 'customRequest',
        testData: { index: i, ok: true },
      }),
    });
    if (i > 0) links.push(createLink({ id: `l${i}`, source: `s${i - 1}`, target: `s${i}` }));
  }
  return { schemaVersion: WORKFLOW_SCHEMA_VERSION, id, name, active: false, steps, links };
}

async function api(baseUrl: string, method: string, url: string, token: string | null, body?: unknown) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Verifies the account as its owner would, with the code from the development outbox (the
 * editor shows the code modal over the canvas on every load until the e-mail is verified).
 */
async function verifyEmail(baseUrl: string, token: string, email: string): Promise<void> {
  const outbox = (await api(baseUrl, 'GET', '/api/dev/outbox', null)) as { items: { to: string; text: string }[] };
  const mail = outbox.items.find((m) => m.to.includes(email));
  const code = mail ? /verification code is (\d{4})/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no verification code in the development outbox for ${email}`);
  await api(baseUrl, 'POST', '/api/auth/verify-code', token, { code });
}

/** The little of the page's DOM the measuring code uses (the test project has no DOM typings). */
interface PageDocument {
  body: unknown;
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): ArrayLike<{ click(): void }>;
}
type PageMutationObserver = new (
  callback: () => void,
) => { observe(target: unknown, options: { childList: boolean; subtree: boolean }): void; disconnect(): void };

/** What the page watches for: the first step card (editor) or the sign-up dialog (new visitor). */
const STEP_CARD = '[data-testid="step-card"]';
const SIGN_UP_DIALOG = '[role="dialog"]';

// Runs in the page before its scripts: notes when the first element matching `selector` is
// attached and when the frame after it has been painted (two animation frames later).
function watchFirst(selector: string): void {
  const w = globalThis as unknown as {
    __bench: { cardAt?: number; paintedAt?: number };
    document: PageDocument;
    MutationObserver: PageMutationObserver;
    requestAnimationFrame: (fn: () => void) => number;
    performance: { now(): number };
    addEventListener?: (type: string, listener: () => void) => void;
  };
  w.__bench = {};
  const observer = new w.MutationObserver(() => {
    if (w.__bench.cardAt !== undefined || !w.document.querySelector(selector)) return;
    w.__bench.cardAt = w.performance.now();
    observer.disconnect();
    w.requestAnimationFrame(() =>
      w.requestAnimationFrame(() => {
        w.__bench.paintedAt = w.performance.now();
      }),
    );
  });
  w.addEventListener?.('DOMContentLoaded', () => observer.observe(w.document.body, { childList: true, subtree: true }));
}

/** ms from navigation start until the page's DOMContentLoaded ended (the entry chunk has run). */
function domContentLoaded(page: Page): Promise<number> {
  // The page's Performance (the test project has no DOM typings; Node's knows no 'navigation').
  return page.evaluate(() => {
    const perf = (
      globalThis as unknown as {
        performance: { getEntriesByType(type: string): { domContentLoadedEventEnd: number }[] };
      }
    ).performance;
    return perf.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? Number.NaN;
  });
}

/**
 * Opens `url`; returns ms from navigation start until the watched element is painted and until
 * the workflow's GET answered (NaN when the page made none).
 */
async function measureOpen(page: Page, url: string): Promise<{ painted: number; loaded: number; contentful: number }> {
  await page.goto(url);
  await page.waitForFunction(
    () => (globalThis as unknown as { __bench: { paintedAt?: number } }).__bench.paintedAt,
    null,
    {
      timeout: 60_000,
    },
  );
  // Chromium may record the first contentful paint after that frame (text in a web font still
  // downloading is drawn later): wait for it a little.
  await page
    .waitForFunction(
      () =>
        performance
          .getEntriesByType('paint' as Parameters<typeof performance.getEntriesByType>[0])
          .some((entry) => entry.name === 'first-contentful-paint'),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  return page.evaluate(() => {
    const painted = (globalThis as unknown as { __bench: { paintedAt: number } }).__bench.paintedAt;
    const get = performance
      .getEntriesByType('resource')
      .find((entry) => /^\/api\/workflows\/[^/]+$/.test(new URL(entry.name).pathname)) as
      | { responseEnd: number }
      | undefined;
    // Chromium's first contentful paint: the first frame with text or an image drawn (text in a
    // web font still downloading is not drawn for up to 100 ms).
    const fcp = performance
      .getEntriesByType('paint' as Parameters<typeof performance.getEntriesByType>[0])
      .find((entry) => entry.name === 'first-contentful-paint');
    return { painted, loaded: get ? get.responseEnd : Number.NaN, contentful: fcp ? fcp.startTime : Number.NaN };
  });
}

/** Clicks the n-th visible card and returns ms until its step panel is painted; then closes it. */
async function measureSelect(page: Page, index: number): Promise<number> {
  const ms = await page.evaluate(async (n) => {
    const page = globalThis as unknown as { document: PageDocument; MutationObserver: PageMutationObserver };
    const doc = page.document;
    const raf = (globalThis as unknown as { requestAnimationFrame: (fn: () => void) => number }).requestAnimationFrame;
    const cards = doc.querySelectorAll('.react-flow__node');
    const card = cards[n % cards.length];
    const start = performance.now();
    return new Promise<number>((resolve) => {
      // No named inner functions: tsx would wrap them in a helper the page does not have.
      const observer = new page.MutationObserver(() => {
        if (doc.querySelector('[data-testid="step-panel"]')) {
          observer.disconnect();
          raf(() => raf(() => resolve(performance.now() - start)));
        }
      });
      observer.observe(doc.body, { childList: true, subtree: true });
      card.click();
    });
  }, index);
  await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } });
  await page.getByTestId('step-panel').waitFor({ state: 'detached' });
  return ms;
}

/**
 * Builds the web app for production into a fresh folder (NODE_ENV=production, whatever the
 * caller's environment says: React's development build is three times larger and slower).
 */
function buildForProduction(outDir: string): void {
  const vite = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
    { cwd: path.join(REPO_ROOT, 'web'), encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stderr || result.stdout}`);
}

/** Serves `webDist` with the real server (its own temporary data folder) on 127.0.0.1. */
async function startServer(webDist: string): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'junction-bench-data-'));
  const config = {
    // The bench verifies its account with the code from the development outbox.
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JUNCTION_DEV_OUTBOX: 'on', SIGNUP_POLICY: 'open' }),
    host: '127.0.0.1',
    port: 0,
    dataDir,
    webDist,
    rateLimits: false as const,
  };
  const app = await createApp(config);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl: address.replace(/\/$/, ''),
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main(): Promise<void> {
  const runs = argNumber('runs', 5);
  // --steps N: the workflow's size (default 1,000; the goals are for 1,000 and 5,000 steps).
  const steps = argNumber('steps', 1000);
  const openGoalMs = steps >= 5000 ? GOALS.openLargeMs : GOALS.openMs;
  // --dist FOLDER: a production build made earlier (`NODE_ENV=production vite build --outDir
  // FOLDER` in web/), e.g. main's beside a branch's, to run the two in turn.
  const distAt = process.argv.indexOf('--dist');
  const givenDist = distAt >= 0 ? process.argv[distAt + 1] : undefined;
  const dist = givenDist ? path.resolve(givenDist) : await mkdtemp(path.join(tmpdir(), 'junction-bench-web-'));
  if (!givenDist) buildForProduction(dist);
  const bundle = initialJavaScript(dist);
  const server = await startServer(dist);
  const browser = await launchChromium();
  try {
    const { baseUrl } = server;
    const grant = (await api(baseUrl, 'POST', '/api/auth/sign-up', null, {
      email: `bench-${randomUUID()}@example.com`,
      password: 'Str0ng!Passw0rd#2024',
    })) as { token: string; workflowId: string; user: { email: string } };
    await verifyEmail(baseUrl, grant.token, grant.user.email);
    const doc = bigWorkflow(grant.workflowId, `${steps.toLocaleString('en')} steps`, steps);
    await api(baseUrl, 'PUT', `/api/workflows/${grant.workflowId}`, grant.token, { document: doc });
    const url = `${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`;

    const opens: number[] = [];
    const loads: number[] = [];
    const selects: number[] = [];
    const dcls: number[] = [];
    const contentfuls: number[] = [];
    const signUps: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript((token: string) => {
        (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem(
          'junction.token',
          token,
        );
      }, grant.token);
      await context.addInitScript(watchFirst, STEP_CARD);
      const page = await context.newPage();
      const open = await measureOpen(page, url);
      opens.push(open.painted);
      loads.push(open.loaded);
      contentfuls.push(open.contentful);
      dcls.push(await domContentLoaded(page));
      await page.getByTestId('step-card').first().waitFor();
      for (let i = 0; i < 3; i += 1) selects.push(await measureSelect(page, i));
      await context.close();

      // A new visitor (no token): the editor route with its sign-up modal (onboarding 2).
      const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await visitor.addInitScript(watchFirst, SIGN_UP_DIALOG);
      const visitorPage = await visitor.newPage();
      signUps.push((await measureOpen(visitorPage, `${baseUrl}/`)).painted);
      await visitor.close();
    }

    const openMs = median(opens);

    const selectMs = median(selects);
    const gzipKb = bundle.gzip / 1024;
    const verdict = (ok: boolean) => (ok ? 'yes' : '**no**');
    const load = loadavg()
      .map((v) => v.toFixed(1))
      .join(' ');
    console.log(
      `\nEditor benchmark: ${steps}-step workflow, ${runs} runs (median), headless Chromium 1280×800, load average ${load} on ${cpus().length} CPUs, ${new Date().toISOString()}, web build ${givenDist ?? 'of this checkout'}\n`,
    );
    console.log('| measure | median | all runs | goal | met |');
    console.log('| --- | ---: | --- | ---: | :---: |');
    console.log(
      `| open a ${steps}-step workflow until the canvas is painted | ${openMs.toFixed(0)} ms | ${opens.map((v) => v.toFixed(0)).join(', ')} | < ${openGoalMs} ms | ${verdict(openMs < openGoalMs)} |`,
    );
    console.log(
      `| … of which until the workflow's GET answered | ${median(loads).toFixed(0)} ms | ${loads.map((v) => v.toFixed(0)).join(', ')} | | |`,
    );
    console.log(
      `| … of which until DOMContentLoaded (the entry chunk has run) | ${median(dcls).toFixed(0)} ms | ${dcls.map((v) => v.toFixed(0)).join(', ')} | | |`,
    );
    console.log(
      `| … first contentful paint (Chromium's) | ${median(contentfuls).toFixed(0)} ms | ${contentfuls.map((v) => v.toFixed(0)).join(', ')} | | |`,
    );
    console.log(
      `| new visitor: sign-up modal painted | ${median(signUps).toFixed(0)} ms | ${signUps.map((v) => v.toFixed(0)).join(', ')} | | |`,
    );
    console.log(
      `| select a step until its panel is painted | ${selectMs.toFixed(0)} ms | ${selects.map((v) => v.toFixed(0)).join(', ')} | < ${GOALS.selectMs} ms | ${verdict(selectMs < GOALS.selectMs)} |`,
    );
    console.log(
      `| initial JavaScript, gzip | ${gzipKb.toFixed(1)} KB | ${bundle.files.map((f) => `${path.basename(f.file)} ${(f.gzip / 1024).toFixed(1)} KB`).join(', ')} | < ${GOALS.initialJsGzipKb} KB | ${verdict(gzipKb < GOALS.initialJsGzipKb)} |`,
    );
  } finally {
    await browser.close();
    await server.close();
    if (!givenDist) await rm(dist, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
