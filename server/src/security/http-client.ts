/**
 * The guarded HTTP client every outgoing step request goes through: undici
 * with a connector that checks the address it connects to after DNS resolution, redirects
 * followed by hand (at most 5, each hop checked again), a response size cap, a timeout, and
 * header values with CR/LF refused. Failures are {@link HttpClientError}s with a stable code.
 */
import net from 'node:net';
import type { HttpRequest } from '@junction/core';
import type { Agent } from 'undici';
import {
  ALLOWED_HOSTS_ENV,
  type AllowedHost,
  BlockedAddressError,
  classifyAddress,
  createGuardedConnector,
  isAllowedHost,
  parseAllowedHosts,
  type ResolveHost,
} from './ssrf.js';

/** Stable codes of client failures; callers (retries, the runner, the UI) match on these. */
export type HttpClientErrorCode = 'blocked' | 'timeout' | 'too-large' | 'network' | 'invalid-request';

/** An outgoing request that failed before a complete response arrived. */
export class HttpClientError extends Error {
  readonly code: HttpClientErrorCode;
  /** True for failures worth another attempt (a refused or reset connection, a DNS failure). */
  readonly isRetryable: boolean;

  constructor(code: HttpClientErrorCode, message: string, opts: { cause?: unknown; isRetryable?: boolean } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'HttpClientError';
    this.code = code;
    this.isRetryable = opts.isRetryable ?? code === 'network';
  }
}

/** Tells whether a value is an {@link HttpClientError}. */
export function isHttpClientError(value: unknown): value is HttpClientError {
  return value instanceof HttpClientError;
}

/** A complete response. */
export interface HttpResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  /** Parsed JSON when the content type says JSON and it parses, otherwise the text ('' when empty). */
  body: unknown;
  /** From the first byte sent to the last byte read, redirects included. */
  durationMs: number;
  /** The url that answered, after redirects. */
  url: string;
}

/** Settings of {@link createHttpClient}. */
export interface HttpClientOptions {
  /** Hosts the address rule does not apply to; default: parsed from `JUNCTION_ALLOWED_HOSTS`. */
  allowedHosts?: readonly AllowedHost[] | string;
  /** Largest response body in bytes (default 10 MB); a larger one fails with `too-large`. */
  maxResponseBytes?: number;
  /** Whole-request time limit in milliseconds, redirects included (default 30 s). */
  timeoutMs?: number;
  /** Redirect hops followed (default 5). */
  maxRedirects?: number;
  /** DNS resolution (tests simulate answers); default the system resolver. */
  resolveHost?: ResolveHost;
}

/** Sends requests through the guard. */
export interface HttpClient {
  /** Sends one request built by core (`buildRequest`/`buildCustomRequest`); throws {@link HttpClientError}. */
  send(request: HttpRequest): Promise<HttpResponse>;
  /** Closes pooled connections. */
  close(): Promise<void>;
}

/** Default response size cap: 10 MB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
/** Default whole-request timeout: 30 s. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Redirect hops followed at most. */
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// undici computes these itself; a step setting them could desynchronise the framing.
const MANAGED_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'expect',
]);
// Credentials meant for one origin are not handed to another by a redirect (nor are the
// headers and query keys the request's auth scheme added, `HttpRequest.authKeys`).
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

