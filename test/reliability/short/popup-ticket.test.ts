/**
 * The OAuth pop-up's address carries no session token (hostile pass; editor-core 7.3): the
 * 30-day session token used to travel as `?t=` (browser history, proxy logs, Referer). Now the
 * editor asks `POST /api/auth/popup-ticket` for a single-use ticket that lives 60 s and stands
 * for its session; `/auth/{app}` reads only `ticket`. The clock is injected, never slept on.
 * SQLite and (with TEST_DATABASE_URL) PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/src/app.js';
import { createServices, type ServicesWithLifecycle } from '../../../server/src/compose.js';
import type { OpenTestDatabase } from '../../../server/src/store/test-db.js';
import { GOOD_PASSWORD, openTestDatabases } from '../../api/harness.js';
import { report } from '../support/report.js';

const SLUG = 'ticket-cloud';

/** An OAuth 2.0 portal app; starting its flow only redirects, so the provider need not exist. */
const OAUTH_APP = {
  appSlug: SLUG,
  appName: 'Ticket Cloud',
  lambdaURL: 'https://provider.example',
  actions: { me: { title: 'Me', method: 'get', url: '{base}/api/me', fields: [] } },
  triggers: {},
  authInfo: {
    apiType: 'oauth2',
    testAuth: 'me',
    clientInfo: { client_id: 'client-1', client_secret: 'secret-1' },
    auth_url: 'https://provider.example/authorize',
    token_url: 'https://provider.example/token',
    scopes: 'read',
  },
};

describe.each(openTestDatabases())('OAuth pop-up ticket on $dialect', ({ dialect, ...testDb }) => {
  let opened: OpenTestDatabase;
  let services: ServicesWithLifecycle;
  let app: FastifyInstance;
  let clock = Date.parse('2026-01-01T12:00:00.000Z');
  let token = '';
  let userId = '';

  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  type Answer = { status: number; headers: Record<string, unknown>; json: any };
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    opts: { token?: string; body?: unknown } = {},
  ): Promise<Answer> => {
    const res = await app.inject({
      method,
      url,
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
      ...(opts.body === undefined ? {} : { payload: opts.body as object }),
    });
    return { status: res.statusCode, headers: res.headers, json: res.body.startsWith('{') ? res.json() : undefined };
  };
  const ticket = async (bearer = token) => {
    const res = await call('POST', '/api/auth/popup-ticket', { token: bearer });
    expect(res.status).toBe(201);
    return res.json as { ticket: string; expiresAt: string };
  };
  const start = (query: string) => call('GET', `/auth/${SLUG}?uid=${userId}&${query}`);

  beforeAll(async () => {
    opened = await testDb.open();
    services = createServices(opened.config, { now: () => clock, db: opened });
    await services.ready;
    app = await createApp(opened.config, { services });
    const signUp = await call('POST', '/api/auth/sign-up', {
      body: { email: `ticket-${Date.now()}@example.com`, password: GOOD_PASSWORD, firstName: 'Ticket' },
    });
    expect(signUp.status).toBe(201);
    token = signUp.json.token;
    userId = signUp.json.user.id;
    expect((await call('POST', '/api/apps', { token, body: OAUTH_APP })).status).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
    await services?.close();
  });

  it('refuses a session token in the address, and takes a ticket once, for 60 seconds, while signed in', async () => {
    const rows: { attempt: string; status: number; code?: string }[] = [];
    const note = (attempt: string, res: Answer) => {
      rows.push({ attempt, status: res.status, code: res.json?.code });
      return res;
    };

    // The old address: the session token is never read from the query.
    const old = note('?t=<session token>', await start(`t=${encodeURIComponent(token)}`));
    expect(old.status).toBe(400);
    expect(old.headers.location).toBeUndefined();
    const both = note('?t=<session token>&ticket=bogus', await start(`t=${encodeURIComponent(token)}&ticket=bogus`));
    expect(both.status).toBe(401);
    expect(both.json.code).toBe('auth.popup_ticket_invalid');
    expect(note('POST popup-ticket without a session', await call('POST', '/api/auth/popup-ticket')).status).toBe(401);

    // A ticket works once.
    const first = await ticket();
    expect(first.ticket).not.toBe(token);
    expect(Date.parse(first.expiresAt) - clock).toBe(60_000);
    const used = note('ticket, first use', await start(`ticket=${encodeURIComponent(first.ticket)}`));
    expect(used.status).toBe(302);
    expect(String(used.headers.location)).toMatch(/^https:\/\/provider\.example\/authorize\?/);
    expect(String(used.headers.location)).not.toContain(token);
    const again = note('ticket, second use', await start(`ticket=${encodeURIComponent(first.ticket)}`));
    expect(again.status).toBe(401);
    expect(again.json.code).toBe('auth.popup_ticket_invalid');

    // Within 60 s it works; after 60 s it does not.
    const late = await ticket();
    const inTime = await ticket();
    clock += 59_999;
    expect(note('ticket at 59.999 s', await start(`ticket=${encodeURIComponent(inTime.ticket)}`)).status).toBe(302);
    clock += 2;
    const expired = note('ticket at 60.001 s', await start(`ticket=${encodeURIComponent(late.ticket)}`));
    expect(expired.status).toBe(401);
    expect(expired.json.code).toBe('auth.popup_ticket_invalid');

    // A ticket dies with its session.
    const orphan = await ticket();
    expect((await call('POST', '/api/auth/log-out', { token })).status).toBe(204);
    const signedOut = note('ticket after log-out', await start(`ticket=${encodeURIComponent(orphan.ticket)}`));
    expect(signedOut.status).toBe(401);
    report(`OAuth pop-up ticket (${dialect})`, rows);
  });
});
