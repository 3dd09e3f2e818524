import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkProperties,
  defaultAuthInfo,
  eventGroup,
  fieldLocationFor,
  findTestAction,
  formatDynamicSpec,
  isBodylessPostAction,
  isKeyValueListSchema,
  isValidKey,
  KEY_RULE_MESSAGE,
  NO_TEST_ACTION_MESSAGE,
  normaliseSchemaType,
  parseDynamicSpec,
  requestUrlTestAction,
  slugify,
  validateAppDefinition,
} from './rules.js';
import type { AppDefinition } from './types.js';

/** The DESIGN.md example app. */
function demoCrm(): AppDefinition {
  return {
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
}

function paths(json: unknown): string[] {
  return validateAppDefinition(json).errors.map((e) => e.path);
}

describe('key and slug rules', () => {
  it('accepts letters, numbers, hyphens and underscores only', () => {
    expect(isValidKey('createContact_2-b')).toBe(true);
    expect(isValidKey('create contact')).toBe(false);
    expect(isValidKey('créer')).toBe(false);
    expect(isValidKey('')).toBe(false);
    expect(KEY_RULE_MESSAGE).toBe('only letters, numbers, hyphens, and underscores');
  });

  it('slugifies a name: lower case, spaces to hyphens, non-word characters removed', () => {
    expect(slugify('Demo CRM')).toBe('demo-crm');
    expect(slugify("Bob's Shop & Co.")).toBe('bobs-shop-co');
    expect(slugify('  Many   spaces ')).toBe('many-spaces');
    expect(slugify('snake_case stays')).toBe('snake_case-stays');
  });
});

describe('eventGroup', () => {
  it('maps post to CREATE, get to SEARCH, anything else to UPDATE', () => {
    expect(eventGroup('post')).toBe('CREATE');
    expect(eventGroup('GET')).toBe('SEARCH');
    expect(eventGroup('put')).toBe('UPDATE');
    expect(eventGroup('delete')).toBe('UPDATE');
    expect(eventGroup(undefined)).toBe('UPDATE');
  });
});

describe('fieldLocationFor and normaliseSchemaType', () => {
  it('puts a field in the query when its name is a URL-param key, else in the path', () => {
    expect(fieldLocationFor('limit', ['limit', 'page'])).toBe('query');
    expect(fieldLocationFor('contactId', ['limit'])).toBe('path');
  });

  it('treats datetime and a missing type as string', () => {
    expect(normaliseSchemaType('datetime')).toBe('string');
    expect(normaliseSchemaType(undefined)).toBe('string');
    expect(normaliseSchemaType('array')).toBe('array');
  });
});

describe('requestUrlTestAction (forms-dp 3 requestConfig.url)', () => {
  it('is a GET of the Request URL for API key and basic auth', () => {
    for (const apiType of ['apikey', 'basic'] as const) {
      expect(requestUrlTestAction({ apiType, requestConfig: { url: ' https://api.example.com/me ' } })).toEqual({
        title: 'Test request',
        method: 'get',
        url: 'https://api.example.com/me',
        fields: [],
      });
    }
  });
  it('is nothing without a URL or for OAuth 2.0 and custom code', () => {
    expect(requestUrlTestAction({ apiType: 'apikey', requestConfig: { url: '  ' } })).toBeNull();
    expect(requestUrlTestAction({ apiType: 'oauth2', requestConfig: { url: 'https://x.test' } })).toBeNull();
    expect(requestUrlTestAction(undefined)).toBeNull();
  });
});

describe('formatDynamicSpec', () => {
  const spec = {
    app: 'demo-crm',
    label: 'Contacts',
    action: 'listContacts',
    head: 'contacts',
    valueKey: 'id',
    labelKey: 'name',
  };
  it('writes the six parts the parser reads back', () => {
    const text = formatDynamicSpec(spec);
    expect(text).toBe('demo-crm.Contacts.listContacts.contacts.id.name');
    expect(parseDynamicSpec(text ?? '')).toEqual(spec);
  });
  it('writes nothing while a part is empty or holds a dot', () => {
    expect(formatDynamicSpec({ ...spec, action: '' })).toBeUndefined();
    expect(formatDynamicSpec({ ...spec, head: 'data.items' })).toBeUndefined();
  });
});

describe('parseDynamicSpec', () => {
  it('splits the six parts of app.Label.action.head.value.label', () => {
    expect(parseDynamicSpec('demo-crm.Contacts.listContacts.contacts.id.name')).toEqual({
      app: 'demo-crm',
      label: 'Contacts',
      action: 'listContacts',
      head: 'contacts',
      valueKey: 'id',
      labelKey: 'name',
    });
  });

  it("keeps head '0' meaning the response itself", () => {
    expect(parseDynamicSpec('demo-crm.Tags.listTags.0.id.label')?.head).toBe('0');
  });

  it('returns null for a wrong number of parts or an empty part', () => {
    expect(parseDynamicSpec('demo-crm.Contacts.listContacts')).toBeNull();
    expect(parseDynamicSpec('a.b.c.d.e.f.g')).toBeNull();
    expect(parseDynamicSpec('a..c.d.e.f')).toBeNull();
  });
});

describe('findTestAction', () => {
  it('prefers testAuth when it is a simple GET action', () => {
    expect(findTestAction(demoCrm())?.key).toBe('listContacts');
  });

  it('falls back to the first GET action with a url and no fields, skipping custom code', () => {
    const app = demoCrm();
    app.authInfo.testAuth = 'createContact';
    app.actions = {
      custom: { title: 'Custom', method: 'get', url: '{base}/x', fields: [], customForm: { custom: true } },
      withFields: { title: 'F', method: 'get', url: '{base}/y', fields: [{ name: 'q', title: 'Q' }] },
      noUrl: { title: 'N', method: 'get', url: ' ', fields: [] },
      me: { title: 'Me', method: 'get', url: '{base}/me', fields: [] },
      ...app.actions,
    };
    expect(findTestAction(app)?.key).toBe('me');
  });

  it('returns null when no action qualifies', () => {
    expect(findTestAction({ actions: {}, authInfo: {} })).toBeNull();
  });

  it('accepts a body-less POST when testAuth names it (Dropbox users/get_current_account)', () => {
    const app = demoCrm();
    app.authInfo.testAuth = 'whoAmI';
    app.actions = { ...app.actions, whoAmI: { title: 'Who', method: 'post', url: '{base}/me', fields: [] } };
    expect(findTestAction(app)?.key).toBe('whoAmI');
    expect(isBodylessPostAction(app.actions.whoAmI)).toBe(true);
  });

  it('refuses a POST with fields or body rows, and never picks a POST by itself', () => {
    const app = demoCrm();
    app.authInfo.testAuth = 'withBody';
    app.actions = {
      withBody: { title: 'B', method: 'post', url: '{base}/me', fields: [], body: [{ key: 'a', value: '1' }] },
      withFields: { title: 'F', method: 'post', url: '{base}/me', fields: [{ name: 'q', title: 'Q' }] },
      ...app.actions,
    };
    expect(isBodylessPostAction(app.actions.withBody)).toBe(false);
    expect(isBodylessPostAction(app.actions.withFields)).toBe(false);
    // Falls back to the first simple GET, not to a POST.
    expect(findTestAction(app)?.key).toBe('listContacts');
    const onlyPost = {
      authInfo: {},
      actions: { me: { title: 'M', method: 'post' as const, url: '{base}/me', fields: [] } },
    };
    expect(findTestAction(onlyPost)).toBeNull();
  });

  it('lets an OAuth 2.0 app whose testAuth is a body-less POST pass validation', () => {
    const app = demoCrm();
    app.authInfo = { apiType: 'oauth2', testAuth: 'me' };
    app.actions = { me: { title: 'Me', method: 'post', url: 'https://api.example.com/me', fields: [] } };
    app.triggers = {};
    expect(validateAppDefinition(app).errors).toEqual([]);
  });
});

describe('defaultAuthInfo', () => {
  const context = { editorUrl: 'https://junction.example.com/', appSlug: 'demo-crm' };

  it('seeds basic auth with username and password fields', () => {
    const info = defaultAuthInfo('basic', context);
    expect(info.apiType).toBe('basic');
    expect(info.basicFormFields?.map((f) => f.key)).toEqual(['username', 'password']);
  });

  it('seeds OAuth 2.0 with the editor redirect, state, response type and grant types', () => {
    const info = defaultAuthInfo('oauth2', context);
    expect(info.redirect_uri).toBe('https://junction.example.com/auth/demo-crm/redirect');
    expect(info.state).toBe('state');
    expect(info.response_type).toBe('code');
    expect(info.grant_types).toEqual(['authorization_code', 'refresh_token']);
  });

  it('seeds API key and custom code schemes', () => {
    expect(defaultAuthInfo('apikey', context).requestConfig?.headers).toEqual([
      { key: 'X-Api-Key', value: '${auth.api_key}' },
    ]);
    expect(defaultAuthInfo('customCode', context).customCodeInfo).toEqual({ customCode: '' });
  });
});

describe('validateAppDefinition', () => {
  it('accepts the DESIGN example', () => {
    expect(validateAppDefinition(demoCrm())).toEqual({ ok: true, errors: [] });
  });

  it('rejects a non-object', () => {
    expect(validateAppDefinition(null).errors[0]).toMatchObject({ code: 'not-object', path: '' });
    expect(validateAppDefinition([1]).ok).toBe(false);
  });

  it('requires a lower-case appSlug and an appName', () => {
    expect(paths({ ...demoCrm(), appSlug: 'Demo CRM' })).toEqual(['appSlug']);
    expect(paths({ ...demoCrm(), appSlug: undefined, appName: '' })).toEqual(['appSlug', 'appName']);
  });

  it('requires apiType to be basic, apikey, oauth2 or customCode', () => {
    const app = demoCrm();
    (app.authInfo as { apiType: string }).apiType = 'digest';
    expect(paths(app)).toEqual(['authInfo.apiType']);
  });

  it('reports keys breaking the key rule with the spec message', () => {
    const app = demoCrm();
    app.actions['create contact'] = app.actions.createContact;
    const problems = validateAppDefinition(app).errors;
    expect(problems).toEqual([
      { code: 'invalid-key', path: 'actions.create contact', message: `Key 'create contact': ${KEY_RULE_MESSAGE}` },
    ]);
  });

  it("refuses an object field's property keys that break the key rule or repeat (forms-dp 3, 5)", () => {
    const app = demoCrm();
    app.actions.createContact.fields.push({
      name: 'address',
      title: 'Address',
      schema: {
        type: 'object',
        properties: [
          { key: 'street name', schema: { type: 'string' } },
          { key: 'city', schema: { type: 'string' } },
          { key: 'city', schema: { type: 'string' } },
        ],
      },
    });
    expect(validateAppDefinition(app).errors).toEqual([
      {
        code: 'invalid-key',
        path: 'actions.createContact.fields[2].schema.properties[0].key',
        message: `Key 'street name': ${KEY_RULE_MESSAGE}`,
      },
      {
        code: 'invalid-key',
        path: 'actions.createContact.fields[2].schema.properties[2].key',
        message: "The key 'city' is used twice.",
      },
    ]);
  });

  it('requires field name, title and schema type', () => {
    const app = demoCrm();
    app.actions.createContact.fields.push({ name: 'bad name', schema: {} } as never);
    expect(paths(app)).toEqual([
      'actions.createContact.fields[2].name',
      'actions.createContact.fields[2].title',
      'actions.createContact.fields[2].schema.type',
    ]);
  });

  it("requires a trigger's action to exist", () => {
    const app = demoCrm();
    app.triggers.newContact.action = 'listPeople';
    expect(validateAppDefinition(app).errors).toEqual([
      {
        code: 'unknown-action',
        path: 'triggers.newContact.action',
        message: "action 'listPeople' is not one of this app's actions.",
      },
    ]);
  });

  it('requires dedupe_key and data_head on polling triggers and webhookKey on webhook triggers', () => {
    const app = demoCrm();
    app.triggers.newContact.pollingParams = {};
    app.triggers.hook = { label: 'Hook', type: 'webhook', pollingParams: {} };
    expect(paths(app)).toEqual([
      'triggers.newContact.pollingParams.dedupe_key',
      'triggers.newContact.pollingParams.data_head',
      'triggers.hook.webhookKey',
    ]);
  });

  it("checks a webhook trigger's handshake and delivery filter", () => {
    const app = demoCrm();
    app.triggers.hook = {
      label: 'Hook',
      type: 'webhook',
      webhookKey: '0',
      webhookHandshake: 'hook-secret',
      webhookFilter: { path: 'action.type', equals: 'createCard' },
    };
    app.triggers.graph = { label: 'Graph', type: 'webhook', webhookKey: 'value', webhookHandshake: 'client-state' };
    expect(validateAppDefinition(app)).toEqual({ ok: true, errors: [] });
    app.triggers.hook.webhookHandshake = 'x-hook-secret' as never;
    app.triggers.graph.webhookFilter = { path: '', equals: 'createCard' };
    expect(validateAppDefinition(app).errors).toEqual([
      {
        code: 'invalid-value',
        path: 'triggers.hook.webhookHandshake',
        message: 'webhookHandshake must be one of hook-secret, client-state.',
      },
      {
        code: 'invalid-value',
        path: 'triggers.graph.webhookFilter',
        message: 'webhookFilter needs a path (keys separated by dots) and the text it equals.',
      },
    ]);
  });

  it('requires testAuth to name an action', () => {
    const app = demoCrm();
    app.authInfo.testAuth = 'ping';
    expect(paths(app)).toEqual(['authInfo.testAuth']);
  });

  it('answers an OAuth 2.0 testAuth that is not text, without a text form', () => {
    const app = demoCrm() as unknown as { authInfo: Record<string, unknown> };
    app.authInfo = { apiType: 'oauth2', testAuth: { toString: '' } };
    expect(validateAppDefinition(app).errors.map((e) => e.path)).toContain('authInfo.testAuth');
  });

  it('answers a testAuth that is not text, even one without a text form', () => {
    const app = demoCrm() as unknown as { authInfo: Record<string, unknown> };
    app.authInfo.testAuth = Object.create(null);
    expect(validateAppDefinition(app).errors).toEqual([
      {
        code: 'unknown-action',
        path: 'authInfo.testAuth',
        message: "testAuth must be the key of one of this app's actions.",
      },
    ]);
  });

  it('requires a simple GET test action for OAuth 2.0, with the spec message', () => {
    const app = demoCrm();
    app.authInfo = { apiType: 'oauth2' };
    app.actions.listContacts.fields = [{ name: 'limit', title: 'Limit', schema: { type: 'number' } }];
    expect(validateAppDefinition(app).errors).toEqual([
      { code: 'no-test-action', path: 'authInfo.testAuth', message: NO_TEST_ACTION_MESSAGE },
    ]);
    expect(NO_TEST_ACTION_MESSAGE).toBe(
      'Error finding a test action. Please create a simple GET action without custom code (Method and URL fields must be used).',
    );
  });

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const result = validateAppDefinition(json);
        expect(result.ok).toBe(result.errors.length === 0);
      }),
    );
  });

  it('reports a non-string action reference without stringifying it', () => {
    // Found by the property test below: an object whose toString is not a function.
    const result = validateAppDefinition({
      appSlug: 'x',
      appName: 'X',
      actions: {},
      authInfo: {},
      triggers: { t: { label: 'T', type: 'polling', action: { toString: [] } } },
    });
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => e.path)).toContain('triggers.t.action');
  });

  it('never throws on app-shaped JSON with arbitrary parts', () => {
    const anyPart = fc.jsonValue();
    const appLike = fc.record(
      {
        appSlug: anyPart,
        appName: anyPart,
        actions: fc.oneof(
          anyPart,
          fc.dictionary(
            fc.string(),
            fc.record({ method: anyPart, fields: anyPart, url: anyPart, customForm: anyPart }),
          ),
        ),
        triggers: fc.oneof(
          anyPart,
          fc.dictionary(
            fc.string(),
            fc.record({ type: anyPart, pollingParams: anyPart, action: anyPart, fields: anyPart }),
          ),
        ),
        authInfo: fc.oneof(anyPart, fc.record({ apiType: fc.constantFrom('oauth2', 'basic', 'x'), testAuth: anyPart })),
      },
      { requiredKeys: [] },
    );
    fc.assert(fc.property(appLike, (json) => Array.isArray(validateAppDefinition(json).errors)));
  });
});

