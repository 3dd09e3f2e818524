/**
 * A large workflow in the browser: the canvas opens with the steps around its first view, then
 * takes every step once the browser is idle (BENCHMARKS.md "Editor"); panning far down the
 * chain shows its cards and links, and the minimap comes.
 */
import { createLink, createStepData, type Link, type Step, WORKFLOW_SCHEMA_VERSION } from '@junction/core';
import { describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, useE2ESession } from './harness.js';
import { putDocument, signUp, storeToken } from './workflow-fixtures.js';

const session = useE2ESession();

describe('a 300-step workflow in the editor', { timeout: E2E_TEST_TIMEOUT_MS * 2 }, () => {
  it('opens on its first steps and shows the far end of the chain, linked, when panned there', async () => {
    const grant = await signUp(session().baseUrl, 'large');
    const steps: Step[] = [];
    const links: Link[] = [];
    for (let i = 0; i < 300; i += 1) {
      steps.push({
        id: `s${i}`,
        kind: i === 0 ? 'trigger' : 'action',
        position: { x: 220, y: 40 + i * 180 },
        data: createStepData({
          name: i === 0 ? 'Catch Hook in Webhook' : `Step ${i}`,
          type: i === 0 ? 'webhook' : 'http',
          label: i === 0 ? 'Webhook' : 'HTTP request',
          action: i === 0 ? 'catchHook' : 'customRequest',
        }),
      });
      if (i > 0) links.push(createLink({ id: `l${i}`, source: `s${i - 1}`, target: `s${i}` }));
    }
    await putDocument(session().baseUrl, grant, {
      schemaVersion: WORKFLOW_SCHEMA_VERSION,
      id: grant.workflowId,
      name: '300 steps',
      active: false,
      steps,
      links,
    });
    const page = await session().newPage();
    await page.addInitScript(storeToken, grant.token);
    await page.goto(`${session().baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`);
    await page.locator('[data-step-id="s0"]').waitFor();
    // Every step has reached React Flow once the minimap (which waits for them) shows.
    await page.locator('.react-flow__minimap').waitFor();
    const shownIds = () =>
      page
        .locator('[data-testid="step-card"]')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-step-id')));
    expect(await shownIds()).toContain('s1');

    // The canvas pans on scroll: far down the chain, beyond the steps the first frame had.
    const pane = page.getByTestId('workflow-canvas');
    await pane.hover({ position: { x: 300, y: 300 } });
    for (let i = 0; i < 10; i += 1) await page.mouse.wheel(0, 2000);
    await expect
      .poll(async () => Math.min(...(await shownIds()).map((id) => Number(id?.slice(1)))), { timeout: 10_000 })
      .toBeGreaterThan(30);
    const far = await shownIds();
    expect(far).not.toContain('s0');
    // Consecutive cards in view are linked.
    const numbers = far.map((id) => Number(id?.slice(1))).sort((a, b) => a - b);
    for (const n of numbers.slice(1)) {
      expect(await page.locator(`[data-id="l${n}"]`).count(), `link l${n}`).toBe(1);
    }
  });
});
