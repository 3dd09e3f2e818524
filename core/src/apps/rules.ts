/**
 * Pure rules about app definitions: key and slug naming, event groups, field locations,
 * dynamic-dropdown specs, test actions, the default auth seeds per scheme and the check of a
 * whole definition (forms-and-developer-portal 2.4, 2.6, 3, 5, 9; editor-core 3; onboarding 3).
 * The server validates what it receives with the same functions the portal uses.
 */
import { withoutTrailing } from '../text/trailing.js';
import { DEFAULT_BASIC_FORM_FIELDS } from './credential-fields.js';
import { APP_SLUG_PATTERN, APP_SLUG_SHAPE_MESSAGE } from './slug.js';
import type {
  ActionDef,
  ApiType,
  AppDefinition,
  AuthInfo,
  FieldLocation,
  FieldSchema,
  FieldType,
  WebhookHandshake,
} from './types.js';

/** The message shown when an action, trigger or field key breaks the key rule (forms-dp 5, 8). */
export const KEY_RULE_MESSAGE = 'only letters, numbers, hyphens, and underscores';

/** The four authentication schemes, in the order the portal offers them (forms-dp 9). */
export const API_TYPES: readonly ApiType[] = ['basic', 'apikey', 'oauth2', 'customCode'];

/** Every webhook handshake a trigger may declare (`TriggerDef.webhookHandshake`). */
export const WEBHOOK_HANDSHAKES: readonly WebhookHandshake[] = ['hook-secret', 'client-state'];

/** HTTP methods an action may store, lower case (forms-dp 9). */
export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Field value types a schema may declare (forms-dp 3, 9). */
export const FIELD_TYPES: readonly FieldType[] = [
  'string',
  'number',
  'integer',
  'datetime',
  'boolean',
  'object',
  'array',
];

/** Where a field's value may go in a request (forms-dp 9). */
export const FIELD_LOCATIONS: readonly FieldLocation[] = ['query', 'path', 'header', 'formData'];

const KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Tells whether an action, trigger or field key uses only letters, digits, hyphens and
 * underscores (forms-dp 5). The empty string is not a key.
 *
 * @example isValidKey('list_contacts-2') // true; isValidKey('list contacts') // false
 */
export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * Each object property's problem ('' when fine), by place (forms-dp 3 "properties", 5): a key
 * follows the key rule and names one property only. The portal's field editor shows these
 * beside the rows; `validateAppDefinition` refuses a definition that has any.
 *
 * @example checkProperties([{ key: 'a b' }, { key: 'id' }, { key: 'id' }])
 * // [KEY_RULE_MESSAGE, '', "The key 'id' is used twice."]
 */
export function checkProperties(properties: readonly { key: string }[]): string[] {
  return properties.map((p, i) => {
    if (!isValidKey(p.key)) return KEY_RULE_MESSAGE;
    if (properties.findIndex((q) => q.key === p.key) !== i) return `The key '${p.key}' is used twice.`;
    return '';
  });
}

/**
 * Turns an integration name into its app slug: lower case, whitespace to hyphens, non-word
 * characters removed (forms-dp 2.4). Runs of hyphens collapse to one and the ends are trimmed,
 * so 'Demo  CRM!' and ' Demo CRM ' both give 'demo-crm'.
 *
 * @example slugify('Demo CRM') // 'demo-crm'
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The three groups the Event step shows actions in (editor-core 2.8). */
export type EventGroup = 'CREATE' | 'SEARCH' | 'UPDATE';

/** The event groups in display order (editor-core 2.8). */
export const EVENT_GROUPS: readonly EventGroup[] = ['CREATE', 'SEARCH', 'UPDATE'];

/**
 * Returns the event group of an action method: post is CREATE, get is SEARCH, anything else
 * (put, patch, delete, missing) is UPDATE (editor-core 3 "Event definition").
 */
export function eventGroup(method: string | undefined): EventGroup {
  const m = (method ?? '').toLowerCase();
  if (m === 'post') return 'CREATE';
  if (m === 'get') return 'SEARCH';
  return 'UPDATE';
}

/**
 * Returns where a field goes when the API configuration is saved: 'query' when its name is one
 * of the URL-param keys, otherwise 'path' (forms-dp 3 "Action field").
 *
 * @example fieldLocationFor('page', ['page', 'limit']) // 'query'
 */
