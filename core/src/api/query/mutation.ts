/**
 * Writes to the server through the cache (the role of TanStack query-core's `Mutation`): an
 * optimistic edit of the cached data first, the request, then either the answer written back
 * and the changed resources invalidated, or the optimistic edits rolled back.
 */
import type { QueryState } from './query.js';
import type { QueryCache } from './query-cache.js';
import type { QueryKey } from './query-key.js';

/** One optimistic edit: the data of `key` becomes `update(old)` before the request is sent. */
export interface OptimisticEdit<T = unknown> {
  key: QueryKey;
  update: (old: T | undefined) => T;
}

/** What one mutation does; only `mutate` is required. */
export interface MutationSpec<Result> {
  /** Sends the write; rejects with the request's error. */
  mutate: () => Promise<Result>;
  /** Edits of cached data shown at once and rolled back when the write fails. */
  optimistic?: OptimisticEdit[];
  /** Key prefixes whose queries the write changes: invalidated after it succeeded. */
  invalidates?: QueryKey[];
  /** Writes the answer into the cache (e.g. the saved workflow under its GET key) before invalidation. */
  onSuccess?: (result: Result, cache: QueryCache) => void;
}

/**
 * Runs a mutation: applies the optimistic edits (aborting reads in flight under those keys, so
 * an older answer cannot overwrite them), sends the write, then on success calls `onSuccess`
 * and invalidates; on failure puts every edited query back as it was and rethrows.
 *
 * @example
 * await runMutation(cache, {
 *   mutate: () => api.delete('/api/workflows/{id}', { params: { path: { id } } }),
 *   optimistic: [{ key: ['GET /api/dashboard/workflows'], update: (rows) => rows.filter((r) => r.id !== id) }],
 *   invalidates: [['GET /api/dashboard/workflows']],
 * });
 */
export async function runMutation<Result>(cache: QueryCache, spec: MutationSpec<Result>): Promise<Result> {
  const rollbacks: (() => void)[] = [];
  for (const edit of spec.optimistic ?? []) {
    // An edit of data nobody read yet makes the query; its first observer's build brings the fetcher.
    const query =
      cache.find<unknown>(edit.key) ??
      cache.build<unknown>(edit.key, () => Promise.reject(new Error('No fetcher yet: set optimistically.')));
    const before: QueryState<unknown> = query.state;
    query.setData(edit.update(before.data));
    rollbacks.push(() => query.restore({ ...before, isFetching: false }));
  }
  let result: Result;
  try {
    result = await spec.mutate();
  } catch (error) {
    // Latest edit first, so two edits of one key end at the oldest state.
    for (const rollback of rollbacks.reverse()) rollback();
    throw error;
  }
  spec.onSuccess?.(result, cache);
  await Promise.all((spec.invalidates ?? []).map((prefix) => cache.invalidate(prefix)));
  return result;
}
