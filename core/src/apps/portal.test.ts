import { describe, expect, it } from 'vitest';
import {
  ACTION_CODE_TEMPLATES,
  actionCodeTemplate,
  defaultCodeTemplateId,
  actionRows,
  applyApiConfiguration,
  authCodeBody,
  authCodeWhole,
  bodyRowsToKeyValues,
  CUSTOM_AUTH_PREFIX,
  checkActionSettings,
  checkFieldSettings,
  checkTriggerSettings,
  DEFAULT_AUTH_CODE,
  fieldRows,
  importJson,
  indentRow,
  keyValuesToBodyRows,
  locationAfterApiSave,
  moveRow,
  searchActionRows,
  searchTriggerRows,
  sortRows,
  toggleSort,
  triggerRows,
} from './portal.js';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pageOf } from './paging.js';
import { buildRequest } from './request.js';
import { KEY_RULE_MESSAGE, slugify } from './rules.js';
import type { ActionDef, AppDefinition } from './types.js';

const app: Pick<AppDefinition, 'actions' | 'triggers'> = {
  actions: {
    listOrders: { title: 'List orders', method: 'get', url: '/orders', fields: [], hidden: true },
    createOrder: {
      title: 'Create order',
      description: 'Creates an order.',
      method: 'post',
      url: '/orders',
      fields: [],
    },
    archive: { title: 'archive Order', method: 'delete', url: '/orders/{id}', fields: [] },
  },
  triggers: {
    newOrder: { label: 'New order', type: 'polling', action: 'listOrders' },
    orderHook: { label: 'Order placed', type: 'webhook', webhookKey: 'order', hidden: true },
  },
};

describe('portal tables', () => {
  it('offers page sizes 10, 25, 100, 250 and starts at 10', () => {
    expect(PAGE_SIZES).toEqual([10, 25, 100, 250]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });

  it('lists triggers with source and visibility, and searches name, key, type or hidden/shown', () => {
    const rows = triggerRows(app);
    expect(rows).toEqual([
      { key: 'newOrder', name: 'New order', description: 'No description', source: 'Polling', visibility: 'Shown' },
      {
        key: 'orderHook',
        name: 'Order placed',
        description: 'No description',
        source: 'Webhook',
        visibility: 'Hidden',
      },
    ]);
    expect(searchTriggerRows(rows, 'WEBHOOK').map((r) => r.key)).toEqual(['orderHook']);
    expect(searchTriggerRows(rows, 'shown').map((r) => r.key)).toEqual(['newOrder']);
    expect(searchTriggerRows(rows, 'neworder').map((r) => r.key)).toEqual(['newOrder']);
    expect(searchTriggerRows(rows, '  ').length).toBe(2);
  });

  it("lists actions with 'No description' and searches case-insensitively", () => {
    const rows = actionRows(app);
    expect(rows.find((r) => r.key === 'listOrders')).toMatchObject({
      description: 'No description',
      visibility: 'Hidden',
    });
    expect(searchActionRows(rows, 'ORDER').length).toBe(3);
    expect(searchActionRows(rows, 'creates').map((r) => r.key)).toEqual(['createOrder']);
  });

  it('sorts by name ascending by default, case-insensitively, and toggles direction on the same column', () => {
    const rows = actionRows(app);
    let sort = { column: 'name' as const, direction: 'asc' as const } as {
      column: 'name' | 'key';
      direction: 'asc' | 'desc';
    };
    expect(sortRows(rows, sort).map((r) => r.name)).toEqual(['archive Order', 'Create order', 'List orders']);
    sort = toggleSort(sort, 'name');
    expect(sort).toEqual({ column: 'name', direction: 'desc' });
    expect(sortRows(rows, sort).map((r) => r.name)).toEqual(['List orders', 'Create order', 'archive Order']);
    expect(toggleSort(sort, 'key')).toEqual({ column: 'key', direction: 'asc' });
  });

  it('cuts pages, clamps a page past the end and falls back to the default size', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(rows, 0, 10)).toMatchObject({ rows: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], pageCount: 3, total: 23 });
    expect(pageOf(rows, 9, 10)).toMatchObject({ rows: [20, 21, 22], page: 2 });
    expect(pageOf(rows, 0, 7).rows.length).toBe(10);
    expect(pageOf([], 0, 25)).toMatchObject({ rows: [], page: 0, pageCount: 1 });
  });

  it('lists fields by title with their index, key and visibility', () => {
    expect(fieldRows([{ name: 'email', title: 'E-mail', hidden: true }, { name: 'x' }])).toEqual([
      { index: 0, name: 'E-mail', key: 'email', description: 'No description', visibility: 'Hidden' },
      { index: 1, name: 'x', key: 'x', description: 'No description', visibility: 'Shown' },
    ]);
  });
});

