/**
 * A link to a workflow of another workspace (`/?id=…&t=…`, editor-core 2.1): an account that
 * belongs to that workspace is switched to it and the workflow opens; anyone else gets the
 * no-access text with a way back to their own workflows, and nothing about the workspace.
 * Screenshots: test/e2e/screenshots/workspace-link-*.png.
 */
import { describe, expect, it } from 'vitest';
import { apiCall } from './crm-fixtures.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { signUp, storeToken } from './workflow-fixtures.js';

const session = useE2ESession();

const call = (method: string, path: string, token: string | null, body?: unknown) =>
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  apiCall<any>(session().baseUrl, method, path, token, body);

describe('a link to a workflow of another workspace', { timeout: E2E_TEST_TIMEOUT_MS * 4 }, () => {
  it('switches a member to that workspace and opens it; a stranger gets the no-access page with a way back', async () => {
    const owner = await signUp(session().baseUrl, 'link-owner');
    const ownerMe = (await call('GET', '/api/auth/me', owner.token)).json;
    const ownerSpace = ownerMe.currentTenantId as string;
    const spaceName = ownerMe.tenants.find((m: { tenant: { id: string } }) => m.tenant.id === ownerSpace).tenant
      .name as string;
    const workflowName = (await call('GET', `/api/workflows/${owner.workflowId}`, owner.token)).json.name as string;

    // A member of both workspaces, whose session is in their own.
    const member = await signUp(session().baseUrl, 'link-member');
    const memberMe = (await call('GET', '/api/auth/me', member.token)).json;
    const ownSpace = memberMe.currentTenantId as string;
    const sent = await call('POST', '/api/invitations', owner.token, { email: memberMe.email, role: 'editor' });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const invitationToken = decodeURIComponent(String(sent.json.link).split('/invite/')[1]);
    expect((await call('POST', '/api/invitations/accept', member.token, { token: invitationToken })).status).toBe(200);
    expect((await call('POST', `/api/tenants/${ownSpace}/switch`, member.token)).status).toBe(204);

    const link = `/?id=${encodeURIComponent(owner.workflowId)}&t=${encodeURIComponent(ownerSpace)}`;
    const page = await session().newPage();
    await page.addInitScript(storeToken, member.token);
    await page.goto(`${session().baseUrl}${link}`);
    await page.getByRole('switch', { name: 'Workflow ON/OFF' }).waitFor();
    // The editor opened the workflow (its switch and canvas), not the no-access page.
    await page.getByTestId('step-card').first().waitFor();
    expect(await page.getByText('No access to workflow').count()).toBe(0);
    expect((await call('GET', '/api/auth/me', member.token)).json.currentTenantId).toBe(ownerSpace);
    await saveScreenshot(page, 'workspace-link-switched');

    // Someone outside the workspace: the no-access text, a way back, and not a word about it.
    const stranger = await signUp(session().baseUrl, 'link-stranger');
    const strangerPage = await session().newPage();
    await strangerPage.addInitScript(storeToken, stranger.token);
    await strangerPage.goto(`${session().baseUrl}${link}`);
    await strangerPage.getByRole('alert').filter({ hasText: 'No access to workflow.' }).waitFor();
    const back = strangerPage.getByRole('link', { name: 'Go to my workflows' });
    await back.waitFor();
    const text = (await strangerPage.locator('body').textContent()) ?? '';
    expect(text).not.toContain(spaceName);
    expect(text).not.toContain(workflowName);
    await saveScreenshot(strangerPage, 'workspace-link-no-access');
    await back.click();
    await strangerPage.waitForURL(/\/workflows$/);
    expect(session().pageErrors).toEqual([]);
  });
});
