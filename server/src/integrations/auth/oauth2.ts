/**
 * OAuth 2.0 (RFC 6749) as an app definition declares it (forms-dp 3 authInfo: auth_url,
 * token_url, scopes, clientInfo, authRequestConfig/accessRequestConfig/refreshRequestConfig):
 * the authorisation URL of the pop-up, the code exchange and the refresh grant. Token
 * requests go through the guarded HTTP client; the client secret never leaves the server.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type AppDefinition, type KeyValue, withoutTrailing } from '@junction/core';
import { type HttpClient, isHttpClientError } from '../../security/http-client.js';

/** The OAuth 2.0 settings of one app, checked. */
export interface OAuthSettings {
  appSlug: string;
  appName: string;
  authUrl: string;
  tokenUrl: string;
  refreshUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  /** PKCE (S256), when the app's authRequestConfig params name `code_challenge_method`. */
  usePkce: boolean;
  /** Extra authorisation URL params (e.g. access_type=offline, prompt=consent). */
  authParams: KeyValue[];
  /** Extra token request body rows of the code exchange and of the refresh. */
  accessRows: KeyValue[];
  refreshRows: KeyValue[];
  /** Extra token request headers of the code exchange and of the refresh (e.g. a Basic client header). */
  accessHeaders: KeyValue[];
  refreshHeaders: KeyValue[];
}

/** Tokens as a provider answered them. */
export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  /** Seconds. */
  expires_in?: number;
  token_type?: string;
  scope?: string;
  /** The account's API origin, where a provider answers one (Salesforce's instance_url). */
  instance_url?: string;
  /** The user's and organisation's API URIs, where a provider answers them (Calendly). */
  owner?: string;
  organization?: string;
}

/** A refused or failed token request; `error` is the provider's code (`invalid_grant`…) or ours. */
export class OAuthError extends Error {
  readonly error: string;
  constructor(error: string, message: string) {
    super(message);
    this.name = 'OAuthError';
    this.error = error;
  }
}

/** Tells whether a value is an {@link OAuthError}. */
export function isOAuthError(value: unknown): value is OAuthError {
  return value instanceof OAuthError;
}

/** Refresh this long before `expires_at` (a 60 s skew). */
export const REFRESH_SKEW_MS = 60_000;

/**
 * Reads and checks an app's OAuth 2.0 settings; answers a sentence for the user when the app
 * is not an OAuth 2.0 app or misses what the flow needs.
 */
export function readOAuthSettings(
  app: Pick<AppDefinition, 'appSlug' | 'appName' | 'authInfo'>,
): OAuthSettings | string {
  const info = app.authInfo ?? {};
  if (info.apiType !== 'oauth2') return `${app.appName} does not connect with OAuth 2.0.`;
  const authUrl = text(info.auth_url) || text(info.authRequestConfig?.url);
  const tokenUrl = text(info.token_url) || text(info.accessRequestConfig?.url);
  const clientId = text(info.clientInfo?.client_id);
  if (!isHttpUrl(authUrl)) return `${app.appName} has no valid authorisation URL.`;
  if (!isHttpUrl(tokenUrl)) return `${app.appName} has no valid token URL.`;
  if (clientId === '') return `${app.appName} has no client id.`;
  const authParams = rows(info.authRequestConfig?.params);
  return {
    appSlug: app.appSlug,
    appName: app.appName,
    authUrl,
    tokenUrl,
    refreshUrl: isHttpUrl(text(info.refreshRequestConfig?.url)) ? text(info.refreshRequestConfig?.url) : tokenUrl,
    clientId,
    clientSecret: text(info.clientInfo?.client_secret),
    scopes: text(info.scopes),
    usePkce: authParams.some((row) => row.key === 'code_challenge_method'),
    authParams: authParams.filter((row) => !PROTOCOL_PARAMS.has(row.key)),
    accessRows: [...rows(info.accessRequestConfig?.params), ...rows(info.accessRequestConfig?.body)],
    refreshRows: [...rows(info.refreshRequestConfig?.params), ...rows(info.refreshRequestConfig?.body)],
    accessHeaders: rows(info.accessRequestConfig?.headers),
    // A refresh without its own headers sends the code exchange's.
    refreshHeaders:
      rows(info.refreshRequestConfig?.headers).length > 0
        ? rows(info.refreshRequestConfig?.headers)
        : rows(info.accessRequestConfig?.headers),
  };
}

// Params the flow sets itself; an app definition cannot override them.
const PROTOCOL_PARAMS = new Set([
  'client_id',
  'client_secret',
  'redirect_uri',
  'response_type',
  'state',
  'code_challenge',
  'code_challenge_method',
  'grant_type',
  'code',
  'refresh_token',
  'code_verifier',
]);

