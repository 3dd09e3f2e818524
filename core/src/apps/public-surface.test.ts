import { describe, expect, it } from 'vitest';
import { publicSurfaceOf } from './public-surface.js';
import type { AppDefinition } from './types.js';

const SECRET_BITS = [
  'X-Internal-Key',
  'hdr-value-771',
  'internal.example',
  'return secretCode',
  'client-id-9',
  'fixed-771',
];

const app: AppDefinition = {
  appSlug: 'acme',
  appName: 'Acme',
  category: 'CRM',
  iconURL: '/api/apps/acme/icon?v=1',
  lambdaURL: 'https://internal.example/lambda',
  apiDocs: 'Ask hdr-value-771',
  actions: {
    create: {
      title: 'Create',
      description: 'Creates a thing',
      method: 'post',
      url: 'https://internal.example/things?key=hdr-value-771',
      headers: [{ key: 'X-Internal-Key', value: 'hdr-value-771' }],
      body: [{ key: 'name', value: '${inputData.name}' }],
      url_params: [{ key: 'k', value: 'hdr-value-771' }],
      customForm: { apiCode: 'return secretCode', custom: true },
      fields: [
        { name: 'name', title: 'Name', required: true, schema: { type: 'string' }, value: 'Default name' },
        { name: 'token', title: 'Token', hidden: true, value: 'fixed-771' },
        { name: 'X-Tag', title: 'Tag', in: 'header', value: 'fixed-771' },
      ],
    },
  },
  triggers: {
    created: {
      label: 'New thing',
      type: 'polling',
      action: 'create',
      pollingParams: { dedupe_key: 'id', data_head: 'items' },
    },
  },
  authInfo: {
    apiType: 'oauth2',
    testAuth: 'create',
    testResponse: { me: 'hdr-value-771' },
    testResponseStatus: true,
    oauthFormFields: [{ key: 'shop', title: 'Shop', public: true }],
    clientInfo: { client_id: 'client-id-9', client_secret: 'client-id-9' },
    auth_url: 'https://internal.example/authorize',
    accessRequestConfig: { headers: [{ key: 'X-Internal-Key', value: 'hdr-value-771' }] },
    customCodeInfo: { customCode: 'return secretCode' },
  },
};

describe('publicSurfaceOf', () => {
  it('keeps the declared surface: names, logo, auth type and connect fields, events and input fields', () => {
    const surface = publicSurfaceOf(app);
    expect(surface).toMatchObject({
      appSlug: 'acme',
      appName: 'Acme',
      category: 'CRM',
      iconURL: '/api/apps/acme/icon?v=1',
    });
    expect(surface.authInfo).toEqual({
      apiType: 'oauth2',
      testAuth: 'create',
      oauthFormFields: [{ key: 'shop', title: 'Shop', public: true }],
    });
    expect(surface.actions.create).toMatchObject({
      title: 'Create',
      description: 'Creates a thing',
      method: 'post',
      url: '',
    });
    expect(surface.actions.create.fields.map((f) => f.name)).toEqual(['name', 'token', 'X-Tag']);
    expect(surface.actions.create.fields[0].value).toBe('Default name');
    expect(surface.triggers.created).toMatchObject({ label: 'New thing', type: 'polling', action: 'create' });
  });

  it('leaves out request definitions, code, the OAuth client, test answers and fixed hidden or header values', () => {
    const text = JSON.stringify(publicSurfaceOf(app));
    for (const bit of SECRET_BITS) expect(text).not.toContain(bit);
    expect(text).not.toContain('lambdaURL');
  });
});
