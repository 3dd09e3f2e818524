/**
 * The dashboard's screens in both themes through the real server: the workflows list, its
 * runs list, the replay viewer and the sign-up modal look as their baselines (screen-<name>-
 * <theme>.png; a run's times and duration and the generated e-mail are masked), and they, the
 * 404 page, the dashboard home, connections, settings and profile have no serious or critical
 * axe violation in the light and the dark theme. With SHOTS=before|after the run also writes
 * test/visual/before-after/<screen>-<phase>.png (and <screen>-after-dark.png) for the
 * side-by-side record.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../e2e/axe-support.js';
import { E2E_TEST_TIMEOUT_MS, useE2ESession } from '../e2e/harness.js';
import { apiCall, hookToCrm, signUpWithCrm } from '../e2e/crm-fixtures.js';
import { eventually, storeToken } from '../e2e/workflow-fixtures.js';
import { expectMatchesBaseline, THEMES, themedContext } from './support.js';

const session = useE2ESession({ ownBrowser: true });
const SHOT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'before-after');
const PHASE = process.env.SHOTS === 'before' || process.env.SHOTS === 'after' ? process.env.SHOTS : undefined;

async function call<T>(method: string, route: string, token: string | null, body?: unknown): Promise<T> {
  const answer = await apiCall<T>(session().baseUrl, method, route, token, body);
  expect(answer.status, `${method} ${route}`).toBeLessThan(300);
  return answer.json;
}

interface Fixture {
  token: string;
  executionId: string;
}

async function setUp(): Promise<Fixture> {
  const grant = await signUpWithCrm(session().baseUrl, 'screens');
  // Webhook → Demo CRM "Create contact", as a user builds it.
  const created = await call<{ id: string }>('POST', '/api/workflows', grant.token, {
    name: 'New signups to CRM',
    document: hookToCrm(grant.credentialId, 'New signups to CRM'),
  });
  await call('PUT', `/api/workflows/${created.id}/active`, grant.token, { active: true });
  const hook = await call<{ url: string }>('GET', `/api/workflows/${created.id}/hook`, grant.token);
  await call('POST', new URL(hook.url).pathname, null, { email: 'ada@example.com' });
  let executionId = '';
  await eventually(async () => {
    const runs = await call<{ items: { id: string; status: string }[] }>(
      'GET',
      `/api/workflows/${created.id}/executions`,
      grant.token,
    );
    executionId = runs.items[0]?.id ?? '';
    return runs.items[0]?.status === 'succeeded';
  }, 'the webhook run');
  return { token: grant.token, executionId };
}

/** One screen: how to reach it from a fresh page of a signed-in (or not) user. */
interface Screen {
  name: string;
  signedIn: boolean;
  /** Compared with its baseline (the issue's key screens); the 404's baseline is screens.test.ts's. */
  baseline?: boolean;
  open: (page: Page, fixture: Fixture) => Promise<void>;
}

const go = (page: Page, route: string) => page.goto(`${session().baseUrl}${route}`);
const dashboardReady = async (page: Page) => {
  await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
  await page.waitForLoadState('networkidle');
};

const SCREENS: Screen[] = [
  {
    name: 'workflows',
    baseline: true,
    signedIn: true,
    open: async (page) => {
      await go(page, '/workflows');
      await dashboardReady(page);
      await page.getByTestId('workflow-row').first().waitFor();
    },
  },
  {
    name: 'runs',
    baseline: true,
    signedIn: true,
    open: async (page) => {
      await go(page, '/workflows');
      await dashboardReady(page);
      const row = page.getByTestId('workflow-row').filter({ hasText: 'New signups to CRM' });
      const menu = row.getByRole('button', { name: /^Actions for / });
      // The row is drawn before either control is counted.
      await menu
        .or(row.getByRole('button', { name: 'Runs' }))
        .first()
        .waitFor();
      if (await menu.count()) {
        await menu.click();
        await page.getByRole('menuitem', { name: 'Runs' }).click();
      } else {
        await row.getByRole('button', { name: 'Runs' }).click();
      }
      await page.getByRole('dialog').getByTestId('execution-row').first().waitFor();
    },
  },
  {
    name: 'replay',
    baseline: true,
    signedIn: true,
    open: async (page, fixture) => {
      await go(page, `/executions/${fixture.executionId}`);
      await page.getByTestId('replay-step').first().waitFor();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: 'sign-up',
    baseline: true,
    signedIn: false,
    open: async (page) => {
      await go(page, '/');
      await page.getByTestId('sign-up').getByRole('heading', { name: 'Create your free account' }).waitFor();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: 'not-found',
    signedIn: false,
    open: async (page) => {
      await go(page, '/no-such-page');
      await page.getByRole('heading', { level: 1 }).waitFor();
    },
  },
  {
    name: 'dashboard-home',
    signedIn: true,
    open: async (page) => {
      await go(page, '/dashboard');
      await dashboardReady(page);
    },
  },
  {
    name: 'connections',
    signedIn: true,
    open: async (page) => {
      await go(page, '/connections');
      await dashboardReady(page);
      await page.getByTestId('connection-row').first().waitFor();
    },
  },
  {
    name: 'settings',
    signedIn: true,
    open: async (page) => {
      await go(page, '/settings');
      await dashboardReady(page);
      await page.getByTestId('plan').waitFor();
    },
  },
  {
    name: 'profile',
    signedIn: true,
    open: async (page) => {
      await go(page, '/profile');
      await dashboardReady(page);
    },
  },
];

/**
 * What a run changes on these screens: times and how long a run took (their table cells and the
 * replay header's line, boxes whose size does not follow the text) and the account's generated
 * e-mail (behind a dialog too, where it has no role).
 */
const changing = (page: Page) => [
  page.locator('td:has(time)'),
  page.locator('td', { hasText: /^Finished in / }),
  page.locator('header p:has(time)'),
  page.locator('[aria-label^="Account: "]'),
];

describe('dashboard screens in both themes', { timeout: E2E_TEST_TIMEOUT_MS * 8 }, () => {
  let fixture: Promise<Fixture> | undefined;

  it.each(THEMES)('look as their baselines without serious axe violations in the %s theme', async (mode) => {
    fixture ??= setUp();
    const data = await fixture;
    const failures: string[] = [];
    for (const screen of SCREENS) {
      // A context per screen: a signed-in screen's token must not reach the signed-out ones.
      const context = await themedContext(session().browser, mode);
      try {
        const page = await context.newPage();
        if (screen.signedIn) await page.addInitScript(storeToken, data.token);
        await screen.open(page, data);
        await page.evaluate('document.fonts.ready.then(() => true)');
        for (const line of await seriousViolations(page)) failures.push(`${screen.name} (${mode}): ${line}`);
        if (PHASE && (mode === 'light' || PHASE === 'after')) {
          await mkdir(SHOT_DIR, { recursive: true });
          const suffix = mode === 'dark' ? `${PHASE}-dark` : PHASE;
          await page.screenshot({
            path: path.join(SHOT_DIR, `${screen.name}-${suffix}.png`),
            fullPage: true,
            animations: 'disabled',
            caret: 'hide',
          });
        }
        if (screen.baseline) {
          try {
            await expectMatchesBaseline(page, `screen-${screen.name}-${mode}`, changing(page));
          } catch (error) {
            failures.push(String(error));
          }
        }
      } finally {
        await context.close();
      }
    }
    expect(failures).toEqual([]);
  });
});
