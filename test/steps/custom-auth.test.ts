/**
 * Custom-code authentication end to end (forms-dp 2.6): an app whose auth is
 * Python between core's fixed prefix and suffix logs in through the sandbox's request helper
 * (guarded client, local target), returns a session token in authData, and the step's request
 * carries it through the app's requestConfig. A raising code fails the step test and the
 * connection check with its message.
 */
import { authCodeWhole } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { startTarget, type Target } from '../fixtures/targets/target-server.js';

const [sqlite] = openTestDatabases();

describe('custom-code authentication', () => {
  let h: ApiHarness;
  let target: Target;
  let a: Account;
  let previousAllowed: string | undefined;
  const slug = `custom-auth-${Date.now()}`;

  async function testPing(credential: string) {
    const wf = await h.call('GET', `/api/workflows/${a.workflowId}`, { token: a.token });
    const document = wf.json.document;
    const action = document.steps.find((s: { kind: string }) => s.kind === 'action');
    Object.assign(action.data, { type: slug, action: 'ping', credential, hasauth: true, name: 'Ping' });
    return h.call('POST', `/api/workflows/${a.workflowId}/steps/${action.id}/test`, {
      token: a.token,
      body: { document },
    });
  }

  beforeAll(async () => {
    target = await startTarget();
    previousAllowed = process.env.JUNCTION_ALLOWED_HOSTS;
    process.env.JUNCTION_ALLOWED_HOSTS = `127.0.0.1:${target.port}`;
    h = await openHarness(sqlite!);
    a = await signUp(h, 'custom-auth');
    const body = [
      "    if authData.get('password') != 'open-sesame':",
      "        raise Exception('The password was refused')",
      `    response = request('GET', '${target.url}/echo', params={'user': authData.get('username')})`,
      "    authData['session_token'] = 'sess-' + response['body']['query']['user']",
    ].join('\n');
    const created = await h.call('POST', '/api/apps', {
      token: a.token,
      body: {
        appSlug: slug,
        appName: 'Legacy CRM',
        actions: { ping: { title: 'Ping', method: 'get', url: `${target.url}/echo`, fields: [] } },
        triggers: {},
        authInfo: {
          apiType: 'customCode',
          customCodeFormFields: [
            { key: 'username', title: 'User name' },
            { key: 'password', title: 'Password' },
          ],
          customCodeInfo: { customCode: authCodeWhole(body) },
          requestConfig: { headers: [{ key: 'X-Session', value: '${auth.session_token}' }] },
        },
      },
    });
    expect(created.status, created.text).toBe(201);
  });
  afterAll(async () => {
    if (previousAllowed === undefined) delete process.env.JUNCTION_ALLOWED_HOSTS;
    else process.env.JUNCTION_ALLOWED_HOSTS = previousAllowed;
    await h?.close();
    await target?.close();
  });

  it('runs the auth code in the sandbox and applies what it returns', { timeout: 180_000 }, async () => {
    const cred = await h.call('POST', '/api/credentials', {
      token: a.token,
      body: { app: slug, values: { username: 'ada', password: 'open-sesame' } },
    });
    const from = target.requests.length;
    const res = await testPing(cred.json.id);
    expect(res.json, res.text).toMatchObject({ ok: true, statusCode: 200 });
    const seen = target.requests.slice(from);
    expect(seen.map((r) => r.path)).toEqual(['/echo?user=ada', '/echo']);
    expect(seen[1]?.headers['x-session']).toBe('sess-ada');
    const check = await h.call('POST', `/api/credentials/${cred.json.id}/check`, { token: a.token });
    expect(check.json).toMatchObject({ ok: true });
  });

  it('runs the code once for concurrent step tests and reuses its answer', { timeout: 180_000 }, async () => {
    const cred = await h.call('POST', '/api/credentials', {
      token: a.token,
      body: { app: slug, values: { username: 'grace', password: 'open-sesame' } },
    });
    const from = target.requests.length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => testPing(cred.json.id)));
    expect(answers.map((r) => r.json.ok)).toEqual([true, true, true, true, true]);
    const logins = target.requests.slice(from).filter((r) => r.path === '/echo?user=grace');
    expect(logins).toHaveLength(1);
  });

  it('fails the step test and the check with the code’s message when it raises', { timeout: 180_000 }, async () => {
    const cred = await h.call('POST', '/api/credentials', {
      token: a.token,
      body: { app: slug, values: { username: 'ada', password: 'wrong' } },
    });
    const res = await testPing(cred.json.id);
    expect(res.status).toBe(200);
    expect(res.json.ok).toBe(false);
    expect(res.json.output.error).toContain('Legacy CRM custom authentication failed');
    expect(res.json.output.error).toContain('The password was refused');
    const check = await h.call('POST', `/api/credentials/${cred.json.id}/check`, { token: a.token });
    // The check says what the code raised, not 'Connection expired' (the password never worked).
    expect(check.json.ok).toBe(false);
    expect(check.json.message).toContain('The password was refused');
    const view = await h.call('GET', `/api/credentials/${cred.json.id}`, { token: a.token });
    expect(view.json.needsReconnect).toBe(true);
  });
});
