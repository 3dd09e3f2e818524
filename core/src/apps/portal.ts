/**
 * Rules of the developer portal's screens that need no screen (forms-and-developer-portal
 * 2.7–2.10, 4, 5, 9): the triggers, actions and fields tables (rows, search, sort, pages), the
 * settings checks, the request-body rows with their indentation and Import JSON, where a field
 * goes after the API configuration is saved, and the custom-code templates.
 */
import { needsAuth } from './catalog.js';
import { isValidKey, KEY_RULE_MESSAGE } from './rules.js';
import type { ActionDef, AppDefinition, FieldDef, KeyValue } from './types.js';

/** The key of an item that exists only until its first Save (forms-dp 4). */
export const NEW_ITEM_KEY = '__new__';

/** The indentation of one request-body level, in pixels (forms-dp 2.10, 9). */
export const INDENT_STEP_PX = 20;

/** One row of the triggers table (forms-dp 2.7). */
export interface TriggerRow {
  key: string;
  name: string;
  description: string;
  source: 'Polling' | 'Webhook';
  visibility: 'Hidden' | 'Shown';
}

/** One row of the actions table (forms-dp 2.9). */
export interface ActionRow {
  key: string;
  name: string;
  /** The description, or 'No description'. */
  description: string;
  visibility: 'Hidden' | 'Shown';
}

/** One row of the Form Design table (forms-dp 2.10). */
export interface FieldRow {
  /** The field's index in the list: its address in `/input/{id}`. */
  index: number;
  name: string;
  key: string;
  description: string;
  visibility: 'Hidden' | 'Shown';
}

const NO_DESCRIPTION = 'No description';

const visibilityOf = (hidden: boolean | undefined): 'Hidden' | 'Shown' => (hidden ? 'Hidden' : 'Shown');

/** The triggers table's rows, in the app's order. */
export function triggerRows(app: Pick<AppDefinition, 'triggers'>): TriggerRow[] {
  return Object.entries(app.triggers ?? {}).map(([key, t]) => ({
    key,
    name: t.label || key,
    description: t.description || NO_DESCRIPTION,
    source: t.type === 'webhook' ? 'Webhook' : 'Polling',
    visibility: visibilityOf(t.hidden),
  }));
}

/** The actions table's rows, in the app's order; an empty description reads 'No description'. */
export function actionRows(app: Pick<AppDefinition, 'actions'>): ActionRow[] {
  return Object.entries(app.actions ?? {}).map(([key, a]) => ({
    key,
    name: a.title || key,
    description: a.description || NO_DESCRIPTION,
    visibility: visibilityOf(a.hidden),
  }));
}

/** The Form Design table's rows: title as name, field name as key (forms-dp 2.10). */
export function fieldRows(fields: readonly FieldDef[] | undefined): FieldRow[] {
  return (fields ?? []).map((f, index) => ({
    index,
    name: f.title || f.name,
    key: f.name,
    description: f.description || NO_DESCRIPTION,
    visibility: visibilityOf(f.hidden),
  }));
}

/**
 * Keeps the triggers whose name, key, type (Polling/Webhook) or the word hidden/shown contains
 * the query, case-insensitive (forms-dp 2.7).
 *
 * @example searchTriggerRows(rows, 'webhook') // the webhook triggers
 */
export function searchTriggerRows(rows: readonly TriggerRow[], query: string): TriggerRow[] {
  return searchRows(rows, query, (r) => [r.name, r.key, r.source, r.visibility]);
}

/** Keeps the actions whose name, key, description or visibility contains the query, case-insensitive (forms-dp 2.9, 5). */
export function searchActionRows(rows: readonly ActionRow[], query: string): ActionRow[] {
  return searchRows(rows, query, (r) => [r.name, r.key, r.description, r.visibility]);
}

/** Keeps the fields whose name, key or visibility contains the query, case-insensitive. */
export function searchFieldRows(rows: readonly FieldRow[], query: string): FieldRow[] {
  return searchRows(rows, query, (r) => [r.name, r.key, r.visibility]);
}

