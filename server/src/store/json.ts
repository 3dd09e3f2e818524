/**
 * JSON columns: `text` in SQLite, `jsonb` in PostgreSQL. Repositories write with
 * `writeJson` and read with `readJson`, so no caller sees the difference.
 */

/**
 * Serialises a value for a JSON column.
 *
 * Always a string: node-postgres would turn a JS array into a PostgreSQL array literal,
 * and jsonb accepts JSON text anyway.
 */
export function writeJson(value: unknown): string {
  return JSON.stringify(value);
}

/**
 * Reads a JSON column back: SQLite gives the stored text, node-postgres gives jsonb
 * already parsed. Our JSON columns always hold objects or arrays, so a string is always raw text.
 */
export function readJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