/**
 * Creates the guarded client. One client keeps a connection pool; close it when done.
 *
 * @example
 * const http = createHttpClient({ allowedHosts: '127.0.0.1:4000', timeoutMs: 5_000 });
 * const res = await http.send({ method: 'GET', url: 'http://127.0.0.1:4000/ping', query: [], headers: {} });
 * res.status; // 200
 */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const allowlist =
    typeof options.allowedHosts === 'string'
      ? parseAllowedHosts(options.allowedHosts)
      : (options.allowedHosts ?? parseAllowedHosts(process.env[ALLOWED_HOSTS_ENV]));
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;

  // undici loads with the first request, not at start: most clients are created at start
  // and many never send (the server answers its first request without it).
  let agent: Agent | undefined;
  let loading: Promise<Agent> | undefined;
  let isClosed = false;
  const loadAgent = (): Promise<Agent> => {
    loading ??= import('undici').then((undici) => {
      agent = new undici.Agent({
        connect: createGuardedConnector(undici.buildConnector, allowlist, options.resolveHost, timeoutMs),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      // Closed before its first request: later requests fail as on a closed agent.
      if (isClosed) void agent.close();
      return agent;
    });
    return loading;
  };

  async function send(request: HttpRequest): Promise<HttpResponse> {
    const started = performance.now();
    let url = toUrl(request);
    let method: string = request.method;
    let headers = checkHeaders(request.headers);
    let body = encodeBody(request.body, headers);
    if (body === undefined) headers = withoutHeader(headers, 'content-type');
    const controller = new AbortController();
    let hasTimedOut = false;
    const timer = setTimeout(() => {
      hasTimedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      for (let hop = 0; ; hop++) {
        checkTarget(url, allowlist);
        const res = await (agent ?? (await loadAgent())).request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: method as 'GET',
          headers,
          body: body ?? null,
          signal: controller.signal,
        });
        const location = res.headers.location;
        if (REDIRECT_STATUSES.has(res.statusCode) && typeof location === 'string' && location !== '') {
          await res.body.dump().catch(() => undefined);
          if (hop >= maxRedirects) {
            throw new HttpClientError('network', `Stopped after ${maxRedirects} redirects at ${url.href}.`, {
              isRetryable: false,
            });
          }
          const next = resolveLocation(location, url);
          // 303 always, and 301/302 after a POST, continue as a GET without a body (as browsers do).
          if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
            method = 'GET';
            body = undefined;
            headers = withoutHeader(headers, 'content-type');
          }
          if (next.origin !== url.origin) {
            headers = dropCredentials(headers, request.authKeys?.headers);
            dropAuthQuery(next, request.authKeys?.query);
          }
          url = next;
          continue;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          res.body.destroy();
          throw tooLarge(maxBytes);
        }
        const bytes = await readCapped(res.body, maxBytes);
        const responseHeaders = flattenHeaders(res.headers);
        return {
          status: res.statusCode,
          headers: responseHeaders,
          body: parseBody(bytes, responseHeaders['content-type']),
          durationMs: Math.round(performance.now() - started),
          url: url.href,
        };
      }
    } catch (error) {
      throw toClientError(error, hasTimedOut, timeoutMs);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    send,
    close: async () => {
      isClosed = true;
      if (loading) await (await loading).close();
    },
  };
}

/**
 * Reads the allowlist from the environment (`JUNCTION_ALLOWED_HOSTS`).
 *
 * @example allowedHostsFromEnv({ JUNCTION_ALLOWED_HOSTS: '127.0.0.1:4000' }) // [{ host: '127.0.0.1', port: 4000 }]
 */
export function allowedHostsFromEnv(env: Record<string, string | undefined> = process.env): AllowedHost[] {
  return parseAllowedHosts(env[ALLOWED_HOSTS_ENV]);
}

function toUrl(request: HttpRequest): URL {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new HttpClientError('invalid-request', `'${request.url}' is not a valid URL.`);
  }
  for (const [key, value] of request.query ?? []) url.searchParams.append(key, value);
  return url;
}

// Scheme and IP-literal checks up front give a clear message before any socket opens;
// the connector repeats the address check for names after resolution.
function checkTarget(url: URL, allowlist: readonly AllowedHost[]): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpClientError('blocked', `Only http and https URLs are allowed, not '${url.protocol}'.`);
  }
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  if (isAllowedHost(allowlist, url.hostname, port)) return;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (net.isIP(host) === 0) return;
  const verdict = classifyAddress(host);
  if (verdict.isBlocked)
    throw new HttpClientError('blocked', new BlockedAddressError(host, host, verdict.range).message);
}