function searchRows<T>(rows: readonly T[], query: string, texts: (row: T) => string[]): T[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...rows];
  return rows.filter((row) => texts(row).some((text) => text.toLowerCase().includes(needle)));
}

/** A table's sort: a column and a direction. */
export interface SortState<K extends string = string> {
  column: K;
  direction: 'asc' | 'desc';
}

/**
 * The sort after a click on a column header: the same column flips direction, another column
 * starts ascending (forms-dp 2.7 "Sorting toggles asc/desc").
 */
export function toggleSort<K extends string>(current: SortState<K>, column: K): SortState<K> {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

/**
 * Sorts rows by a text column, case-insensitive and numeric-aware, stable for equal values.
 *
 * @example sortRows(rows, { column: 'name', direction: 'asc' })
 */
export function sortRows<T extends object, K extends keyof T & string>(rows: readonly T[], sort: SortState<K>): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => {
      const x = String(a.row[sort.column] ?? '');
      const y = String(b.row[sort.column] ?? '');
      const order = x.localeCompare(y, 'en', { sensitivity: 'base', numeric: true });
      return order !== 0 ? sign * order : a.i - b.i;
    })
    .map(({ row }) => row);
}

/** Field errors of a settings form, by field name; empty when it may be saved. */
export type SettingsErrors = Partial<Record<string, string>>;

/**
 * Checks the action settings (forms-dp 2.10, 5): key (the key rule, not `__new__`, not another
 * action's key), title and description required. Live: callers run it on every change.
 *
 * @example checkActionSettings({ key: 'list orders', title: 'List', description: 'Lists.' }, []).key
 * // 'only letters, numbers, hyphens, and underscores'
 */
export function checkActionSettings(
  input: { key: string; title: string; description: string },
  otherKeys: readonly string[],
): SettingsErrors {
  const errors: SettingsErrors = {};
  const keyError = checkKey(input.key, otherKeys, 'action');
  if (keyError) errors.key = keyError;
  if (input.title.trim() === '') errors.title = 'Title is required.';
  if (input.description.trim() === '') errors.description = 'Description is required.';
  return errors;
}

/** What the trigger settings form edits (forms-dp 2.8, 3). */
export interface TriggerSettingsInput {
  key: string;
  label: string;
  description: string;
  type: 'polling' | 'webhook';
  action: string;
  dedupeKey: string;
  dataHead: string;
  webhookKey: string;
}

/**
 * Checks the trigger settings (forms-dp 2.8, 3, 5): key, label and description required,
 * the key rule; polling needs the listing action, a Unique ID Key and an Array Name; webhook
 * needs a Webhook Pickoff Key.
 */
export function checkTriggerSettings(input: TriggerSettingsInput, otherKeys: readonly string[]): SettingsErrors {
  const errors: SettingsErrors = {};
  const keyError = checkKey(input.key, otherKeys, 'trigger');
  if (keyError) errors.key = keyError;
  if (input.label.trim() === '') errors.label = 'Label is required.';
  if (input.description.trim() === '') errors.description = 'Description is required.';
  if (input.type === 'polling') {
    if (input.action.trim() === '') errors.action = 'Choose the action that lists the items.';
    if (input.dedupeKey.trim() === '') errors.dedupeKey = 'Unique ID Key is required.';
    if (input.dataHead.trim() === '') errors.dataHead = 'Array Name is required (use 0 if no key).';
  } else if (input.webhookKey.trim() === '') {
    errors.webhookKey = 'Webhook Pickoff Key is required.';
  }
  return errors;
}

/** Checks one action field's name (the key rule) and title (forms-dp 5). */
export function checkFieldSettings(
  input: { name: string; title: string },
  otherNames: readonly string[],
): SettingsErrors {
  const errors: SettingsErrors = {};
  if (input.name.trim() === '') errors.name = 'Name is required.';
  else if (!isValidKey(input.name)) errors.name = KEY_RULE_MESSAGE;
  else if (otherNames.includes(input.name)) errors.name = `Another field is already named '${input.name}'.`;
  if (input.title.trim() === '') errors.title = 'Title is required.';
  return errors;
}

