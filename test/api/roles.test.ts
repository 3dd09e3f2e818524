// The role matrix (issue "Who may come in", roles): every operation of the contract × every
// role, with the answer core's permission table says. Walking the yaml means a new route is
// covered the day it is added; the table's own test fails when a route has no entry.
import { ACTIONS, can, operationAccess, ROLES, type Action, type Role } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/src/http/openapi.js';
import { type ApiHarness, fillPath, openHarness, openTestDatabases } from './harness.js';
import { type Member, workspaceWithRoles } from './members.js';
import { sampleOf } from './sample.js';

const contract = loadContract();
// Routes that act in a workspace: the ones the table gives an action (public and session-only
// routes are about the caller, not a workspace).
const workspaceOperations = contract.operations.filter((o) => {
  const access = operationAccess(o.operationId);
  return access !== undefined && access !== 'public' && access !== 'session-only';
});
const cases = workspaceOperations.flatMap((op) => ROLES.map((role) => [`${op.operationId} as ${role}`, op, role] as const));

describe.each(openTestDatabases())('roles on $dialect', (testDb) => {
  let h: ApiHarness;
  let members: Record<Role, Member>;

  beforeAll(async () => {
    h = await openHarness(testDb);
    members = await workspaceWithRoles(h);
  });
  afterAll(() => h?.close());

  it('covers the routes that keep a viewer from changing things', () => {
    const ids = workspaceOperations.map((o) => o.operationId);
    for (const id of ['setWorkflowActive', 'updateWorkflow', 'testStep', 'shareWorkflow', 'listCredentials']) {
      expect(ids).toContain(id);
    }
    expect(ids.length).toBeGreaterThan(50);
  });

  it.each(cases)('%s', async (_name, op, role) => {
    const member = members[role];
    // The workspace's own id where the path names one; ids of nothing elsewhere, so an allowed
    // call reaches the handler and ends in 404 or a rule, and nothing of the fixture is changed.
    const url = fillPath(op.path, (name) => (name === 'tenantId' ? member.tenantId : `missing-${name}`));
    const query = op.parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => `${p.name}=${encodeURIComponent(String(sampleOf(contract.document, p.schema)))}`)
      .join('&');
    const body = op.body ? sampleOf(contract.document, op.body.schema) : undefined;
    const res = await h.call(op.method, query ? `${url}?${query}` : url, { token: member.token, body });

    const answer = can(role, operationAccess(op.operationId) as Action);
    if (answer.allowed) {
      expect(res.status, res.text).not.toBe(401);
      expect(res.json?.code, res.text).not.toBe('auth.role');
    } else {
      expect(res.status, res.text).toBe(403);
      expect(res.json).toMatchObject({ code: 'auth.role', detail: answer.reason });
    }
  });

  it('checks the role in the workspace a path names, not the one the session is in', async () => {
    // The editor's session is in the shared workspace; their own first workspace is theirs.
    const editor = members.editor;
    const own = await h.call('GET', '/api/auth/me', { token: editor.token });
    const ownTenant = own.json.tenants.find((t: { role: string }) => t.role === 'owner').tenant.id;
    const rename = await h.call('PATCH', `/api/tenants/${ownTenant}`, { token: editor.token, body: { name: 'Mine' } });
    expect(rename.status, rename.text).toBe(200);
    const shared = await h.call('PATCH', `/api/tenants/${editor.tenantId}`, {
      token: editor.token,
      body: { name: 'Not yours' },
    });
    expect(shared.status).toBe(403);
    expect(shared.json).toMatchObject({ code: 'auth.role', detail: 'Editors cannot change workspace settings.' });
  });

  it('tells each member their role in every workspace (GET /api/auth/me)', async () => {
    for (const role of ROLES) {
      const me = await h.call('GET', '/api/auth/me', { token: members[role].token });
      const current = me.json.tenants.find((t: { tenant: { id: string } }) => t.tenant.id === me.json.currentTenantId);
      expect(current.role).toBe(role);
    }
  });

  it('names in the table every action it uses', () => {
    for (const op of workspaceOperations) expect(ACTIONS).toHaveProperty(operationAccess(op.operationId) as string);
  });
});
