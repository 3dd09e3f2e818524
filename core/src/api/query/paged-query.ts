/**
 * A list read page by page (the role of TanStack query-core's infinite query, for cursor
 * paging): one `Query` whose data is every page read so far, flattened, with the cursor of the
 * next. Reading the query (a first observer, an invalidation, Try again) reads the first page
 * afresh; `fetchMore` appends the next page. Its loading / error / stale state is the query's.
 */
import { platform, type Query, type QueryFetchContext, type QueryOptions } from './query.js';
import type { QueryCache } from './query-cache.js';
import type { QueryKey } from './query-key.js';

/** One page as a list operation answers it: items, and the cursor of the next page (absent on the last). */
export interface ListPage<Item> {
  items: Item[];
  next?: string;
}

/** A paged list's data: the items of every page read so far, and the next page's cursor. */
export interface PagedData<Item> {
  items: Item[];
  /** The cursor of the page after the last one read; absent when there is none. */
  next?: string;
  /** How many pages were read. */
  pageCount: number;
}

/** Reads one page: the first when `cursor` is undefined. */
export type PageFetcher<Item> = (cursor: string | undefined, context: QueryFetchContext) => Promise<ListPage<Item>>;

/** The item type of a page-shaped answer (`{ items: Item[]; next?: string }`). */
export type PageItem<T> = T extends { items: readonly (infer Item)[] } ? Item : never;

/**
 * A paged list over its query. Made by {@link buildPagedQuery}: the same object for the same
 * query, so every caller shares one `fetchMore` in flight.
 *
 * @example
 * const log = buildPagedQuery(cache, ['GET /api/tenants/{tenantId}/audit', params, { paged: 'before' }], readPage);
 * const stop = log.query.subscribe(render); // reads the first page
 * if (log.hasMore) await log.fetchMore();   // appends the next one
 */
export class PagedQuery<Item> {
  private more: Promise<void> | null = null;

  constructor(
    /** The query holding every page read so far. */
    readonly query: Query<PagedData<Item>>,
    private fetchPage: PageFetcher<Item>,
  ) {}

  /** Takes a later caller's page fetcher (the same key built again). */
  update(fetchPage: PageFetcher<Item>): void {
    this.fetchPage = fetchPage;
  }

  /** True when a page after the last one read exists. */
  get hasMore(): boolean {
    return this.query.state.data?.next !== undefined;
  }

  /** True while the next page is being read. */
  get isFetchingMore(): boolean {
    return this.more !== null;
  }

  /**
   * Reads the next page and appends it (one request however many ask at once). A read of the
   * first page in flight is awaited first; a page whose list was read afresh or changed while
   * it was on its way is dropped (it continues an older list). Rejects with the request's error;
   * the pages already read stay.
   */
  fetchMore(): Promise<void> {
    if (this.more) return this.more;
    const run = async () => {
      if (this.query.state.isFetching) await this.query.fetch().catch(() => undefined);
      const base = this.query.state.data;
      if (base?.next === undefined) return;
      const controller = new platform.AbortController();
      const page = await this.fetchPage(base.next, { signal: controller.signal });
      if (this.query.state.data !== base) return;
      this.query.setData({ items: [...base.items, ...page.items], next: page.next, pageCount: base.pageCount + 1 });
    };
    const more = run().finally(() => {
      this.more = null;
    });
    this.more = more;
    return more;
  }
}

const pagedQueries = new WeakMap<Query<unknown>, PagedQuery<unknown>>();

/** A page answer as the query's data (the first page alone). */
function firstPage<Item>(page: ListPage<Item>): PagedData<Item> {
  return page.next === undefined
    ? { items: page.items, pageCount: 1 }
    : { items: page.items, next: page.next, pageCount: 1 };
}

/**
 * Returns the paged list of `key`, creating its query the first time (see {@link PagedQuery}).
 * Give it a key of its own (the plain read of the same operation holds one page, not pages).
 */
export function buildPagedQuery<Item>(
  cache: QueryCache,
  key: QueryKey,
  fetchPage: PageFetcher<Item>,
  options: QueryOptions = {},
): PagedQuery<Item> {
  const query = cache.build<PagedData<Item>>(
    key,
    async (context) => firstPage(await fetchPage(undefined, context)),
    options,
  );
  const found = pagedQueries.get(query as Query<unknown>) as PagedQuery<Item> | undefined;
  if (found) {
    found.update(fetchPage);
    return found;
  }
  const paged = new PagedQuery<Item>(query, fetchPage);
  pagedQueries.set(query as Query<unknown>, paged as PagedQuery<unknown>);
  return paged;
}
