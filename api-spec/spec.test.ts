import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createStepData, type WorkflowDocument } from '@junction/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { OPERATION_IDS } from './src/index.js';

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

// biome-ignore lint/suspicious/noExplicitAny: a parsed YAML document is walked freely.
type Json = Record<string, any>;

const doc = parse(readFileSync(fileURLToPath(new URL('./openapi.yaml', import.meta.url)), 'utf8')) as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

interface Op {
  method: string;
  path: string;
  op: Json;
}

const operations: Op[] = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] as Json })),
);

/** Follows `#/...` references inside the document. */
function deref(value: Json): Json {
  let current = value;
  while (typeof current?.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce((node: Json, key: string) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current;
}

/** A strict Ajv 2020 with the whole contract registered, as the server does at run time. */
function createContractAjv(): Ajv2020 {
  // strictTuples off: FormTuple's last three items are optional on purpose (forms-dp 3).
  const ajv = new Ajv2020({ strict: true, strictTuples: false, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  // `components` is the OpenAPI container, not a JSON Schema keyword.
  ajv.addKeyword('components');
  ajv.addSchema({ $id: 'contract', components: doc.components }, 'contract');
  return ajv;
}

/** Rewrites local references so an inline fragment compiles against the registered contract. */
function anchor(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchor);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? `contract${v}` : anchor(v)]),
  );
}

// The REST surface of the issue "API contract, server…": every route must be in the contract.
const ROUTES = [
  'POST /api/auth/sign-up',
  'POST /api/auth/send-code',
  'POST /api/auth/verify-code',
  'POST /api/auth/log-in',
  'POST /api/auth/log-out',
  'GET /api/auth/me',
  'POST /api/auth/sign-in-link',
  'POST /api/auth/exchange',
  'POST /api/tenants',
  'GET /api/tenants/{tenantId}',
  'POST /api/tenants/{tenantId}/switch',
  'GET /api/workflows',
  'POST /api/workflows',
  'GET /api/workflows/{id}',
  'PUT /api/workflows/{id}',
  'DELETE /api/workflows/{id}',
  'POST /api/workflows/{id}/share',
  'GET /api/templates/{templateId}',
  'POST /api/templates/{templateId}/accept',
  'POST /api/workflows/{id}/steps/{stepId}/test',
  'POST /api/workflows/{id}/steps/{stepId}/trigger-choices',
  'PUT /api/workflows/{id}/steps/{stepId}/sample',
  'POST /api/apps/{appSlug}/dropdowns',
  'PUT /api/workflows/{id}/active',
  'POST /api/workflows/{id}/runs',
  'GET /api/workflows/{id}/executions',
  'GET /api/executions/{executionId}',
  'POST /api/executions/{executionId}/replay',
  'GET /api/apps',
  'GET /api/apps/{appSlug}',
  'POST /api/apps',
  'PUT /api/apps/{appSlug}',
  'GET /api/apps/{appSlug}/listing',
  'PUT /api/apps/{appSlug}/listing',
  'POST /api/apps/{appSlug}/test-auth',
  'POST /api/apps/{appSlug}/actions/{actionKey}/test',
  'GET /api/credentials',
  'POST /api/credentials',
  'GET /api/credentials/{id}',
  'PATCH /api/credentials/{id}',
  'DELETE /api/credentials/{id}',
  'POST /api/credentials/{id}/check',
  'GET /auth/{appSlug}',
  'GET /auth/{appSlug}/redirect',
  'GET /api/forms',
  'POST /api/forms',
  'PUT /api/forms/{formId}',
  'GET /api/public/forms/{formId}',
  'POST /api/public/forms/{formId}/submissions',
  'POST /api/public/forms/{formId}/uploads',
  'POST /hooks/{key}',
  'HEAD /hooks/{key}',
  'POST /api/tickets',
  'POST /api/error-reports',
  'POST /api/checkout',
  'GET /api/health',
  'GET /api/dev/outbox',
  'GET /api/docs',
  'GET /api/openapi.yaml',
];