function checkKey(key: string, otherKeys: readonly string[], kind: string): string | undefined {
  if (key.trim() === '') return 'Key is required.';
  if (key === NEW_ITEM_KEY || !isValidKey(key)) return KEY_RULE_MESSAGE;
  if (otherKeys.includes(key)) return `Another ${kind} already has the key '${key}'.`;
  return undefined;
}

/** One request-body row in the editor: key, value template and its indentation level. */
export interface BodyRow {
  key: string;
  value: string;
  /** 0 for a top-level key; each level is indented by INDENT_STEP_PX. */
  depth: number;
}

/**
 * Turns the editor's rows into the action's body rows. A row indented under another is a
 * property of it and is saved with a dotted key (`customer.name`); the parent row's own value
 * is dropped when it has children.
 */
export function bodyRowsToKeyValues(rows: readonly BodyRow[]): KeyValue[] {
  const out: KeyValue[] = [];
  const path: string[] = [];
  rows.forEach((row, i) => {
    const depth = Math.min(Math.max(0, row.depth), path.length);
    path.length = depth;
    path.push(row.key);
    const hasChildren = (rows[i + 1]?.depth ?? 0) > depth;
    if (!hasChildren && row.key.trim() !== '') out.push({ key: path.join('.'), value: row.value });
  });
  return out;
}

/** Turns saved body rows back into editor rows, dotted keys becoming indented rows. */
export function keyValuesToBodyRows(values: readonly KeyValue[] | undefined): BodyRow[] {
  const rows: BodyRow[] = [];
  let previous: string[] = [];
  for (const { key, value } of values ?? []) {
    const parts = key.split('.');
    let shared = 0;
    while (shared < parts.length - 1 && shared < previous.length - 1 && parts[shared] === previous[shared]) shared += 1;
    for (let depth = shared; depth < parts.length - 1; depth += 1) rows.push({ key: parts[depth], value: '', depth });
    rows.push({ key: parts[parts.length - 1], value, depth: parts.length - 1 });
    previous = parts;
  }
  return rows;
}

/** What Import JSON gives: rows, or the message to show when the text is not JSON (forms-dp 2.10, 8). */
export type ImportJsonResult = { ok: true; rows: BodyRow[] } | { ok: false; message: string };

/**
 * Parses pasted JSON into request-body rows: each key a row, objects indented one level,
 * other values as their text. Text that does not parse answers a message instead of rows
 * (the old product only logged it).
 *
 * @example importJson('{"name":"${inputData.name}","address":{"city":"Oslo"}}').rows
 * // [{ key: 'name', … depth: 0 }, { key: 'address', value: '', depth: 0 }, { key: 'city', value: 'Oslo', depth: 1 }]
 */
export function importJson(text: string): ImportJsonResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `This is not valid JSON: ${reason}` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, message: 'Paste a JSON object, e.g. {"name": "${inputData.name}"}.' };
  }
  const rows: BodyRow[] = [];
  const walk = (value: Record<string, unknown>, depth: number) => {
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'object' && item !== null && !Array.isArray(item) && depth < 10) {
        rows.push({ key, value: '', depth });
        walk(item as Record<string, unknown>, depth + 1);
      } else {
        rows.push({ key, value: typeof item === 'string' ? item : JSON.stringify(item), depth });
      }
    }
  };
  walk(parsed as Record<string, unknown>, 0);
  return { ok: true, rows };
}

/** Moves one row of a list to another position (drag and drop). */
export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= rows.length || to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** Indents a body row one level deeper (at most one level below the row above) or shallower. */
export function indentRow(rows: readonly BodyRow[], index: number, delta: 1 | -1): BodyRow[] {
  return rows.map((row, i) => {
    if (i !== index) return row;
    const max = i === 0 ? 0 : rows[i - 1].depth + 1;
    return { ...row, depth: Math.min(max, Math.max(0, row.depth + delta)) };
  });
}

