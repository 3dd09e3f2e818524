/**
 * The API client the web app talks to the Junction server through.
 *
 * core's typed `createApiClient` (core/src/api/client.ts, openapi-fetch over the generated
 * types) is being written; until `@junction/core` exports it, this file holds a minimal,
 * honest stand-in with the same call shape (`GET(path, init) → { data, error, response }`),
 * so code written against it moves over by changing only this file.
 */

/** Options of a request: path and query parameters and a JSON body. */
export interface ApiRequestInit {
  /** `{id}` placeholders in the path, filled in and URL-encoded. */
  params?: { path?: Record<string, string | number>; query?: Record<string, string | number | boolean | undefined> };
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** What a request resolves to: `data` on 2xx, `error` (the problem body) otherwise. */
export interface ApiResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

type ApiMethod = (path: string, init?: ApiRequestInit) => Promise<ApiResult>;

/** The methods the web app uses; a subset of openapi-fetch's client shape. */
export interface ApiClient {
  GET: ApiMethod;
  POST: ApiMethod;
  PUT: ApiMethod;
  DELETE: ApiMethod;
}

/** How to reach the server. */
export interface ApiClientOptions {
  /** Origin plus prefix, e.g. `${location.origin}`; paths start with /api. */
  baseUrl: string;
  /** Injected so tests can answer without a server. */
  fetch: typeof fetch;
}

/** Builds the URL of one call from the base, a path template and its parameters. */
export function buildApiUrl(baseUrl: string, path: string, params: ApiRequestInit['params'] = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params.path?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params.query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return `${baseUrl.replace(/\/$/, '')}${filled}${query ? `?${query}` : ''}`;
}

/**
 * Creates the stand-in API client over an injected `fetch`.
 *
 * @example
 * const api = createLocalApiClient({ baseUrl: window.location.origin, fetch: window.fetch.bind(window) });
 * const { data, error } = await api.GET('/api/workflows/{id}', { params: { path: { id } } });
 */
export function createLocalApiClient({ baseUrl, fetch: doFetch }: ApiClientOptions): ApiClient {
  const call =
    (method: string): ApiMethod =>
    async (path, init = {}) => {
      const hasBody = init.body !== undefined;
      const response = await doFetch(buildApiUrl(baseUrl, path, init.params), {
        method,
        headers: {
          accept: 'application/json',
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
        body: hasBody ? JSON.stringify(init.body) : undefined,
        signal: init.signal,
      });
      const text = response.status === 204 ? '' : await response.text();
      const parsed: unknown = text ? safeParseJson(text) : undefined;
      return response.ok ? { data: parsed, response } : { error: parsed, response };
    };
  return { GET: call('GET'), POST: call('POST'), PUT: call('PUT'), DELETE: call('DELETE') };
}

// A non-JSON body (a proxy's HTML error page) is kept as text rather than thrown away.
function safeParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