const PUBLIC_OPERATIONS = [
  // An app's logo is an <img> source, which sends no bearer token.
  'getAppIcon',
  // The failure alert mail's off link carries its own secret.
  'setAlertsOff',
  'signUp',
  'logIn',
  'sendSignInLink',
  'exchangeToken',
  'getTemplate',
  'startOAuth',
  'finishOAuth',
  'getPublicForm',
  'submitForm',
  'uploadFormFile',
  'getFormFile',
  // The embedded checkout page and its Pay button: the browser navigates there without a bearer header.
  'getCheckoutPage',
  'finishCheckout',
  'getTermsPage',
  'getPrivacyPage',
  'verifyShopifyInstall',
  'receiveWebhook',
  'checkWebhook',
  'getHealth',
  'getHealthLive',
  'getHealthReady',
  'listOutbox',
  'getApiDocs',
  'getOpenApiDocument',
  // A fresh instance's first visitor: whether an owner exists, and creating that owner.
  'getInstance',
  'setUpInstance',
  // An invitation link's page, before the invited person has an account.
  'lookUpInvitation',
];

const VERBS =
  /^(get|list|create|update|delete|set|sign|send|verify|log|exchange|switch|share|accept|test|fetch|run|replay|load|start|finish|submit|upload|receive|report|check|rerun|cancel|end|rotate|publish|discard|restore|remove|transfer|export|look|revoke|resend)[A-Z]/;

describe('openapi.yaml', () => {
  it('is OpenAPI 3.1 with bearerAuth as the default security', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('gives every operation a unique, verb-first camelCase operationId and a declared tag', () => {
    const declaredTags = new Set((doc.tags as Json[]).map((t) => t.name));
    const ids = operations.map(({ op }) => op.operationId);
    for (const { method, path, op } of operations) {
      expect(op.operationId, `${method} ${path}`).toMatch(VERBS);
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]*$/);
      expect(op.tags?.length, `${op.operationId} tags`).toBeGreaterThan(0);
      for (const tag of op.tags) expect(declaredTags.has(tag), `${op.operationId} tag ${tag}`).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists exactly its operationIds in OPERATION_IDS', () => {
    expect([...OPERATION_IDS].sort()).toEqual(operations.map(({ op }) => op.operationId as string).sort());
  });

  it('contains every route of the REST surface', () => {
    const present = new Set(operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`));
    const missing = ROUTES.filter((route) => !present.has(route));
    expect(missing).toEqual([]);
  });

  it('answers every 4xx and 5xx with the shared Problem as application/problem+json', () => {
    const offenders: string[] = [];
    for (const { op } of operations) {
      for (const [status, raw] of Object.entries(op.responses as Json)) {
        if (!/^[45]/.test(status)) continue;
        const schema = deref(raw as Json).content?.['application/problem+json']?.schema;
        if (schema?.$ref !== '#/components/schemas/Problem') offenders.push(`${op.operationId} ${status}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('sends Retry-After with 429', () => {
    expect(doc.components.responses.TooManyRequests.headers['Retry-After'].schema.type).toBe('integer');
  });

  it('marks exactly the public routes as needing no session', () => {
    const open = operations.filter(({ op }) => op.security?.length === 0).map(({ op }) => op.operationId);
    expect(open.sort()).toEqual([...PUBLIC_OPERATIONS].sort());
    const reportClientError = operations.find(({ op }) => op.operationId === 'reportClientError');
    expect(reportClientError?.op.security).toEqual([{}, { bearerAuth: [] }]);
  });

  it('declares every path template parameter', () => {
    for (const { path, op } of operations) {
      const item = doc.paths[path] as Json;
      const declared = [...(item.parameters ?? []), ...(op.parameters ?? [])]
        .map(deref)
        .filter((p) => p.in === 'path')
        .map((p) => p.name);
      const used = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      expect(declared.sort(), `${op.operationId}`).toEqual(used.sort());
    }
  });

  it('rejects unknown fields in every JSON request body', () => {
    const loose: string[] = [];
    for (const { op } of operations) {
      const schema = op.requestBody && deref(op.requestBody).content?.['application/json']?.schema;
      if (!schema || op.operationId === 'receiveWebhook') continue;
      if (deref(schema).additionalProperties !== false) loose.push(op.operationId);
    }
    expect(loose).toEqual([]);
  });

  it('uses only the formats the server validates', () => {
    const formats = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) {
        for (const child of node) walk(child);
        return;
      }
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'format' && typeof value === 'string') formats.add(value);
        else walk(value);
      }
    };
    walk(doc);
    for (const format of formats) expect(['date-time', 'email', 'uri', 'uuid']).toContain(format);
  });

  it('compiles every component schema and every inline schema with strict Ajv 2020', () => {
    const ajv = createContractAjv();
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => ajv.compile({ $ref: `contract#/components/schemas/${name}` }), name).not.toThrow();
    }
    for (const { path, op } of operations) {
      const item = doc.paths[path] as Json;
      const schemas: unknown[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref(p).schema);
      for (const media of Object.values(deref(op.requestBody ?? {}).content ?? {}))
        schemas.push((media as Json).schema);
      for (const raw of Object.values(op.responses as Json)) {
        for (const media of Object.values(deref(raw as Json).content ?? {})) schemas.push((media as Json).schema);
      }
      for (const schema of schemas) expect(() => ajv.compile(anchor(schema) as Json), op.operationId).not.toThrow();
    }
  });
});