export function fieldLocationFor(fieldName: string, urlParamKeys: readonly string[]): 'query' | 'path' {
  return urlParamKeys.includes(fieldName) ? 'query' : 'path';
}

/**
 * Returns the type a schema is handled as: datetime counts as string, and a missing type
 * defaults to string (forms-dp 3, editor-core 3).
 */
export function normaliseSchemaType(type: FieldType | undefined): Exclude<FieldType, 'datetime'> {
  if (type === undefined || type === 'datetime') return 'string';
  return type;
}

/**
 * Whether a schema is a list of key/value rows (objects of exactly the properties `key` and
 * `value`): such a field is edited as rows (the custom request's params, headers and body rows,
 * editor-core 3).
 */
export function isKeyValueListSchema(schema: FieldSchema | undefined): boolean {
  if (schema?.type !== 'array' || schema.items?.type !== 'object') return false;
  const keys = (schema.items.properties ?? []).map((property) => property.key).sort();
  return keys.length === 2 && keys[0] === 'key' && keys[1] === 'value';
}

/** A parsed dynamic-dropdown spec (forms-dp 3 "Field schema", editor-core 3). */
export interface DynamicSpec {
  /** App slug whose action lists the options. */
  app: string;
  /** Display label of the dropdown. */
  label: string;
  /** Key of the action that lists the options. */
  action: string;
  /** Response key holding the list; '0' means the response itself is the list. */
  head: string;
  /** Item key used as the option value. */
  valueKey: string;
  /** Item key used as the option label. */
  labelKey: string;
}

/**
 * Parses a dynamic-dropdown spec 'app.Label.action.head.value.label' (six non-empty,
 * dot-separated parts); returns null for anything else.
 *
 * @example parseDynamicSpec('demo-crm.Contacts.listContacts.contacts.id.name')
 * // { app: 'demo-crm', label: 'Contacts', action: 'listContacts', head: 'contacts', valueKey: 'id', labelKey: 'name' }
 */
export function parseDynamicSpec(spec: string): DynamicSpec | null {
  if (typeof spec !== 'string') return null;
  const parts = spec.split('.');
  if (parts.length !== 6 || parts.some((p) => p.trim() === '')) return null;
  const [app, label, action, head, valueKey, labelKey] = parts;
  return { app, label, action, head, valueKey, labelKey };
}

/**
 * Writes a dynamic-dropdown spec 'app.Label.action.head.value.label' from its parts (the
 * portal's field editor picks the action from the app's actions instead of typing this);
 * answers undefined while a part is missing or holds a dot, so no half spec is stored.
 *
 * @example formatDynamicSpec({ app: 'demo-crm', label: 'Contacts', action: 'listContacts', head: 'contacts', valueKey: 'id', labelKey: 'name' })
 * // 'demo-crm.Contacts.listContacts.contacts.id.name'
 */
export function formatDynamicSpec(spec: DynamicSpec): string | undefined {
  const parts = [spec.app, spec.label, spec.action, spec.head, spec.valueKey, spec.labelKey].map((p) => p.trim());
  if (parts.some((p) => p === '' || p.includes('.'))) return undefined;
  return parts.join('.');
}

/**
 * Tells whether an action can test an OAuth 2.0 connection: method get, an empty field list,
 * a url, and no custom code (forms-dp 5, 8).
 */
export function isSimpleGetAction(action: ActionDef | undefined): boolean {
  if (!action || typeof action !== 'object') return false;
  return (
    action.method === 'get' &&
    Array.isArray(action.fields) &&
    action.fields.length === 0 &&
    typeof action.url === 'string' &&
    action.url.trim() !== '' &&
    action.customForm?.custom !== true
  );
}

/**
 * Tells whether an action can test a connection when `authInfo.testAuth` names it: a simple
 * GET, or a POST that sends nothing (no fields, no body rows, a url, no custom code). Some
 * APIs answer "who am I" only to POST (Dropbox's `users/get_current_account`); such an action
 * is used only when named, never picked by the fallback, since a POST may change something.
 */
