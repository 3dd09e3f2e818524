/** The server-state layer: queries keyed by operation and parameters, mutations, the typed binding. */
export { runMutation } from './mutation.js';
export type { MutationSpec, OptimisticEdit } from './mutation.js';
export { DEFAULT_QUERY_GC_MS, Query, QueryCancelledError } from './query.js';
export type {
  PollAbortSignal,
  PollOptions,
  QueryClock,
  QueryFetchContext,
  QueryFetcher,
  QueryListener,
  QueryOptions,
  QueryState,
  QueryStatus,
} from './query.js';
export { buildPagedQuery, PagedQuery } from './paged-query.js';
export type { ListPage, PagedData, PageFetcher, PageItem } from './paged-query.js';
export { QueryCache, createQueryCache } from './query-cache.js';
export type { QueryCacheOptions } from './query-cache.js';
export { hashQueryKey, matchesKeyPrefix } from './query-key.js';
export type { QueryKey } from './query-key.js';
export { apiKey, createServerState } from './server-state.js';
export type { GetInit, GetPath, ServerState } from './server-state.js';
