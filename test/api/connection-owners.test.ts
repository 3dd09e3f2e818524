// Connections' owners (issue "Who may come in"): a connection is private to its creator unless
// shared with the workspace; another member cannot see, open, change, delete or test a private
// one, and only its creator shares it or takes it back. On SQLite and PostgreSQL.
import { PRIVATE_CONNECTION_TEXT } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, openHarness, openTestDatabases } from './harness.js';
import { type Member, workspaceWithRoles } from './members.js';

describe.each(openTestDatabases())("connections' owners on $dialect", (testDb) => {
  let h: ApiHarness;
  let editor: Member;
  let admin: Member;
  let connectionId = '';

  beforeAll(async () => {
    h = await openHarness(testDb);
    ({ editor, admin } = await workspaceWithRoles(h));
    const created = await h.call('POST', '/api/credentials', {
      token: editor.token,
      body: { app: 'demo-crm', name: "Editor's CRM", values: { api_key: 'private-key-value-5521' } },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ visibility: 'private', userId: editor.userId });
    connectionId = created.json.id;
  });
  afterAll(() => h?.close());

  it('keeps a new connection private: another member does not list it and cannot open, change, test or delete it', async () => {
    const list = await h.call('GET', '/api/credentials', { token: admin.token });
    expect(list.json.items.map((c: { id: string }) => c.id)).not.toContain(connectionId);
    const calls = [
      ['GET', `/api/credentials/${connectionId}`, undefined],
      ['PATCH', `/api/credentials/${connectionId}`, { name: 'Mine now' }],
      ['POST', `/api/credentials/${connectionId}/check`, undefined],
      ['DELETE', `/api/credentials/${connectionId}`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      const res = await h.call(method, url, { token: admin.token, body });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.json).toMatchObject({ code: 'connection.private', detail: PRIVATE_CONNECTION_TEXT });
      expect(res.text).not.toContain('private-key-value-5521');
    }
    const own = await h.call('GET', `/api/credentials/${connectionId}`, { token: editor.token });
    expect(own.status).toBe(200);
    expect(own.json.name).toBe("Editor's CRM");
  });

  it('lets its creator share it with the workspace, and only its creator take it back', async () => {
    const shared = await h.call('PATCH', `/api/credentials/${connectionId}`, {
      token: editor.token,
      body: { visibility: 'workspace' },
    });
    expect(shared.status, shared.text).toBe(200);
    expect(shared.json.visibility).toBe('workspace');
    const list = await h.call('GET', '/api/credentials', { token: admin.token });
    expect(list.json.items.map((c: { id: string }) => c.id)).toContain(connectionId);
    expect((await h.call('GET', `/api/credentials/${connectionId}`, { token: admin.token })).status).toBe(200);

    const takeBack = await h.call('PATCH', `/api/credentials/${connectionId}`, {
      token: admin.token,
      body: { visibility: 'private' },
    });
    expect(takeBack.status).toBe(403);
    expect(takeBack.json.detail).toBe('Only the member who made this connection can change who may use it.');
    const bad = await h.call('PATCH', `/api/credentials/${connectionId}`, {
      token: editor.token,
      body: { visibility: 'everyone' },
    });
    expect(bad.status).toBe(400);
  });
});
