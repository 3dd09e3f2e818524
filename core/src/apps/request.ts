/**
 * The single way a step becomes an HTTP request: action definition + field values +
 * decrypted credential → one request description the server sends through its guarded
 * client (DESIGN "How data flows"; forms-dp 2.10, 3; editor-core 3 "Custom HTTP request").
 * Problems come back as a result, never as a throw.
 */
import { withoutTrailing } from '../text/trailing.js';
import { normaliseSchemaType } from './rules.js';
import { resolveTemplateString, resolveTemplateValue, stringifyValue, type TemplateScope } from './template.js';
import type { ActionDef, AppDefinition, FieldDef, FieldLocation, FieldSchema, KeyValue } from './types.js';

/** HTTP methods as sent on the wire. */
export type RequestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const REQUEST_METHODS: readonly RequestMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
// An HTTP header name is a token (RFC 9110 5.1).
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A request ready to send: the url holds no query from fields; `query` lists pairs in order. */
export interface HttpRequest {
  method: RequestMethod;
  url: string;
  /** Query pairs; an array value repeats its key. */
  query: [string, string][];
  headers: Record<string, string>;
  /** JSON body; absent for GET and DELETE and when nothing goes in the body. */
  body?: unknown;
  /**
   * Header names and query keys the auth scheme put in (API key header or param, basic,
   * bearer, custom rows using `${auth.…}`): the sender drops them on a redirect to another origin.
   */
  authKeys?: AuthKeys;
}

/** What the auth scheme added to a request, by header name and query key. */
export interface AuthKeys {
  headers: string[];
  query: string[];
}

/** Stable codes of request-building problems. */
export type RequestProblemCode =
  | 'missing-value'
  | 'invalid-method'
  | 'custom-code'
  | 'invalid-json'
  | 'invalid-header'
  | 'required';

/** One reason a request could not be built; `field` names the field or input at fault. */
export interface RequestProblem {
  code: RequestProblemCode;
  field?: string;
  message: string;
}

/** The outcome of building a request. */
export type RequestResult = { ok: true; request: HttpRequest } | { ok: false; errors: RequestProblem[] };

/** What `buildRequest` needs. */
export interface BuildRequestInput {
  /** The app (its authInfo and disableAuth decide how the credential is applied). */
  app: Pick<AppDefinition, 'authInfo'> & Partial<Pick<AppDefinition, 'disableAuth'>>;
  action: ActionDef;
  /** The step's field values by field name, references to earlier steps already resolved. */
  values: Record<string, unknown>;
  /** The decrypted credential's values: username/password, api_key, access_token… */
  credential?: Record<string, string>;
  /** What `{base}` in an action url stands for, e.g. the app's API origin. */
  base: string;
}

// `${path}` references, or `{name}` placeholders (path parameters and `{base}`).
const URL_TOKEN = /\$\{([^{}]+)\}|\{([A-Za-z0-9_-]+)\}/g;

/**
 * Turns an action, the step's values and the credential into one HTTP request (forms-dp 3):
 * `{base}` and `{name}` path parameters fill the url (values URI-encoded), query fields and
 * url_params go to the query, header fields and action headers to the headers, formData
 * fields (or the action's body rows; a dotted row key nests) to a JSON body — GET and DELETE carry no body, so their
 * formData fields go to the query. `${auth.key}` and `${inputData.name}` references resolve
 * from the credential and the values. The app's requestConfig headers and params are applied,
 * basic auth adds `Authorization: Basic …` and OAuth 2.0 `Authorization: Bearer …`.
 *
 * @example
 * const result = buildRequest({ app, action: app.actions.createContact, values: { email: 'a@b.c' },
 *   credential: { api_key: 'k' }, base: 'https://crm.example' });
 * if (result.ok) send(result.request); else show(result.errors);
 */