export function isBodylessPostAction(action: ActionDef | undefined): boolean {
  if (!action || typeof action !== 'object') return false;
  return (
    action.method === 'post' &&
    Array.isArray(action.fields) &&
    action.fields.length === 0 &&
    (action.body === undefined || (Array.isArray(action.body) && action.body.length === 0)) &&
    typeof action.url === 'string' &&
    action.url.trim() !== '' &&
    action.customForm?.custom !== true
  );
}

/** The message shown when no action can test an OAuth 2.0 connection (forms-dp 8). */
export const NO_TEST_ACTION_MESSAGE =
  'Error finding a test action. Please create a simple GET action without custom code (Method and URL fields must be used).';

/**
 * Finds the action that tests a connection: `authInfo.testAuth` when it names a simple GET
 * action or a body-less POST, otherwise the first simple GET action of the app, otherwise
 * null (forms-dp 5, 8).
 *
 * @example findTestAction(app)?.key // 'listContacts'
 */
export function findTestAction(
  app: Pick<AppDefinition, 'actions' | 'authInfo'>,
): { key: string; action: ActionDef } | null {
  const actions = app.actions ?? {};
  const preferred = app.authInfo?.testAuth;
  // A stored definition may carry anything here: only a key (text) names an action.
  if (
    typeof preferred === 'string' &&
    preferred &&
    Object.hasOwn(actions, preferred) &&
    (isSimpleGetAction(actions[preferred]) || isBodylessPostAction(actions[preferred]))
  ) {
    return { key: preferred, action: actions[preferred] };
  }
  for (const [key, action] of Object.entries(actions)) {
    if (isSimpleGetAction(action)) return { key, action };
  }
  return null;
}

/** The action key under which an app's auth request URL is tested (never a real action's key). */
export const AUTH_REQUEST_URL_ACTION = '__authRequestUrl';

/**
 * The test request an API-key or basic-auth app declares by its Request URL
 * (`authInfo.requestConfig.url`, forms-dp 3 "authInfo"): a GET of that URL with no fields,
 * sent with the app's authentication. Null for other schemes or without a URL.
 *
 * @example requestUrlTestAction({ apiType: 'apikey', requestConfig: { url: 'https://api.example.com/me' } })
 * // { title: 'Test request', method: 'get', url: 'https://api.example.com/me', fields: [] }
 */
export function requestUrlTestAction(authInfo: AppDefinition['authInfo'] | undefined): ActionDef | null {
  if (authInfo?.apiType !== 'apikey' && authInfo?.apiType !== 'basic') return null;
  const url = typeof authInfo.requestConfig?.url === 'string' ? authInfo.requestConfig.url.trim() : '';
  if (url === '') return null;
  return { title: 'Test request', method: 'get', url, fields: [] };
}

/** What the auth seeds need to know about where the editor runs. */
export interface AuthSeedContext {
  /** Editor origin, e.g. 'https://junction.example.com'. */
  editorUrl: string;
  appSlug: string;
}

/** Returns the OAuth 2.0 redirect URI of an app: `{editor}/auth/{appSlug}/redirect` (forms-dp 2.6). */
export function oauthRedirectUri({ editorUrl, appSlug }: AuthSeedContext): string {
  return `${withoutTrailing(editorUrl, '/')}/auth/${appSlug}/redirect`;
}

/**
 * Returns the default authInfo a scheme starts with when the developer chooses it
 * (forms-dp 2.6, 9): basic asks for username and password; OAuth 2.0 gets the redirect URI,
 * state 'state', response_type code and grant types authorization_code and refresh_token.
 *
 * @example defaultAuthInfo('oauth2', { editorUrl: 'https://j.example', appSlug: 'demo-crm' }).redirect_uri
 * // 'https://j.example/auth/demo-crm/redirect'
 */
export function defaultAuthInfo(apiType: ApiType, context: AuthSeedContext): AuthInfo {
  switch (apiType) {
    case 'basic':
      return {
        apiType,
        basicFormFields: DEFAULT_BASIC_FORM_FIELDS.map((field) => ({ ...field })),
      };
    case 'apikey':
      return {
        apiType,
        apikeyFormFields: [{ key: 'api_key', title: 'API Key' }],
        // The DESIGN example's shape; the developer renames the header to what the API expects.
        requestConfig: { params: [], headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] },
      };
    case 'oauth2':
      return {
        apiType,
        oauthFormFields: [],
        clientInfo: { client_id: '', client_secret: '' },
        auth_url: '',
        token_url: '',
        scopes: '',
        redirect_uri: oauthRedirectUri(context),
        state: 'state',
        response_type: 'code',
        grant_types: ['authorization_code', 'refresh_token'],
        authRequestConfig: { url: '', params: [] },
        accessRequestConfig: { url: '', params: [], headers: [], body: [] },
        refreshRequestConfig: { url: '', params: [], headers: [], body: [] },
      };
    case 'customCode':
      return { apiType, customCodeFormFields: [], customCodeInfo: { customCode: '' } };
  }
}