describe('portal settings checks', () => {
  it('applies the key rule with its message, refuses __new__ and taken keys, requires title and description', () => {
    expect(checkActionSettings({ key: 'list orders', title: 'T', description: 'D' }, [])).toEqual({
      key: KEY_RULE_MESSAGE,
    });
    expect(checkActionSettings({ key: '__new__', title: 'T', description: 'D' }, []).key).toBe(KEY_RULE_MESSAGE);
    expect(checkActionSettings({ key: 'a', title: 'T', description: 'D' }, ['a']).key).toContain('already');
    expect(checkActionSettings({ key: 'list_orders-2', title: ' ', description: '' }, [])).toEqual({
      title: 'Title is required.',
      description: 'Description is required.',
    });
  });

  it('asks polling triggers for an action, a Unique ID Key and an Array Name; webhooks for a pickoff key', () => {
    const base = {
      key: 'newOrder',
      label: 'New order',
      description: 'New orders.',
      action: '',
      dedupeKey: '',
      dataHead: '',
      webhookKey: '',
    };
    expect(Object.keys(checkTriggerSettings({ ...base, type: 'polling' }, []))).toEqual([
      'action',
      'dedupeKey',
      'dataHead',
    ]);
    expect(checkTriggerSettings({ ...base, type: 'webhook' }, [])).toEqual({
      webhookKey: 'Webhook Pickoff Key is required.',
    });
    expect(checkTriggerSettings({ ...base, key: 'bad key', type: 'webhook', webhookKey: 'x' }, []).key).toBe(
      KEY_RULE_MESSAGE,
    );
  });

  it('checks field names with the key rule and requires a title', () => {
    expect(checkFieldSettings({ name: 'first name', title: '' }, [])).toEqual({
      name: KEY_RULE_MESSAGE,
      title: 'Title is required.',
    });
    expect(checkFieldSettings({ name: 'email', title: 'E-mail' }, ['email']).name).toContain('already');
  });

  it('derives the slug from the integration name (the slug rule)', () => {
    expect(slugify('My Shop Orders!')).toBe('my-shop-orders');
  });
});

