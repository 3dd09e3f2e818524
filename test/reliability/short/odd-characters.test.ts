/**
 * PostgreSQL and odd characters (hostile pass): a webhook body with `\u0000` or a lone
 * surrogate answered 500 on PostgreSQL (SQLite stored it), and a step answer containing them
 * marked a run failed after the call had happened. Both databases must keep them losslessly.
 */
import http from 'node:http';
import { createStepData, type WorkflowDocument } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../../api/harness.js';
import { waitForExecution } from '../../engine/support.js';
import { webhookTrigger } from '../../support/workflow-steps.js';
import { hookPathOf } from '../support/hooks.js';

// Written as JSON text so the test sends exactly these escapes.
const ODD_JSON =
  '{"nul":"a\\u0000b","lone":"x\\ud800y","tail":"\\udc00","key\\u0000":1,"list":["\\u0000",{"deep\\ud83d":"ok"}],"mark":"\\ufdd0j1:not mine"}';
const ODD = JSON.parse(ODD_JSON);

/** A target whose answer carries the same odd characters. */
async function startOddTarget() {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(ODD_JSON);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    host: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}/odd`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function oddWorkflow(url: string): WorkflowDocument {
  return {
    schemaVersion: 1,
    id: 'placeholder',
    name: 'Odd characters',
    active: false,
    steps: [
      webhookTrigger('trigger', { nul: 'sample' }),
      {
        id: 'call',
        kind: 'action',
        position: { x: 200, y: 0 },
        data: createStepData({
          name: 'Call target',
          type: 'http',
          label: 'HTTP request',
          action: 'customRequest',
          actionlabel: 'Custom Request',
          testData: { ok: true },
          fields: [
            { name: 'requestType', value: 'GET' },
            { name: 'url', value: url },
            { name: 'params', value: [{ key: 'v', value: '${trigger.nul}' }] },
          ],
        }),
      },
    ],
    links: [{ id: 'ln-1', source: 'trigger', target: 'call', name: '', groups: [], delaySeconds: 0 }],
  };
}

describe.each(openTestDatabases())('odd characters on $dialect', { timeout: 60_000 }, (testDb) => {
  let h: ApiHarness;
  let target: Awaited<ReturnType<typeof startOddTarget>>;
  let user: Account;

  beforeAll(async () => {
    target = await startOddTarget();
    h = await openHarness(testDb, { allowedHosts: target.host, stepRetries: 0, logLevel: 'warn' });
    user = await signUp(h, 'odd');
  });
  afterAll(async () => {
    await h?.close();
    await target?.close();
  });

  it('keeps a webhook body and a step answer with NUL and lone surrogates exactly, and the run succeeds', async () => {
    const document = oddWorkflow(target.url);
    const created = await h.call('POST', '/api/workflows', {
      token: user.token,
      body: { name: document.name, document },
    });
    expect(created.status, created.text).toBe(201);
    const on = await h.call('PUT', `/api/workflows/${created.json.id}/active`, {
      token: user.token,
      body: { active: true },
    });
    expect(on.status, on.text).toBe(200);
    const hook = await h.call('POST', await hookPathOf(h, user.token, created.json.id), {
      raw: ODD_JSON,
      headers: { 'content-type': 'application/json' },
    });
    expect(hook.status, hook.text).toBe(200);
    const execution = await waitForExecution(h, user.token, hook.json.executionId);
    expect(execution.status, JSON.stringify(execution.steps)).toBe('succeeded');
    expect(execution.triggerData).toEqual(ODD);
    const call = execution.steps.find((s: { stepId: string }) => s.stepId === 'call');
    expect(call.output).toEqual(ODD);
    expect(call.input.values.params).toEqual([{ key: 'v', value: 'a\u0000b' }]);
  });
});
