/**
 * A stored upload answers one submission only, even when many submissions carry its URL at
 * once (forms-dp 3 "Question": a file question's answer is the visitor's own file), the
 * upload quotas answer their own code, `limit.quota`, not the per-minute `limit.rate`, and one
 * form's submissions over all visitors are capped even with RATE_LIMITS off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';

const PARALLEL = 10;

describe.each(openTestDatabases())('form uploads on $dialect', (testDb) => {
  let h: ApiHarness;
  let owner: Account;
  let formId: string;

  const upload = (bytes: string, ip = '203.0.113.7', id = formId) =>
    h.app.inject({
      method: 'POST',
      url: `/api/public/forms/${id}/uploads?filename=cv.pdf&question=CV`,
      payload: bytes,
      headers: { 'content-type': 'application/pdf' },
      remoteAddress: ip,
    });

  beforeAll(async () => {
    h = await openHarness(testDb, { formUploadAddressQuota: 100, formUploadFormQuota: 250 });
    owner = await signUp(h, 'claim-owner');
    const res = await h.call('POST', '/api/forms', {
      token: owner.token,
      body: { name: 'CVs', workflowId: owner.workflowId, content: [{}, [{ question: 'CV', type: 'file' }]] },
    });
    expect(res.status, res.text).toBe(201);
    formId = res.json.id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it(`accepts one of ${PARALLEL} parallel submissions carrying one upload; the others name the answer`, async () => {
    const file = await upload('%PDF-1.4 one');
    expect(file.statusCode, file.body).toBe(201);
    const url = JSON.parse(file.body).url as string;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        h.call('POST', `/api/public/forms/${formId}/submissions`, { body: { answers: { CV_0: url } } }),
      ),
    );
    const accepted = answers.filter((r) => r.status === 202);
    expect(accepted).toHaveLength(1);
    for (const refused of answers.filter((r) => r.status !== 202)) {
      expect([refused.status, refused.json.field]).toEqual([422, 'answers.CV_0']);
    }
    const subs = await h.call('GET', `/api/forms/${formId}/submissions`, { token: owner.token });
    expect(subs.json.items).toHaveLength(1);
    const runs = await h.call('GET', `/api/workflows/${owner.workflowId}/executions`, { token: owner.token });
    expect(runs.json.items).toHaveLength(1);
  });

  it('takes at most 600 submissions a minute for one form with RATE_LIMITS off, from any number of addresses', async () => {
    const res = await h.call('POST', '/api/forms', {
      token: owner.token,
      body: { name: 'Flooded', content: [{}, [{ question: 'Q', type: 'input' }]] },
    });
    const flooded = res.json.id as string;
    const submit = (i: number) =>
      h.app.inject({
        method: 'POST',
        url: `/api/public/forms/${flooded}/submissions`,
        payload: { answers: { Q: `a${i}` } },
        remoteAddress: `10.${(i >> 8) & 255}.${i & 255}.1`,
      });
    let accepted = 0;
    for (let batch = 0; batch < 6; batch++) {
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => submit(batch * 100 + i)));
      accepted += answers.filter((r) => r.statusCode === 202).length;
    }
    expect(accepted).toBe(600);
    const over = await submit(601);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers the per-address upload quota with limit.quota and a message about the quota', async () => {
    const ip = '203.0.113.50';
    expect((await upload('x'.repeat(60), ip)).statusCode).toBe(201);
    const over = await upload('x'.repeat(60), ip);
    expect(over.statusCode).toBe(429);
    const body = JSON.parse(over.body);
    expect(body).toMatchObject({ code: 'limit.quota', field: 'body' });
    expect(body.detail).toContain('quota');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers the per-form upload quota with limit.quota', async () => {
    const res = await h.call('POST', '/api/forms', {
      token: owner.token,
      body: { name: 'Busy CVs', content: [{}, [{ question: 'CV', type: 'file' }]] },
    });
    const busy = res.json.id as string;
    // Other addresses fill the form's 250 bytes an hour.
    for (let i = 0; i < 2; i++) {
      expect((await upload('y'.repeat(90), `198.51.100.${i + 1}`, busy)).statusCode).toBe(201);
    }
    const over = await upload('y'.repeat(90), '198.51.100.99', busy);
    expect(over.statusCode).toBe(429);
    expect(JSON.parse(over.body)).toMatchObject({ code: 'limit.quota' });
  });
});