/** Stable codes of app-definition problems; callers match on these, users read `message`. */
export type AppProblemCode =
  | 'not-object'
  | 'required'
  | 'invalid-value'
  | 'invalid-key'
  | 'unknown-action'
  | 'no-test-action';

/** One problem found in an app definition; `path` is dotted, e.g. 'actions.createContact.fields[0].name'. */
export interface AppProblem {
  code: AppProblemCode;
  path: string;
  message: string;
}

/** The outcome of checking an app definition: never thrown, always returned. */
export interface AppValidation {
  ok: boolean;
  errors: AppProblem[];
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Checks an app definition received as arbitrary JSON and lists every problem; never throws
 * (forms-dp 3, 5; onboarding 3). Checked: appSlug is a lower-case identifier, appName is set,
 * apiType is one of basic/apikey/oauth2/customCode, action, trigger and field keys follow the
 * key rule, fields have name, title and a schema type, triggers point at existing actions,
 * polling triggers have dedupe_key and data_head, webhook triggers have webhookKey, testAuth
 * names an action, and an OAuth 2.0 app has a simple GET action to test with.
 *
 * @example validateAppDefinition({ appSlug: 'Demo' }).errors[0]
 * // { code: 'invalid-value', path: 'appSlug', message: 'appSlug must be a lower-case identifier …' }
 */
export function validateAppDefinition(json: unknown): AppValidation {
  const errors: AppProblem[] = [];
  const add = (code: AppProblemCode, path: string, message: string) => errors.push({ code, path, message });

  if (!isObject(json)) {
    add('not-object', '', 'An app definition must be a JSON object.');
    return { ok: false, errors };
  }

  // onboarding 3 "App auth info": appSlug required, lowercase identifier.
  if (!isNonEmptyString(json.appSlug)) add('required', 'appSlug', 'appSlug is required.');
  else if (!APP_SLUG_PATTERN.test(json.appSlug)) add('invalid-value', 'appSlug', APP_SLUG_SHAPE_MESSAGE);
  if (!isNonEmptyString(json.appName)) add('required', 'appName', 'appName is required.');
  if (json.disableAuth !== undefined && typeof json.disableAuth !== 'boolean') {
    add('invalid-value', 'disableAuth', 'disableAuth must be true or false.');
  }
  if (
    json.completionStatus !== undefined &&
    json.completionStatus !== 'Complete' &&
    json.completionStatus !== 'In Progress'
  ) {
    add('invalid-value', 'completionStatus', "completionStatus must be 'Complete' or 'In Progress'.");
  }

  const actions = checkMap(json.actions, 'actions', add);
  for (const [key, action] of Object.entries(actions)) checkAction(key, action, add);
  const actionKeys = new Set(Object.keys(actions));

  const triggers = checkMap(json.triggers, 'triggers', add);
  for (const [key, trigger] of Object.entries(triggers)) checkTrigger(key, trigger, actionKeys, add);

  checkAuthInfo(json.authInfo, actions, actionKeys, add);
  return { ok: errors.length === 0, errors };
}

type Add = (code: AppProblemCode, path: string, message: string) => void;

function checkMap(value: unknown, path: string, add: Add): Json {
  if (value === undefined) {
    add('required', path, `${path} is required (an object keyed by ${path === 'actions' ? 'action' : 'trigger'} key).`);
    return {};
  }
  if (!isObject(value)) {
    add('invalid-value', path, `${path} must be an object keyed by ${path === 'actions' ? 'action' : 'trigger'} key.`);
    return {};
  }
  for (const key of Object.keys(value)) {
    // forms-dp 5: action and trigger keys follow the key rule.
    if (!isValidKey(key)) add('invalid-key', `${path}.${key}`, `Key '${key}': ${KEY_RULE_MESSAGE}`);
  }
  return value;
}

function checkAction(key: string, action: unknown, add: Add): void {
  const path = `actions.${key}`;
  if (!isObject(action)) {
    add('not-object', path, 'An action must be an object.');
    return;
  }
  if (!isNonEmptyString(action.title)) add('required', `${path}.title`, 'Action title is required.');
  if (!(HTTP_METHODS as readonly unknown[]).includes(action.method)) {
    add('invalid-value', `${path}.method`, `Method must be one of ${HTTP_METHODS.join(', ')}.`);
  }
  if (typeof action.url !== 'string') add('required', `${path}.url`, 'Action url is required (it may be empty).');
  checkFields(action.fields, `${path}.fields`, true, add);
}

function checkFields(fields: unknown, path: string, isRequired: boolean, add: Add): void {
  if (fields === undefined && !isRequired) return;
  if (!Array.isArray(fields)) {
    add('invalid-value', path, 'fields must be a list.');
    return;
  }
  fields.forEach((field, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(field)) {
      add('not-object', at, 'A field must be an object.');
      return;
    }
    // forms-dp 5: a field requires name, title and a schema with a type.
    if (!isNonEmptyString(field.name)) add('required', `${at}.name`, 'Field name is required.');
    else if (!isValidKey(field.name)) add('invalid-key', `${at}.name`, `Key '${field.name}': ${KEY_RULE_MESSAGE}`);
    if (!isNonEmptyString(field.title)) add('required', `${at}.title`, 'Field title is required.');
    if (field.in !== undefined && !(FIELD_LOCATIONS as readonly unknown[]).includes(field.in)) {
      add('invalid-value', `${at}.in`, `in must be one of ${FIELD_LOCATIONS.join(', ')}.`);
    }
    if (field.required !== undefined && typeof field.required !== 'boolean') {
      add('invalid-value', `${at}.required`, 'required must be true or false.');
    }
    checkSchema(field.schema, `${at}.schema`, add);
  });
}

