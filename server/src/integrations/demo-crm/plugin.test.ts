import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTarget, type Target } from '../../../../test/fixtures/targets/target-server.js';
import { createHttpClient } from '../../security/http-client.js';
import { demoCrmPlugin } from './plugin.js';
import { createMemoryDemoCrmStorage, type DemoCrmStorage } from './storage.js';

let app: FastifyInstance;
let base: string;
let storage: DemoCrmStorage;
let key: string;
let otherKey: string;
let subscriber: Target;

async function call(method: string, path: string, body?: unknown, apiKey: string | null = key) {
  const headers: Record<string, string> = {};
  if (apiKey !== null) headers['X-Api-Key'] = apiKey;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  subscriber = await startTarget();
  storage = createMemoryDemoCrmStorage();
  key = await storage.issueApiKey('tenant_a');
  otherKey = await storage.issueApiKey('tenant_b');
  app = Fastify();
  const http = createHttpClient({ allowedHosts: `127.0.0.1:${subscriber.port}` });
  app.addHook('onClose', () => http.close());
  await app.register(demoCrmPlugin, { storage, http });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await app.close();
  await subscriber.close();
});

describe('Demo CRM API over HTTP', () => {
  it('answers 401 without a valid X-Api-Key', async () => {
    for (const apiKey of [null, '', 'dcrm_wrong']) {
      const res = await call('GET', '/demo-crm/contacts', undefined, apiKey);
      expect(res.status).toBe(401);
      expect(res.type).toContain('application/problem+json');
      expect(res.body).toMatchObject({ status: 401, detail: 'A valid API key is required in the X-Api-Key header.' });
    }
  });

  it('creates contacts and lists them newest first, per tenant', async () => {
    const first = await call('POST', '/demo-crm/contacts', {
      email: 'ada@example.com',
      firstName: 'Ada',
      tags: 'math, poetry',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: '',
      tags: ['math', 'poetry'],
    });
    expect(first.body.id).toEqual(expect.any(String));
    const second = await call('POST', '/demo-crm/contacts', { email: 'grace@example.com', tags: ['navy'] });
    const list = await call('GET', '/demo-crm/contacts');
    expect(list.status).toBe(200);
    expect(list.body.contacts.map((c: { id: string }) => c.id).slice(0, 2)).toEqual([second.body.id, first.body.id]);
    expect((await call('GET', '/demo-crm/contacts', undefined, otherKey)).body).toEqual({ contacts: [] });
    expect((await call('GET', '/demo-crm/contacts?limit=1')).body.contacts).toHaveLength(1);
    expect((await call('GET', '/demo-crm/contacts?limit=0')).body).toMatchObject({ status: 422, field: 'limit' });
  });

  it('finds contacts by e-mail, case-insensitively', async () => {
    await call('POST', '/demo-crm/contacts', { email: 'Find.Me@example.com' });
    const found = await call('GET', `/demo-crm/contacts?email=${encodeURIComponent('find.me@EXAMPLE.com')}`);
    expect(found.body.contacts.map((c: { email: string }) => c.email)).toEqual(['Find.Me@example.com']);
    expect((await call('GET', '/demo-crm/contacts?email=nobody%40example.com')).body).toEqual({ contacts: [] });
  });

  it('answers 422 naming email when it is missing or invalid', async () => {
    const missing = await call('POST', '/demo-crm/contacts', { firstName: 'No' });
    expect(missing.status).toBe(422);
    expect(missing.type).toContain('application/problem+json');
    expect(missing.body).toEqual({
      type: 'about:blank',
      title: 'Unprocessable Content',
      status: 422,
      code: 'rule.failed',
      detail: 'email is required.',
      field: 'email',
    });
    const invalid = await call('POST', '/demo-crm/contacts', { email: 'not-an-address' });
    expect(invalid.body).toMatchObject({ status: 422, field: 'email' });
    expect((await call('POST', '/demo-crm/contacts', { email: 'a@b.co', tags: [1] })).body).toMatchObject({
      field: 'tags',
    });
  });

  it('reads and patches one contact; other tenants get 404', async () => {
    const created = await call('POST', '/demo-crm/contacts', { email: 'linus@example.com', company: 'Old' });
    const id = created.body.id as string;
    expect((await call('GET', `/demo-crm/contacts/${id}`)).body).toMatchObject({ id, company: 'Old' });
    const patched = await call('PATCH', `/demo-crm/contacts/${id}`, { company: 'New', phone: 5551234 });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, email: 'linus@example.com', company: 'New', phone: '5551234' });
    expect((await call('PATCH', `/demo-crm/contacts/${id}`, { email: '' })).body).toMatchObject({
      status: 422,
      field: 'email',
    });
    expect((await call('GET', `/demo-crm/contacts/${id}`, undefined, otherKey)).status).toBe(404);
    expect((await call('PATCH', '/demo-crm/contacts/missing', { company: 'X' })).body).toMatchObject({
      status: 404,
      detail: 'Contact not found.',
    });
  });

  it('delivers contact.created to subscribed URLs and stops after unsubscribe', async () => {
    const hookUrl = `${subscriber.url}/echo`;
    const hook = await call('POST', '/demo-crm/hooks', { url: hookUrl, event: 'contact.created' });
    expect(hook.status).toBe(201);
    expect(hook.body).toMatchObject({ url: hookUrl, event: 'contact.created' });
    const created = await call('POST', '/demo-crm/contacts', { email: 'hooked@example.com' });
    await expect.poll(() => subscriber.requests.filter((r) => r.path === '/echo').length, { timeout: 5_000 }).toBe(1);
    const delivered = subscriber.requests.find((r) => r.path === '/echo')!;
    expect(delivered.method).toBe('POST');
    expect(delivered.headers['x-demo-crm-event']).toBe('contact.created');
    expect(delivered.body).toEqual({ event: 'contact.created', hookId: hook.body.id, contact: created.body });

    expect((await call('DELETE', `/demo-crm/hooks/${hook.body.id}`)).status).toBe(204);
    expect((await call('DELETE', `/demo-crm/hooks/${hook.body.id}`)).status).toBe(404);
    await call('POST', '/demo-crm/contacts', { email: 'unhooked@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(subscriber.requests.filter((r) => r.path === '/echo')).toHaveLength(1);
  });

  it('refuses subscriptions that are not http(s) URLs or other events', async () => {
    expect((await call('POST', '/demo-crm/hooks', { url: 'file:///etc/passwd' })).body).toMatchObject({
      status: 422,
      field: 'url',
    });
    expect(
      (await call('POST', '/demo-crm/hooks', { url: 'https://x.example/h', event: 'contact.deleted' })).body,
    ).toMatchObject({
      status: 422,
      field: 'event',
    });
  });
});
