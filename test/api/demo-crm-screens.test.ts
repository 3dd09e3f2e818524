import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from './harness.js';

/** The Demo CRM's own API as its screens (/demo-crm) call it: with the Junction session. */
describe.each(openTestDatabases())('the Demo CRM screens on $dialect', (testDb) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await openHarness(testDb);
  });
  afterAll(() => h?.close());

  it('lists and adds contacts signed in, in the workspace of the session', async () => {
    const a = await signUp(h, 'crm-a');
    const b = await signUp(h, 'crm-b');
    expect((await h.call('GET', '/demo-crm/contacts', { token: a.token })).json).toEqual({ contacts: [] });
    const added = await h.call('POST', '/demo-crm/contacts', {
      token: a.token,
      body: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', company: '' },
    });
    expect(added.status).toBe(201);
    const mine = await h.call('GET', '/demo-crm/contacts', { token: a.token });
    expect(mine.json.contacts.map((c: { email: string }) => c.email)).toEqual(['ada@example.com']);
    expect((await h.call('GET', '/demo-crm/contacts', { token: b.token })).json.contacts).toEqual([]);
    // A session that ended is no way in.
    await h.call('POST', '/api/auth/log-out', { token: b.token });
    expect((await h.call('GET', '/demo-crm/contacts', { token: b.token })).status).toBe(401);
  });

  it('creates, lists and revokes API keys in Settings → API, signed in only', async () => {
    const a = await signUp(h, 'keys-a');
    const b = await signUp(h, 'keys-b');
    const created = await h.call('POST', '/demo-crm/keys', { token: a.token });
    expect(created.status).toBe(201);
    const apiKey = created.json.apiKey as string;
    expect(apiKey).toMatch(/^dcrm_/);
    const withKey = { headers: { 'x-api-key': apiKey } };
    expect((await h.call('GET', '/demo-crm/contacts', withKey)).status).toBe(200);

    const listed = await h.call('GET', '/demo-crm/keys', { token: a.token });
    expect(listed.json.keys).toHaveLength(1);
    expect(listed.json.keys[0]).toEqual({ id: created.json.key.id, createdAt: expect.any(String) });
    expect(listed.text).not.toContain(apiKey.slice(5));
    // A key cannot manage keys; another workspace cannot see or revoke them.
    expect((await h.call('GET', '/demo-crm/keys', withKey)).status).toBe(401);
    expect((await h.call('GET', '/demo-crm/keys', { token: b.token })).json.keys).toEqual([]);
    const id = listed.json.keys[0].id as string;
    expect((await h.call('DELETE', `/demo-crm/keys/${id}`, { token: b.token })).status).toBe(404);

    expect((await h.call('DELETE', `/demo-crm/keys/${id}`, { token: a.token })).status).toBe(204);
    expect((await h.call('GET', '/demo-crm/contacts', withKey)).status).toBe(401);
    expect((await h.call('GET', '/demo-crm/keys', { token: a.token })).json.keys).toEqual([]);
    expect((await h.call('DELETE', '/demo-crm/keys/not-an-id', { token: a.token })).status).toBe(404);
  });
});
