/**
 * Hostile input corpus, part 2: the SSRF list (metadata address, loopback in every
 * spelling, private DNS answers, a 302 to a private host, file: and other schemes), CR/LF in
 * header values, and a canary secret that must never appear in a response, a log line or an
 * execution record. Requests go out through workflow runs and step tests alike; a "protected"
 * listener on 127.0.0.1 and ::1 (not on the allowlist) counts every connection that reaches it.
 */
import net from 'node:net';
import path from 'node:path';
import { createStepData, type WorkflowDocument } from '@junction/core';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../../api/harness.js';
import { effectWorkflow, STEPS } from '../support/client.js';
import { FINISHED } from '../support/invariant.js';
import { sleep } from '../support/processes.js';
import { report } from '../support/report.js';
import { type FaultTarget, startFaultTarget } from '../support/target.js';
import { hookPathOf } from '../support/hooks.js';

const sqlite = openTestDatabases().filter((db) => db.dialect === 'sqlite');
const CANARY = `canary-${Math.random().toString(36).slice(2)}-secret`;

/** A listener on 127.0.0.1 and ::1 that only counts connections. */
async function startProtected(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server = net.createServer((socket) => {
    count += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '::', ipv6Only: false }, resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    connections: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function echoApp(slug: string, target: FaultTarget) {
  return {
    appSlug: slug,
    appName: 'Echo (reliability)',
    category: 'Developer tools',
    iconURL: 'https://example.com/echo.png',
    actions: {
      echo: {
        title: 'Echo headers',
        method: 'get',
        url: target.url('/echo-headers'),
        fields: [{ name: 'X-Custom', title: 'Custom header', in: 'header', schema: { type: 'string' } }],
      },
    },
    triggers: {},
    authInfo: {
      apiType: 'apikey',
      testAuth: 'echo',
      apikeyFormFields: [{ key: 'api_key', title: 'API key' }],
      requestConfig: { headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] },
    },
  };
}

function echoWorkflow(slug: string, credentialId: string): WorkflowDocument {
  const doc = effectWorkflow('https://example.com/', 'Echo');
  doc.steps[1].data = createStepData({
    name: 'Echo',
    type: slug,
    app: slug,
    label: 'Echo (reliability)',
    action: 'echo',
    actionlabel: 'Echo headers',
    hasauth: true,
    credential: credentialId,
    fields: [{ name: 'X-Custom', value: `\${${STEPS.trigger}.h}` }],
    testData: { echoed: true },
  });
  return doc;
}

describe.each(sqlite)('hostile network input on $dialect', { timeout: 120_000 }, (testDb) => {
  let h: ApiHarness;
  let target: FaultTarget;
  let guarded: Awaited<ReturnType<typeof startProtected>>;
  let user: Account;

  const waitDone = async (executionId: string) => {
    for (let i = 0; i < 300; i++) {
      const res = await h.call('GET', `/api/executions/${executionId}`, { token: user.token });
      if (res.status === 200 && FINISHED.has(res.json.status)) return res.json;
      await sleep(50);
    }
    throw new Error(`execution ${executionId} did not end`);
  };

  beforeAll(async () => {
    target = await startFaultTarget();
    guarded = await startProtected();
    h = await openHarness(testDb, {
      allowedHosts: target.host,
      stepRetries: 0,
      stepTimeoutMs: 5000,
      logLevel: 'debug',
    });
    user = await signUp(h, 'ssrf');
  });
  afterAll(async () => {
    await h?.close();
    await guarded?.close();
    await target?.close();
  });

  it('refuses every SSRF address and scheme, in runs and in step tests, and nothing reaches the host', async () => {
    const p = guarded.port;
    const urls = [
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      `http://127.0.0.1:${p}/`,
      `http://[::1]:${p}/`,
      `http://0.0.0.0:${p}/`,
      `http://0x7f000001:${p}/`,
      `http://2130706433:${p}/`,
      `http://017700000001:${p}/`,
      `http://127.1:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::ffff:7f00:1]:${p}/`,
      `http://localhost:${p}/`,
      `http://localhost.:${p}/`,
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      target.url(`/redirect?to=${encodeURIComponent(`http://127.0.0.1:${p}/`)}`),
      target.url(`/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/')}`),
      'file:///etc/passwd',
      'gopher://127.0.0.1:6379/_INFO',
      `ftp://127.0.0.1:${p}/`,
    ];
    const rows: Record<string, string | number>[] = [];
    for (const url of urls) {
      const created = await h.call('POST', '/api/workflows', {
        token: user.token,
        body: { name: 'SSRF', active: true, document: effectWorkflow(url) },
      });
      expect(created.status, created.text).toBe(201);
      const hook = await h.call('POST', await hookPathOf(h, user.token, created.json.id), { body: { seq: 1 } });
      expect(hook.status).toBe(200);
      const run = await waitDone(hook.json.executionId);
      const test = await h.call('POST', `/api/workflows/${created.json.id}/steps/${STEPS.call}/test`, {
        token: user.token,
        body: {},
      });
      rows.push({
        url,
        run: run.status,
        'step test': test.status === 200 ? `ok: ${test.json.ok}` : test.status,
        error: run.error ?? '',
      });
      expect([url, run.status]).toEqual([url, 'failed']);
      expect([url, test.status === 200 ? test.json.ok : false]).toEqual([url, false]);
    }
    report('SSRF list', rows);
    expect(guarded.connections()).toBe(0);
    // The allowed target itself still works (the guard is not simply "refuse everything").
    const ok = await h.call('POST', '/api/workflows', {
      token: user.token,
      body: { name: 'Allowed', active: true, document: effectWorkflow(target.url('/effect')) },
    });
    const hook = await h.call('POST', await hookPathOf(h, user.token, ok.json.id), { body: { seq: 2 } });
    expect((await waitDone(hook.json.executionId)).status).toBe('succeeded');
  });

  it('refuses CR/LF in header values, and never lets the canary secret out', async () => {
    const slug = `echo-rel-${Date.now()}`;
    const app = await h.call('POST', '/api/apps', { token: user.token, body: echoApp(slug, target) });
    expect(app.status, app.text).toBe(201);
    const credential = await h.call('POST', '/api/credentials', {
      token: user.token,
      body: { app: slug, name: 'Echo', values: { api_key: CANARY } },
    });
    expect(credential.status, credential.text).toBe(201);
    const created = await h.call('POST', '/api/workflows', {
      token: user.token,
      body: { name: 'Echo', active: true, document: echoWorkflow(slug, credential.json.id) },
    });
    expect(created.status, created.text).toBe(201);
    const workflowId = created.json.id;

    const rows: Record<string, string>[] = [];
    for (const value of ['ok\r\nX-Injected: yes', 'ok\nX-Injected: yes', 'ok\rX-Injected: yes', 'ok\u0000null']) {
      const before = target.calls['/echo-headers'] ?? 0;
      const hook = await h.call('POST', await hookPathOf(h, user.token, workflowId), { body: { seq: 3, h: value } });
      const run = await waitDone(hook.json.executionId);
      rows.push({ 'header value': JSON.stringify(value), run: run.status, error: run.error ?? '' });
      expect([value, run.status]).toEqual([value, 'failed']);
      expect(target.calls['/echo-headers'] ?? 0).toBe(before);
    }
    report('CR/LF in header values', rows);
    expect(target.lastHeaders?.['x-injected']).toBeUndefined();

    // A good run: the target sees the secret (that is its job) and echoes it back.
    const good = await h.call('POST', await hookPathOf(h, user.token, workflowId), { body: { seq: 4, h: 'fine' } });
    const run = await waitDone(good.json.executionId);
    expect(run.status).toBe('succeeded');
    expect(target.lastHeaders?.['x-api-key']).toBe(CANARY);
    // Every way the user can look at it.
    await h.call('GET', `/api/credentials/${credential.json.id}`, { token: user.token });
    await h.call('GET', '/api/credentials', { token: user.token });
    await h.call('GET', `/api/workflows/${workflowId}/executions`, { token: user.token });
    await h.call('POST', `/api/workflows/${workflowId}/steps/${STEPS.call}/test`, { token: user.token, body: {} });
    await h.call('POST', `/api/credentials/${credential.json.id}/check`, { token: user.token });
    await h.call('POST', `/api/apps/${slug}/test-auth`, {
      token: user.token,
      body: { credentialId: credential.json.id },
    });
    await h.call('POST', `/api/executions/${good.json.executionId}/replay`, { token: user.token });

    const leaks: string[] = [];
    h.bodies.forEach((body, i) => {
      if (body.includes(CANARY)) leaks.push(`response #${i}: ${body.slice(0, 200)}`);
    });
    h.logs.forEach((line, i) => {
      if (line.includes(CANARY)) leaks.push(`log line #${i}: ${line.slice(0, 200)}`);
    });
    const db = new Database(path.join(h.config.dataDir, 'junction.db'), { readonly: true });
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
      for (const { name } of tables) {
        for (const row of db.prepare(`SELECT * FROM "${name}"`).all()) {
          if (JSON.stringify(row).includes(CANARY)) leaks.push(`table ${name}: ${JSON.stringify(row).slice(0, 200)}`);
        }
      }
    } finally {
      db.close();
    }
    report('canary secret', [
      {
        responses: h.bodies.length,
        'log lines': h.logs.length,
        'stored rows scanned': 'all tables',
        leaks: leaks.length,
      },
    ]);
    expect(leaks).toEqual([]);
  });
});