describe('schemas against real values', () => {
  const ajv = createContractAjv();
  const validatorOf = (name: string) => ajv.compile({ $ref: `contract#/components/schemas/${name}` });

  const trigger = {
    id: 's1',
    kind: 'trigger' as const,
    position: { x: 0, y: 0 },
    data: createStepData({
      name: 'New contact in Demo CRM',
      type: 'demo-crm',
      testData: { id: 7, tags: ['a'] },
      pollingParams: { dedupe_key: 'id', data_head: 'contacts' },
      fields: [{ name: 'email', value: '${s0.email}', schema: { type: 'string' } }],
    }),
  };
  const document: WorkflowDocument = {
    schemaVersion: 1,
    id: 'w1',
    name: 'Untitled Workflow',
    active: false,
    steps: [trigger, { ...trigger, id: 's2', kind: 'action', data: createStepData() }],
    links: [
      {
        id: 'l1',
        source: 's1',
        target: 's2',
        name: 'Filter: a AND b',
        groups: [[{ lhs: '${s1.id}', conditionType: 'greaterThan', rhs: '3' }]],
        delaySeconds: 60,
      },
    ],
  };

  it("accepts a document built with core's createStepData", () => {
    const validate = validatorOf('WorkflowDocument');
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });

  it('rejects a document with an unknown field on a step', () => {
    const validate = validatorOf('WorkflowDocument');
    const bad = { ...document, steps: [{ ...trigger, data: { ...trigger.data, extra: 1 } }] };
    expect(validate(bad)).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/steps/0/data', keyword: 'additionalProperties' });
  });

  it('rejects a workflow name over 200 characters and an e-mail over 320', () => {
    expect(validatorOf('CreateWorkflowInput')({ name: 'x'.repeat(201) })).toBe(false);
    expect(validatorOf('CreateWorkflowInput')({ name: 'x'.repeat(200) })).toBe(true);
    const email = `${'a'.repeat(320)}@example.com`;
    expect(validatorOf('LogInInput')({ email, password: 'correct horse battery' })).toBe(false);
    expect(validatorOf('LogInInput')({ email: 'ada@example.com', password: 'correct horse battery' })).toBe(true);
  });

  it('accepts the Problem bodies the server sends and refuses unknown members', () => {
    const validate = validatorOf('Problem');
    expect(
      validate({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        code: 'resource.not_found',
        detail: 'Workflow not found.',
      }),
    ).toBe(true);
    expect(
      validate({
        type: 'about:blank',
        title: 'Unprocessable Content',
        status: 422,
        code: 'rule.failed',
        detail: 'The document is invalid.',
        field: 'document.steps.0.id',
        errors: [{ field: 'document.steps.0.id', message: 'must be unique' }],
      }),
    ).toBe(true);
    expect(
      validate({ type: 'about:blank', title: 'Too Many Requests', status: 429, code: 'limit.rate', retryAfter: 30 }),
    ).toBe(true);
    // Every Problem carries a stable code, in the dotted lower-case form clients branch on.
    expect(validate({ type: 'about:blank', title: 'Not Found', status: 404 })).toBe(false);
    expect(validate({ type: 'about:blank', title: 'Not Found', status: 404, code: 'NotFound' })).toBe(false);
    expect(validate({ title: 'Bad Request', status: 400 })).toBe(false);
    expect(
      validate({ type: 'about:blank', title: 'Bad Request', status: 400, code: 'request.invalid', stack: 'x' }),
    ).toBe(false);
  });

  it('accepts a stored form tuple as core writes it, and a short one', () => {
    const validate = validatorOf('FormTuple');
    const full = [
      {
        header: { image_url: '' },
        color: { theme: '#0069ea', background: '#F5F5F5' },
        form: { title: 'Untitled form', description: '' },
        text_style: {
          header: { font: '', size: 33 },
          text: { font: '', size: '14px' },
          question: { font: '', size: 18 },
        },
      },
      [{ question: 'Name', type: 'input', required: true }],
      [{ section: [{ question: 'Colour', type: 'checkboxes', checkbox_options: ['red', 'blue'] }] }],
      false,
      true,
    ];
    expect(validate(full), JSON.stringify(validate.errors)).toBe(true);
    expect(validate([{}, [{ question: 'Name', type: 'input' }]])).toBe(true);
    expect(validate([{}, [], [], false, false, 'extra'])).toBe(false);
    expect(validate([{}, [{ question: 'Name', type: 'date' }]])).toBe(false);
  });

  it('accepts the app definition example of DESIGN.md', () => {
    const validate = validatorOf('AppDefinition');
    const app = {
      appSlug: 'demo-crm',
      appName: 'Demo CRM',
      category: 'CRM',
      source: 'first100',
      iconURL: '/icons/demo-crm.svg',
      completionStatus: 'Complete',
      disableAuth: false,
      authInfo: {
        apiType: 'apikey',
        testAuth: 'listContacts',
        apikeyFormFields: [{ key: 'api_key', title: 'API key', description: 'Settings → API' }],
        requestConfig: { headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] },
      },
      actions: {
        listContacts: {
          title: 'List contacts',
          method: 'get',
          hidden: true,
          url: '{base}/demo-crm/contacts',
          fields: [],
        },
        createContact: {
          title: 'Create contact',
          description: 'Creates a contact.',
          method: 'post',
          url: '{base}/demo-crm/contacts',
          fields: [
            { name: 'email', title: 'E-mail', in: 'formData', required: true, schema: { type: 'string' } },
            { name: 'tags', title: 'Tags', in: 'formData', schema: { type: 'array', items: { type: 'string' } } },
          ],
        },
      },
      triggers: {
        newContact: {
          label: 'New contact',
          description: 'Triggers when a contact is created.',
          type: 'polling',
          action: 'listContacts',
          pollingParams: { dedupe_key: 'id', data_head: 'contacts' },
        },
      },
    };
    expect(validate(app), JSON.stringify(validate.errors)).toBe(true);
    // forms-dp 5: keys are letters, numbers, hyphens, and underscores only.
    expect(validate({ ...app, actions: { 'list contacts': app.actions.listContacts } })).toBe(false);
  });
});
