import { isErrorResult } from '@junction/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTarget, type Target } from '../../../test/fixtures/targets/target-server.js';
import { createHttpClient, type HttpClient } from '../security/http-client.js';
import { demoCrmApp } from './builtin/demo-crm.js';
import { httpApp } from './builtin/flow.js';
import { formatterApp } from './builtin/formatter.js';
import { demoCrmPlugin } from './demo-crm/plugin.js';
import { createMemoryDemoCrmStorage } from './demo-crm/storage.js';
import { executeStep, REDACTED, redactRequest } from './executor.js';

let crm: FastifyInstance;
let base: string;
let apiKey: string;
let target: Target;
let http: HttpClient;

beforeAll(async () => {
  target = await startTarget();
  const storage = createMemoryDemoCrmStorage();
  apiKey = await storage.issueApiKey('tenant_1');
  crm = Fastify();
  await crm.register(demoCrmPlugin, { storage, http: createHttpClient({ allowedHosts: [] }) });
  await crm.listen({ host: '127.0.0.1', port: 0 });
  const address = crm.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;
  http = createHttpClient({ allowedHosts: `127.0.0.1:${port},127.0.0.1:${target.port}`, timeoutMs: 5_000 });
});
afterAll(async () => {
  await http.close();
  await crm.close();
  await target.close();
});

const crmStep = (actionKey: string, values: Record<string, unknown>, key = apiKey) =>
  executeStep({ app: demoCrmApp, actionKey, values, credential: { api_key: key }, base, http });

describe('executeStep: Demo CRM end to end', () => {
  it('creates a contact through core buildRequest and the guarded client, with the key redacted', async () => {
    const result = await crmStep('createContact', { email: 'ada@example.com', firstName: 'Ada', tags: 'math, poetry' });
    expect(result.ok).toBe(true);
    expect(result.error).toBeUndefined();
    expect(result.response?.status).toBe(201);
    expect(result.output).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', tags: ['math', 'poetry'] });
    expect(isErrorResult(result.output)).toBe(false);
    expect(result.request).toEqual({
      method: 'POST',
      url: `${base}/demo-crm/contacts`,
      query: [],
      headers: { 'X-Api-Key': REDACTED, 'Content-Type': 'application/json' },
      body: { email: 'ada@example.com', firstName: 'Ada', tags: ['math', 'poetry'] },
    });
    expect(JSON.stringify(result)).not.toContain(apiKey);
  });

  it('finds and updates that contact', async () => {
    const found = await crmStep('findContact', { email: 'ada@example.com' });
    expect(found.request?.query).toEqual([['email', 'ada@example.com']]);
    const [contact] = (found.output as { contacts: { id: string }[] }).contacts;
    const updated = await crmStep('updateContact', { id: contact.id, company: 'Analytical Engines' });
    expect(updated.ok).toBe(true);
    expect(updated.request?.url).toBe(`${base}/demo-crm/contacts/${contact.id}`);
    expect(updated.output).toMatchObject({ id: contact.id, email: 'ada@example.com', company: 'Analytical Engines' });
  });

  it('cuts arrays to 50 entries in test mode', async () => {
    for (let i = 0; i < 55; i++) await crmStep('createContact', { email: `bulk${i}@example.com` });
    const listed = await executeStep({
      app: demoCrmApp,
      actionKey: 'listContacts',
      values: {},
      credential: { api_key: apiKey },
      base,
      http,
      isTest: true,
    });
    const output = listed.output as { contacts: unknown[]; Message: string };
    expect(output.contacts).toHaveLength(50);
    expect(output.Message).toBe('Results were truncated to show only 50 of 56');
  });

  it('fails without sending when a required field is missing', async () => {
    const result = await crmStep('createContact', { firstName: 'No e-mail' });
    expect(result.ok).toBe(false);
    expect(result.request).toBeUndefined();
    expect(result.error).toEqual({
      code: 'invalid-input',
      field: 'email',
      message: "Missing value for required field 'E-mail'.",
    });
    expect(isErrorResult(result.output)).toBe(true);
  });

  it('turns a 401 into an error result with the status', async () => {
    const result = await crmStep('listContacts', {}, 'dcrm_wrong_key');
    expect(result.ok).toBe(false);
    expect(result.error).toEqual({
      code: 'http-status',
      status: 401,
      message: 'Demo CRM answered 401: A valid API key is required in the X-Api-Key header.',
    });
    expect(result.output).toMatchObject({ status_code: 401 });
    expect(isErrorResult(result.output)).toBe(true);
  });

  it('reports a blocked address as an error result, not a throw', async () => {
    const guarded = createHttpClient({ allowedHosts: [] });
    try {
      const result = await executeStep({
        app: demoCrmApp,
        actionKey: 'listContacts',
        values: {},
        credential: { api_key: apiKey },
        base,
        http: guarded,
      });
      expect(result.ok).toBe(false);
      expect(result.error?.code).toBe('blocked');
      expect(result.request?.headers['X-Api-Key']).toBe(REDACTED);
      expect(isErrorResult(result.output)).toBe(true);
    } finally {
      await guarded.close();
    }
  });

  it('names an unknown action', async () => {
    const result = await crmStep('deleteEverything', {});
    expect(result.error).toEqual({ code: 'unknown-action', message: "Demo CRM has no action 'deleteEverything'." });
  });
});

