/**
 * The audit page in the browser against the real server: what the test did through the API
 * (an invitation, a role change, a failed sign-in, a switch) is listed with who and from
 * where, workflows by name (linked while they exist), never by id; the action filter narrows it;
 * Download saves JSON lines. Screenshot: audit-page.png.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { apiCall } from './crm-fixtures.js';
import { E2E_TEST_TIMEOUT_MS, saveScreenshot, useE2ESession } from './harness.js';
import { signUp, storeToken, TEST_PASSWORD } from './workflow-fixtures.js';

const session = useE2ESession();

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
const call = (method: string, path: string, token: string | null, body?: unknown) =>
  apiCall<any>(session().baseUrl, method, path, token, body);

describe('the audit page', { timeout: E2E_TEST_TIMEOUT_MS * 3 }, () => {
  it('lists what the test did, filters by action and downloads JSON lines', async () => {
    const owner = await signUp(session().baseUrl, 'auditor');
    const email = `member-${randomUUID()}@example.com`;
    const sent = await call('POST', '/api/invitations', owner.token, { email, role: 'editor' });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const joined = await call('POST', '/api/auth/sign-up', null, {
      email,
      password: TEST_PASSWORD,
      firstName: 'Ada',
      invitationToken: decodeURIComponent(String(sent.json.link).split('/invite/')[1]),
    });
    expect(joined.status, JSON.stringify(joined.json)).toBe(201);
    const me = await call('GET', '/api/auth/me', owner.token);
    const tenantId = me.json.currentTenantId as string;
    const changed = await call('PATCH', `/api/tenants/${tenantId}/members/${joined.json.user.id}`, owner.token, {
      role: 'viewer',
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect((await call('POST', '/api/auth/log-in', null, { email, password: 'wrong-password-42' })).status).toBe(401);
    const off = await call('PUT', `/api/workflows/${owner.workflowId}/active`, owner.token, { active: false });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    const kept = (await call('GET', `/api/workflows/${owner.workflowId}`, owner.token)).json;
    // A workflow switched OFF then deleted: the log still names it, without a link.
    const gone = await call('POST', '/api/workflows', owner.token, { name: 'Old invoices to CRM' });
    expect(gone.status, JSON.stringify(gone.json)).toBe(201);
    await call('PUT', `/api/workflows/${gone.json.id}/active`, owner.token, { active: false });
    expect((await call('DELETE', `/api/workflows/${gone.json.id}`, owner.token)).status).toBe(204);

    const page = await session().newPage();
    await page.addInitScript(storeToken, owner.token);
    await page.goto(`${session().baseUrl}/audit`);
    const table = page.getByRole('table', { name: 'Audit log' });
    await table.waitFor();
    for (const text of [
      'Invited someone',
      'Accepted an invitation',
      'Changed a role',
      'Failed sign-in',
      'Switched a workflow OFF',
    ]) {
      await table.getByText(text, { exact: true }).first().waitFor();
    }
    expect(await table.getByText(email).count()).toBeGreaterThan(0);
    expect(await table.getByText('127.0.0.1').count()).toBeGreaterThan(0);
    // Workflows by name, never by id: the one that exists links to the editor, the deleted one says so.
    const link = table.getByRole('link', { name: kept.name, exact: true }).first();
    expect(await link.getAttribute('href')).toBe(`/?id=${encodeURIComponent(owner.workflowId)}`);
    await table.getByText('Old invoices to CRM (deleted)', { exact: true }).first().waitFor();
    expect(await table.getByRole('link', { name: 'Old invoices to CRM' }).count()).toBe(0);
    const shown = (await table.textContent()) ?? '';
    for (const id of [owner.workflowId, gone.json.id, joined.json.user.id]) expect(shown).not.toContain(id);
    // Details in words: the accepted invitation says how it was accepted, never `newAccount: true`.
    expect(shown).toContain('as a new account');
    expect(shown).not.toMatch(/\b[a-z]+[A-Z]\w*: /);
    // The date filter's From and To stay on one line together (a 'To' alone read as another filter).
    const [from, to] = await Promise.all([
      page.getByLabel('From', { exact: true }).boundingBox(),
      page.getByLabel('To', { exact: true }).boundingBox(),
    ]);
    expect(to?.y).toBe(from?.y);
    await saveScreenshot(page, 'audit-page');

    await page.getByLabel('Action').selectOption('member.role_changed');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByText('from: editor').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON lines' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.jsonl$/);
    const lines = (await readFile(await download.path(), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ action: 'member.role_changed', target: joined.json.user.id });

    // An editor is told the page is not theirs (the server refuses the same).
    const editorPage = await session().newPage();
    await editorPage.addInitScript(storeToken, joined.json.token);
    await editorPage.goto(`${session().baseUrl}/audit`);
    await editorPage.getByText('Viewers cannot read the audit log.', { exact: false }).waitFor();
  });
});