describe('request body rows', () => {
  it('saves indented rows as dotted keys and reads them back', () => {
    const rows = [
      { key: 'item', value: '${inputData.item}', depth: 0 },
      { key: 'customer', value: '', depth: 0 },
      { key: 'name', value: '${inputData.name}', depth: 1 },
      { key: 'city', value: 'Oslo', depth: 1 },
      { key: 'note', value: 'x', depth: 0 },
    ];
    const saved = bodyRowsToKeyValues(rows);
    expect(saved).toEqual([
      { key: 'item', value: '${inputData.item}' },
      { key: 'customer.name', value: '${inputData.name}' },
      { key: 'customer.city', value: 'Oslo' },
      { key: 'note', value: 'x' },
    ]);
    expect(keyValuesToBodyRows(saved)).toEqual(rows);
  });

  it('sends indented rows as nested objects through buildRequest', () => {
    const body = bodyRowsToKeyValues([
      { key: 'item', value: '${inputData.item}', depth: 0 },
      { key: 'customer', value: '', depth: 0 },
      { key: 'name', value: '${inputData.name}', depth: 1 },
      { key: '__proto__', value: 'x', depth: 1 },
    ]);
    const action: ActionDef = { title: 'Create', method: 'post', url: 'https://api.example/orders', fields: [], body };
    const result = buildRequest({ app: { authInfo: {} }, action, values: { item: 'tea', name: 'Ada' }, base: '' });
    expect(result.ok && result.request.body).toEqual({ item: 'tea', customer: { name: 'Ada', ['__proto__']: 'x' } });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('imports pasted JSON as rows, and answers a message for text that is not JSON', () => {
    const result = importJson('{"name":"${inputData.name}","address":{"city":"Oslo"},"qty":2}');
    expect(result).toEqual({
      ok: true,
      rows: [
        { key: 'name', value: '${inputData.name}', depth: 0 },
        { key: 'address', value: '', depth: 0 },
        { key: 'city', value: 'Oslo', depth: 1 },
        { key: 'qty', value: '2', depth: 0 },
      ],
    });
    const bad = importJson('{name: 1');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/^This is not valid JSON/);
    expect(importJson('[1,2]').ok).toBe(false);
  });

  it('moves rows and indents at most one level below the row above', () => {
    const rows = [
      { key: 'a', value: '', depth: 0 },
      { key: 'b', value: '', depth: 0 },
    ];
    expect(moveRow(rows, 1, 0).map((r) => r.key)).toEqual(['b', 'a']);
    expect(indentRow(rows, 0, 1)[0].depth).toBe(0);
    expect(indentRow(rows, 1, 1)[1].depth).toBe(1);
    expect(indentRow(indentRow(rows, 1, 1), 1, 1)[1].depth).toBe(1);
    expect(indentRow(rows, 1, -1)[1].depth).toBe(0);
  });
});

describe('API configuration save', () => {
  it('puts URL-param fields in the query, {name} fields in the path, and leaves the rest to the request builder', () => {
    expect(locationAfterApiSave({ name: 'page' }, ['page'], '/x')).toBe('query');
    expect(locationAfterApiSave({ name: 'id' }, [], '/orders/{id}')).toBe('path');
    expect(locationAfterApiSave({ name: 'item', in: 'path' }, [], '/orders')).toBeUndefined();
    expect(locationAfterApiSave({ name: 'token', in: 'header' }, [], '/orders')).toBe('header');
  });

  it('applies method, url, params, body and custom code to an action', () => {
    const action: ActionDef = {
      title: 'Create order',
      method: 'get',
      url: '',
      fields: [{ name: 'item', title: 'Item', in: 'path', schema: { type: 'string' } }],
    };
    const next = applyApiConfiguration(action, {
      method: 'post',
      url: 'https://api.example.com/orders',
      urlParams: [{ key: '', value: '' }],
      body: [{ key: 'item', value: '${inputData.item}', depth: 0 }],
      isCustom: false,
    });
    expect(next).toMatchObject({
      method: 'post',
      url: 'https://api.example.com/orders',
      url_params: [],
      body: [{ key: 'item', value: '${inputData.item}' }],
      customForm: { custom: false },
    });
    expect(next.fields[0].in).toBeUndefined();
  });
});

describe('custom auth code', () => {
  it('keeps the fixed prefix and suffix out of the edited part', () => {
    expect(authCodeBody(undefined)).toBe(DEFAULT_AUTH_CODE);
    const whole = authCodeWhole('    check(authData)');
    expect(whole.startsWith(CUSTOM_AUTH_PREFIX)).toBe(true);
    expect(authCodeBody(whole)).toBe('    check(authData)');
  });
});

describe('custom-code templates (forms-dp 2.10)', () => {
  it('never call an example host: as shipped API_URL is empty and the code says what to set', () => {
    for (const template of ACTION_CODE_TEMPLATES) {
      expect(template.code).not.toContain('example.com');
      expect(template.code).toContain("API_URL = ''");
      expect(template.code).toContain('def run(inputData, authData):');
      expect(template.code).toContain('no request was sent');
    }
    expect(ACTION_CODE_TEMPLATES.map((t) => t.id)).toEqual(['request', 'authenticated']);
  });

  it('start from the authenticated request when the app needs an account', () => {
    expect(defaultCodeTemplateId({ appSlug: 'a', authInfo: { apiType: 'apikey' } })).toBe('authenticated');
    expect(defaultCodeTemplateId({ appSlug: 'a', authInfo: { apiType: 'apikey' }, disableAuth: true })).toBe('request');
    expect(defaultCodeTemplateId({ appSlug: 'a', authInfo: {} })).toBe('request');
  });

  it("send the action's own configured request: its method, URL and fields", () => {
    const post = actionCodeTemplate('request', {
      method: 'post',
      url: "https://api.acme.test/o'k",
      fields: [{ name: 'name', title: 'Name', schema: { type: 'string' } }],
    });
    expect(post).toContain("API_URL = 'https://api.acme.test/o\\'k'");
    expect(post).toContain("    response = request(\n        'POST',");
    expect(post).toContain("body={'name': inputData.get('name')},");
    const get = actionCodeTemplate('authenticated', {
      method: 'get',
      url: 'https://api.acme.test/items/{id}',
      fields: [{ name: 'q', title: 'Q', schema: { type: 'string' } }],
    });
    expect(get).toContain("authenticated_request(\n        'GET',");
    expect(get).toContain("params={'q': inputData.get('q')},\n        body=None,");
    expect(get).toContain('Leave the body empty (None) for GET');
    expect(get).toContain('# Fill in its {…} parts from inputData or authData before sending.');
  });
});