function resolveLocation(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new HttpClientError('network', `The redirect target '${location}' is not a valid URL.`, {
      isRetryable: false,
    });
  }
}

/** Rejects header names that are not tokens and values holding CR, LF or NUL (header injection). */
function checkHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers ?? {})) {
    const value = String(raw);
    if (!HEADER_NAME.test(name)) throw new HttpClientError('invalid-request', `'${name}' is not a valid header name.`);
    if (/[\r\n\0]/.test(value)) {
      throw new HttpClientError('invalid-request', `The value of header '${name}' contains a line break.`);
    }
    if (!MANAGED_HEADERS.has(name.toLowerCase())) out[name] = value;
  }
  return out;
}

function withoutHeader(headers: Record<string, string>, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key.toLowerCase() !== name));
}

// Drops Authorization, Cookie and every header the auth scheme added (X-Api-Key, custom rows).
function dropCredentials(headers: Record<string, string>, authHeaders: readonly string[] = []): Record<string, string> {
  const drop = new Set([...CREDENTIAL_HEADERS, ...authHeaders.map((name) => name.toLowerCase())]);
  return Object.fromEntries(Object.entries(headers).filter(([key]) => !drop.has(key.toLowerCase())));
}

// Removes the auth scheme's query keys from a redirect target on another origin (a redirector
// that copies the query would hand the key over).
function dropAuthQuery(url: URL, authQuery: readonly string[] = []): void {
  for (const key of authQuery) url.searchParams.delete(key);
}

// An object body is JSON, or form-encoded when the request says so (Stripe, Twilio).
function encodeBody(body: unknown, headers: Record<string, string>): string | Uint8Array | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  const type = Object.entries(headers).find(([key]) => key.toLowerCase() === 'content-type')?.[1] ?? '';
  if (/^application\/x-www-form-urlencoded\b/i.test(type) && typeof body === 'object' && body !== null) {
    const form = new URLSearchParams();
    appendForm(form, '', body);
    return form.toString();
  }
  return JSON.stringify(body);
}

/**
 * Form-encodes a value: a nested object's keys in brackets (`metadata[plan]=pro`, as Stripe
 * reads them), a list as its key repeated (`MediaUrl=a&MediaUrl=b`, as Twilio reads them),
 * a null as an empty value.
 */
function appendForm(form: URLSearchParams, key: string, value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) appendForm(form, key, item);
  } else if (typeof value === 'object' && value !== null) {
    for (const [name, item] of Object.entries(value)) appendForm(form, key === '' ? name : `${key}[${name}]`, item);
  } else if (key !== '') {
    form.append(key, value === null || value === undefined ? '' : String(value));
  }
}

async function readCapped(stream: AsyncIterable<Uint8Array> & { destroy(): void }, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      stream.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks, total);
}

function tooLarge(maxBytes: number): HttpClientError {
  return new HttpClientError('too-large', `The response is larger than ${maxBytes} bytes.`);
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function parseBody(bytes: Buffer, contentType: string | undefined): unknown {
  const text = bytes.toString('utf8');
  if (text !== '' && /\bjson\b|\+json/i.test(contentType ?? '')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function toClientError(error: unknown, hasTimedOut: boolean, timeoutMs: number): HttpClientError {
  if (error instanceof HttpClientError) return error;
  const blocked = findBlocked(error);
  if (blocked) return new HttpClientError('blocked', blocked.message, { cause: error });
  const code = (error as { code?: string } | null)?.code;
  if (hasTimedOut || (code !== undefined && TIMEOUT_CODES.has(code))) {
    return new HttpClientError('timeout', `No complete response within ${timeoutMs} ms.`, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new HttpClientError('network', `The request failed: ${code ? `${code} ` : ''}${message}`.trim(), {
    cause: error,
  });
}

function findBlocked(error: unknown): BlockedAddressError | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof BlockedAddressError) return e;
  }
  return undefined;
}
