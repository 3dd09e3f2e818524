/**
 * The typed client and the cache together: the one way screens read and write server state.
 * A read is a `Query` keyed by `GET <path>` and its parameters; a write is a mutation that
 * names what it changes. Models call this layer; nothing else calls the client.
 */
import type { paths } from '@junction/api-spec';
import type { ClientPathsWithMethod, MaybeOptionalInit } from 'openapi-fetch';
import type { ApiClient, ApiResponseData, RawApiClient } from '../client.js';
import { type MutationSpec, runMutation } from './mutation.js';
import { buildPagedQuery, type PagedQuery, type PageItem } from './paged-query.js';
import type { PollOptions, Query, QueryOptions } from './query.js';
import { QueryCache, type QueryCacheOptions } from './query-cache.js';
import type { QueryKey } from './query-key.js';

/** A GET path of the contract. */
export type GetPath = ClientPathsWithMethod<RawApiClient, 'get'>;

/** The `params` (path, query) a GET of `Path` takes. */
export type GetInit<Path extends GetPath> = MaybeOptionalInit<paths[Path], 'get'>;

/**
 * Returns the key of a GET: its operation, then its parameters (`{}` when it has none, so the
 * key of a parameterless read is exact). As a prefix, parameters match by the ones named:
 * `apiKey('/api/workflows/{id}/executions', { path: { id } })` names every page and filter of
 * one workflow's runs, `apiKey('/api/workflows/{id}/executions')` those of every workflow.
 *
 * @example
 * apiKey('/api/workflows/{id}', { path: { id: 'w1' } }); // ['GET /api/workflows/{id}', { path: { id: 'w1' } }]
 */
export function apiKey(path: GetPath, params: Record<string, unknown> = {}): QueryKey {
  return [`GET ${path}`, params];
}

/** The layer's surface: reads, writes, and the cache behind them. */
export interface ServerState {
  /** The cache every query lives in. */
  readonly cache: QueryCache;
  /** The client (its token: sign-in and sign-out set it); reads and writes go through `query` and `mutate`. */
  readonly api: ApiClient;
  /**
   * The query of a GET: the same object for the same path and parameters, with one request in
   * flight however many ask; the request is aborted when its last observer leaves.
   */
  query<Path extends GetPath, Init extends GetInit<Path>>(
    path: Path,
    init: Init,
    options?: QueryOptions,
  ): Query<ApiResponseData<'get', Path, Init>>;
  /**
   * The paged list of a GET whose answer is `{ items, next? }`: the next page is asked for with
   * `next` as the query parameter `cursorParam`. Its key is the GET's key plus `{ paged:
   * cursorParam }`, so invalidating the GET's key (or a prefix of it) reads it afresh too.
   */
  paged<Path extends GetPath, Init extends GetInit<Path>>(
    path: Path,
    init: Init,
    cursorParam: string,
    options?: QueryOptions,
  ): PagedQuery<PageItem<ApiResponseData<'get', Path, Init>>>;
  /** Reads a GET once through its query (shared with a request in flight, else a new one). */
  read<Path extends GetPath, Init extends GetInit<Path>>(
    path: Path,
    init: Init,
    options?: QueryOptions,
  ): Promise<ApiResponseData<'get', Path, Init>>;
  /**
   * Asks for a GET again and again through its query until the answer is final (`Query.poll`):
   * e.g. a run started by a write, followed until it ends. Answers land in the cache.
   */
  poll<Path extends GetPath, Init extends GetInit<Path>>(
    path: Path,
    init: Init,
    options: PollOptions<ApiResponseData<'get', Path, Init>>,
  ): Promise<ApiResponseData<'get', Path, Init>>;
  /**
   * Sends a write: `write` receives the client; optimistic edits roll back when it fails;
   * `invalidates` names the reads it changes.
   */
  mutate<Result>(
    write: (api: ApiClient) => Promise<Result>,
    spec?: Omit<MutationSpec<Result>, 'mutate'>,
  ): Promise<Result>;
}

/**
 * Creates the server-state layer over a typed client.
 *
 * @example
 * const server = createServerState(createApiClient({ baseUrl, fetch }));
 * const rows = server.query('/api/dashboard/workflows', undefined, { pollMs: 10_000 });
 * await server.mutate((api) => api.delete('/api/workflows/{id}', { params: { path: { id } } }), {
 *   invalidates: [apiKey('/api/dashboard/workflows')],
 * });
 */
export function createServerState(api: ApiClient, options: QueryCacheOptions = {}): ServerState {
  const cache = new QueryCache(options);
  const get = api.get as (path: string, init?: Record<string, unknown>) => Promise<unknown>;
  const query = (path: string, init: { params?: Record<string, unknown> } | undefined, queryOptions?: QueryOptions) =>
    cache.build(apiKey(path as GetPath, init?.params), ({ signal }) => get(path, { ...init, signal }), queryOptions);
  const paged = (
    path: string,
    init: { params?: { query?: Record<string, unknown> } & Record<string, unknown> } | undefined,
    cursorParam: string,
    queryOptions?: QueryOptions,
  ) =>
    buildPagedQuery(
      cache,
      [...apiKey(path as GetPath, init?.params), { paged: cursorParam }],
      (cursor, { signal }) => {
        const params = { ...init?.params, query: { ...init?.params?.query, [cursorParam]: cursor } };
        if (cursor === undefined) delete params.query[cursorParam];
        return get(path, { ...init, params, signal }) as Promise<{ items: unknown[]; next?: string }>;
      },
      queryOptions,
    );
  return {
    cache,
    api,
    query: query as ServerState['query'],
    paged: paged as ServerState['paged'],
    read: ((path: string, init: { params?: Record<string, unknown> } | undefined, queryOptions?: QueryOptions) =>
      query(path, init, queryOptions).fetch()) as ServerState['read'],
    poll: ((path: string, init: { params?: Record<string, unknown> } | undefined, pollOptions: PollOptions<unknown>) =>
      query(path, init).poll(pollOptions)) as ServerState['poll'],
    mutate: (write, spec = {}) => runMutation(cache, { ...spec, mutate: () => write(api) }),
  };
}
