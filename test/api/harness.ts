/**
 * In-process API harness for the cross-package tests: a real `createApp` over a migrated test
 * database (SQLite always, PostgreSQL when TEST_DATABASE_URL is set), captured log lines, and
 * small helpers for the calls every test makes (sign up, read the dev outbox, verify).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createApp } from '../../server/src/app.js';
import type { Config } from '../../server/src/config.js';
import { type OpenTestDatabase, openTestDatabases, type TestDatabase } from '../../server/src/store/test-db.js';

export type { TestDatabase };
export { openTestDatabases };

/** A running app over its own database. */
export interface ApiHarness {
  app: FastifyInstance;
  config: Config;
  /** Every log line the app wrote, as JSON text. */
  logs: string[];
  /** Every response body the harness saw through `call`. */
  bodies: string[];
  /** The app's database, for arranging rows no route writes yet (memberships with a role). */
  db: OpenTestDatabase;
  call(method: string, url: string, opts?: CallOptions): Promise<ApiResponse>;
  /** Closes the app, then the database. */
  close(): Promise<void>;
}

/** Options of one call. */
export interface CallOptions {
  token?: string;
  body?: unknown;
  /** A raw payload sent as is (with `headers` deciding the content type). */
  raw?: string | Buffer;
  headers?: Record<string, string>;
}

/** A response with its JSON body parsed when there is one. */
export interface ApiResponse {
  status: number;
  headers: LightMyRequestResponse['headers'];
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  json: any;
}

/** A password that passes the sign-up rules (onboarding-and-extras 3 "Password"). */
export const GOOD_PASSWORD = 'Plenty-of-letters-42';

/** Opens a database and an app on it; log lines are captured at debug level. */
export async function openHarness(testDb: TestDatabase, overrides: Partial<Config> = {}): Promise<ApiHarness> {
  // The development outbox is how these tests read codes (readCode); a default start has none.
  const opened = await testDb.open({ logLevel: 'debug', devOutbox: true, ...overrides });
  const logs: string[] = [];
  const bodies: string[] = [];
  let app: FastifyInstance;
  try {
    app = await createApp(opened.config, { logger: { write: (line: string) => logs.push(line) } });
  } catch (err) {
    await opened.close();
    throw err;
  }
  return {
    app,
    config: opened.config,
    db: opened,
    logs,
    bodies,
    async call(method, url, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let payload: string | Buffer | undefined = opts.raw;
      if (opts.body !== undefined) {
        payload = JSON.stringify(opts.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await app.inject({ method: method as 'GET', url, headers, payload });
      bodies.push(res.body);
      let json: unknown;
      try {
        json = res.body ? JSON.parse(res.body) : undefined;
      } catch {
        json = undefined;
      }
      return { status: res.statusCode, headers: res.headers, text: res.body, json };
    },
    async close() {
      await app.close();
      await opened.close();
    },
  };
}

/** A signed-up account. */
export interface Account {
  email: string;
  token: string;
  userId: string;
  tenantId: string;
  workflowId: string;
}

let counter = 0;

/** Signs up a fresh account (its own tenant) and returns its session. */
export async function signUp(h: ApiHarness, name = 'user'): Promise<Account> {
  counter += 1;
  const email = `${name}-${counter}-${Date.now()}@example.com`;
  const res = await h.call('POST', '/api/auth/sign-up', { body: { email, password: GOOD_PASSWORD, firstName: name } });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${res.text}`);
  return {
    email,
    token: res.json.token,
    userId: res.json.user.id,
    tenantId: res.json.tenant.id,
    workflowId: res.json.workflowId,
  };
}

/** Reads the newest 4-digit code mailed to `email` from the development outbox. */
export async function readCode(h: ApiHarness, email: string): Promise<string> {
  const res = await h.call('GET', '/api/dev/outbox');
  const mail = (res.json.items as { to: string; text: string }[]).find((m) => m.to.includes(email));
  const code = mail && /\b(\d{4})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Fills `{param}` templates of a contract path. */
export function fillPath(path: string, values: (name: string) => string): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(values(name)));
}

/** A single-use OAuth pop-up ticket for the account's session (`POST /api/auth/popup-ticket`). */
export async function popupTicket(h: ApiHarness, account: { token: string }): Promise<string> {
  const res = await h.call('POST', '/api/auth/popup-ticket', { token: account.token });
  if (res.status !== 201) throw new Error(`popup-ticket answered ${res.status}: ${res.text}`);
  return encodeURIComponent(res.json.ticket);
}