/**
 * Where a field goes once the API configuration is saved (forms-dp 3): query when its name is
 * a URL-param key, path when the URL has its `{name}`; otherwise the location is left to the
 * request builder (body for POST/PUT/PATCH, query for GET/DELETE). The old product set every
 * other field to path, which dropped body fields from the request.
 */
export function locationAfterApiSave(
  field: Pick<FieldDef, 'name' | 'in'>,
  urlParamKeys: readonly string[],
  url: string,
): FieldDef['in'] {
  if (urlParamKeys.includes(field.name)) return 'query';
  if (url.includes(`{${field.name}}`)) return 'path';
  return field.in === 'header' ? 'header' : undefined;
}

/** Applies the API Configuration tab to an action: method, url, params, body, custom code and field locations. */
export function applyApiConfiguration(
  action: ActionDef,
  config: {
    method: ActionDef['method'];
    url: string;
    urlParams: KeyValue[];
    body: BodyRow[];
    customCode?: string;
    isCustom: boolean;
  },
): ActionDef {
  const urlParams = config.urlParams.filter((r) => r.key.trim() !== '');
  const keys = urlParams.map((r) => r.key);
  const fields = action.fields.map((f) => {
    const next: FieldDef = { ...f };
    const location = locationAfterApiSave(f, keys, config.url);
    if (location) next.in = location;
    else delete next.in;
    return next;
  });
  const next: ActionDef = {
    ...action,
    method: config.method,
    url: config.url,
    fields,
    url_params: urlParams,
    body: bodyRowsToKeyValues(config.body),
    customForm: { apiCode: config.customCode ?? action.customForm?.apiCode ?? '', custom: config.isCustom },
  };
  return next;
}

/** A starting point offered for an action's custom code (forms-dp 2.10). */
export interface ActionCodeTemplate {
  /** Stable id, used by the editor's template picker. */
  id: 'request' | 'authenticated';
  /** What the picker shows. */
  label: string;
  /** The template for an action with no URL yet (see {@link actionCodeTemplate}). */
  code: string;
}

/** What a template reads of the action: its API Configuration's method, URL and fields. */
export type ActionCodeSource = Partial<Pick<ActionDef, 'method' | 'url' | 'fields'>>;

// A Python string literal of `text` (single quotes; backslashes, quotes and line breaks escaped).
function pythonString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\r/g, '\\r').replace(/\n/g, '\\n')}'`;
}

// The values the request carries: the action's own fields by name, else (`whole`) every value of
// the step, or None where a query of arbitrary values would not do.
function valuesExpression(fields: readonly FieldDef[], whole: boolean): string {
  const names = fields.map((field) => field.name.trim()).filter((name) => name !== '');
  if (names.length === 0) return whole ? 'dict(inputData)' : 'None';
  return `{${names.map((name) => `${pythonString(name)}: inputData.get(${pythonString(name)})`).join(', ')}}`;
}

/**
 * The custom code a template offers for an action (forms-dp 2.10: 'A default Python request
 * template is offered. An alternate default uses an authenticated-request helper with inputData
 * and authData and says to leave the body empty for GET'). The request is the action's own API
 * Configuration (method, URL, its fields as the body, or as the query of a GET or DELETE), so
 * the template works as shipped against the author's API. With no URL configured yet the code
 * sends nothing and answers how to go on, instead of calling an example host that does not
 * exist. Every template defines `run(inputData, authData)` as the sandbox requires; the
 * server runs each against a local API in a test.
 *
 * @example actionCodeTemplate('request', { method: 'post', url: 'https://api.acme.test/items', fields: [{ name: 'name' }] })
 */
