/**
 * No user-built pattern or step input may freeze the server: a Formatter › Date step whose
 * input format a backtracking matcher needs minutes for answers at once, and the liveness
 * probe keeps answering while it runs, in a step test and in an ON workflow fed by a webhook
 * (forms-dp 9 formats; editor-core 5.3 step tests).
 */
import { createStepData } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { hookPathOf, waitForExecution } from '../engine/support.js';
import { webhookTrigger } from '../support/workflow-steps.js';

describe.each(openTestDatabases())('hostile step inputs on $dialect', (testDb) => {
  let h: ApiHarness;
  let a: Account;
  let base = '';

  beforeAll(async () => {
    h = await openHarness(testDb);
    base = await h.app.listen({ host: '127.0.0.1', port: 0 });
    a = await signUp(h, 'hostile');
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Tests the workflow's action step as a Formatter step with `fields`, over a real socket. */
  async function testFormatter(action: string, fields: Record<string, unknown>) {
    const wf = await h.call('GET', `/api/workflows/${a.workflowId}`, { token: a.token });
    const document = wf.json.document;
    const trigger = document.steps.find((s: { kind: string }) => s.kind === 'trigger');
    const step = document.steps.find((s: { kind: string }) => s.kind === 'action');
    Object.assign(trigger.data, { type: 'webhook', action: 'catchHook', testData: { n: 1 } });
    Object.assign(step.data, {
      type: 'formatter',
      action,
      name: 'Step',
      fields: Object.entries(fields).map(([name, value]) => ({ name, value })),
    });
    const res = await fetch(`${base}/api/workflows/${a.workflowId}/steps/${step.id}/test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ document }),
    });
    return { status: res.status, json: await res.json() };
  }

  it('answers a date step with thirteen %f on 40 characters while /api/health/live keeps answering', async () => {
    const answered: string[] = [];
    const step = testFormatter('date', {
      transform: 'parse',
      input: `${'1'.repeat(39)}x`,
      fromFormat: '%f'.repeat(13),
    }).then((res) => {
      answered.push('step');
      return res;
    });
    const health: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await fetch(`${base}/api/health/live`);
      health.push(res.status);
      answered.push('health');
    }
    const res = await step;
    expect(health).toEqual([200, 200, 200, 200, 200]);
    expect(answered).toHaveLength(6);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: false });
    expect(JSON.stringify(res.json)).toContain('is not a date in the format');
  });

  it('runs an ON workflow whose date step gets the hostile text from a webhook, health answering throughout', async () => {
    const trigger = 'st-hook';
    const document = {
      schemaVersion: 1,
      id: 'placeholder',
      name: 'Hostile date',
      active: true,
      steps: [
        webhookTrigger(trigger, { input: '1'.repeat(13) }),
        {
          id: 'st-date',
          kind: 'action',
          position: { x: 200, y: 0 },
          data: createStepData({
            name: 'Read date',
            type: 'formatter',
            label: 'Formatter',
            action: 'date',
            actionlabel: 'Date / Time',
            fields: [
              { name: 'transform', value: 'parse' },
              { name: 'input', value: `\${${trigger}.input}` },
              { name: 'fromFormat', value: '%f'.repeat(13) },
            ],
            // Tested once: only a workflow whose steps are all tested is switched ON (editor-core 4.2).
            testData: { output: '1900-01-01T00:00:00.100Z' },
          }),
        },
      ],
      links: [{ id: 'ln-1', source: trigger, target: 'st-date', name: '', groups: [], delaySeconds: 0 }],
    };
    const created = await h.call('POST', '/api/workflows', {
      token: a.token,
      body: { name: document.name, active: true, document },
    });
    expect(created.status, created.text).toBe(201);
    const hookPath = await hookPathOf(h, a.token, created.json.id);

    const hook = await fetch(`${base}${hookPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: `${'1'.repeat(39)}x` }),
    });
    expect(hook.status).toBe(200);
    const { executionId } = (await hook.json()) as { executionId: string };
    const health: number[] = [];
    for (let i = 0; i < 5; i += 1) health.push((await fetch(`${base}/api/health/live`)).status);
    const execution = await waitForExecution(h, a.token, executionId);
    expect(health).toEqual([200, 200, 200, 200, 200]);
    expect(execution.status).toBe('failed');
    expect(execution.steps[0]).toMatchObject({ stepId: 'st-date', status: 'failed' });
    expect(execution.error).toContain('is not a date in the format');
  });
});