export function buildRequest(input: BuildRequestInput): RequestResult {
  const { app, action, values, credential, base } = input;
  const errors: RequestProblem[] = [];
  if (action.customForm?.custom === true) {
    return fail('custom-code', undefined, `'${action.title}' runs custom code; it is not a plain HTTP request.`);
  }
  const method = toMethod(action.method);
  if (!method)
    return fail(
      'invalid-method',
      'method',
      `Unknown HTTP method '${typeof action.method === 'string' ? action.method : typeof action.method}'.`,
    );
  const carriesBody = method !== 'GET' && method !== 'DELETE';
  const fields = Array.isArray(action.fields) ? action.fields : [];
  const byName = new Map(fields.map((f) => [f.name, f]));
  const scope: TemplateScope = { auth: { ...credential }, inputData: { ...values } };

  // Each field's value: the step's value, else the field's own (often hidden, static) value.
  const fieldValue = (field: FieldDef): unknown => {
    const own = Object.hasOwn(values, field.name) ? values[field.name] : undefined;
    // The definition's own value (a hidden field's fixed list or object) may hold references at any depth.
    const resolved = isBlank(own) ? resolveDeep(field.value, scope) : resolveTemplateValue(own, scope);
    return coerceValue(resolved, field.schema);
  };
  for (const field of fields) {
    if (!field.required || !isBlank(fieldValue(field))) continue;
    errors.push({
      code: 'required',
      field: field.name,
      message: `Missing value for required field '${field.title || field.name}'.`,
    });
  }

  const placeholders = new Set<string>();
  const url = action.url.replace(URL_TOKEN, (whole, ref: string | undefined, name: string | undefined) => {
    if (ref !== undefined) {
      // Auth data (a subdomain, an instance url) is trusted text; user data is encoded.
      return resolveTemplateString(whole, scope, (text, root) => (root === 'auth' ? text : encodeURIComponent(text)));
    }
    if (name === 'base') return withoutTrailing(base, '/');
    placeholders.add(name!);
    const field = byName.get(name!);
    const value = field ? fieldValue(field) : Object.hasOwn(values, name!) ? values[name!] : undefined;
    if (isBlank(value)) {
      if (!errors.some((e) => e.field === name)) {
        errors.push({
          code: 'missing-value',
          field: name,
          message: `Missing value for path parameter '${field?.title || name}'.`,
        });
      }
      return whole;
    }
    return encodeURIComponent(toText(value));
  });
  if (errors.length > 0) return { ok: false, errors };

  const query: [string, string][] = [];
  const headers: Record<string, string> = {};
  let body: Record<string, unknown> | undefined;
  const addQuery = (key: string, value: unknown) => {
    for (const item of Array.isArray(value) ? value : [value]) query.push([key, stringifyValue(item)]);
  };

  const authKeys: AuthKeys = { headers: [], query: [] };
  if (!app.disableAuth) applyAuth(app.authInfo ?? {}, scope, query, headers, authKeys);
  for (const row of rows(action.url_params)) {
    addQuery(row.key, resolveTemplateValue(row.value, scope));
    if (usesAuth(row.value)) authKeys.query.push(row.key);
  }
  for (const row of rows(action.headers)) {
    setOwn(headers, row.key, resolveTemplateString(row.value, scope));
    if (usesAuth(row.value)) authKeys.headers.push(row.key);
  }
  const urlParamKeys = new Set(rows(action.url_params).map((r) => r.key));
  const bodyRows = rows(action.body);
  if (carriesBody && bodyRows.length > 0) {
    body = {};
    for (const row of bodyRows) setBodyValue(body, row.key, resolveTemplateValue(row.value, scope));
  }

  for (const field of fields) {
    const location = locationOf(field, placeholders, carriesBody);
    const value = fieldValue(field);
    if (isBlank(value) || location === 'path') continue;
    if (location === 'header') setOwn(headers, field.name, toText(value));
    else if (location === 'query' && !urlParamKeys.has(field.name)) addQuery(field.name, value);
    else if (location === 'formData') {
      if (!carriesBody) addQuery(field.name, value);
      else if (bodyRows.length === 0) {
        body ??= {};
        setOwn(body, field.name, value);
      }
      // With body rows the rows are the body; the field is reachable as ${inputData.name}.
    }
  }

  if (body !== undefined && !hasHeader(headers, 'content-type')) headers['Content-Type'] = 'application/json';
  const request: HttpRequest = { method, url, query, headers };
  if (body !== undefined) request.body = body;
  if (authKeys.headers.length > 0 || authKeys.query.length > 0) request.authKeys = authKeys;
  return { ok: true, request };
}

// A template row that reads the credential carries auth (a custom scheme's header or param).
function usesAuth(value: unknown): boolean {
  return typeof value === 'string' && value.includes('${auth.');
}

/** How the custom request's body is given (editor-core 3 "Custom HTTP request action"). */
export type CustomBodyType = 'json' | 'fields';