export function actionCodeTemplate(id: ActionCodeTemplate['id'], action: ActionCodeSource = {}): string {
  const method = (action.method ?? 'get').toUpperCase();
  const url = (action.url ?? '').trim();
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const values = valuesExpression(action.fields ?? [], hasBody);
  const helper = id === 'authenticated' ? 'authenticated_request' : 'request';
  const lines = [
    "# inputData: this step's field values. authData: the connected account's values.",
    "# Return a dict or a list (anything JSON can hold); it becomes the step's output.",
    id === 'authenticated'
      ? "# authenticated_request applies this app's authentication (API key, basic or OAuth token)."
      : "# request sends exactly what you give it; the Authenticated request template adds the app's authentication.",
    '# Leave the body empty (None) for GET; params go to the query string.',
    "# API_URL starts as the URL of this action's API Configuration (Step 1).",
    ...(url.includes('{') ? ['# Fill in its {…} parts from inputData or authData before sending.'] : []),
    `API_URL = ${pythonString(url)}`,
    '',
    '',
    'def run(inputData, authData):',
    '    if not API_URL:',
    "        return {'message': 'Set API_URL to your API address; no request was sent.', 'inputData': inputData}",
    `    response = ${helper}(`,
    `        ${pythonString(method)},`,
    '        API_URL,',
    ...(id === 'request' ? ["        headers={'Accept': 'application/json'},"] : []),
    hasBody ? '        params=None,' : `        params=${values},`,
    hasBody ? `        body=${values},` : '        body=None,',
    '    )',
    "    if response['status'] >= 400:",
    "        raise Exception('The API answered %s: %s' % (response['status'], response['body']))",
    "    return response['body']",
    '',
  ];
  return lines.join('\n');
}

/**
 * The custom-code templates the action editor offers (forms-dp 2.10): a plain request, and the
 * alternate that uses the authenticated-request helper; `code` is each for an action without
 * a URL yet ({@link actionCodeTemplate} fills in the action's own request).
 */
export const ACTION_CODE_TEMPLATES: readonly ActionCodeTemplate[] = [
  { id: 'request', label: 'Plain request', code: actionCodeTemplate('request') },
  { id: 'authenticated', label: 'Authenticated request', code: actionCodeTemplate('authenticated') },
];

/**
 * The template an action's custom code starts from: the authenticated request when the app
 * needs an account (so the test sends the account's key or token), else the plain request.
 */
export function defaultCodeTemplateId(
  app: Pick<AppDefinition, 'appSlug' | 'authInfo' | 'disableAuth'>,
): ActionCodeTemplate['id'] {
  return needsAuth(app) ? 'authenticated' : 'request';
}

/** The default Python of an action's custom code (forms-dp 2.10): the plain-request template. */
export const DEFAULT_ACTION_CODE = ACTION_CODE_TEMPLATES[0].code;

/** The fixed, non-editable start of custom auth code (forms-dp 2.6). */
export const CUSTOM_AUTH_PREFIX = 'def authenticate(inputData, authData):\n';

/** The fixed, non-editable end of custom auth code (forms-dp 2.6). */
export const CUSTOM_AUTH_SUFFIX = '\n    return authData\n';

/** The editable middle custom auth code starts with. */
export const DEFAULT_AUTH_CODE = "    # Check authData (the account form's values) against the API here.\n    pass";

/**
 * Splits stored custom auth code into its editable middle: the fixed prefix and suffix are
 * removed when present, so only the middle is ever edited.
 */
export function authCodeBody(stored: string | undefined): string {
  let text = stored ?? '';
  if (text === '') return DEFAULT_AUTH_CODE;
  if (text.startsWith(CUSTOM_AUTH_PREFIX)) text = text.slice(CUSTOM_AUTH_PREFIX.length);
  if (text.endsWith(CUSTOM_AUTH_SUFFIX)) text = text.slice(0, -CUSTOM_AUTH_SUFFIX.length);
  return text;
}

/** The whole custom auth code saved: the fixed prefix, the edited middle, the fixed suffix. */
export function authCodeWhole(body: string): string {
  return `${CUSTOM_AUTH_PREFIX}${body}${CUSTOM_AUTH_SUFFIX}`;
}
