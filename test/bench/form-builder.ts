/**
 * The form builder benchmark, a script rather than a timed test: how long the form builder
 * takes to open, in headless Chromium against the real server serving the production build.
 * - "editor": a click on the trigger panel's 'Forms by Junction' until the builder dialog's
 *   first question is painted (the builder chunk is fetched on that click);
 * - "standalone": navigation to /form/new until the same is painted.
 * "Painted" is two animation frames after the element is attached. Each run uses a fresh page
 * in one context (HTTP cache warm after the first run, as for a returning author).
 *
 * Run: `npm run bench:forms` (add `-- --runs 7`). Prints a Markdown table for BENCHMARKS.md.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import type { Locator, Page } from 'playwright-core';
import { startE2ESession } from '../e2e/harness.js';

const GOAL_MS = 300;

function argNumber(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Resolves in the page once the element is attached and two frames have been painted; returns performance.now(). */
async function paintedAt(page: Page, target: Locator): Promise<number> {
  await target.waitFor({ state: 'attached', timeout: 30_000 });
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const w = globalThis as unknown as {
          requestAnimationFrame(cb: () => void): void;
          performance: { now(): number };
        };
        w.requestAnimationFrame(() => w.requestAnimationFrame(() => resolve(w.performance.now())));
      }),
  );
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
    const grant = (await signUp.json()) as { token: string; workflowId: string };
    await session.context.addInitScript((token: string) => {
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        'junction.token',
        token,
      );
    }, grant.token);
    session.context.setDefaultTimeout(20_000);
    const firstQuestion = (page: Page) =>
      page.getByRole('dialog', { name: 'Form builder' }).getByLabel('Text of question 1');

    const editor: number[] = [];
    const standalone: number[] = [];
    const contentLoaded: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const page = await session.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (m) => consoleErrors.push(`${m.type()}: ${m.text()}`));
      await page.goto(`${base}/?id=${encodeURIComponent(grant.workflowId)}`);
      await page.getByTestId('step-card').filter({ hasText: 'Click to Add Trigger' }).click();
      const choice = page.getByTestId('step-panel').getByRole('button', { name: 'Forms by Junction', exact: true });
      await choice.waitFor().catch(async (error) => {
        await page.screenshot({ path: '/tmp/bench-forms.png' });
        throw new Error(`run ${i}: ${error} ${session.pageErrors.join('; ')} ${consoleErrors.join('; ')}`);
      });
      const clickedAt = await page.evaluate(() =>
        (globalThis as unknown as { performance: { now(): number } }).performance.now(),
      );
      await choice.click();
      editor.push(Math.round((await paintedAt(page, firstQuestion(page))) - clickedAt));
      await page.close();

      const direct = await session.newPage();
      await direct.goto(`${base}/form/new`, { waitUntil: 'commit' });
      standalone.push(Math.round(await paintedAt(direct, firstQuestion(direct))));
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
  } finally {
    await session.close();
  }
}

await main();