/** The body types of the custom request: JSON text (the default, `stringBody`) or key/value rows (`bodyFields`). */
export const CUSTOM_BODY_TYPES: readonly CustomBodyType[] = ['json', 'fields'];

/** The inputs of the built-in HTTP-request app (editor-core 3 "Custom HTTP request action"). */
export interface CustomRequestInput {
  /** GET, POST, PUT, PATCH or DELETE (any case). */
  requestType: string;
  url: string;
  /** Query parameters, sent in this order. */
  params?: KeyValue[];
  /** Request headers, sent in this order; a blank key is skipped. */
  headers?: KeyValue[];
  /** 'fields' sends `bodyFields` as a JSON object; anything else sends `stringBody`. */
  bodyType?: string;
  /** A JSON body as text; ignored for GET. */
  stringBody?: string;
  /** Body rows (a dotted key nests, as the portal's body rows); ignored for GET. */
  bodyFields?: { key: string; value?: unknown }[];
}

/**
 * Builds the request of the HTTP-request app (editor-core 3): params become query pairs and
 * headers request headers, both in their order; the body is the key/value rows as a JSON
 * object (`bodyType` 'fields') or stringBody parsed as JSON, ignored for GET; invalid JSON is an
 * error naming 'stringBody', a header name that is no HTTP token one naming 'headers'.
 *
 * @example buildCustomRequest({ requestType: 'POST', url: 'https://x.example/h', stringBody: '{"a":1}' })
 */
export function buildCustomRequest(input: CustomRequestInput): RequestResult {
  const errors: RequestProblem[] = [];
  const method = toMethod(input.requestType);
  if (!method) {
    errors.push({
      code: 'invalid-method',
      field: 'requestType',
      message: `Unknown HTTP method '${input.requestType}'.`,
    });
  }
  const url = typeof input.url === 'string' ? input.url.trim() : '';
  if (url === '') errors.push({ code: 'required', field: 'url', message: 'The URL is required.' });
  const headers: Record<string, string> = {};
  for (const row of rows(input.headers)) {
    const name = row.key.trim();
    if (name === '') continue;
    if (!HEADER_NAME.test(name)) {
      errors.push({ code: 'invalid-header', field: 'headers', message: `'${name}' is not a valid header name.` });
    } else setOwn(headers, name, toText(row.value ?? ''));
  }
  let body: unknown;
  if (method && method !== 'GET' && input.bodyType === 'fields') {
    const rowsWithKeys = (Array.isArray(input.bodyFields) ? input.bodyFields : []).filter(
      (row) => row && typeof row.key === 'string' && row.key.trim() !== '',
    );
    if (rowsWithKeys.length > 0) {
      const object: Record<string, unknown> = {};
      for (const row of rowsWithKeys) setBodyValue(object, row.key.trim(), row.value ?? '');
      body = object;
    }
  } else {
    const text = input.stringBody?.trim() ?? '';
    if (method && method !== 'GET' && text !== '') {
      try {
        body = JSON.parse(text);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        errors.push({ code: 'invalid-json', field: 'stringBody', message: `stringBody is not valid JSON: ${reason}` });
      }
    }
  }
  if (errors.length > 0 || !method) return { ok: false, errors };
  const query = rows(input.params).map((row): [string, string] => [row.key, row.value ?? '']);
  const request: HttpRequest = { method, url, query, headers };
  if (body !== undefined) {
    request.body = body;
    if (!hasHeader(headers, 'content-type')) request.headers['Content-Type'] = 'application/json';
  }
  return { ok: true, request };
}

/**
 * Converts a field value to its schema's type: numeric text to a number, 'true'/'yes' and
 * 'false'/'no' to booleans, a list (JSON text or comma-separated) to an array, JSON object
 * text to an object. Anything that does not convert cleanly is kept as given.
 *
 * @example coerceValue('a, b', { type: 'array' }) // ['a', 'b']
 */
