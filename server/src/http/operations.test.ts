import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createApp } from '../app.js';
import type { Config } from '../config.js';
import { Problem } from '../kernel/errors.js';
import type { Services } from '../kernel/types.js';
import { writePrecompiledContract } from './contract-build.js';
import { type ApiContract, listOperations, type OpenApiDocument } from './openapi.js';
import { loadPrecompiledContract } from './precompiled.js';

// A small contract in the shape of api-spec/openapi.yaml, so the HTTP layer is tested on its own.
const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'fixture', version: '1' },
  servers: [{ url: '/api' }],
  security: [{ bearer: [] }],
  paths: {
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/NewThing' } } },
        },
        responses: { '201': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      },
    },
    '/things/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getThing',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } }],
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          default: { $ref: '#/components/responses/Problem' },
        },
      },
      delete: { operationId: 'deleteThing', responses: { '204': { description: 'gone' } } },
    },
    '/public/ping': {
      get: {
        operationId: 'ping',
        security: [],
        responses: { '200': { content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
  components: {
    schemas: {
      NewThing: {
        type: 'object',
        additionalProperties: false,
        required: ['email'],
        properties: { email: { type: 'string', format: 'email' }, size: { type: 'integer' } },
      },
      Thing: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, email: { type: 'string' } } },
      Problem: {
        type: 'object',
        required: ['title', 'status'],
        properties: { title: { type: 'string' }, status: { type: 'integer' } },
      },
    },
    responses: {
      Problem: { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } },
    },
  },
};

const services = {
  accounts: {
    authenticate: async (token: string) =>
      token === 'good' ? { userId: 'u1', tenantId: 't1', sessionId: 's1', role: 'owner' as const } : null,
  },
  close: async () => {},
} as unknown as Services;

