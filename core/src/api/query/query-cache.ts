/**
 * The store of server state (the role of TanStack query-core's `QueryCache` and `QueryClient`):
 * one `Query` per key, found again by any caller asking for the same key, invalidated by key
 * prefix after a mutation, dropped some time after its last observer left.
 */
import { DEFAULT_QUERY_GC_MS, platform, Query, type QueryClock, type QueryFetcher, type QueryOptions } from './query.js';
import { hashQueryKey, matchesKeyPrefix, type QueryKey } from './query-key.js';

/** What `createQueryCache` takes; the platform's timers and clock when left out. */
export interface QueryCacheOptions extends Partial<QueryClock> {
  /** Options every query starts from (a query's own options override them). */
  defaults?: QueryOptions;
}

/**
 * Server state keyed by operation and parameters.
 *
 * @example
 * const cache = createQueryCache();
 * const rows = cache.build(['GET /api/dashboard/workflows'], () => api.get('/api/dashboard/workflows'));
 * await cache.invalidate(['GET /api/dashboard/workflows']); // after a create or a delete
 */
export class QueryCache {
  private readonly queries = new Map<string, Query<unknown>>();
  private readonly clock: QueryClock;
  private readonly defaults: QueryOptions;

  constructor(options: QueryCacheOptions = {}) {
    this.clock = {
      now: options.now ?? (() => Date.now()),
      setTimeout: options.setTimeout ?? ((fn, ms) => platform.setTimeout(fn, ms)),
      clearTimeout: options.clearTimeout ?? ((handle) => platform.clearTimeout(handle)),
    };
    this.defaults = { gcMs: DEFAULT_QUERY_GC_MS, ...options.defaults };
  }

  /**
   * Returns the query of `key`, creating it with `fetcher` the first time; a later call with
   * the same key gets the same query (its state and its request in flight) and its fetcher
   * and options become the query's.
   */
  build<T>(key: QueryKey, fetcher: QueryFetcher<T>, options: QueryOptions = {}): Query<T> {
    const hash = hashQueryKey(key);
    const found = this.queries.get(hash) as Query<T> | undefined;
    if (found) {
      found.update(fetcher, options);
      return found;
    }
    const query = new Query<T>(key, fetcher, { ...this.defaults, ...options }, this.clock, (gone) =>
      this.remove(gone as Query<unknown>),
    );
    this.queries.set(hash, query as Query<unknown>);
    return query;
  }

  /** The query of `key`, if one was built and not yet dropped. */
  find<T>(key: QueryKey): Query<T> | undefined {
    return this.queries.get(hashQueryKey(key)) as Query<T> | undefined;
  }

  /** The queries whose keys start with `prefix` (all of them for `[]`). */
  findAll(prefix: QueryKey = []): Query<unknown>[] {
    return [...this.queries.values()].filter((query) => matchesKeyPrefix(query.key, prefix));
  }

  /** The data of `key`, if any. */
  getData<T>(key: QueryKey): T | undefined {
    return this.find<T>(key)?.state.data;
  }

  /**
   * Marks every query under `prefix` as changed on the server; the observed ones ask again.
   * Resolves when those requests have settled.
   */
  async invalidate(prefix: QueryKey): Promise<void> {
    await Promise.all(this.findAll(prefix).map((query) => query.invalidate()));
  }

  /** Aborts the requests in flight under `prefix`. */
  cancel(prefix: QueryKey = []): void {
    for (const query of this.findAll(prefix)) query.cancel();
  }

  /** Drops one query (its timers and request stop). */
  remove(query: Query<unknown>): void {
    if (this.queries.get(query.hash) === query) this.queries.delete(query.hash);
    query.destroy();
  }

  /** Drops every query: sign-out, or a test's end. */
  clear(): void {
    for (const query of [...this.queries.values()]) this.remove(query);
  }

  /** How many queries are held. */
  get size(): number {
    return this.queries.size;
  }
}

/** Creates an empty cache; see {@link QueryCache}. */
export function createQueryCache(options: QueryCacheOptions = {}): QueryCache {
  return new QueryCache(options);
}
