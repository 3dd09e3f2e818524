import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ACTION_CODE_TEMPLATES, type AppDefinition, isErrorResult } from '@junction/core';
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
    expect(result).toEqual({ ok: true, output: { name: 'ADA', has_key: true } });
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
    expect(result).toEqual({
      ok: true,
      // The target echoed the key it received (so the auth was applied); the recorded output
      // never holds a secret, in any form.
      output: { items: [{ id: 1 }], key: '[redacted]', query: { tenant: 'acme', q: 'x' } },
    });
  });

  // forms-dp 2.10: every template the action editor offers runs as offered (only the example
  // host is pointed at the local API) and returns the API's answer as the step's output.
  const templateRuns = {
    request: {
      authInfo: {},
      values: { name: 'Ada' },
      credential: { access_token: 'tok_live_123' },
      output: { created: { name: 'Ada' }, auth: 'Bearer [redacted]' },
    },
    authenticated: {
      authInfo: apiKeyAuth,
      values: { q: 'z' },
      credential: { api_key: 'k_live_2' },
      output: { items: [{ id: 1 }], key: '[redacted]', query: { tenant: 'acme', q: 'z' } },
    },
  } satisfies Record<(typeof ACTION_CODE_TEMPLATES)[number]['id'], unknown>;

  it.each(ACTION_CODE_TEMPLATES.map((t) => [t.label, t] as const))(
    'runs the offered template "%s"',
    async (_, template) => {
      const run = templateRuns[template.id];
      const result = await executeStep({
        app: appWith(template.code.replace('https://api.example.com', base), run.authInfo),
        actionKey: 'custom',
        values: run.values,
        credential: run.credential,
        base,
        http,
        sandbox,
      });
      expect(result).toEqual({ ok: true, output: run.output });
    },
  );

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
