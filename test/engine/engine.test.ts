/**
 * The execution engine through the API: webhooks, filters, retries,
 * timeouts, cancel, replay, re-run, manual runs, body limits, admission and tenancy, against
 * a local target API that counts the calls it receives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import {
  AMOUNT_OVER_10,
  createWorkflow,
  hookPathOf,
  hookWorkflow,
  STEP,
  startTarget,
  type Target,
  waitForExecution,
} from './support.js';

describe.each(openTestDatabases())('the engine on $dialect', (testDb) => {
  let target: Target;
  let h: ApiHarness;
  let token: string;

  beforeAll(async () => {
    target = await startTarget();
    h = await openHarness(testDb, {
      allowedHosts: target.host,
      // Under /slow's 3 s, and long enough for a first call on a busy machine (1 s was not).
      stepTimeoutMs: 2000,
      stepRetries: 2,
      stepRetryBaseMs: 5,
      reconcileIntervalMs: 200,
      bodyLimit: 64 * 1024,
    });
    token = (await signUp(h, 'engine')).token;
  });
  afterAll(async () => {
    await h?.close();
    await target?.close();
  });

  it('runs webhook → filter (amount > 10) → HTTP GET and records each step', async () => {
    const id = await createWorkflow(h, token, { url: target.url('/ok'), filter: AMOUNT_OVER_10 });
    const before = target.calls['/ok'] ?? 0;
    const hook = await h.call('POST', await hookPathOf(h, token, id), { body: { amount: 42 } });
    expect(hook.status).toBe(200);
    expect(hook.json).toEqual({ executionId: expect.any(String) });

    const execution = await waitForExecution(h, token, hook.json.executionId);
    expect(execution).toMatchObject({ status: 'succeeded', trigger: 'webhook', triggerData: { amount: 42 } });
    // Revision 1 stored, revision 2 switched ON (editor-core 4.2: activation is a write).
    expect(execution.workflowRevision).toBe(2);
    expect(target.calls['/ok']).toBe(before + 1);
    const [step] = execution.steps;
    expect(step).toMatchObject({ stepId: STEP.http, status: 'succeeded', attempts: 1 });
    expect(step.input.values).toMatchObject({ url: target.url('/ok'), params: [{ key: 'amount', value: 42 }] });
    expect(step.output).toMatchObject({ ok: true, query: { amount: '42' } });
  });

  it('ends as filtered, calling nothing, when the filter does not pass', async () => {
    const id = await createWorkflow(h, token, { url: target.url('/ok'), filter: AMOUNT_OVER_10 });
    const before = target.calls['/ok'] ?? 0;
    const hook = await h.call('POST', await hookPathOf(h, token, id), { body: { amount: 3 } });
    const execution = await waitForExecution(h, token, hook.json.executionId);
    expect(execution.status).toBe('filtered');
    expect(execution.steps).toEqual([]);
    expect(target.calls['/ok'] ?? 0).toBe(before);
  });

  it('retries a 500 and a 429 (Retry-After) and succeeds, counting the attempts', async () => {
    for (const code of [500, 429]) {
      const id = await createWorkflow(h, token, { url: target.url(`/fail/retry${code}?times=2&code=${code}`) });
      const hook = await h.call('POST', await hookPathOf(h, token, id), { body: { amount: 1 } });
      const execution = await waitForExecution(h, token, hook.json.executionId);
      expect(execution.status).toBe('succeeded');
      expect(execution.steps[0]).toMatchObject({ status: 'succeeded', attempts: 3 });
      expect(target.calls[`/fail/retry${code}`]).toBe(3);
    }
  });

  it('fails with the step name and the reason when the retries run out', async () => {
    const id = await createWorkflow(h, token, { url: target.url('/fail/always?times=99&code=503') });
    const hook = await h.call('POST', await hookPathOf(h, token, id), { body: {} });
    const execution = await waitForExecution(h, token, hook.json.executionId);
    expect(execution.status).toBe('failed');
    expect(execution.error).toBe(
      'Step "Call target" failed: HTTP request answered 503: planned failure 3 (after 3 attempts)',
    );
    expect(execution.steps[0]).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('fails a step that outlasts the per-step timeout', async () => {
    const id = await createWorkflow(h, token, { url: target.url('/slow') });
    const hook = await h.call('POST', await hookPathOf(h, token, id), { body: {} });
    const execution = await waitForExecution(h, token, hook.json.executionId);
    expect(execution.status).toBe('failed');
    expect(execution.error).toBe('Step "Call target" failed: it timed out after 2 s.');
  });

  it('cancels a waiting execution: its delayed step never runs', async () => {
    const id = await createWorkflow(h, token, { url: target.url('/fail/cancelled?times=0'), delaySeconds: 60 });
    const hook = await h.call('POST', await hookPathOf(h, token, id), { body: {} });
    await waitForExecution(h, token, hook.json.executionId, (s) => s === 'waiting');
    const cancelled = await h.call('POST', `/api/executions/${hook.json.executionId}/cancel`, { token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'cancelled' });
    const again = await h.call('POST', `/api/executions/${hook.json.executionId}/cancel`, { token });
    expect(again.status).toBe(409);
    expect(target.calls['/fail/cancelled']).toBeUndefined();
  });

  it('cancels a running execution: it stops before its next step', async () => {
    const id = await createWorkflow(h, token, {
      url: target.url('/pause'),
      thenUrl: target.url('/fail/after-cancel?times=0'),
    });
    const hook = await h.call('POST', await hookPathOf(h, token, id), { body: {} });
    await waitForExecution(h, token, hook.json.executionId, (s) => s === 'running');
    const cancelled = await h.call('POST', `/api/executions/${hook.json.executionId}/cancel`, { token });
    expect(cancelled.json).toMatchObject({ status: 'cancelled' });
    // The paused first step finishes and is recorded; the walk then sees the cancel and stops.
    let steps: { stepId: string; status: string }[] = [];
    // A step may be listed while it still runs; wait for its finished record.
    const unfinished = () => steps.length === 0 || steps.some((s) => s.status === 'running');
    for (let i = 0; i < 400 && unfinished(); i++) {
      steps = (await h.call('GET', `/api/executions/${hook.json.executionId}`, { token })).json.steps;
      if (unfinished()) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(steps).toMatchObject([{ stepId: STEP.http, status: 'succeeded' }]);
    const execution = await waitForExecution(h, token, hook.json.executionId);
    expect(execution.status).toBe('cancelled');
    expect(target.calls['/fail/after-cancel']).toBeUndefined();
  });

  it('replays an execution with the same trigger data as a new execution', async () => {
    const id = await createWorkflow(h, token, { url: target.url('/ok') });
    const hook = await h.call('POST', await hookPathOf(h, token, id), { body: { amount: 77 } });
    await waitForExecution(h, token, hook.json.executionId);
    const replay = await h.call('POST', `/api/executions/${hook.json.executionId}/replay`, { token });
    expect(replay.status).toBe(202);
    expect(replay.json.executionId).not.toBe(hook.json.executionId);
    const execution = await waitForExecution(h, token, replay.json.executionId);
    expect(execution).toMatchObject({ status: 'succeeded', trigger: 'replay', triggerData: { amount: 77 } });
  });

  it('re-runs from a step with the original or the latest version, reusing earlier outputs', async () => {
    const id = await createWorkflow(h, token, {
      url: target.url('/fail/first?times=0'),
      thenUrl: target.url('/fail/second?times=1&code=404'),
    });
    const hook = await h.call('POST', await hookPathOf(h, token, id), { body: { amount: 5 } });
    const failed = await waitForExecution(h, token, hook.json.executionId);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^Step "Call target again" failed: HTTP request answered 404/);
    expect(target.calls['/fail/first']).toBe(1);

    const rerun = await h.call('POST', `/api/executions/${hook.json.executionId}/rerun`, {
      token,
      body: { fromStepId: STEP.second, version: 'original' },
    });
    expect(rerun.status).toBe(202);
    const done = await waitForExecution(h, token, rerun.json.executionId);
    expect(done).toMatchObject({ status: 'succeeded', rerunOf: hook.json.executionId });
    expect(done.steps.map((s: { stepId: string; status: string }) => [s.stepId, s.status])).toEqual([
      [STEP.http, 'succeeded'],
      [STEP.second, 'succeeded'],
    ]);
    // The first step's output was reused, not fetched again.
    expect(target.calls['/fail/first']).toBe(1);
    expect(target.calls['/fail/second']).toBe(2);

    // The latest version: rename the second step (a draft while ON), publish, re-run from it.
    const current = await h.call('GET', `/api/workflows/${id}`, { token });
    const document = structuredClone(current.json.document);
    document.steps[2].data.name = 'Renamed call';
    const saved = await h.call('PUT', `/api/workflows/${id}`, { token, body: { document } });
    expect(saved.status).toBe(200);
    expect((await h.call('POST', `/api/workflows/${id}/publish`, { token, body: {} })).status).toBe(200);
    const latest = await h.call('POST', `/api/executions/${hook.json.executionId}/rerun`, {
      token,
      body: { fromStepId: STEP.second, version: 'latest' },
    });
    const latestDone = await waitForExecution(h, token, latest.json.executionId);
    // Stored, switched ON, the draft saved, published.
    expect(latestDone).toMatchObject({ status: 'succeeded', workflowRevision: 4 });
    expect(latestDone.document.steps[2].data.name).toBe('Renamed call');

    const unknown = await h.call('POST', `/api/executions/${hook.json.executionId}/rerun`, {
      token,
      body: { fromStepId: 'no-such-step', version: 'original' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.field).toBe('fromStepId');
  });

  it("answers 409 'Workflow must be ACTIVE' to a manual run of an OFF workflow, and runs an ON one with its sample", async () => {
    const off = await createWorkflow(h, token, { url: target.url('/ok'), active: false });
    const refused = await h.call('POST', `/api/workflows/${off}/runs`, { token, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe('Workflow must be ACTIVE');

    const on = await createWorkflow(h, token, { url: target.url('/ok') });
    const run = await h.call('POST', `/api/workflows/${on}/runs`, { token, body: {} });
    expect(run.status).toBe(202);
    const execution = await waitForExecution(h, token, run.json.executionId);
    expect(execution).toMatchObject({
      status: 'succeeded',
      trigger: 'manual',
      triggerData: { amount: 42, sample: true },
    });
    const withPayload = await h.call('POST', `/api/workflows/${on}/runs`, { token, body: { payload: { amount: 9 } } });
    expect((await waitForExecution(h, token, withPayload.json.executionId)).triggerData).toEqual({ amount: 9 });
  });

  it('records an OFF workflow’s webhook as not_run, for the listening test', async () => {
    const off = await createWorkflow(h, token, { url: target.url('/ok'), active: false });
    const since = new Date(Date.now() - 1000).toISOString();
    const hook = await h.call('POST', await hookPathOf(h, token, off), { body: { amount: 12 } });
    expect(hook.status).toBe(200);
    const list = await h.call('GET', `/api/workflows/${off}/executions?since=${encodeURIComponent(since)}`, { token });
    expect(list.json.items).toMatchObject([
      { id: hook.json.executionId, status: 'not_run', triggerData: { amount: 12 } },
    ]);
  });

  it('lists newest first with status filter and cursor paging', async () => {
    const id = await createWorkflow(h, token, { url: target.url('/ok'), filter: AMOUNT_OVER_10 });
    const ids: string[] = [];
    for (const amount of [50, 1, 60]) {
      const hook = await h.call('POST', await hookPathOf(h, token, id), { body: { amount } });
      ids.push(hook.json.executionId);
      await waitForExecution(h, token, hook.json.executionId);
    }
    const page1 = await h.call('GET', `/api/workflows/${id}/executions?limit=2`, { token });
    expect(page1.status).toBe(200);
    expect(page1.json.items.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    const page2 = await h.call(
      'GET',
      `/api/workflows/${id}/executions?limit=2&cursor=${encodeURIComponent(page1.json.nextCursor)}`,
      { token },
    );
    expect(page2.json.items.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    expect(page2.json.nextCursor).toBeUndefined();
    const filtered = await h.call('GET', `/api/workflows/${id}/executions?status=filtered`, { token });
    expect(filtered.json.items.map((e: { id: string }) => e.id)).toEqual([ids[1]]);
    const bad = await h.call('GET', `/api/workflows/${id}/executions?cursor=nonsense`, { token });
    expect(bad.status).toBe(400);
    expect(bad.json.field).toBe('cursor');
  });

  it('runs a Delay step as a durable wait, then the next step', async () => {
    const document = hookWorkflow('x', { url: target.url('/fail/after-delay?times=0') });
    document.steps.push({
      id: 'st-delay',
      kind: 'action',
      position: { x: 100, y: 0 },
      data: {
        ...document.steps[1].data,
        name: 'Wait a second',
        type: 'delay',
        action: 'delayFor',
        fields: [{ name: 'seconds', value: 1 }],
      },
    });
    document.links = [
      { id: 'ln-a', source: STEP.trigger, target: 'st-delay', name: '', groups: [], delaySeconds: 0 },
      { id: 'ln-b', source: 'st-delay', target: STEP.http, name: '', groups: [], delaySeconds: 0 },
    ];
    const created = await h.call('POST', '/api/workflows', { token, body: { name: 'Delay', active: true, document } });
    const hook = await h.call('POST', await hookPathOf(h, token, created.json.id), { body: {} });
    const waiting = await waitForExecution(h, token, hook.json.executionId, (s) => s === 'waiting');
    expect(waiting.steps).toMatchObject([{ stepId: 'st-delay', status: 'waiting', output: { delaySeconds: 1 } }]);
    const done = await waitForExecution(h, token, hook.json.executionId);
    expect(done.status).toBe('succeeded');
    expect(done.steps.map((s: { stepId: string; status: string }) => [s.stepId, s.status])).toEqual([
      ['st-delay', 'succeeded'],
      [STEP.http, 'succeeded'],
    ]);
    expect(target.calls['/fail/after-delay']).toBe(1);
  });

  it("starts one execution per item of the trigger's pick-off list", async () => {
    const document = hookWorkflow('x', { url: target.url('/fail/per-item?times=0') });
    document.steps[0].data.fields = [{ name: 'pickOffKey', value: 'data.items' }];
    const created = await h.call('POST', '/api/workflows', { token, body: { name: 'Items', active: true, document } });
    const id = created.json.id;
    const hook = await h.call('POST', await hookPathOf(h, token, id), {
      body: { data: { items: [{ amount: 11 }, { amount: 12 }] } },
    });
    expect(hook.status).toBe(200);
    const list = await h.call('GET', `/api/workflows/${id}/executions`, { token });
    expect(list.json.items.map((e: { triggerData: unknown }) => e.triggerData).sort()).toEqual(
      expect.arrayContaining([{ amount: 11 }, { amount: 12 }]),
    );
    expect(list.json.items).toHaveLength(2);
    const missing = await h.call('POST', await hookPathOf(h, token, id), { body: { other: 1 } });
    expect(missing.status).toBe(422);
    expect(missing.json.detail).toBe("The request has no 'data.items' key (the trigger's pick-off key).");
  });

  it('answers 404 to an unknown webhook key and 413 to an oversized body', async () => {
    expect((await h.call('POST', '/hooks/no-such-key', { body: {} })).status).toBe(404);
    const id = await createWorkflow(h, token, { url: target.url('/ok') });
    const big = await h.call('POST', await hookPathOf(h, token, id), { body: { blob: 'x'.repeat(70 * 1024) } });
    expect(big.status).toBe(413);
  });

  it('answers the same execution to a repeated Idempotency-Key', async () => {
    const id = await createWorkflow(h, token, { url: target.url('/ok') });
    const headers = { 'idempotency-key': 'order-1' };
    const first = await h.call('POST', await hookPathOf(h, token, id), { body: { amount: 1 }, headers });
    const second = await h.call('POST', await hookPathOf(h, token, id), { body: { amount: 1 }, headers });
    expect(second.json.executionId).toBe(first.json.executionId);
  });

  it("hides another tenant's executions and workflows (404)", async () => {
    const id = await createWorkflow(h, token, { url: target.url('/ok') });
    const hook = await h.call('POST', await hookPathOf(h, token, id), { body: {} });
    const other = (await signUp(h, 'other')).token;
    const executionId = hook.json.executionId;
    for (const [method, url, body] of [
      ['GET', `/api/executions/${executionId}`, undefined],
      ['POST', `/api/executions/${executionId}/replay`, undefined],
      ['POST', `/api/executions/${executionId}/cancel`, undefined],
      ['POST', `/api/executions/${executionId}/rerun`, { fromStepId: STEP.http, version: 'original' }],
      ['GET', `/api/workflows/${id}/executions`, undefined],
      ['POST', `/api/workflows/${id}/runs`, {}],
    ] as const) {
      const res = await h.call(method, url, { token: other, body });
      expect([url, res.status]).toEqual([url, 404]);
    }
  });
});

describe.each(openTestDatabases())('webhook admission on $dialect', (testDb) => {
  let h: ApiHarness;
  beforeAll(async () => {
    // No consumer: executions stay queued, so the workflow's queue fills up.
    h = await openHarness(testDb, { runWorkers: false, webhookQueueLimit: 2 });
  });
  afterAll(() => h?.close());

  it('answers 429 with Retry-After once a workflow has too many queued executions', async () => {
    const { token } = await signUp(h, 'admission');
    const id = await createWorkflow(h, token, { url: 'https://example.com/' });
    expect((await h.call('POST', await hookPathOf(h, token, id), { body: {} })).status).toBe(200);
    expect((await h.call('POST', await hookPathOf(h, token, id), { body: {} })).status).toBe(200);
    const refused = await h.call('POST', await hookPathOf(h, token, id), { body: {} });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json.detail).toBe('This workflow has too many runs waiting. Try again in a few seconds.');

    // A queued execution can be cancelled: it never runs, and it frees its place.
    const list = await h.call('GET', `/api/workflows/${id}/executions`, { token });
    const queued = list.json.items[0];
    expect(queued.status).toBe('queued');
    const cancelled = await h.call('POST', `/api/executions/${queued.id}/cancel`, { token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ id: queued.id, status: 'cancelled' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await h.call('POST', await hookPathOf(h, token, id), { body: {} })).status).toBe(200);
  });
});
