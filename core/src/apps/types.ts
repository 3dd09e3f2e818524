/**
 * Plain-data shapes of an app definition: the format the developer portal edits and the
 * engine runs (forms-and-developer-portal 3). Pure types; the MST models and the rules
 * that check them live beside this file.
 */

/** The value types a field schema may declare (forms-dp 3; `datetime` is treated as string). */
export type FieldType = 'string' | 'number' | 'integer' | 'datetime' | 'boolean' | 'object' | 'array';

/** Where a field's value goes in the request (forms-dp 3). */
export type FieldLocation = 'query' | 'path' | 'header' | 'formData';

/** One property of an object-typed field schema (forms-dp 3). */
export interface FieldProperty {
  key: string;
  title?: string;
  description?: string;
  hidden?: boolean;
  schema?: FieldSchema;
}

/** The schema of one action or trigger field (editor-core 3, forms-dp 3). */
export interface FieldSchema {
  type?: FieldType;
  /** Static list values for strings. */
  enum?: string[];
  /** Labels for `enum`, same order. */
  enumNames?: string[];
  /** Element schema for arrays. */
  items?: FieldSchema;
  /** Properties for objects. */
  properties?: FieldProperty[];
  /** Dynamic dropdown spec: `app.Label.action.head.value.label` (forms-dp 3). */
  dynamic?: string;
  /** Names of other fields the dynamic dropdown depends on. */
  params?: string[];
  perform?: string;
}

/** One input field of an action or trigger (forms-dp 3 "Action field"). */
export interface FieldDef {
  /** The key the API expects. */
  name: string;
  title?: string;
  description?: string;
  hidden?: boolean;
  in?: FieldLocation;
  required?: boolean;
  value?: unknown;
  schema?: FieldSchema;
}

/** HTTP methods an action may use, lower case as stored (forms-dp 9). */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A key/value row used by request configs, URL params and headers. */
export interface KeyValue {
  key: string;
  value: string;
}

/** An action of an app (forms-dp 3 "Action"). */
export interface ActionDef {
  title: string;
  description?: string;
  hidden?: boolean;
  method: HttpMethod;
  /** May hold `{base}`, `{pathParam}` and `${auth.key}` / `${inputData.key}` references. */
  url: string;
  fields: FieldDef[];
  dynamicForm?: string;
  customForm?: { apiCode?: string; custom?: boolean };
  /** Extra request headers (values may hold references). */
  headers?: KeyValue[];
  /** JSON body template rows; when absent the formData fields form the body. */
  body?: KeyValue[];
  url_params?: KeyValue[];
}

/** Polling parameters of a trigger (forms-dp 3). */
export interface PollingParams {
  /** 'Unique ID Key'. */
  dedupe_key: string;
  /** 'Array Name': the response key holding the items, or '0' when the response is the array. */
  data_head: string;
}

/** A trigger of an app (forms-dp 3 "Trigger"). */
export interface TriggerDef {
  label: string;
  description?: string;
  hidden?: boolean;
  type: 'polling' | 'webhook';
  /** Key of the (usually hidden) action that lists items. */
  action?: string;
  fields?: FieldDef[];
  pollingParams?: PollingParams | Record<string, never>;
  /** Webhook: action key that subscribes. */
  performList?: string;
  /** Webhook: action key that unsubscribes. */
  unsubscribe?: string;
  /** 'Webhook Pickoff Key': path of the items in a webhook body. */
  webhookKey?: string;
  /** Webhook: how the service proves its subscriptions and deliveries (see {@link WebhookHandshake}). */
  webhookHandshake?: WebhookHandshake;
  /** Webhook: the deliveries this trigger starts on, when the service sends every event to one URL. */
  webhookFilter?: WebhookFilter;
}

/**
 * A webhook protocol Junction's `/hooks/{key}` speaks for a subscribed trigger:
 * - `hook-secret`: the service's first request carries `X-Hook-Secret`, answered in kind while
 *   Junction subscribes; every later delivery is signed `X-Hook-Signature` = hex HMAC-SHA256 of
 *   the body with it (Asana's webhooks).
 * - `client-state`: the subscription is sent a fresh secret `clientState` and an
 *   `expirationDateTime` (as `${inputData.clientState}` / `${inputData.expirationDateTime}`);
 *   every notification must carry that clientState (Microsoft Graph change notifications).
 */
export type WebhookHandshake = 'hook-secret' | 'client-state';

/**
 * Keeps a delivery only when the text at `path` (dot-separated keys of the JSON body) equals
 * `equals`; others are answered 200 and start nothing (Trello sends every action of a board:
 * `{ path: 'action.type', equals: 'createCard' }`).
 */
export interface WebhookFilter {
  path: string;
  equals: string;
}

/** Authentication schemes (forms-dp 3 "authInfo"). */
export type ApiType = 'basic' | 'apikey' | 'oauth2' | 'customCode';

/** A form field the user fills when connecting an account. */
export interface AuthFormField {
  key: string;
  title?: string;
  description?: string;
  /**
   * The value is not a secret (a shop name, a region, an account SID): stored readable, shown
   * in the account list and left in responses. Fields are secret unless marked.
   */
  public?: boolean;
}

/** Request configuration: url, query params, headers and body as key/value rows. */
export interface RequestConfig {
  url?: string;
  params?: KeyValue[];
  headers?: KeyValue[];
  body?: KeyValue[];
}

/** Authentication info of an app (forms-dp 3 "authInfo"). */
export interface AuthInfo {
  apiType?: ApiType;
  /** Key of an action used to test a connection. */
  testAuth?: string;
  testResponse?: unknown;
  testResponseStatus?: boolean;
  basicFormFields?: AuthFormField[];
  apikeyFormFields?: AuthFormField[];
  oauthFormFields?: AuthFormField[];
  customCodeFormFields?: AuthFormField[];
  /** Applied to every request of the app (e.g. the API key header). */
  requestConfig?: RequestConfig;
  clientInfo?: { client_id?: string; client_secret?: string };
  authRequestConfig?: RequestConfig;
  accessRequestConfig?: RequestConfig;
  refreshRequestConfig?: RequestConfig;
  customCodeInfo?: { customCode?: string };
  /** OAuth 2.0 extras (onboarding 3 "App auth info"). */
  token_url?: string;
  auth_url?: string;
  scopes?: string;
  redirect_uri?: string;
  state?: string;
  response_type?: string;
  grant_types?: string[];
}

/** A whole app definition (forms-dp 3 "App"). */
export interface AppDefinition {
  appSlug: string;
  appName: string;
  category?: string;
  group?: string;
  source?: string;
  lambdaURL?: string;
  iconURL?: string;
  completionStatus?: 'Complete' | 'In Progress';
  apiDocs?: string;
  apiDateTimeFormat?: string;
  disableAuth?: boolean;
  actions: Record<string, ActionDef>;
  triggers: Record<string, TriggerDef>;
  authInfo: AuthInfo;
}
