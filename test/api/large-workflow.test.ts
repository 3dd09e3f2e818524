/**
 * The largest workflow core's document limits allow saves through the API with the default
 * body bounds (editor-core 3: big workflows stay fast), while every other body keeps the
 * JSON_MAX_MEMBERS bound: a workflow document is the one body whose size the document rules
 * already bound (core DOCUMENT_LIMITS).
 */
import { DOCUMENT_LIMITS } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigWorkflow } from '../support/big-workflow.js';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from './harness.js';

describe.each(openTestDatabases())('a large workflow on $dialect', (testDb) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await openHarness(testDb);
  });
  afterAll(() => h?.close());

  it('saves 1,000 steps and the most the document rules allow', { timeout: 120_000 }, async () => {
    const account = await signUp(h, 'large');
    for (const count of [1_000, DOCUMENT_LIMITS.maxSteps]) {
      const read = await h.call('GET', `/api/workflows/${account.workflowId}`, { token: account.token });
      const document = bigWorkflow(account.workflowId, `${count} steps`, count);
      const saved = await h.call('PUT', `/api/workflows/${account.workflowId}`, {
        token: account.token,
        body: { document, expectedRevision: read.json.revision },
      });
      expect(saved.status, saved.text.slice(0, 300)).toBe(200);
      expect(saved.json.document.steps).toHaveLength(count);
    }
  });

  it('still refuses any other body past JSON_MAX_MEMBERS, naming the body', async () => {
    const many = Object.fromEntries(Array.from({ length: 25_000 }, (_, i) => [`k${i}`, i]));
    const res = await h.call('POST', '/api/auth/sign-up', { body: { email: 'a@example.com', password: 'x', many } });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 'limit.exceeded', field: 'body' });
  });
});
