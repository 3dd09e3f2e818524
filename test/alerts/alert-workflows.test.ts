/**
 * The trigger "When another workflow fails" (docs/failure-alerts.md) over the real API: an alert
 * workflow switched ON starts once per failure of another workflow, with the workflow, step,
 * error and replay link as its trigger data; one watching chosen workflows hears only those; an
 * alert workflow's own failure starts no alert workflow (alerts never loop).
 */
import { createStepData, type WorkflowDocument } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { createWorkflow, DONE, hookPathOf, startTarget, type Target, waitForExecution } from '../engine/support.js';

const PUBLIC = 'http://junction.test';

/** "When another workflow fails" (watching `watched`, empty: all) → HTTP GET `url`. */
function alertWorkflow(name: string, url: string, watched = ''): WorkflowDocument {
  return {
    schemaVersion: 1,
    id: 'placeholder',
    name,
    active: false,
    steps: [
      {
        id: 'st-alert',
        kind: 'trigger',
        position: { x: 0, y: 0 },
        data: createStepData({
          name: 'When another workflow fails',
          type: 'junction-alerts',
          app: 'junction-alerts',
          label: 'Workflow alerts',
          action: 'workflowFailed',
          triggerlabel: 'When another workflow fails',
          fields: [{ name: 'workflowIds', value: watched }],
          testData: { workflowName: 'Sample', errorMessage: 'Sample error' },
        }),
      },
      {
        id: 'st-send',
        kind: 'action',
        position: { x: 200, y: 0 },
        data: createStepData({
          name: 'Post to the team',
          type: 'http',
          label: 'HTTP request',
          action: 'customRequest',
          actionlabel: 'Custom Request',
          fields: [
            { name: 'requestType', value: 'GET' },
            { name: 'url', value: url },
            { name: 'params', value: [{ key: 'failed', value: '${st-alert.workflowName}' }] },
          ],
          testData: { ok: true },
        }),
      },
    ],
    links: [{ id: 'ln-1', source: 'st-alert', target: 'st-send', name: '', groups: [], delaySeconds: 0 }],
  };
}

describe.each(openTestDatabases())('alert workflows on $dialect', (testDb) => {
  let h: ApiHarness;
  let target: Target;
  let owner: Account;

  beforeAll(async () => {
    target = await startTarget();
    h = await openHarness(testDb, {
      publicUrl: PUBLIC,
      allowedHosts: target.host,
      stepTimeoutMs: 2000,
      stepRetries: 0,
    });
    owner = await signUp(h, 'alert-workflows');
  });

  afterAll(async () => {
    await h?.close();
    await target?.close();
  });

  async function createAlertWorkflow(document: WorkflowDocument): Promise<string> {
    const created = await h.call('POST', '/api/workflows', {
      token: owner.token,
      body: { name: document.name, active: false, document },
    });
    expect(created.status, created.text).toBe(201);
    const on = await h.call('PUT', `/api/workflows/${created.json.id}/active`, {
      token: owner.token,
      body: { active: true },
    });
    expect(on.status, on.text).toBe(200);
    return created.json.id as string;
  }

  async function failOnce(workflowId: string) {
    const path = await hookPathOf(h, owner.token, workflowId);
    const posted = await h.call('POST', path, { body: { amount: 1 } });
    const done = await waitForExecution(h, owner.token, posted.json.executionId);
    expect(done.status).toBe('failed');
    return done;
  }

  /** Waits (bounded) until the workflow has `count` finished runs; answers them, newest first. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  async function runsOf(workflowId: string, count: number): Promise<any[]> {
    for (let i = 0; i < 400; i++) {
      const page = await h.call('GET', `/api/workflows/${workflowId}/executions`, { token: owner.token });
      const items = page.json.items as { status: string }[];
      if (items.length >= count && items.every((e) => DONE.has(e.status))) return items;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`workflow ${workflowId} never had ${count} finished runs`);
  }

  it('starts once per failure of another workflow, with what failed, and never loops', async () => {
    const watcher = await createAlertWorkflow(alertWorkflow('Tell the team', target.url('/ok')));
    // An alert workflow that fails itself: its failures must start neither it nor the other.
    const broken = await createAlertWorkflow(alertWorkflow('Broken alert', target.url('/fail/broken?times=99')));
    const sync = await createWorkflow(h, owner.token, { url: target.url('/fail/sync?times=99'), name: 'Sync orders' });
    const other = await createWorkflow(h, owner.token, { url: target.url('/fail/other?times=99'), name: 'Other' });
    const picky = await createAlertWorkflow(alertWorkflow('Only sync', target.url('/ok'), sync));

    const failed = await failOnce(sync);
    const [first] = await runsOf(watcher, 1);
    expect(first).toMatchObject({ status: 'succeeded', trigger: 'failure' });
    expect(first.triggerData).toEqual({
      workflowId: sync,
      workflowName: 'Sync orders',
      executionId: failed.id,
      stepId: 'st-http',
      stepName: 'Call target',
      errorMessage: expect.stringContaining('500'),
      failedAt: expect.any(String),
      replayUrl: `${PUBLIC}/executions/${failed.id}`,
    });
    await runsOf(broken, 1);
    await runsOf(picky, 1);

    // A second failure elsewhere: after it, every run the first round caused has been decided.
    await failOnce(other);
    const watcherRuns = await runsOf(watcher, 2);
    const brokenRuns = await runsOf(broken, 2);
    expect(watcherRuns.map((r) => r.triggerData.workflowName).sort()).toEqual(['Other', 'Sync orders']);
    expect(brokenRuns.every((r) => r.status === 'failed')).toBe(true);
    expect(brokenRuns.map((r) => r.triggerData.workflowName).sort()).toEqual(['Other', 'Sync orders']);
    // The picky one heard only the workflow it watches.
    const pickyRuns = await runsOf(picky, 1);
    expect(pickyRuns).toHaveLength(1);
    expect(pickyRuns[0].triggerData.workflowId).toBe(sync);
  });
});