export function coerceValue(value: unknown, schema: FieldSchema | undefined): unknown {
  if (isBlank(value)) return value;
  const type = normaliseSchemaType(schema?.type);
  if ((type === 'number' || type === 'integer') && typeof value === 'string') {
    const n = Number(value.trim());
    return value.trim() !== '' && Number.isFinite(n) ? n : value;
  }
  if (type === 'boolean' && typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (word === 'true' || word === 'yes') return true;
    if (word === 'false' || word === 'no') return false;
    return value;
  }
  if (type === 'array') {
    let list: unknown = value;
    if (typeof value === 'string') {
      const parsed = value.trim().startsWith('[') ? parseJson(value) : undefined;
      list = Array.isArray(parsed)
        ? parsed
        : value
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '');
    }
    const items = Array.isArray(list) ? list : [list];
    return items.map((item) => coerceValue(item, schema?.items));
  }
  if (type === 'object' && typeof value === 'string' && value.trim().startsWith('{')) {
    const parsed = parseJson(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : value;
  }
  return value;
}

function applyAuth(
  authInfo: AppDefinition['authInfo'],
  scope: TemplateScope,
  query: [string, string][],
  headers: Record<string, string>,
  added: AuthKeys,
): void {
  const config = authInfo.requestConfig;
  // Every requestConfig row belongs to the auth scheme (forms-dp 2.10 "API Configuration").
  for (const row of rows(config?.params)) {
    query.push([row.key, resolveTemplateString(row.value, scope)]);
    added.query.push(row.key);
  }
  for (const row of rows(config?.headers)) {
    setOwn(headers, row.key, resolveTemplateString(row.value, scope));
    added.headers.push(row.key);
  }
  const auth = scope.auth;
  if (authInfo.apiType === 'basic' && (auth.username !== undefined || auth.password !== undefined)) {
    headers.Authorization = `Basic ${base64(`${stringifyValue(auth.username)}:${stringifyValue(auth.password)}`)}`;
    added.headers.push('Authorization');
  }
  if (authInfo.apiType === 'oauth2' && !isBlank(auth.access_token)) {
    headers.Authorization = `Bearer ${stringifyValue(auth.access_token)}`;
    added.headers.push('Authorization');
  }
}

declare function btoa(data: string): string;

/** Base64 of the UTF-8 bytes of a string (btoa alone only takes Latin-1). */
function base64(text: string): string {
  const latin1 = encodeURIComponent(text).replace(/%([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return btoa(latin1);
}

function locationOf(field: FieldDef, placeholders: Set<string>, carriesBody: boolean): FieldLocation {
  if (field.in) return field.in;
  if (placeholders.has(field.name)) return 'path';
  return carriesBody ? 'formData' : 'query';
}

function toMethod(method: unknown): RequestMethod | undefined {
  const upper = typeof method === 'string' ? method.toUpperCase() : '';
  return (REQUEST_METHODS as readonly string[]).includes(upper) ? (upper as RequestMethod) : undefined;
}

function rows(list: KeyValue[] | undefined): KeyValue[] {
  return Array.isArray(list) ? list.filter((row) => row && typeof row.key === 'string' && row.key !== '') : [];
}

/**
 * Sets one body row: a dotted key (`customer.name`, the portal's indented rows) nests; a key
 * with an empty part ('a..b', '.x') stays as written.
 */
function setBodyValue(body: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split('.');
  if (parts.length < 2 || parts.some((part) => part === '')) {
    setOwn(body, key, value);
    return;
  }
  let target = body;
  for (const part of parts.slice(0, -1)) {
    const next = Object.hasOwn(target, part) ? target[part] : undefined;
    if (typeof next === 'object' && next !== null && !Array.isArray(next)) {
      target = next as Record<string, unknown>;
    } else {
      const created: Record<string, unknown> = {};
      setOwn(target, part, created);
      target = created;
    }
  }
  setOwn(target, parts[parts.length - 1], value);
}

/**
 * Resolves references in a definition's value at any depth: `[{ insertText: { text:
 * '${inputData.text}' } }]` keeps its shape with the step's text inside (nesting capped at 20).
 */
function resolveDeep(value: unknown, scope: TemplateScope, depth = 0): unknown {
  if (depth > 20) return value;
  if (Array.isArray(value)) return value.map((item) => resolveDeep(item, scope, depth + 1));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) setOwn(out, key, resolveDeep(item, scope, depth + 1));
    return out;
  }
  return resolveTemplateValue(value, scope);
}

/** Sets an own property, so a key such as '__proto__' from a definition stays plain data. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function toText(value: unknown): string {
  return Array.isArray(value) ? value.map(stringifyValue).join(',') : stringifyValue(value);
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function fail(code: RequestProblemCode, field: string | undefined, message: string): RequestResult {
  return { ok: false, errors: [{ code, ...(field ? { field } : {}), message }] };
}
