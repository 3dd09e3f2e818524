import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from './harness.js';

describe.each(openTestDatabases())('bad input on $dialect', (testDb) => {
  let h: ApiHarness;
  let account: Account;
  beforeAll(async () => {
    h = await openHarness(testDb);
    account = await signUp(h, 'bad-input');
  });
  afterAll(() => h?.close());

  /** Sends a raw body to POST /api/workflows and checks the answer is a clean Problem. */
  async function expectProblem(
    status: number,
    raw: string | Buffer,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) {
    const res = await h.call('POST', '/api/workflows', { token: account.token, raw, headers });
    expect(res.status, res.text).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json).toMatchObject({ type: 'about:blank', status });
    expect(typeof res.json.detail).toBe('string');
    expect(res.text).not.toMatch(/at .*\.(ts|js):\d+|FST_|node_modules/);
    return res.json;
  }

  it('refuses malformed JSON with 400', async () => {
    const problem = await expectProblem(400, '{"name": ');
    expect(problem).toMatchObject({ title: 'Bad Request', field: 'body', detail: 'The body is not valid JSON.' });
  });

  it('names the field of a wrong type', async () => {
    const problem = await expectProblem(400, JSON.stringify({ name: 42 }));
    expect(problem).toMatchObject({ field: 'body.name', detail: 'body.name must be string.' });
    expect(problem.errors).toEqual([{ field: 'body.name', message: 'body.name must be string.' }]);
  });

  it('refuses unknown fields', async () => {
    const problem = await expectProblem(400, JSON.stringify({ name: 'x', isAdmin: true }));
    expect(problem).toMatchObject({ field: 'body.isAdmin', detail: 'body.isAdmin is not an accepted field.' });
  });

  it('refuses a 50 MB body with 413', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(50 * 1024 * 1024) });
    const problem = await expectProblem(413, big);
    expect(problem.title).toBe('Content Too Large');
  });

  it('refuses 100,000-deep JSON with 400 before parsing it', async () => {
    const deep = `{"name":"x","document":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const problem = await expectProblem(400, deep);
    expect(problem.detail).toBe('The body nests deeper than 64 levels.');
  });

  it('refuses __proto__ and constructor.prototype keys, and nothing gets polluted', async () => {
    const proto = await expectProblem(400, '{"name":"x","__proto__":{"polluted":"yes"}}');
    expect(proto.detail).toBe('The body must not contain __proto__ or constructor.prototype keys.');
    await expectProblem(400, '{"name":"x","constructor":{"prototype":{"polluted":"yes"}}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a body without a JSON content type with 415', async () => {
    const missing = await expectProblem(415, JSON.stringify({ name: 'x' }), {});
    expect(missing.title).toBe('Unsupported Media Type');
    await expectProblem(415, 'name=x', { 'content-type': 'application/x-www-form-urlencoded' });
    await expectProblem(415, '{"name":"x"}', { 'content-type': 'text/plain' });
  });

  it('keeps serving afterwards and stored nothing', async () => {
    const health = await h.call('GET', '/api/health');
    expect(health.json).toEqual({ ok: true, db: 'up' });
    const list = await h.call('GET', '/api/workflows', { token: account.token });
    expect(list.json.items.map((w: { id: string }) => w.id)).toEqual([account.workflowId]);
  });
});

describe('bad input over a real socket', () => {
  let h: ApiHarness;
  let base: string;
  beforeAll(async () => {
    h = await openHarness(openTestDatabases()[0], { bodyLimit: 1024 * 1024 });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const address = h.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => h?.close());

  it('answers an oversized body with 413 and keeps serving', async () => {
    const res = await fetch(`${base}/api/auth/log-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
  });
});
