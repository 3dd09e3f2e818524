import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  ACTION_CODE_TEMPLATES,
  type ActionCodeSource,
  type AppDefinition,
  actionCodeTemplate,
  isErrorResult,
} from '@junction/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { executeStep } from '../integrations/executor.js';
import { createHttpClient, type HttpClient } from '../security/http-client.js';
import { createSandbox, type Sandbox } from './runner.js';

// Each run starts a fresh Python child; a loaded machine makes that take seconds.
vi.setConfig({ testTimeout: 120_000 });

let sandbox: Sandbox;
let target: FastifyInstance;
let base: string;
let http: HttpClient;

beforeAll(async () => {
  // Far from what the runs need: on a loaded machine a run with a request took over 5 s.
  sandbox = createSandbox({ poolSize: 1, timeoutMs: 30_000 });
  target = Fastify();
  target.get('/items', async (request) => ({
    items: [{ id: 1 }],
    key: request.headers['x-api-key'] ?? null,
    query: request.query,
  }));
  target.post('/items', async (request, reply) =>
    reply.code(201).send({ created: request.body, auth: request.headers.authorization ?? null }),
  );
  await target.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(target.server.address() as net.AddressInfo).port}`;
  http = createHttpClient({ allowedHosts: base.slice('http://'.length), timeoutMs: 15_000 });
}, 120_000);

afterAll(async () => {
  await sandbox.close();
  await http.close();
  await target.close();
});

function appWith(apiCode: string, authInfo: AppDefinition['authInfo'] = {}): AppDefinition {
  return {
    appSlug: 'acme',
    appName: 'Acme',
    triggers: {},
    authInfo,
    actions: {
      custom: { title: 'Custom step', method: 'get', url: '', fields: [], customForm: { custom: true, apiCode } },
      empty: { title: 'Empty code', method: 'get', url: '', fields: [], customForm: { custom: true, apiCode: '  ' } },
    },
  };
}

const apiKeyAuth: AppDefinition['authInfo'] = {
  apiType: 'apikey',
  requestConfig: {
    url: '',
    params: [{ key: 'tenant', value: 'acme' }],
    headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }],
  },
};

describe('executeStep: actions that use custom code run in the sandbox', () => {
  it('passes the step values as inputData and the credential as authData; the JSON result is the output', async () => {
    const code =
      'def run(inputData, authData):\n    return {"name": inputData["name"].upper(), "has_key": "api_key" in authData}';
    const result = await executeStep({
      app: appWith(code),
      actionKey: 'custom',
      values: { name: 'ada' },
      credential: { api_key: 'k_live_1' },
      base,
      http,
      sandbox,
    });
    expect(result).toEqual({ ok: true, output: { name: 'ADA', has_key: true }, codeRequests: [] });
  });

  it('applies the app authentication for authenticated_request ({base} allowed)', async () => {
    const code =
      'def run(inputData, authData):\n    r = authenticated_request("GET", "{base}/items", params={"q": inputData["q"]})\n    return r["body"]';
    const result = await executeStep({
      app: appWith(code, apiKeyAuth),
      actionKey: 'custom',
      values: { q: 'x' },
      credential: { api_key: 'k_live_1' },
      base,
      http,
      sandbox,
    });
    expect(result).toMatchObject({
      ok: true,
      // The target echoed the key it received (so the auth was applied); the recorded output
      // never holds a secret, in any form.
      output: { items: [{ id: 1 }], key: '[redacted]', query: { tenant: 'acme', q: 'x' } },
    });
    // The request the code sent is recorded with the app's auth header hidden.
    expect(result.codeRequests?.[0].request.headers['X-Api-Key']).toBe('[redacted]');
    expect(result.codeRequests?.[0].request.query).toEqual([
      ['tenant', 'acme'],
      ['q', 'x'],
    ]);
  });

  // forms-dp 2.10: every template the action editor offers runs as offered: for an action whose
  // API Configuration points at the (local) API, it sends that request and returns the answer.
  const templateRuns = {
    request: {
      action: { method: 'post', fields: [{ name: 'name', title: 'Name', schema: { type: 'string' } }] },
      authInfo: {},
      values: { name: 'Ada', other: 'not sent' },
      credential: { access_token: 'tok_live_123' },
      output: { created: { name: 'Ada' }, auth: null },
    },
    authenticated: {
      action: { method: 'get', fields: [{ name: 'q', title: 'Query', schema: { type: 'string' } }] },
      authInfo: apiKeyAuth,
      values: { q: 'z' },
      credential: { api_key: 'k_live_2' },
      output: { items: [{ id: 1 }], key: '[redacted]', query: { tenant: 'acme', q: 'z' } },
    },
  } satisfies Record<(typeof ACTION_CODE_TEMPLATES)[number]['id'], unknown>;

  it.each(ACTION_CODE_TEMPLATES.map((t) => [t.label, t] as const))(
    'runs the offered template "%s" against the action\'s own URL',
    async (_, template) => {
      const run = templateRuns[template.id];
      const code = actionCodeTemplate(template.id, { ...run.action, url: `${base}/items` } as ActionCodeSource);
      const result = await executeStep({
        app: appWith(code, run.authInfo),
        actionKey: 'custom',
        values: run.values,
        credential: run.credential,
        base,
        http,
        sandbox,
      });
      expect(result).toMatchObject({ ok: true, output: run.output });
      // What the code sent is recorded for the Test tab: the request as sent (secrets redacted) and its status.
      expect(result.codeRequests).toHaveLength(1);
      expect(result.codeRequests?.[0]).toMatchObject({
        request: { method: template.id === 'request' ? 'POST' : 'GET', url: `${base}/items` },
        response: { status: template.id === 'request' ? 201 : 200 },
      });
      expect(JSON.stringify(result.codeRequests)).not.toContain(Object.values(run.credential)[0]);
    },
  );

  it.each(ACTION_CODE_TEMPLATES.map((t) => [t.label, t] as const))(
    'runs the template "%s" as shipped (no URL yet): it succeeds, sends nothing and says what to set',
    async (_, template) => {
      const send = vi.spyOn(http, 'send');
      const result = await executeStep({
        app: appWith(template.code, templateRuns[template.id].authInfo),
        actionKey: 'custom',
        values: { name: 'Ada' },
        credential: { api_key: 'k' },
        base,
        http,
        sandbox,
      });
      expect(result).toEqual({
        ok: true,
        output: { message: 'Set API_URL to your API address; no request was sent.', inputData: { name: 'Ada' } },
        codeRequests: [],
      });
      expect(send).not.toHaveBeenCalled();
      send.mockRestore();
    },
  );

  it('records a request the guard refused, and the code failure it caused', async () => {
    const code = 'def run(inputData, authData):\n    return request("GET", "http://10.0.0.1/secret")';
    const result = await executeStep({ app: appWith(code), actionKey: 'custom', values: {}, base, http, sandbox });
    expect(result.ok).toBe(false);
    expect(result.codeRequests).toHaveLength(1);
    expect(result.codeRequests?.[0].request.url).toBe('http://10.0.0.1/secret');
    expect(result.codeRequests?.[0].response).toBeUndefined();
    expect(result.codeRequests?.[0].error).toBeTruthy();
  });

  it('turns a code failure into a step failure core recognises', async () => {
    const result = await executeStep({
      app: appWith('def run(inputData, authData):\n    raise ValueError("no such contact")'),
      actionKey: 'custom',
      values: {},
      base,
      http,
      sandbox,
    });
    expect(result.ok).toBe(false);
    expect(result.error).toEqual({
      code: 'code-error',
      message: 'Custom code failed on line 2: ValueError: no such contact',
    });
    expect(isErrorResult(result.output)).toBe(true);
  });

  it('refuses an action whose custom code is empty without starting Python', async () => {
    const result = await executeStep({ app: appWith('x'), actionKey: 'empty', values: {}, base, http, sandbox });
    expect(result.error).toEqual({
      code: 'invalid-input',
      message: "'Empty code' uses custom code, but its code is empty.",
    });
  });

  it('cuts arrays to 50 entries in a step test', async () => {
    const result = await executeStep({
      app: appWith('def run(inputData, authData):\n    return {"rows": list(range(80))}'),
      actionKey: 'custom',
      values: {},
      base,
      http,
      sandbox,
      isTest: true,
    });
    expect(result.ok).toBe(true);
    expect((result.output as { rows: number[] }).rows).toHaveLength(50);
  });
});

describe('sandbox: the resident-memory backstop', () => {
  it('kills a child past its resident-memory limit with a memory error, and the next run works', async () => {
    // A snapshot folder left by a process that is gone is removed when a sandbox makes its own.
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
    const stale = path.join(os.tmpdir(), `junction-sandbox-${deadPid}-stale`);
    mkdirSync(stale, { recursive: true });
    const tight = createSandbox({ poolSize: 0, rssLimitMb: 64, timeoutMs: 30_000 });
    try {
      const slow = 'def run(inputData, authData):\n    import time\n    time.sleep(20)\n    return 1';
      const result = await tight.run({ code: slow, inputData: {}, authData: {} });
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'memory', message: 'Custom code ran out of memory (limit 256 MB).' },
      });
      expect(existsSync(stale)).toBe(false);
    } finally {
      await tight.close();
    }
    const after = await sandbox.run({ code: 'def run(i, a):\n    return "ok"', inputData: {}, authData: {} });
    expect(after).toMatchObject({ ok: true, output: 'ok' });
  });
});
