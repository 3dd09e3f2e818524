/**
 * What the editor benchmark (editor.ts) does inside the page: watching for the first element
 * of a screen and the frame after it was painted, timing a click on a step card until its
 * panel is painted, and reading the page's navigation timings.
 *
 * The functions handed to the page run there as they are written: no named inner functions
 * (tsx would wrap them in a helper the page does not have), no DOM typings (the test project
 * has none), so the page's globals are typed by hand.
 */
import type { Page } from 'playwright-core';

/** The little of the page's DOM the measuring code uses. */
interface PageElement {
  textContent: string | null;
  click(): void;
}
interface PageDocument {
  body: unknown;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
}
type PageMutationObserver = new (
  callback: () => void,
) => { observe(target: unknown, options: { childList: boolean; subtree: boolean }): void; disconnect(): void };

/** What a screen's first paint is watched by: an element, and a text it must contain. */
export interface Watched {
  selector: string;
  text?: string;
}

/** The editor's first step card. */
export const STEP_CARD: Watched = { selector: '[data-testid="step-card"]' };
/** The new visitor's sign-up dialog. */
export const SIGN_UP_DIALOG: Watched = { selector: '[role="dialog"]' };
/** The dashboard home once its workflow list answered: the 'Latest runs' card's title. */
export const DASHBOARD_READY: Watched = { selector: 'h2, h3', text: 'Latest runs' };

/**
 * Runs in the page before its scripts (an init script): notes when the first element matching
 * `watched` is attached and when the frame after it has been painted (two animation frames).
 */
export function watchFirst(watched: Watched): void {
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
    if (w.__bench.cardAt !== undefined) return;
    const found = Array.from(w.document.querySelectorAll(watched.selector)).some(
      (element) => !watched.text || (element.textContent ?? '').includes(watched.text),
    );
    if (!found) return;
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

/**
 * Returns a reader of the page's main-thread CPU time in ms (Chromium's `ThreadTime` metric,
 * counted from this call): on a busy machine wall times stretch with the load, CPU time much
 * less, so it tells the work a moment costs apart from the wait for a core.
 */
export async function mainThreadClock(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? Number.NaN) * 1000;
  };
}

/** What one opening measured, in ms from navigation start. */
export interface Opening {
  /** The frame after the watched element was attached, painted. */
  painted: number;
  /** The workflow's GET answered (NaN when the page made none). */
  loaded: number;
  /** Chromium's first contentful paint. */
  contentful: number;
  /** DOMContentLoaded ended (the entry chunk has run). */
  domContentLoaded: number;
  /** Main-thread CPU time until just after the painted frame (NaN without a clock). */
  cpu: number;
}

/** Opens `url` in `page` (whose context runs {@link watchFirst}) and times it. */
export async function measureOpen(page: Page, url: string, clock?: () => Promise<number>): Promise<Opening> {
  await page.goto(url);
  await page.waitForFunction(
    () => (globalThis as unknown as { __bench: { paintedAt?: number } }).__bench.paintedAt,
    null,
    { timeout: 60_000 },
  );
  const cpu = clock ? await clock() : Number.NaN;
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
  const timings = await page.evaluate(() => {
    const painted = (globalThis as unknown as { __bench: { paintedAt: number } }).__bench.paintedAt;
    const get = performance
      .getEntriesByType('resource')
      .find((entry) => /^\/api\/workflows\/[^/]+$/.test(new URL(entry.name).pathname)) as
      | { responseEnd: number }
      | undefined;
    const fcp = performance
      .getEntriesByType('paint' as Parameters<typeof performance.getEntriesByType>[0])
      .find((entry) => entry.name === 'first-contentful-paint');
    const navigation = performance.getEntriesByType(
      'navigation' as Parameters<typeof performance.getEntriesByType>[0],
    )[0] as unknown as { domContentLoadedEventEnd: number } | undefined;
    return {
      painted,
      loaded: get ? get.responseEnd : Number.NaN,
      contentful: fcp ? fcp.startTime : Number.NaN,
      domContentLoaded: navigation?.domContentLoadedEventEnd ?? Number.NaN,
    };
  });
  return { ...timings, cpu };
}

/**
 * Clicks the n-th card on the canvas and returns ms from the click until the frame after its
 * step panel was attached has been painted, and the main-thread CPU time spent meanwhile (with
 * a clock); then closes the panel. The click is the element's
 * own `click()` (no pointer moving over the card first), the worst case for a panel that
 * preloads on hover.
 */
export async function measureSelect(
  page: Page,
  index: number,
  clock?: () => Promise<number>,
): Promise<{ ms: number; cpu: number }> {
  const cpuBefore = clock ? await clock() : Number.NaN;
  const ms = await page.evaluate(async (n) => {
    const w = globalThis as unknown as {
      document: PageDocument;
      MutationObserver: PageMutationObserver;
      requestAnimationFrame: (fn: () => void) => number;
    };
    const doc = w.document;
    const cards = doc.querySelectorAll('.react-flow__node');
    const card = cards[n % cards.length];
    const start = performance.now();
    return new Promise<number>((resolve) => {
      const observer = new w.MutationObserver(() => {
        if (doc.querySelector('[data-testid="step-panel"]')) {
          observer.disconnect();
          w.requestAnimationFrame(() => w.requestAnimationFrame(() => resolve(performance.now() - start)));
        }
      });
      observer.observe(doc.body, { childList: true, subtree: true });
      card.click();
    });
  }, index);
  const cpu = clock ? (await clock()) - cpuBefore : Number.NaN;
  await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } });
  await page.getByTestId('step-panel').waitFor({ state: 'detached' });
  return { ms, cpu };
}
