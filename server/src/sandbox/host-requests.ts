/**
 * The host side of the Python `request(...)` helper: checks what the code asked for, turns it
 * into one core {@link HttpRequest} and sends it through the guarded client (SSRF guard,
 * redirect checks, size cap). Nothing the code sends is trusted; every refusal is a reply the
 * code sees as a `RequestError`, never a throw in the server.
 */
import type { HttpRequest } from '@junction/core';
import { type HttpClient, isHttpClientError } from '../security/http-client.js';
import type { RequestMessage, RequestReply } from './protocol.js';

/** Methods the helper accepts (the spec's GET, PUT, POST, PATCH, DELETE). */
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** Longest URL accepted from custom code. */
const MAX_URL_LENGTH = 8192;

/**
 * Applies an app's authentication to a request (`authenticated_request`): returns the request
 * with the auth headers/params added, or an error text the code sees.
 */
export type Authenticate = (request: HttpRequest) => HttpRequest | { error: string };

/** What one run's requests may use. */
export interface HostRequestContext {
  /** The guarded client; absent → every request is refused. */
  http?: HttpClient;
  authenticate?: Authenticate;
  /** Requests left in this run (decremented here). */
  budget: { left: number; max: number };
}

/**
 * Checks and sends one request from custom code.
 *
 * @example
 * await sendHostRequest({ type: 'request', id: 1, auth: false, method: 'GET', url: 'https://api.example/x',
 *   headers: null, params: { q: 'a' }, body: null }, { http, budget: { left: 20, max: 20 } });
 * // { ok: true, status: 200, headers: {…}, body: {…} }
 */
export async function sendHostRequest(message: RequestMessage, context: HostRequestContext): Promise<RequestReply> {
  const built = toHttpRequest(message);
  if ('error' in built) return { ok: false, error: built.error };
  if (!context.http) return { ok: false, error: 'Requests are not available here.' };
  if (context.budget.left <= 0) {
    return { ok: false, error: `Custom code may send at most ${context.budget.max} requests per run.` };
  }
  context.budget.left--;
  let request = built;
  if (message.auth) {
    if (!context.authenticate) return { ok: false, error: 'authenticated_request needs a connected account.' };
    const authed = context.authenticate(built);
    if ('error' in authed) return { ok: false, error: authed.error };
    request = authed;
  }
  try {
    const response = await context.http.send(request);
    return { ok: true, status: response.status, headers: response.headers, body: response.body };
  } catch (error) {
    if (isHttpClientError(error))
      return { ok: false, error: `The request to ${describeTarget(request.url)} failed: ${error.message}` };
    throw error;
  }
}

/**
 * Turns the helper's arguments into a request, or names what is wrong with them.
 *
 * @example toHttpRequest({ …, method: 'post', url: 'https://x.example', body: { a: 1 } }).headers // { 'Content-Type': 'application/json' }
 */
export function toHttpRequest(message: Omit<RequestMessage, 'type' | 'id' | 'auth'>): HttpRequest | { error: string } {
  const method = typeof message.method === 'string' ? message.method.toUpperCase() : '';
  if (!METHODS.has(method)) {
    return { error: `The method must be one of GET, POST, PUT, PATCH, DELETE, not ${JSON.stringify(message.method)}.` };
  }
  if (typeof message.url !== 'string' || message.url.trim() === '')
    return { error: 'The url must be a non-empty string.' };
  if (message.url.length > MAX_URL_LENGTH) return { error: `The url is longer than ${MAX_URL_LENGTH} characters.` };
  const headers = toHeaders(message.headers);
  if (typeof headers === 'string') return { error: headers };
  const query = toQuery(message.params);
  if (typeof query === 'string') return { error: query };
  const request: HttpRequest = { method: method as HttpRequest['method'], url: message.url.trim(), query, headers };
  const body = message.body;
  if (body !== null && body !== undefined) {
    if (method === 'GET') return { error: 'A GET request has no body; leave body empty (None) for GET.' };
    request.body = body;
    if (typeof body !== 'string' && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/json';
    }
  }
  return request;
}

// Each returns what it built, or the problem as a string.
function toHeaders(value: unknown): Record<string, string> | string {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return 'headers must be a dict of names to strings.';
  const headers: Record<string, string> = {};
  for (const [name, item] of Object.entries(value)) {
    if (typeof item !== 'string' && typeof item !== 'number') {
      return `The header '${name}' must be a string.`;
    }
    headers[name] = String(item);
  }
  return headers;
}

function toQuery(value: unknown): [string, string][] | string {
  if (value === null || value === undefined) return [];
  const pairs: unknown[][] = Array.isArray(value)
    ? (value as unknown[]).map((pair) => (Array.isArray(pair) ? pair : [pair]))
    : typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>)
      : [[value]];
  const query: [string, string][] = [];
  for (const pair of pairs) {
    const [key, item] = pair;
    if (pair.length !== 2 || typeof key !== 'string') {
      return 'params must be a dict, or a list of [key, value] pairs.';
    }
    for (const one of Array.isArray(item) ? item : [item]) {
      if (one === null || one === undefined) continue;
      if (typeof one === 'object') return `The param '${key}' must be a string or a number.`;
      query.push([key, String(one)]);
    }
  }
  return query;
}

// The origin only: paths and queries may carry secrets.
function describeTarget(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the url';
  }
}
