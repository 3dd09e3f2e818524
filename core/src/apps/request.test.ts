import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCustomRequest, buildRequest, coerceValue, type HttpRequest, type RequestResult } from './request.js';
import type { ActionDef, AppDefinition } from './types.js';

const base = 'https://crm.example/';

function app(authInfo: AppDefinition['authInfo'] = {}, disableAuth = false) {
  return { authInfo, disableAuth };
}

const createContact: ActionDef = {
  title: 'Create contact',
  method: 'post',
  url: '{base}/demo-crm/contacts',
  fields: [
    { name: 'email', title: 'E-mail', in: 'formData', required: true, schema: { type: 'string' } },
    { name: 'tags', title: 'Tags', in: 'formData', schema: { type: 'array', items: { type: 'string' } } },
    { name: 'age', title: 'Age', in: 'formData', schema: { type: 'number' } },
  ],
};

function ok(result: RequestResult): HttpRequest {
  if (!result.ok) throw new Error(`expected a request, got ${JSON.stringify(result.errors)}`);
  return result.request;
}

describe('buildRequest', () => {
  it('builds the DESIGN example: {base}, API-key header from requestConfig, JSON body with arrays', () => {
    const demo = app({
      apiType: 'apikey',
      requestConfig: { headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] },
    });
    const request = ok(
      buildRequest({
        app: demo,
        action: createContact,
        values: { email: 'ada@example.com', tags: ['vip', 'new'], age: '36' },
        credential: { api_key: 'secret-1' },
        base,
      }),
    );
    expect(request).toEqual({
      method: 'POST',
      url: 'https://crm.example/demo-crm/contacts',
      query: [],
      headers: { 'X-Api-Key': 'secret-1', 'Content-Type': 'application/json' },
      body: { email: 'ada@example.com', tags: ['vip', 'new'], age: 36 },
      // What a redirect to another origin must not carry on (the guarded client drops it).
      authKeys: { headers: ['X-Api-Key'], query: [] },
    });
  });

  it('fills path parameters URI-encoded and reports a missing one as a result error', () => {
    const getContact: ActionDef = {
      title: 'Get contact',
      method: 'get',
      url: '{base}/contacts/{contactId}',
      fields: [{ name: 'contactId', title: 'Contact', in: 'path', required: true, schema: { type: 'string' } }],
    };
    const filled = ok(buildRequest({ app: app(), action: getContact, values: { contactId: 'a/b c' }, base }));
    expect(filled.url).toBe('https://crm.example/contacts/a%2Fb%20c');
    expect(filled.body).toBeUndefined();

    const missing = buildRequest({ app: app(), action: getContact, values: {}, base });
    expect(missing).toEqual({
      ok: false,
      errors: [{ code: 'required', field: 'contactId', message: "Missing value for required field 'Contact'." }],
    });
  });

  it('reports a path placeholder that no value fills', () => {
    const action: ActionDef = { title: 'T', method: 'get', url: '{base}/x/{id}', fields: [] };
    expect(buildRequest({ app: app(), action, values: {}, base })).toEqual({
      ok: false,
      errors: [{ code: 'missing-value', field: 'id', message: "Missing value for path parameter 'id'." }],
    });
    expect(buildRequest({ app: app(), action: { ...action, url: '{base}/{constructor}' }, values: {}, base }).ok).toBe(
      false,
    );
  });

  it('sends formData of GET and DELETE in the query, with repeated keys for arrays', () => {
    const search: ActionDef = {
      title: 'Search',
      method: 'get',
      url: '{base}/search',
      fields: [
        { name: 'q', title: 'Query', in: 'formData', schema: { type: 'string' } },
        { name: 'ids', title: 'Ids', in: 'query', schema: { type: 'array' } },
        { name: 'X-Trace', title: 'Trace', in: 'header', schema: { type: 'string' } },
      ],
    };
    const request = ok(
      buildRequest({ app: app(), action: search, values: { q: 'ada', ids: '1, 2', 'X-Trace': 't' }, base }),
    );
    expect(request.query).toEqual([
      ['q', 'ada'],
      ['ids', '1'],
      ['ids', '2'],
    ]);
    expect(request.headers).toEqual({ 'X-Trace': 't' });
    expect(request.body).toBeUndefined();

    const del = ok(buildRequest({ app: app(), action: { ...search, method: 'delete' }, values: { q: 'x' }, base }));
    expect(del).toMatchObject({ method: 'DELETE', query: [['q', 'x']] });
    expect(del.body).toBeUndefined();
  });

  it('applies basic auth as a base64 Authorization header, UTF-8 safe', () => {
    const action: ActionDef = { title: 'Me', method: 'get', url: '{base}/me', fields: [] };
    const request = ok(
      buildRequest({
        app: app({ apiType: 'basic' }),
        action,
        values: {},
        credential: { username: 'ada', password: 'pässword' },
        base,
      }),
    );
    // base64 of the UTF-8 bytes of 'ada:pässword'.
    expect(request.headers.Authorization).toBe('Basic YWRhOnDDpHNzd29yZA==');
  });

  it('applies an OAuth 2.0 bearer token, and nothing when auth is disabled', () => {
    const action: ActionDef = { title: 'Me', method: 'get', url: '{base}/me', fields: [] };
    const oauth = app({ apiType: 'oauth2' });
    const request = ok(buildRequest({ app: oauth, action, values: {}, credential: { access_token: 'tok' }, base }));
    expect(request.headers).toEqual({ Authorization: 'Bearer tok' });
    const off = ok(
      buildRequest({
        app: { ...oauth, disableAuth: true },
        action,
        values: {},
        credential: { access_token: 'tok' },
        base,
      }),
    );
    expect(off.headers).toEqual({});
  });

  it('resolves ${auth.*} and ${inputData.*} in url, headers, url_params and body rows', () => {
    const action: ActionDef = {
      title: 'Post note',
      method: 'post',
      url: 'https://${auth.subdomain}.example.com/notes/${inputData.folder}',
      fields: [
        { name: 'folder', title: 'Folder', in: 'path', schema: { type: 'string' } },
        { name: 'text', title: 'Text', in: 'formData', schema: { type: 'string' } },
        { name: 'labels', title: 'Labels', in: 'formData', schema: { type: 'array' } },
      ],
      headers: [{ key: 'X-Account', value: 'acct-${auth.account}' }],
      url_params: [{ key: 'token', value: '${auth.token}' }],
      body: [
        { key: 'content', value: '${inputData.text}' },
        { key: 'labels', value: '${inputData.labels}' },
        { key: 'note', value: 'by ${inputData.who} ${unknown.ref}' },
      ],
    };
    const request = ok(
      buildRequest({
        app: app(),
        action,
        values: { folder: 'a b', text: 'hello', labels: ['x', 'y'] },
        credential: { subdomain: 'acme', account: '7', token: 't0' },
        base,
      }),
    );
    expect(request.url).toBe('https://acme.example.com/notes/a%20b');
    expect(request.headers).toEqual({ 'X-Account': 'acct-7', 'Content-Type': 'application/json' });
    expect(request.query).toEqual([['token', 't0']]);
    // Body rows are the body; missing inputData renders empty, unknown roots stay literal.
    expect(request.body).toEqual({ content: 'hello', labels: ['x', 'y'], note: 'by  ${unknown.ref}' });
  });

  it('never reaches the prototype through a reference path', () => {
    const action: ActionDef = {
      title: 'T',
      method: 'post',
      url: '{base}/t',
      fields: [],
      body: [
        { key: 'p', value: '${inputData.__proto__.polluted}' },
        { key: 'c', value: '${auth.constructor}' },
      ],
    };
    const request = ok(buildRequest({ app: app(), action, values: {}, base }));
    expect(request.body).toEqual({ p: undefined, c: undefined });
  });

  it("keeps a '__proto__' key as plain body data", () => {
    const action: ActionDef = {
      title: 'T',
      method: 'post',
      url: '{base}/t',
      fields: [{ name: '__proto__', title: 'P', in: 'formData', schema: { type: 'object' } }],
    };
    const request = ok(
      buildRequest({ app: app(), action, values: JSON.parse('{"__proto__": {"polluted": true}}'), base }),
    );
    expect(JSON.stringify(request.body)).toBe('{"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('uses a field default value, and reports a required field left blank', () => {
    const action: ActionDef = {
      title: 'T',
      method: 'post',
      url: '{base}/t',
      fields: [
        { name: 'kind', title: 'Kind', in: 'formData', hidden: true, value: 'person', schema: { type: 'string' } },
        { name: 'email', title: 'E-mail', in: 'formData', required: true, schema: { type: 'string' } },
      ],
    };
    expect(ok(buildRequest({ app: app(), action, values: { email: 'a@b.c' }, base })).body).toEqual({
      kind: 'person',
      email: 'a@b.c',
    });
    const result = buildRequest({ app: app(), action, values: { email: '' }, base });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.map((e) => e.field)).toEqual(['email']);
  });

  it("resolves references inside a hidden field's fixed list or object, keeping its shape", () => {
    const action: ActionDef = {
      title: 'Append text',
      method: 'post',
      url: '{base}/docs/1:batchUpdate',
      fields: [
        { name: 'text', title: 'Text', in: 'formData', schema: { type: 'string' } },
        {
          name: 'requests',
          title: 'Requests',
          in: 'formData',
          hidden: true,
          value: [{ insertText: { endOfSegmentLocation: {}, text: '${inputData.text}' } }],
          schema: { type: 'array' },
        },
      ],
    };
    const body = ok(buildRequest({ app: app(), action, values: { text: 'Hello' }, base })).body;
    expect(body).toEqual({
      text: 'Hello',
      requests: [{ insertText: { endOfSegmentLocation: {}, text: 'Hello' } }],
    });
    // A user's own value is taken as given, not walked.
    const given = [{ note: '${inputData.text}' }];
    expect(ok(buildRequest({ app: app(), action, values: { text: 'Hi', requests: given }, base })).body).toEqual({
      text: 'Hi',
      requests: given,
    });
  });

  it('refuses custom-code actions and unknown methods with a result', () => {
    const custom = { ...createContact, customForm: { custom: true, apiCode: 'x' } };
    expect(buildRequest({ app: app(), action: custom, values: {}, base })).toMatchObject({
      ok: false,
      errors: [{ code: 'custom-code' }],
    });
    const odd = { ...createContact, method: 'head' } as unknown as ActionDef;
    expect(buildRequest({ app: app(), action: odd, values: {}, base })).toMatchObject({
      ok: false,
      errors: [{ code: 'invalid-method' }],
    });
  });
});