/** A PKCE verifier and its S256 challenge (RFC 7636). */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The provider's consent page address for one flow. */
export function buildAuthorizeUrl(
  settings: OAuthSettings,
  flow: { redirectUri: string; state: string; codeChallenge?: string },
): string {
  const url = new URL(settings.authUrl);
  for (const row of settings.authParams) url.searchParams.set(row.key, row.value);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', flow.redirectUri);
  url.searchParams.set('response_type', 'code');
  if (settings.scopes !== '') url.searchParams.set('scope', settings.scopes);
  url.searchParams.set('state', flow.state);
  if (flow.codeChallenge) {
    url.searchParams.set('code_challenge', flow.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

/** Exchanges an authorisation code for tokens; throws {@link OAuthError}. */
export function exchangeCode(
  http: HttpClient,
  settings: OAuthSettings,
  grant: { code: string; redirectUri: string; codeVerifier?: string },
): Promise<TokenSet> {
  const form: [string, string][] = [
    ['grant_type', 'authorization_code'],
    ['code', grant.code],
    ['redirect_uri', grant.redirectUri],
  ];
  if (grant.codeVerifier) form.push(['code_verifier', grant.codeVerifier]);
  return tokenRequest(http, settings, settings.tokenUrl, form, settings.accessRows, settings.accessHeaders);
}

/** Uses a refresh token; throws {@link OAuthError} (`invalid_grant` when the provider refused it). */
export function refreshTokens(http: HttpClient, settings: OAuthSettings, refreshToken: string): Promise<TokenSet> {
  const form: [string, string][] = [
    ['grant_type', 'refresh_token'],
    ['refresh_token', refreshToken],
  ];
  return tokenRequest(http, settings, settings.refreshUrl, form, settings.refreshRows, settings.refreshHeaders);
}

/**
 * The credential values to store for new tokens: access_token, refresh_token (the rotated
 * one when the provider sent one, else the previous), expires_at (ISO, when known),
 * token_type, scope, instance_url (Salesforce's API origin), owner and organization (Calendly's
 * user and organisation URIs).
 */
export function tokenValues(
  tokens: TokenSet,
  nowMs: number,
  previous: Record<string, string> = {},
): Record<string, string> {
  const values: Record<string, string> = { ...previous, access_token: tokens.access_token };
  if (tokens.refresh_token) values.refresh_token = tokens.refresh_token;
  if (typeof tokens.expires_in === 'number' && tokens.expires_in > 0) {
    values.expires_at = new Date(nowMs + tokens.expires_in * 1000).toISOString();
  } else delete values.expires_at;
  if (tokens.token_type) values.token_type = tokens.token_type;
  if (tokens.scope) values.scope = tokens.scope;
  if (tokens.instance_url) values.instance_url = tokens.instance_url;
  if (tokens.owner) values.owner = tokens.owner;
  if (tokens.organization) values.organization = tokens.organization;
  return values;
}

/** Whether stored values expire within the skew (values without expires_at never do). */
export function isExpiring(values: Record<string, string>, nowMs: number, skewMs = REFRESH_SKEW_MS): boolean {
  const at = values.expires_at ? Date.parse(values.expires_at) : Number.NaN;
  return Number.isFinite(at) && at - skewMs <= nowMs;
}

async function tokenRequest(
  http: HttpClient,
  settings: OAuthSettings,
  url: string,
  form: [string, string][],
  extra: KeyValue[],
  extraHeaders: KeyValue[],
): Promise<TokenSet> {
  const body = new URLSearchParams(form);
  for (const row of extra) if (!PROTOCOL_PARAMS.has(row.key)) body.set(row.key, row.value);
  body.set('client_id', settings.clientId);
  if (settings.clientSecret !== '') body.set('client_secret', settings.clientSecret);
  let response: Awaited<ReturnType<HttpClient['send']>>;
  try {
    response = await http.send({
      method: 'POST',
      url,
      query: [],
      headers: {
        // The app's headers first: the body is always form-encoded, so Content-Type stays ours.
        ...Object.fromEntries(
          extraHeaders.filter((h) => h.key.toLowerCase() !== 'content-type').map((h) => [h.key, h.value]),
        ),
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: extraHeaders.find((h) => h.key.toLowerCase() === 'accept')?.value ?? 'application/json',
      },
      body: body.toString(),
    });
  } catch (error) {
    if (!isHttpClientError(error)) throw error;
    throw new OAuthError('network', `${settings.appName} could not be reached: ${error.message}`);
  }
  const answer = readAnswer(response.body);
  if (response.status >= 400 || typeof answer.error === 'string') {
    const code = typeof answer.error === 'string' ? answer.error : `http_${response.status}`;
    const reason = typeof answer.error_description === 'string' ? `: ${answer.error_description.slice(0, 300)}` : '';
    throw new OAuthError(code, `${settings.appName} refused the token request (${code})${reason}.`);
  }
  if (typeof answer.access_token !== 'string' || answer.access_token === '') {
    throw new OAuthError('invalid_response', `${settings.appName} answered no access token.`);
  }
  const expiresIn = Number(answer.expires_in);
  return {
    access_token: answer.access_token,
    ...(typeof answer.refresh_token === 'string' && answer.refresh_token !== ''
      ? { refresh_token: answer.refresh_token }
      : {}),
    ...(Number.isFinite(expiresIn) && expiresIn > 0 ? { expires_in: expiresIn } : {}),
    ...(typeof answer.token_type === 'string' ? { token_type: answer.token_type } : {}),
    ...(typeof answer.scope === 'string' ? { scope: answer.scope } : {}),
    // An app's actions reach the account at ${auth.instance_url}: only an https origin is kept.
    ...(typeof answer.instance_url === 'string' &&
    /^https:\/\/[^/?#@]+$/.test(withoutTrailing(answer.instance_url, '/'))
      ? { instance_url: withoutTrailing(answer.instance_url, '/') }
      : {}),
    // Calendly names the connected user and organisation as API URIs its calls take as parameters.
    ...(isHttpsUri(answer.owner) ? { owner: answer.owner } : {}),
    ...(isHttpsUri(answer.organization) ? { organization: answer.organization } : {}),
  };
}

function isHttpsUri(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 500 && /^https:\/\/[^\s?#@]+$/.test(value);
}

// JSON as most providers answer, or form-encoded text as some older ones do.
function readAnswer(body: unknown): Record<string, unknown> {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
  if (typeof body === 'string' && body.includes('=')) return Object.fromEntries(new URLSearchParams(body));
  return {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function rows(list: KeyValue[] | undefined): KeyValue[] {
  return Array.isArray(list)
    ? list.filter((row) => row && typeof row.key === 'string' && row.key !== '' && typeof row.value === 'string')
    : [];
}
