/**
 * One connection and one `SELECT 1` to a PostgreSQL database, so a start can fail loudly on an
 * unreachable DATABASE_URL (startup-checks.ts bounds the wait and names the variable).
 */
import { createRequire } from 'node:module';
import type PgModule from 'pg';

const require = createRequire(import.meta.url);

/** Resolves once the database at `url` answered; rejects with the driver's error otherwise. */
export async function probePostgres(url: string, timeoutMs: number): Promise<void> {
  const pg = require('pg') as typeof PgModule;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}
