import { describe, expect, it } from 'vitest';
import { previewActionRequest } from './request-preview.js';
import type { ActionDef, AppDefinition } from './types.js';

const app: Pick<AppDefinition, 'authInfo'> = {
  authInfo: {
    apiType: 'apikey',
    apikeyFormFields: [
      { key: 'api_key', title: 'API key' },
      { key: 'shop', title: 'Shop', public: true },
    ],
    requestConfig: { headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] },
  },
};

const createOrder: ActionDef = {
  title: 'Create order',
  method: 'post',
  url: 'https://${auth.shop}.orders.example/api/orders',
  fields: [
    { name: 'item', title: 'Item', required: true, schema: { type: 'string' } },
    { name: 'qty', schema: { type: 'number' } },
    { name: 'source', hidden: true, value: 'junction' },
  ],
  headers: [{ key: 'X-Client', value: 'junction' }],
  body: [
    { key: 'order.item', value: '${inputData.item}' },
    { key: 'order.qty', value: '${inputData.qty}' },
  ],
};

describe('previewActionRequest', () => {
  it('shows method, address, headers and body with a placeholder for each value the user gives later', () => {
    const result = previewActionRequest(app, createOrder);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.request.method).toBe('POST');
    expect(result.request.url).toBe('https://«shop».orders.example/api/orders');
    expect(result.request.headers).toMatchObject({ 'X-Api-Key': '«api_key»', 'X-Client': 'junction' });
    expect(result.request.body).toEqual({ order: { item: '«Item»', qty: '«qty»' } });
  });

  it('puts a GET action’s fields in the query and keeps {base} as written', () => {
    const list: ActionDef = {
      title: 'List',
      method: 'get',
      url: '{base}/orders',
      fields: [{ name: 'status', title: 'Status' }],
    };
    const result = previewActionRequest({ authInfo: {} }, list);
    expect(result.ok && result.request.url).toBe('{base}/orders');
    expect(result.ok && result.request.query).toEqual([['status', '«Status»']]);
    expect(result.ok && result.request.body).toBeUndefined();
  });

  it('answers the custom-code problem for an action that runs code', () => {
    const coded: ActionDef = { ...createOrder, customForm: { custom: true, apiCode: 'def run(i, a): return {}' } };
    const result = previewActionRequest(app, coded);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0].code).toBe('custom-code');
  });
});