describe('checkProperties (forms-dp 3, 5)', () => {
  it("answers each property's problem by place, '' when fine", () => {
    expect(checkProperties([{ key: 'a b' }, { key: 'id' }, { key: 'id' }, { key: 'name' }])).toEqual([
      KEY_RULE_MESSAGE,
      '',
      "The key 'id' is used twice.",
      '',
    ]);
  });

  it('refuses an empty key and answers nothing for no properties', () => {
    expect(checkProperties([{ key: '' }])).toEqual([KEY_RULE_MESSAGE]);
    expect(checkProperties([])).toEqual([]);
  });
});

describe('isKeyValueListSchema (editor-core 3)', () => {
  const row = (keys: string[]) => ({
    type: 'array' as const,
    items: { type: 'object' as const, properties: keys.map((key) => ({ key, schema: { type: 'string' as const } })) },
  });
  it('is true only for a list of objects with exactly key and value', () => {
    expect(isKeyValueListSchema(row(['key', 'value']))).toBe(true);
    expect(isKeyValueListSchema(row(['value', 'key']))).toBe(true);
    expect(isKeyValueListSchema(row(['key', 'value', 'extra']))).toBe(false);
    expect(isKeyValueListSchema(row(['lhs', 'rhs']))).toBe(false);
    expect(isKeyValueListSchema({ type: 'array', items: { type: 'string' } })).toBe(false);
    expect(isKeyValueListSchema(undefined)).toBe(false);
  });
});
