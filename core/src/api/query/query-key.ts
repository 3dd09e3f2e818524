/**
 * Query keys: what names one piece of server state. A key is a list whose first item is the
 * operation (`'GET /api/workflows/{id}'`) and whose later items are its parameters; two keys
 * with equal items name the same resource, whatever the order of object properties.
 */

/** A resource's key: the operation first, then its parameters (plain JSON values). */
export type QueryKey = readonly unknown[];

function sortValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortValue);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const name of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[name];
      // An absent parameter and an undefined one name the same resource.
      if (item !== undefined) out[name] = sortValue(item);
    }
    return out;
  }
  return value;
}

/**
 * Returns the one string a key is stored under: JSON with object properties sorted.
 *
 * @example
 * hashQueryKey(['GET /api/x', { b: 1, a: 2 }]) === hashQueryKey(['GET /api/x', { a: 2, b: 1 }]); // true
 */
export function hashQueryKey(key: QueryKey): string {
  return JSON.stringify(sortValue(key));
}

function partialMatch(whole: unknown, part: unknown): boolean {
  if (part === undefined) return true;
  if (part === null || typeof part !== 'object' || whole === null || typeof whole !== 'object') {
    return Object.is(whole, part);
  }
  if (Array.isArray(part) !== Array.isArray(whole)) return false;
  return Object.keys(part).every((name) =>
    partialMatch((whole as Record<string, unknown>)[name], (part as Record<string, unknown>)[name]),
  );
}

/**
 * Tells whether `key` starts with `prefix`: each item of the prefix equals the key's item at
 * that place, objects compared by the properties the prefix names (as TanStack's partial match).
 *
 * @example
 * matchesKeyPrefix(['GET /api/workflows/{id}/executions', { path: { id: 'w1' }, query: { limit: 25 } }],
 *   ['GET /api/workflows/{id}/executions', { path: { id: 'w1' } }]); // true
 */
export function matchesKeyPrefix(key: QueryKey, prefix: QueryKey): boolean {
  if (prefix.length > key.length) return false;
  return prefix.every((item, index) => partialMatch(key[index], item));
}
