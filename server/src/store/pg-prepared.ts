/**
 * Prepared statements for node-postgres. node-postgres sends every query unnamed, so PostgreSQL
 * parses and plans it again on every call; on the engine's hot path (ingest inserts, checkpoints
 * between steps, finishes) that was a large part of the database's CPU per run. Here a statement
 * text that comes back is sent named, and PostgreSQL keeps it parsed (and, once it has seen its
 * plans, planned) for that connection.
 *
 * Bounds: only data statements with parameters (SELECT, INSERT, UPDATE, DELETE, WITH); a text
 * is named from its second sighting (one-off texts stay unnamed); at most `perConnection` named
 * statements per connection (a batch statement's text changes with its row count), then the
 * connection sends the rest unnamed. When a statement's result shape changed under it (another
 * process migrated the tables: "cached plan must not change result type"), that call fails as
 * any statement racing a migration would, and every text gets a new name, so the next calls
 * prepare afresh.
 */
import { createHash } from 'node:crypto';
import type PgModule from 'pg';

type Pool = InstanceType<typeof PgModule.Pool>;
type PoolClient = InstanceType<typeof PgModule.Client>;

/** Named statements one connection keeps, at most. */
const PER_CONNECTION = 100;
/** Statement texts remembered for their second sighting, at most (then forgotten at once). */
const SIGHTINGS = 5_000;
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
/** PostgreSQL's SQLSTATE for "cached plan must not change result type". */
const FEATURE_NOT_SUPPORTED = '0A000';

/** Makes every connection `pool` opens send repeated data statements as named ones. */
export function prepareRepeatedStatements(pool: Pool, perConnection = PER_CONNECTION): void {
  const sightings = new Set<string>();
  const names = new Map<string, string>();
  let generation = 0;
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known) return known;
    if (!sightings.has(text)) {
      if (sightings.size >= SIGHTINGS) sightings.clear();
      sightings.add(text);
      return undefined;
    }
    const name = `j${generation}_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    if (names.size >= SIGHTINGS) names.clear();
    names.set(text, name);
    return name;
  };

  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const prepared = new Set<string>();
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [text, values, callback] = args;
      // Only the promise form Kysely uses: query(text, values).
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined)
        return query(...args);
      if (!DATA_STATEMENT.test(text)) return query(...args);
      const name = nameOf(text);
      if (!name || (!prepared.has(name) && prepared.size >= perConnection)) return query(...args);
      prepared.add(name);
      return (query({ name, text, values }) as Promise<unknown>).catch((error: { code?: string }) => {
        if (error?.code === FEATURE_NOT_SUPPORTED) {
          generation += 1;
          names.clear();
        }
        throw error;
      });
    };
  });
}