describe('buildRequest on arbitrary input', () => {
  const fieldArb = fc.record(
    {
      name: fc.constantFrom('id', 'q', 'tags', 'x-h', '__proto__', 'constructor'),
      title: fc.string(),
      in: fc.constantFrom('query', 'path', 'header', 'formData', undefined),
      required: fc.boolean(),
      value: fc.jsonValue(),
      schema: fc.record({
        type: fc.constantFrom('string', 'number', 'integer', 'datetime', 'boolean', 'object', 'array'),
      }),
    },
    { requiredKeys: ['name'] },
  );
  const actionArb = fc.record({
    title: fc.string(),
    method: fc.constantFrom('get', 'post', 'put', 'patch', 'delete'),
    url: fc.constantFrom('{base}/a/{id}', '{base}/s?x=1', 'https://${auth.host}/${inputData.q}', '{base}'),
    fields: fc.array(fieldArb, { maxLength: 5 }),
    body: fc.option(fc.array(fc.record({ key: fc.string(), value: fc.string() }), { maxLength: 3 }), {
      nil: undefined,
    }),
  });

  it('never throws, and GET and DELETE never carry a body', () => {
    fc.assert(
      fc.property(
        actionArb,
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.dictionary(fc.string(), fc.string()),
        fc.constantFrom<'basic' | 'apikey' | 'oauth2' | undefined>('basic', 'apikey', 'oauth2', undefined),
        (action, values, credential, apiType) => {
          const result = buildRequest({ app: app({ apiType }), action: action as ActionDef, values, credential, base });
          if (result.ok && (result.request.method === 'GET' || result.request.method === 'DELETE')) {
            expect(result.request.body).toBeUndefined();
          }
          if (!result.ok) expect(result.errors.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('coerceValue', () => {
  it('converts text to the schema type where it converts cleanly', () => {
    expect(coerceValue('42', { type: 'integer' })).toBe(42);
    expect(coerceValue('4x', { type: 'number' })).toBe('4x');
    expect(coerceValue('Yes', { type: 'boolean' })).toBe(true);
    expect(coerceValue('false', { type: 'boolean' })).toBe(false);
    expect(coerceValue('["a",1]', { type: 'array' })).toEqual(['a', 1]);
    expect(coerceValue('1, 2', { type: 'array', items: { type: 'number' } })).toEqual([1, 2]);
    expect(coerceValue('{"a":1}', { type: 'object' })).toEqual({ a: 1 });
    expect(coerceValue('2024-01-02', { type: 'datetime' })).toBe('2024-01-02');
  });
});

describe('buildCustomRequest', () => {
  it('puts params in the query and parses the JSON body', () => {
    expect(
      ok(
        buildCustomRequest({
          requestType: 'POST',
          url: ' https://hooks.example/x ',
          params: [
            { key: 'a', value: '1' },
            { key: '', value: 'skipped' },
          ],
          stringBody: '{"name":"Ada"}',
        }),
      ),
    ).toEqual({
      method: 'POST',
      url: 'https://hooks.example/x',
      query: [['a', '1']],
      headers: { 'Content-Type': 'application/json' },
      body: { name: 'Ada' },
    });
  });

  it('ignores the JSON body for GET, even when it is not JSON', () => {
    const request = ok(buildCustomRequest({ requestType: 'GET', url: 'https://x.example', stringBody: 'not json' }));
    expect(request.body).toBeUndefined();
    expect(request.headers).toEqual({});
  });

  it("reports invalid JSON as an error naming 'stringBody'", () => {
    const result = buildCustomRequest({ requestType: 'PUT', url: 'https://x.example', stringBody: '{oops' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]).toMatchObject({ code: 'invalid-json', field: 'stringBody' });
    expect(!result.ok && result.errors[0].message).toMatch(/^stringBody is not valid JSON/);
  });

  it('requires a known method and a url', () => {
    const result = buildCustomRequest({ requestType: 'TRACE', url: '' });
    expect(!result.ok && result.errors.map((e) => e.field)).toEqual(['requestType', 'url']);
  });

  it('sends the header rows in their order, and keeps a Content-Type the user set', () => {
    const request = ok(
      buildCustomRequest({
        requestType: 'POST',
        url: 'https://x.example',
        headers: [
          { key: 'X-Second', value: 'b' },
          { key: ' ', value: 'skipped' },
          { key: 'X-First', value: 'a' },
          { key: 'Content-Type', value: 'application/vnd.api+json' },
        ],
        stringBody: '{"a":1}',
      }),
    );
    expect(Object.entries(request.headers)).toEqual([
      ['X-Second', 'b'],
      ['X-First', 'a'],
      ['Content-Type', 'application/vnd.api+json'],
    ]);
  });

  it("reports a header name that is no HTTP token as an error naming 'headers'", () => {
    const result = buildCustomRequest({
      requestType: 'GET',
      url: 'https://x.example',
      headers: [{ key: 'Bad Name', value: '' }],
    });
    expect(!result.ok && result.errors).toEqual([
      { code: 'invalid-header', field: 'headers', message: "'Bad Name' is not a valid header name." },
    ]);
  });

  it("sends body rows as a JSON object with bodyType 'fields', nesting dotted keys and keeping value types", () => {
    const request = ok(
      buildCustomRequest({
        requestType: 'PUT',
        url: 'https://x.example',
        bodyType: 'fields',
        stringBody: '{oops',
        bodyFields: [
          { key: 'name', value: 'Ada' },
          { key: 'customer.age', value: 42 },
          { key: '', value: 'skipped' },
        ],
      }),
    );
    expect(request.body).toEqual({ name: 'Ada', customer: { age: 42 } });
    expect(request.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('sends no body for GET whatever the body type', () => {
    const request = ok(
      buildCustomRequest({
        requestType: 'GET',
        url: 'https://x.example',
        bodyType: 'fields',
        bodyFields: [{ key: 'a', value: 1 }],
      }),
    );
    expect(request.body).toBeUndefined();
  });

  it('reads a base of a million slashes at once (a trailing-slash expression was quadratic)', () => {
    const hostile = `https://crm.example${'/'.repeat(1_000_000)}x`;
    const request = ok(buildRequest({ app: app(), action: createContact, values: { email: 'a@b.c' }, base: hostile }));
    expect(request.url).toBe(`${hostile}/demo-crm/contacts`);
    expect(
      ok(buildRequest({ app: app(), action: createContact, values: { email: 'a@b.c' }, base: 'https://c.example//' }))
        .url,
    ).toBe('https://c.example/demo-crm/contacts');
  });
});