// Every case runs twice: validators compiled when the app starts (from source) and generated at
// build time (the built server, `contract-build.ts`): both must answer alike.
describe.each([
  ['compiled at start', false],
  ['generated at build time', true],
])('validators %s', (_label, isPrecompiled) => {
  let app: FastifyInstance;
  let dir: string;
  let generated: string | undefined;
  const logLines: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'junction-http-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Junction</title>');
    const config: Config = {
      port: 0,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:5000',
      dataDir: dir,
      mailFrom: 'x@y.z',
      env: 'test',
      bodyLimit: 1024 * 1024,
      rateLimits: false,
      logLevel: 'info',
      webDist: dir,
    };
    const text = stringify(document);
    let contract: ApiContract = { text, document, operations: listOperations(document) };
    if (isPrecompiled) {
      // What the build does for api-spec/openapi.yaml (tsup.config.ts), on this fixture.
      // Generated inside the server package, as dist/contract is: the code may require ajv's runtime.
      generated = mkdtempSync(path.join(fileURLToPath(new URL('../..', import.meta.url)), '.contract-test-'));
      writeFileSync(path.join(dir, 'openapi.yaml'), text);
      writePrecompiledContract(generated, path.join(dir, 'openapi.yaml'));
      const precompiled = loadPrecompiledContract(text, generated);
      expect(precompiled?.validators.size).toBeGreaterThan(0);
      contract = precompiled as ApiContract;
    }
    app = await createApp(config, {
      services,
      logger: { write: (line: string) => logLines.push(line) },
      contract,
      handlers: {
        createThing: async ({ body }) => ({ status: 201, body: { id: 'x1', ...(body as object) } }),
        getThing: async ({ params, query }) => {
          if (params.id === 'boom') throw new Error('database password is hunter2');
          if (params.id === 'missing') throw new Problem(404, 'Not Found', { detail: 'Thing not found.' });
          if (params.id === 'bad-answer') return { status: 200, body: { nope: true } };
          return { status: 200, body: { id: params.id, email: `limit-${typeof query.limit}` } };
        },
        ping: async ({ auth }) => ({ status: 200, body: { anonymous: auth === null } }),
      },
      // The fixture's operations are not in core's permission table: any session may call them.
      access: () => 'session-only',
    });
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
    if (generated) rmSync(generated, { recursive: true, force: true });
  });

  const authed = { authorization: 'Bearer good' };

  describe('contract routes', () => {
    it('maps /api/things/{id} to a route and coerces the query', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/things/a1?limit=3', headers: authed });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: 'a1', email: 'limit-number' });
    });

    it('answers 401 without or with a bad bearer token, and lets public operations through', async () => {
      for (const headers of [{}, { authorization: 'Bearer bad' }, { authorization: 'Basic good' }]) {
        const res = await app.inject({ method: 'GET', url: '/api/things/a1', headers });
        expect(res.statusCode).toBe(401);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json().title).toBe('Unauthorized');
      }
      const ping = await app.inject({ method: 'GET', url: '/api/public/ping' });
      expect(ping.json()).toEqual({ anonymous: true });
    });

    it('names the bad field of a query or body', async () => {
      const q = await app.inject({ method: 'GET', url: '/api/things/a1?limit=0', headers: authed });
      expect(q.statusCode).toBe(400);
      expect(q.json()).toMatchObject({ title: 'Bad Request', field: 'query.limit', detail: 'query.limit must be >= 1.' });

      const email = await app.inject({ method: 'POST', url: '/api/things', headers: authed, payload: { email: 'nope' } });
      expect(email.json()).toMatchObject({
        status: 400,
        field: 'body.email',
        detail: 'body.email must match format "email".',
      });
      expect(email.json().errors).toEqual([{ field: 'body.email', message: 'body.email must match format "email".' }]);

      const missing = await app.inject({ method: 'POST', url: '/api/things', headers: authed, payload: { size: 2 } });
      expect(missing.json()).toMatchObject({ field: 'body.email', detail: 'body.email is required.' });

      const unknown = await app.inject({
        method: 'POST',
        url: '/api/things',
        headers: authed,
        payload: { email: 'a@b.co', isAdmin: true },
      });
      expect(unknown.json()).toMatchObject({ field: 'body.isAdmin', detail: 'body.isAdmin is not an accepted field.' });

      const wrongType = await app.inject({
        method: 'POST',
        url: '/api/things',
        headers: authed,
        payload: { email: 'a@b.co', size: '2' },
      });
      expect(wrongType.json()).toMatchObject({ field: 'body.size', detail: 'body.size must be integer.' });
    });

    it('requires a declared body', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/things', headers: authed });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'body', detail: 'body is required.' });
    });

    it('answers 501 for an operation without a handler', async () => {
      const res = await app.inject({ method: 'DELETE', url: '/api/things/a1', headers: authed });
      expect(res.statusCode).toBe(501);
      expect(res.json()).toMatchObject({
        title: 'Not Implemented',
        detail: 'DELETE /api/things/{id} is not available yet.',
      });
    });

    it('keeps a Problem thrown by a service and hides the internals of other errors', async () => {
      const missing = await app.inject({ method: 'GET', url: '/api/things/missing', headers: authed });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        code: 'resource.not_found',
        detail: 'Thing not found.',
      });

      const boom = await app.inject({ method: 'GET', url: '/api/things/boom', headers: authed });
      expect(boom.statusCode).toBe(500);
      expect(boom.body).not.toContain('hunter2');
      expect(boom.json().title).toBe('Internal Server Error');
    });

    it('turns an answer that breaks the contract into a logged 500 outside production', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/things/bad-answer', headers: authed });
      expect(res.statusCode).toBe(500);
      expect(logLines.some((l) => l.includes('response breaks the contract') && l.includes('getThing'))).toBe(true);
    });

    it('answers unknown /api paths with a 404 Problem and other GETs with the web app', async () => {
      const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toMatch(/^application\/problem\+json/);
      const page = await app.inject({ method: 'GET', url: '/develop/demo-crm/actions' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Junction</title>');
      const hook = await app.inject({ method: 'GET', url: '/hooks/abc/def' });
      expect(hook.statusCode).toBe(404);
    });

    it('serves the raw contract and an HTML reference', async () => {
      const yaml = await app.inject({ method: 'GET', url: '/api/openapi.yaml' });
      expect(yaml.body).toContain('operationId: createThing');
      const docs = await app.inject({ method: 'GET', url: '/api/docs' });
      expect(docs.statusCode).toBe(200);
      expect(docs.body).toContain('swagger-ui');
    });
  });
});
