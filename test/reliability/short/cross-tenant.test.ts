/**
 * The cross-tenant matrix over every route of the OpenAPI document: tenant A owns one
 * of every kind of resource (workflow and its step, execution, credential, form, portal app,
 * tenant); tenant B calls every operation that takes a session and a path parameter with A's
 * REAL ids (not made-up ones) and a minimal valid body. Each answer is a 404 (or a refusal
 * before any lookup: 400/401/403/409/422), never a 2xx, and never carries A's data. Then A's own
 * calls to the read routes answer 2xx, so the ids were live, and A's resources are unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../../server/src/http/openapi.js';
import { type Account, type ApiHarness, fillPath, openHarness, openTestDatabases, signUp } from '../../api/harness.js';
import { sampleOf } from '../../api/sample.js';
import { effectWorkflow, STEPS } from '../support/client.js';
import { sleep } from '../support/processes.js';
import { report } from '../support/report.js';
import { hookPathOf } from '../support/hooks.js';

const contract = loadContract();
const sqlite = openTestDatabases().filter((db) => db.dialect === 'sqlite');
const operations = contract.operations.filter((o) => o.requiresAuth && o.parameters.some((p) => p.in === 'path'));
const A_SECRET = `tenant-a-secret-${Date.now()}`;
const A_NAME = `Tenant A private workflow ${Date.now()}`;

describe.each(sqlite)('the cross-tenant matrix on $dialect', { timeout: 120_000 }, (testDb) => {
  let h: ApiHarness;
  let a: Account;
  let b: Account;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    h = await openHarness(testDb, { logLevel: 'warn', rateLimits: false });
    a = await signUp(h, 'tenant-a');
    b = await signUp(h, 'tenant-b');
    const wf = await h.call('POST', '/api/workflows', {
      token: a.token,
      body: { name: A_NAME, active: true, document: effectWorkflow('https://example.com/', A_NAME) },
    });
    expect(wf.status, wf.text).toBe(201);
    ids.workflow = wf.json.id;
    const hook = await h.call('POST', await hookPathOf(h, a.token, ids.workflow), { body: { seq: 1 } });
    ids.execution = hook.json.executionId;
    const cred = await h.call('POST', '/api/credentials', {
      token: a.token,
      body: { app: 'demo-crm', name: 'A account', values: { api_key: A_SECRET } },
    });
    ids.credential = cred.json.id;
    const form = await h.call('POST', '/api/forms', {
      token: a.token,
      body: { name: 'A form', workflowId: ids.workflow, content: [{}, [{ question: 'Q', type: 'input' }]] },
    });
    ids.form = form.json.id;
    ids.app = `tenant-a-app-${Date.now()}`;
    const app = await h.call('POST', '/api/apps', {
      token: a.token,
      body: {
        appSlug: ids.app,
        appName: 'A private app',
        category: 'Developer tools',
        iconURL: 'https://example.com/a.png',
        actions: { ping: { title: 'Ping', method: 'get', url: 'https://example.com/ping', fields: [] } },
        triggers: {},
        authInfo: { apiType: 'apikey', testAuth: 'ping', apikeyFormFields: [{ key: 'api_key', title: 'Key' }] },
      },
    });
    expect([cred.status, form.status, app.status], `${cred.text} ${form.text} ${app.text}`).toEqual([201, 201, 201]);
    ids.tenant = a.tenantId;
    // Let the execution finish so cancel/rerun meet a settled row.
    await sleep(300);
  });
  afterAll(() => h?.close());

  function idFor(path: string, name: string): string {
    switch (name) {
      case 'tenantId':
        return ids.tenant;
      case 'executionId':
        return ids.execution;
      case 'appSlug':
        return ids.app;
      case 'formId':
        return ids.form;
      case 'stepId':
        return STEPS.call;
      case 'id':
        return path.startsWith('/api/credentials/') ? ids.credential : ids.workflow;
      default:
        // templateId, sessionId…: not tenant resources; A's workflow id stands in.
        return ids.workflow;
    }
  }

  it("answers tenant B 404 (or a refusal before any lookup) on every route with A's ids, never A's data", async () => {
    const rows: Record<string, string | number>[] = [];
    const failures: string[] = [];
    for (const op of operations) {
      const url = fillPath(op.path, (name) => idFor(op.path, name));
      const query = op.parameters
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=${encodeURIComponent(String(sampleOf(contract.document, p.schema)))}`)
        .join('&');
      const body = op.body ? sampleOf(contract.document, op.body.schema) : undefined;
      const res = await h.call(op.method, query ? `${url}?${query}` : url, { token: b.token, body });
      rows.push({ operation: op.operationId, route: `${op.method} ${op.path}`, status: res.status });
      const leaked = [A_NAME, A_SECRET, a.email, ids.credential].filter((s) => res.text.includes(s));
      if (res.status < 300 || ![400, 401, 403, 404, 409, 422].includes(res.status) || leaked.length > 0) {
        failures.push(
          `${op.operationId} ${op.method} ${url} → ${res.status} ${leaked.join(',')} ${res.text.slice(0, 200)}`,
        );
      }
    }
    const counts: Record<string, number> = {};
    for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
    report('cross-tenant matrix (tenant B on tenant A ids)', rows);
    report('cross-tenant matrix: answers', [{ routes: rows.length, ...counts, failures: failures.length }]);
    expect(failures).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(25);
  });

  it('still answers tenant A on its own ids, unchanged', async () => {
    for (const url of [
      `/api/workflows/${ids.workflow}`,
      `/api/executions/${ids.execution}`,
      `/api/credentials/${ids.credential}`,
      `/api/forms/${ids.form}`,
      `/api/apps/${ids.app}`,
      `/api/workflows/${ids.workflow}/executions`,
    ]) {
      const res = await h.call('GET', url, { token: a.token });
      expect([url, res.status]).toEqual([url, 200]);
    }
    const wf = await h.call('GET', `/api/workflows/${ids.workflow}`, { token: a.token });
    expect(wf.json.name).toBe(A_NAME);
    // Created (1) and switched ON (2) by A; nothing B did wrote it.
    expect(wf.json.revision).toBe(2);
  });
});
