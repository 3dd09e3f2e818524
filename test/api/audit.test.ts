// The audit log (issue "Who may come in", audit): what the features record, who may read it,
// its filters and pages, the JSON-lines download, and its retention; on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPruner, retentionPolicy } from '../../server/src/engine/retention.js';
import { createRepos } from '../../server/src/store/repos/index.js';
import { type ApiHarness, GOOD_PASSWORD, openHarness, openTestDatabases } from './harness.js';
import { type Member, workspaceWithRoles } from './members.js';

describe.each(openTestDatabases())('audit log on $dialect', (testDb) => {
  let h: ApiHarness;
  let members: Record<'viewer' | 'editor' | 'admin' | 'owner', Member>;
  let tenantId: string;

  const audit = async (token: string, query = '') =>
    h.call('GET', `/api/tenants/${tenantId}/audit${query ? `?${query}` : ''}`, { token });

  beforeAll(async () => {
    h = await openHarness(testDb);
    members = await workspaceWithRoles(h);
    tenantId = members.owner.tenantId;
  });
  afterAll(() => h?.close());

  it('records sign-ins and failed sign-ins with who, when and from which address', async () => {
    const wrong = await h.call('POST', '/api/auth/log-in', {
      body: { email: members.editor.email, password: 'not-the-password-1' },
    });
    expect(wrong.status).toBe(401);
    const right = await h.call('POST', '/api/auth/log-in', {
      body: { email: members.editor.email, password: GOOD_PASSWORD },
    });
    expect(right.status).toBe(200);
    // The editor's first workspace is their own; the failed attempt shows in every one of theirs.
    const failed = await audit(members.owner.token, 'action=auth.sign_in_failed');
    expect(failed.status).toBe(200);
    expect(failed.json.items[0]).toMatchObject({
      action: 'auth.sign_in_failed',
      actorId: members.editor.userId,
      actorEmail: members.editor.email,
      address: '127.0.0.1',
    });
    expect(Date.parse(failed.json.items[0].at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records connections, switching, member changes and sign-outs, newest first', async () => {
    const owner = members.owner.token;
    const second = await h.call('POST', '/api/auth/log-in', {
      body: { email: members.owner.email, password: GOOD_PASSWORD },
    });
    expect((await h.call('POST', '/api/auth/log-out', { token: second.json.token })).status).toBe(204);
    const created = await h.call('POST', '/api/credentials', {
      token: owner,
      body: { app: 'demo-crm', name: 'CRM', values: { api_key: 'secret-audit-value-81' } },
    });
    expect(created.status).toBe(201);
    await h.call('POST', `/api/credentials/${created.json.id}/check`, { token: owner });
    await h.call('DELETE', `/api/credentials/${created.json.id}`, { token: owner });
    const off = await h.call('PUT', `/api/workflows/${members.owner.workflowId}/active`, {
      token: owner,
      body: { active: false },
    });
    expect(off.status, off.text).toBe(200);
    const role = await h.call('PATCH', `/api/tenants/${tenantId}/members/${members.viewer.userId}`, {
      token: members.admin.token,
      body: { role: 'editor' },
    });
    expect(role.status, role.text).toBe(200);
    await h.call('PATCH', `/api/tenants/${tenantId}/members/${members.viewer.userId}`, {
      token: members.admin.token,
      body: { role: 'viewer' },
    });

    const page = await audit(members.admin.token, 'limit=200');
    const actions = page.json.items.map((e: { action: string }) => e.action);
    for (const action of [
      'connection.created',
      'connection.tested',
      'connection.deleted',
      'workflow.switched_off',
      'member.role_changed',
      'auth.signed_in',
      'auth.signed_out',
    ]) {
      expect(actions).toContain(action);
    }
    expect(actions.indexOf('connection.deleted')).toBeLessThan(actions.indexOf('connection.created'));
    const change = page.json.items.find((e: { action: string }) => e.action === 'member.role_changed');
    expect(change).toMatchObject({ actorId: members.admin.userId, target: members.viewer.userId });
    expect(JSON.stringify(page.json)).not.toContain('secret-audit-value-81');
  });

  it("names a workflow's events by the workflow's name when it happened, and says whether it still exists", async () => {
    const owner = members.owner.token;
    const created = await h.call('POST', '/api/workflows', { token: owner, body: { name: 'Invoices to CRM' } });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const off = await h.call('PUT', `/api/workflows/${id}/active`, { token: owner, body: { active: false } });
    expect(off.status, off.text).toBe(200);
    // An event recorded before names were: the workflow's current name stands in.
    const repos = createRepos(h.db.db);
    await repos.audit.insert({
      id: `unnamed-${Date.now()}`,
      tenantId,
      at: new Date(Date.now() - 60_000).toISOString(),
      action: 'workflow.switched_on',
      actorId: members.owner.userId,
      actorEmail: members.owner.email,
      address: null,
      target: id,
      detail: '{}',
    });
    const events = async () =>
      (await audit(owner, 'limit=200')).json.items.filter((e: { target: string | null }) => e.target === id);

    const before = await events();
    expect(before.map((e: { action: string; workflow: unknown }) => [e.action, e.workflow])).toEqual([
      ['workflow.switched_off', { name: 'Invoices to CRM', exists: true }],
      ['workflow.switched_on', { name: 'Invoices to CRM', exists: true }],
    ]);

    expect((await h.call('DELETE', `/api/workflows/${id}`, { token: owner })).status).toBe(204);
    const after = await events();
    expect(after.map((e: { action: string; workflow: unknown }) => [e.action, e.workflow])).toEqual([
      ['workflow.deleted', { name: 'Invoices to CRM', exists: false }],
      ['workflow.switched_off', { name: 'Invoices to CRM', exists: false }],
      ['workflow.switched_on', { name: null, exists: false }],
    ]);
    const signIn = (await audit(owner, 'action=auth.signed_in')).json.items[0];
    expect(signIn).not.toHaveProperty('workflow');
  });

  it('lets only admins and the owner read it, naming what the role cannot do', async () => {
    for (const role of ['viewer', 'editor'] as const) {
      const res = await audit(members[role].token);
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({
        code: 'auth.role',
        detail: `${role === 'viewer' ? 'Viewers' : 'Editors'} cannot read the audit log.`,
      });
    }
    const other = await h.call('GET', `/api/tenants/${members.editor.userId}/audit`, { token: members.owner.token });
    expect(other.status).toBe(404);
  });

  it('filters by action and actor and pages with before', async () => {
    const byAdmin = await audit(members.owner.token, `actorId=${members.admin.userId}&action=member.role_changed`);
    expect(byAdmin.json.items).toHaveLength(2);
    const first = await audit(members.owner.token, 'limit=1');
    expect(first.json.items).toHaveLength(1);
    const second = await audit(members.owner.token, `limit=1&before=${encodeURIComponent(first.json.next)}`);
    expect(second.json.items[0].at <= first.json.items[0].at).toBe(true);
    expect(second.json.items[0].id).not.toBe(first.json.items[0].id);
    const unknown = await audit(members.owner.token, 'action=nope');
    expect(unknown.status).toBe(400);
    expect(unknown.json.field).toBe('query.action');
  });

  it('downloads as JSON lines, and records the download', async () => {
    const res = await h.call('GET', `/api/tenants/${tenantId}/audit/export`, { token: members.admin.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.jsonl"/);
    const lines = res.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.length).toBeGreaterThan(5);
    expect(lines[0]).toHaveProperty('action');
    const after = await audit(members.owner.token, 'action=export.audit');
    expect(after.json.items[0]).toMatchObject({ actorId: members.admin.userId, detail: { events: lines.length } });
  });

  it('forgets events older than AUDIT_KEEP_DAYS', async () => {
    const repos = createRepos(h.db.db);
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await repos.audit.insert({
      id: `old-${Date.now()}`,
      tenantId,
      at: old,
      action: 'auth.signed_in',
      actorId: null,
      actorEmail: null,
      address: null,
      target: null,
      detail: '{}',
    });
    const before = await audit(
      members.owner.token,
      `to=${encodeURIComponent(new Date(Date.now() - 300 * 86_400_000).toISOString())}`,
    );
    expect(before.json.items).toHaveLength(1);
    const pruner = createPruner({
      db: h.db.db,
      policy: retentionPolicy({ auditKeepDays: 365 }),
      now: Date.now,
      logger: { info() {}, warn() {}, error() {}, debug() {} } as never,
    });
    await pruner.pass();
    const after = await audit(
      members.owner.token,
      `to=${encodeURIComponent(new Date(Date.now() - 300 * 86_400_000).toISOString())}`,
    );
    expect(after.json.items).toHaveLength(0);
    expect((await audit(members.owner.token)).json.items.length).toBeGreaterThan(0);
  });
});
