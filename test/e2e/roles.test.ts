/**
 * Roles in the browser against the real server: a viewer invited to a workspace opens its
 * workflow and finds the ON/OFF switch and Share disabled, each saying why (core's permission
 * table), and the connections page and the members card tell them they cannot. Screenshots:
 * test/e2e/screenshots/roles-*.png.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiCall } from './crm-fixtures.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { signUp, storeToken, switchSettled, TEST_PASSWORD } from './workflow-fixtures.js';

const session = useE2ESession();

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
const call = (method: string, path: string, token: string | null, body?: unknown) =>
  apiCall<any>(session().baseUrl, method, path, token, body);

/** The owner's workspace with one more person in it, invited with `role` and signed up through the link. */
async function invite(role: 'viewer' | 'editor' | 'admin') {
  const owner = await signUp(session().baseUrl, 'owner');
  const email = `${role}-${randomUUID()}@example.com`;
  const sent = await call('POST', '/api/invitations', owner.token, { email, role });
  expect(sent.status, JSON.stringify(sent.json)).toBe(201);
  const invitationToken = decodeURIComponent(String(sent.json.link).split('/invite/')[1]);
  const joined = await call('POST', '/api/auth/sign-up', null, {
    email,
    password: TEST_PASSWORD,
    firstName: 'Vera',
    invitationToken,
  });
  expect(joined.status, JSON.stringify(joined.json)).toBe(201);
  return { owner, member: { email, token: joined.json.token as string } };
}

describe('roles in the browser', { timeout: E2E_TEST_TIMEOUT_MS * 3 }, () => {
  it('shows a viewer the ON/OFF switch and Share disabled, with the reason', async () => {
    const { owner, member } = await invite('viewer');
    const page = await session().newPage();
    await page.addInitScript(storeToken, member.token);
    await page.goto(`${session().baseUrl}/?id=${encodeURIComponent(owner.workflowId)}`);
    const toggle = page.getByRole('switch', { name: 'Workflow ON/OFF' });
    await toggle.waitFor();
    await switchSettled(page);

    // The role arrives with GET /api/auth/me, after the switch has drawn.
    await expect.poll(() => toggle.getAttribute('aria-description')).toBe('Viewers cannot switch workflows ON or OFF.');
    expect(await toggle.isDisabled()).toBe(true);
    const share = page.getByRole('button', { name: 'Share', exact: true });
    expect(await share.isDisabled()).toBe(true);
    expect(await share.getAttribute('aria-description')).toBe('Viewers cannot share workflows.');

    // A viewer reads the workflow; the editor says so and keeps nothing they move.
    await page.getByTestId('read-only-banner').filter({ hasText: 'Viewers cannot edit workflows.' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Triggers' }).count()).toBe(0);

    // The tooltip over the disabled switch says why (its trigger is a span, which gets the hover).
    await toggle.hover({ force: true });
    await page.getByRole('tooltip').filter({ hasText: 'Viewers cannot switch workflows ON or OFF.' }).waitFor();
    await saveScreenshot(page, 'roles-viewer-switch');

    // The server agrees: the same switch through the API is refused with the same words.
    const refused = await call('PUT', `/api/workflows/${owner.workflowId}/active`, member.token, { active: true });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'auth.role', detail: 'Viewers cannot switch workflows ON or OFF.' });
  });

  it('tells a viewer they cannot open connections or manage members', async () => {
    const { member } = await invite('viewer');
    const page = await session().newPage();
    await page.addInitScript(storeToken, member.token);
    await page.goto(`${session().baseUrl}/workflows`);
    const listed = page.getByRole('switch').first();
    await expect.poll(() => listed.getAttribute('aria-description')).toBe('Viewers cannot switch workflows ON or OFF.');
    expect(await listed.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Create workflow' }).isDisabled()).toBe(true);

    await page.goto(`${session().baseUrl}/connections`);
    await page.getByText('Viewers cannot see, create or use connections.', { exact: false }).waitFor();
    await saveScreenshot(page, 'roles-viewer-connections');

    await page.goto(`${session().baseUrl}/settings`);
    await page.getByTestId('members-refusal').filter({ hasText: 'Viewers cannot manage members.' }).waitFor();
    await expect.poll(() => page.getByLabel('Workspace name').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    await saveScreenshot(page, 'roles-viewer-settings');
  });

  it("lets an admin change a member's role from the members card", async () => {
    const { owner, member } = await invite('editor');
    const page = await session().newPage();
    await page.addInitScript(storeToken, owner.token);
    await page.goto(`${session().baseUrl}/settings`);
    const select = page.getByLabel(`Role of Vera`);
    await select.waitFor();
    await select.selectOption('viewer');
    await page.getByText(`${member.email} is now Viewer.`).waitFor();
    const me = await call('GET', '/api/auth/me', member.token);
    expect(me.json.tenants[0].role).toBe('viewer');
    await saveScreenshot(page, 'roles-owner-members');
  });
});
