/**
 * The typed API client: openapi-fetch over the generated contract types, with the platform's
 * `fetch` injected (STYLE "core is pure": core never touches the global `fetch`). Calls resolve
 * to the answer's data or throw `ApiError`.
 */
import type { paths } from '@junction/api-spec';
import createClient, {
  type Client,
  type ClientOptions,
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
  type Middleware,
} from 'openapi-fetch';
import { type ApiResponseLike, createNetworkError, createResponseError } from './api-error.js';

/**
 * The `fetch` the client calls with a `Request`: the platform's, a test double, or a wrapper
 * adding retries. Taken from openapi-fetch so core needs no DOM typings of its own.
 */
export type ApiFetch = NonNullable<ClientOptions['fetch']>;

/** What `createApiClient` needs. */
export interface ApiClientOptions {
  /** Origin of the server, e.g. `http://localhost:5000` (contract paths already start with `/api`). */
  baseUrl: string;
  /** The fetch implementation; pass `globalThis.fetch.bind(globalThis)` in a browser or Node. */
  fetch: ApiFetch;
  /** The bearer session token, when already signed in. */
  token?: string | null;
}

/** The HTTP methods the contract uses. */
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The underlying openapi-fetch client, typed with the contract. */
export type RawApiClient = Client<paths>;

// Mirrors openapi-fetch's own (unexported) helpers so `init` is required exactly when the
// operation has required path/query parameters or a required body.
// biome-ignore lint/complexity/noBannedTypes: `{} extends Pick<T, K>` is how an optional key is detected.
type RequiredKeysOfHelper<T> = { [K in keyof T]: {} extends Pick<T, K> ? never : K }[keyof T];
type RequiredKeysOf<T> = RequiredKeysOfHelper<T> extends undefined ? never : RequiredKeysOfHelper<T>;
type InitParam<Init> =
  RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/**
 * The data a successful call of `method` on `path` resolves to; `undefined` for operations
 * that answer without a body (204).
 */
export type ApiResponseData<Method extends ApiMethod, Path extends keyof paths, Init = unknown> = OrUndefined<
  // openapi-fetch types `data` as optional on its error branch; a resolved call always has it.
  // biome-ignore lint/suspicious/noExplicitAny: FetchResponse's own constraint is Record<string | number, any>.
  NonNullable<FetchResponse<paths[Path][Method] & Record<string | number, any>, Init, `${string}/${string}`>['data']>
>;
type OrUndefined<T> = [T] extends [never] ? undefined : T;

/**
 * One typed method of `ApiClient`: the path picks the operation; `init` carries `params`
 * (`path`, `query`) and `body`, typed from the contract.
 */
export type ApiCall<Method extends ApiMethod> = <
  Path extends ClientPathsWithMethod<RawApiClient, Method>,
  Init extends MaybeOptionalInit<paths[Path], Method>,
>(
  path: Path,
  ...init: InitParam<Init>
) => Promise<ApiResponseData<Method, Path, Init>>;

/** The typed client `createApiClient` returns. */
export interface ApiClient {
  /** GET `path`; resolves to the answer's data or throws `ApiError`. */
  get: ApiCall<'get'>;
  /** POST `path`; resolves to the answer's data or throws `ApiError`. */
  post: ApiCall<'post'>;
  /** PUT `path`; resolves to the answer's data or throws `ApiError`. */
  put: ApiCall<'put'>;
  /** PATCH `path`; resolves to the answer's data or throws `ApiError`. */
  patch: ApiCall<'patch'>;
  /** DELETE `path`; resolves to the answer's data (usually `undefined`) or throws `ApiError`. */
  delete: ApiCall<'delete'>;
  /** Sets or clears (`null`) the bearer token sent with every later call. */
  setToken(token: string | null): void;
  /** The current bearer token, or null. */
  getToken(): string | null;
  /** The openapi-fetch client, for answers the wrappers do not cover (streams, raw responses). */
  raw: RawApiClient;
}

/**
 * Creates the typed API client.
 *
 * @example
 * const api = createApiClient({ baseUrl: 'http://localhost:5000', fetch: globalThis.fetch.bind(globalThis) });
 * const grant = await api.post('/api/auth/log-in', { body: { email, password } });
 * api.setToken(grant.token);
 * const workflow = await api.get('/api/workflows/{id}', { params: { path: { id } } });
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  let token = options.token ?? null;
  const raw = createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });

  const auth: Middleware = {
    onRequest({ request }) {
      // Read at send time, so setToken applies to every call made after it.
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
  raw.use(auth);

  const call =
    (method: ApiMethod) =>
    async (path: string, init?: Record<string, unknown>): Promise<unknown> => {
      let result: { data?: unknown; error?: unknown; response: ApiResponseLike & { ok: boolean } };
      try {
        // The wrappers are typed through ApiCall; the raw call is untyped on purpose.
        result = await (raw.request as (m: string, p: string, i?: unknown) => Promise<typeof result>)(
          method,
          path,
          init,
        );
      } catch (error) {
        // No HTTP answer (refused, offline, aborted) or an unreadable success body.
        throw createNetworkError(error);
      }
      if (result.response.ok) return result.data;
      throw createResponseError(result.error, result.response);
    };

  return {
    get: call('get') as ApiCall<'get'>,
    post: call('post') as ApiCall<'post'>,
    put: call('put') as ApiCall<'put'>,
    patch: call('patch') as ApiCall<'patch'>,
    delete: call('delete') as ApiCall<'delete'>,
    setToken(next) {
      token = next;
    },
    getToken() {
      return token;
    },
    raw,
  };
}