describe('executeStep: built-ins', () => {
  it('sends the custom request with params, ignoring the JSON body for GET', async () => {
    const result = await executeStep({
      app: httpApp,
      actionKey: 'customRequest',
      values: {
        requestType: 'GET',
        url: `${target.url}/echo`,
        params: [{ key: 'q', value: 'ada' }],
        stringBody: '{"a":1}',
      },
      base: '',
      http,
    });
    expect(result.ok).toBe(true);
    expect(result.output).toMatchObject({ method: 'GET', query: { q: 'ada' }, body: null });
  });

  it('sends a POST body and rejects invalid JSON naming stringBody', async () => {
    const posted = await executeStep({
      app: httpApp,
      actionKey: 'customRequest',
      values: { requestType: 'post', url: `${target.url}/echo`, stringBody: '{"a":1}' },
      base: '',
      http,
    });
    expect(posted.output).toMatchObject({ method: 'POST', body: { a: 1 } });
    const invalid = await executeStep({
      app: httpApp,
      actionKey: 'customRequest',
      values: { requestType: 'POST', url: `${target.url}/echo`, stringBody: '{a:' },
      base: '',
      http,
    });
    expect(invalid.error).toMatchObject({ code: 'invalid-input', field: 'stringBody' });
  });

  it('sends the header rows in their order and body rows as a JSON object', async () => {
    const result = await executeStep({
      app: httpApp,
      actionKey: 'customRequest',
      values: {
        requestType: 'POST',
        url: `${target.url}/echo`,
        headers: [
          { key: 'X-Zeta', value: 'z' },
          { key: 'X-Alpha', value: 'a' },
        ],
        bodyType: 'fields',
        bodyFields: [
          { key: 'name', value: 'Ada' },
          { key: 'age', value: 42 },
        ],
      },
      base: '',
      http,
    });
    expect(result.ok).toBe(true);
    const echoed = result.output as { headers: Record<string, string>; body: unknown };
    expect(Object.keys(echoed.headers).filter((name) => name.startsWith('x-'))).toEqual(['x-zeta', 'x-alpha']);
    expect(echoed.body).toEqual({ name: 'Ada', age: 42 });
  });

  it('retries a 500 when asked to', async () => {
    target.script('flaky-step', [{ status: 500 }, { status: 200, body: { ok: true } }]);
    const result = await executeStep({
      app: httpApp,
      actionKey: 'customRequest',
      values: { requestType: 'GET', url: `${target.url}/scripted/flaky-step` },
      base: '',
      http,
      retries: { max: 2, baseMs: 1 },
    });
    expect(result).toMatchObject({ ok: true, output: { ok: true } });
  });

  it('runs the Formatter in-process, with no request', async () => {
    const result = await executeStep({
      app: formatterApp,
      actionKey: 'text',
      values: { transform: 'upper', input: 'ada' },
      base: '',
      http,
    });
    expect(result).toEqual({ ok: true, output: { output: 'ADA' } });
    const failed = await executeStep({
      app: formatterApp,
      actionKey: 'number',
      values: { transform: 'round', input: 'x' },
      base: '',
      http,
    });
    expect(failed.error).toMatchObject({ code: 'invalid-input', field: 'input' });
    expect(isErrorResult(failed.output)).toBe(true);
  });
});

describe('redactRequest', () => {
  it('hides auth headers and params, and secret credential values wherever they appear (public ones stay)', () => {
    const request = {
      method: 'POST' as const,
      url: 'https://api.example/t/acme-tenant/items',
      query: [
        ['token', 'abc123token'],
        ['q', 'x'],
      ] as [string, string][],
      headers: { Authorization: 'Basic dXNlcjpwYXNz', 'X-Echo': 'abc123token' },
      body: { note: 'key abc123token', n: 1, list: ['acme-tenant'] },
    };
    const app = {
      authInfo: {
        apiType: 'basic' as const,
        basicFormFields: [{ key: 'tenant', public: true }],
        requestConfig: { params: [{ key: 'token', value: '${auth.token}' }] },
      },
    };
    expect(redactRequest(request, app, { token: 'abc123token', tenant: 'acme-tenant', pin: '12' })).toEqual({
      method: 'POST',
      url: 'https://api.example/t/acme-tenant/items',
      query: [
        ['token', REDACTED],
        ['q', 'x'],
      ],
      headers: { Authorization: REDACTED, 'X-Echo': REDACTED },
      body: { note: `key ${REDACTED}`, n: 1, list: ['acme-tenant'] },
    });
  });
});
