/**
 * axe-core in the browser tests: runs it in a page and returns the serious and critical
 * violations, one line each. Evaluated over the DevTools protocol: the app's CSP
 * (script-src 'self') rightly refuses inline scripts.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
let axeSource: Promise<string> | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** The serious and critical axe violations of the page as it is now (`[]` when none). */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) {
    axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(await axeSource);
  }
  const result = (await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: unknown[]; passes: unknown[] }> } })
      .axe;
    const { violations, passes } = await axe.run();
    return { violations, passes: passes.length };
  })) as { violations: AxeViolation[]; passes: number };
  // axe really looked: a page with controls passes several rules.
  expect(result.passes).toBeGreaterThan(5);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}
