/**
 * JSON injection through references (hostile pass): a webhook value written into an HTTP
 * request step's JSON body template `{"v":"${trigger.v}"}` must arrive at the target as one
 * string value, never as extra keys; outside quotes it arrives as a JSON value.
 */
import http from 'node:http';
import { createStepData, type WorkflowDocument } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../../api/harness.js';
import { waitForExecution } from '../../engine/support.js';
import { webhookTrigger } from '../../support/workflow-steps.js';
import { hookPathOf } from '../support/hooks.js';

const HOSTILE = 'x","injected":"yes';

/** A target that records every JSON body posted to it. */
async function startBodyTarget() {
  const bodies: unknown[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    bodies,
    host: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}/collect`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function postingWorkflow(url: string, stringBody: string): WorkflowDocument {
  return {
    schemaVersion: 1,
    id: 'placeholder',
    name: 'JSON body',
    active: false,
    steps: [
      webhookTrigger('trigger', { v: 'sample', n: 1 }),
      {
        id: 'post',
        kind: 'action',
        position: { x: 200, y: 0 },
        data: createStepData({
          name: 'Post body',
          type: 'http',
          label: 'HTTP request',
          action: 'customRequest',
          actionlabel: 'Custom Request',
          testData: { ok: true },
          fields: [
            { name: 'requestType', value: 'POST' },
            { name: 'url', value: url },
            { name: 'stringBody', value: stringBody },
          ],
        }),
      },
    ],
    links: [{ id: 'ln-1', source: 'trigger', target: 'post', name: '', groups: [], delaySeconds: 0 }],
  };
}

describe.each(openTestDatabases())('references in a JSON body on $dialect', { timeout: 60_000 }, (testDb) => {
  let h: ApiHarness;
  let target: Awaited<ReturnType<typeof startBodyTarget>>;
  let user: Account;

  beforeAll(async () => {
    target = await startBodyTarget();
    h = await openHarness(testDb, { allowedHosts: target.host, stepRetries: 0 });
    user = await signUp(h, 'json-injection');
  });
  afterAll(async () => {
    await h?.close();
    await target?.close();
  });

  it('delivers `x","injected":"yes` as one string value, and a bare reference as a JSON value', async () => {
    const document = postingWorkflow(target.url, '{"v":"${trigger.v}","quoted":"n=${trigger.n}","raw":${trigger.v}}');
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
    const hook = await h.call('POST', await hookPathOf(h, user.token, created.json.id), { body: { v: HOSTILE, n: 5 } });
    expect(hook.status, hook.text).toBe(200);
    const execution = await waitForExecution(h, user.token, hook.json.executionId);
    expect(execution.status).toBe('succeeded');
    expect(target.bodies).toEqual([{ v: HOSTILE, quoted: 'n=5', raw: HOSTILE }]);
  });
});