function checkSchema(schema: unknown, path: string, add: Add, depth = 0): void {
  if (!isObject(schema)) {
    add('required', path, 'Field schema is required.');
    return;
  }
  if (!(FIELD_TYPES as readonly unknown[]).includes(schema.type)) {
    add('required', `${path}.type`, `Schema type is required: one of ${FIELD_TYPES.join(', ')}.`);
  }
  if (schema.dynamic !== undefined && schema.dynamic !== '' && !parseDynamicSpec(schema.dynamic as string)) {
    add('invalid-value', `${path}.dynamic`, "A dynamic dropdown spec reads 'app.Label.action.head.value.label'.");
  }
  if (schema.enum !== undefined && !isStringList(schema.enum)) {
    add('invalid-value', `${path}.enum`, 'enum must be a list of strings.');
  }
  // Deep nesting is legal but a hostile document could nest thousands of levels.
  if (depth > 20) return;
  if (schema.items !== undefined) checkSchema(schema.items, `${path}.items`, add, depth + 1);
  if (schema.properties !== undefined) {
    if (!Array.isArray(schema.properties)) add('invalid-value', `${path}.properties`, 'properties must be a list.');
    else {
      const keyed = schema.properties.map((prop) => ({
        key: isObject(prop) && isNonEmptyString(prop.key) ? prop.key : '',
      }));
      const keyProblems = checkProperties(keyed);
      schema.properties.forEach((prop, i) => {
        const at = `${path}.properties[${i}]`;
        if (!isObject(prop) || !isNonEmptyString(prop.key)) {
          add('required', `${at}.key`, 'Property key is required.');
          return;
        }
        // forms-dp 3, 5: a property's key follows the key rule and is used once.
        const problem = keyProblems[i];
        if (problem === KEY_RULE_MESSAGE) add('invalid-key', `${at}.key`, `Key '${prop.key}': ${problem}`);
        else if (problem) add('invalid-key', `${at}.key`, problem);
        if (prop.schema !== undefined) checkSchema(prop.schema, `${at}.schema`, add, depth + 1);
      });
    }
  }
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function checkTrigger(key: string, trigger: unknown, actionKeys: Set<string>, add: Add): void {
  const path = `triggers.${key}`;
  if (!isObject(trigger)) {
    add('not-object', path, 'A trigger must be an object.');
    return;
  }
  if (!isNonEmptyString(trigger.label)) add('required', `${path}.label`, 'Trigger label is required.');
  const refersTo = (prop: 'action' | 'performList' | 'unsubscribe') => {
    const ref = trigger[prop];
    if (ref === undefined || ref === '') return;
    if (typeof ref !== 'string') {
      // Never stringify a non-string: an object's own toString may be anything.
      add('invalid-value', `${path}.${prop}`, `${prop} must be the key of one of this app's actions.`);
    } else if (!actionKeys.has(ref)) {
      add('unknown-action', `${path}.${prop}`, `${prop} '${ref}' is not one of this app's actions.`);
    }
  };
  refersTo('action');
  refersTo('performList');
  refersTo('unsubscribe');
  checkFields(trigger.fields, `${path}.fields`, false, add);

  if (trigger.type === 'polling') {
    // forms-dp 3: polling reads items through an action, deduplicated by dedupe_key under data_head.
    if (!isNonEmptyString(trigger.action)) add('required', `${path}.action`, 'A polling trigger needs an action.');
    const params = isObject(trigger.pollingParams) ? trigger.pollingParams : {};
    if (!isNonEmptyString(params.dedupe_key)) {
      add('required', `${path}.pollingParams.dedupe_key`, 'A polling trigger needs a Unique ID Key (dedupe_key).');
    }
    if (!isNonEmptyString(params.data_head)) {
      add(
        'required',
        `${path}.pollingParams.data_head`,
        'A polling trigger needs an Array Name (data_head; use 0 if no key).',
      );
    }
  } else if (trigger.type === 'webhook') {
    if (!isNonEmptyString(trigger.webhookKey)) {
      add('required', `${path}.webhookKey`, 'A webhook trigger needs a Webhook Pickoff Key (webhookKey).');
    }
    if (
      trigger.webhookHandshake !== undefined &&
      !(WEBHOOK_HANDSHAKES as readonly unknown[]).includes(trigger.webhookHandshake)
    ) {
      add(
        'invalid-value',
        `${path}.webhookHandshake`,
        `webhookHandshake must be one of ${WEBHOOK_HANDSHAKES.join(', ')}.`,
      );
    }
    const filter = trigger.webhookFilter;
    if (
      filter !== undefined &&
      (!isObject(filter) || !isNonEmptyString(filter.path) || typeof filter.equals !== 'string')
    ) {
      add(
        'invalid-value',
        `${path}.webhookFilter`,
        'webhookFilter needs a path (keys separated by dots) and the text it equals.',
      );
    }
  } else {
    add('invalid-value', `${path}.type`, "Trigger type must be 'polling' or 'webhook'.");
  }
}

function checkAuthInfo(authInfo: unknown, actions: Json, actionKeys: Set<string>, add: Add): void {
  if (authInfo === undefined) {
    add('required', 'authInfo', 'authInfo is required (an empty object when the app needs no auth).');
    return;
  }
  if (!isObject(authInfo)) {
    add('invalid-value', 'authInfo', 'authInfo must be an object.');
    return;
  }
  if (authInfo.apiType !== undefined && !(API_TYPES as readonly unknown[]).includes(authInfo.apiType)) {
    add('invalid-value', 'authInfo.apiType', `apiType must be one of ${API_TYPES.join(', ')}.`);
  }
  const testAuth = authInfo.testAuth;
  if (testAuth !== undefined && testAuth !== '' && (typeof testAuth !== 'string' || !actionKeys.has(testAuth))) {
    // forms-dp 5: the auth test action must be one of the app's action keys.
    const message =
      typeof testAuth === 'string'
        ? `testAuth '${testAuth}' is not one of this app's actions.`
        : "testAuth must be the key of one of this app's actions.";
    add('unknown-action', 'authInfo.testAuth', message);
  }
  if (authInfo.apiType === 'oauth2') {
    // forms-dp 5, 8: OAuth 2.0 tests with a GET action that has a url and no fields.
    const found = findTestAction({ actions: actions as Record<string, ActionDef>, authInfo: authInfo as AuthInfo });
    if (!found) add('no-test-action', 'authInfo.testAuth', NO_TEST_ACTION_MESSAGE);
  }
}
