/**
 * An httpbin-like target for the secret-redaction tests, and every stored row of a harness's
 * database: what a step sent comes back in the answer, and nothing of it may be kept.
 */
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { ApiHarness } from './harness.js';

/** A running echo on 127.0.0.1. */
export interface EchoTarget {
  /** `127.0.0.1:port`, for JUNCTION_ALLOWED_HOSTS. */
  host: string;
  url: string;
  close(): Promise<void>;
}

/**
 * Starts an echo on 127.0.0.1:0 that answers, as JSON, what it received: the method, the raw
 * request target, the decoded path, the parsed query, the headers and the body (and the
 * Authorization header again as `x-echo-authorization`).
 */
export async function startEcho(): Promise<EchoTarget> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://echo.local');
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-echo-authorization', req.headers.authorization ?? '');
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          path: decodeURIComponent(url.pathname),
          args: Object.fromEntries(url.searchParams),
          headers: req.headers,
          data: body,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    host: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every row of every table of the harness's database (SQLite or PostgreSQL), as JSON text per table. */
export async function storedRows(h: ApiHarness): Promise<{ what: string; text: string }[]> {
  const out: { what: string; text: string }[] = [];
  if (h.config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: h.config.databaseUrl, max: 1 });
    try {
      const tables = await pool.query(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
      );
      for (const { table_name: name } of tables.rows as { table_name: string }[]) {
        const rows = await pool.query(`SELECT * FROM "${name}"`);
        if (rows.rows.length) out.push({ what: `table ${name}`, text: JSON.stringify(rows.rows) });
      }
    } finally {
      await pool.end();
    }
    return out;
  }
  const db = new Database(h.config.sqlitePath ?? path.join(h.config.dataDir, 'junction.db'), { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    for (const { name } of tables) {
      const rows = db.prepare(`SELECT * FROM "${name}"`).all();
      if (rows.length) out.push({ what: `table ${name}`, text: JSON.stringify(rows) });
    }
  } finally {
    db.close();
  }
  return out;
}
