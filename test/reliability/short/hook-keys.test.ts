/**
 * Anyone could start anyone's workflow (hostile pass): `/hooks/{workflowId}` started a schedule
 * or form workflow with whatever data was posted, and workflow ids are public (template
 * documents, form links). Webhooks now need the workflow's own random key, only a Webhook or an
 * app's instant trigger takes them, a rotation kills the old URL at once, forms answer only to
 * their own id, and a shared template carries no live id of its author's workspace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../../api/harness.js';
import { hookPathOf } from '../support/hooks.js';

describe.each(openTestDatabases())('webhook keys on $dialect', { timeout: 60_000 }, (testDb) => {
  let h: ApiHarness;
  let user: Account;
  const starter = async (template: number) => {
    const res = await h.call('POST', '/api/starters', { token: user.token, body: { template } });
    expect(res.status, res.text).toBe(201);
    return res.json.id as string;
  };
  const executions = async (workflowId: string) =>
    (await h.call('GET', `/api/workflows/${workflowId}/executions`, { token: user.token })).json.items as unknown[];

  beforeAll(async () => {
    h = await openHarness(testDb, { logLevel: 'warn', rateLimits: false });
    user = await signUp(h, 'hook-keys');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('starts a schedule or form workflow by no /hooks address at all', async () => {
    for (const template of [5, 1]) {
      const id = await starter(template);
      const byId = await h.call('POST', `/hooks/${id}`, { body: { scheduledAt: 'INJECTED' } });
      expect([template, byId.status]).toEqual([template, 404]);
      const byKey = await h.call('POST', await hookPathOf(h, user.token, id), { body: { scheduledAt: 'INJECTED' } });
      expect([template, byKey.status]).toEqual([template, 404]);
      expect(await executions(id)).toEqual([]);
    }
  });

  it('takes a webhook only at its random key, and a rotation kills the old URL at once', async () => {
    const id = await starter(0);
    const first = await hookPathOf(h, user.token, id);
    const key = first.split('/').pop() as string;
    // At least 128 random bits, and nothing of the workflow id.
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first).not.toContain(id);
    expect((await h.call('POST', `/hooks/${id}`, { body: { email: 'a@example.com' } })).status).toBe(404);
    expect((await h.call('POST', first, { body: { email: 'a@example.com' } })).status).toBe(200);

    const rotated = await h.call('POST', `/api/workflows/${id}/hook`, { token: user.token });
    expect(rotated.status, rotated.text).toBe(200);
    const second = new URL(rotated.json.url).pathname;
    expect(second).not.toBe(first);
    expect((await h.call('POST', first, { body: { email: 'b@example.com' } })).status).toBe(404);
    expect((await h.call('POST', second, { body: { email: 'c@example.com' } })).status).toBe(200);
    expect(await hookPathOf(h, user.token, id)).toBe(second);
    expect(await executions(id)).toHaveLength(2);

    // Another workspace can neither read nor rotate it.
    const other = await signUp(h, 'hook-keys-other');
    expect((await h.call('GET', `/api/workflows/${id}/hook`, { token: other.token })).status).toBe(404);
    expect((await h.call('POST', `/api/workflows/${id}/hook`, { token: other.token })).status).toBe(404);
  });

  it('shares a template that carries no workflow id, credential id or hook key of its author', async () => {
    const id = await starter(0);
    const hookPath = await hookPathOf(h, user.token, id);
    const stored = await h.call('GET', `/api/workflows/${id}`, { token: user.token });
    const document = stored.json.document;
    document.steps[1].data.credential = 'cred-live-id';
    expect((await h.call('PUT', `/api/workflows/${id}`, { token: user.token, body: { document } })).status).toBe(200);
    const shared = await h.call('POST', `/api/workflows/${id}/share`, {
      token: user.token,
      body: { title: 'Mine', description: '' },
    });
    expect(shared.status, shared.text).toBe(201);
    const template = await h.call('GET', `/api/templates/${shared.json.templateId}`);
    expect(template.status).toBe(200);
    expect(template.text).not.toContain(id);
    expect(template.text).not.toContain('cred-live-id');
    expect(template.text).not.toContain(hookPath.split('/').pop());
  });
});
