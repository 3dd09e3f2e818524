/**
 * Crash reports and support tickets are bounded (RELIABILITY.md "Attacks on one process"): a
 * crash report's text is cut, reports over all visitors have a cap per minute that holds with
 * RATE_LIMITS off, one address has its own limit with it on, a workspace files at most
 * TICKETS_PER_DAY tickets, and the pruner deletes reports past their days or count and tickets
 * past their days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPruner, retentionPolicy } from '../../server/src/engine/retention.js';
import { createDb, type DbHandle } from '../../server/src/store/create-db.js';
import { createErrorReportsRepo } from '../../server/src/store/repos/error-reports.js';
import { createTicketsRepo } from '../../server/src/store/repos/tickets.js';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';

const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

describe.each(openTestDatabases())('support limits on $dialect', (testDb) => {
  let h: ApiHarness;
  let db: DbHandle;
  let a: Account;
  let b: Account;

  beforeAll(async () => {
    h = await openHarness(testDb, {
      rateLimits: false,
      supportLimits: { errorReportsPerMinute: 5, ticketsPerDay: 3 },
    });
    db = createDb(h.config);
    a = await signUp(h, 'tickets-a');
    b = await signUp(h, 'tickets-b');
  });
  afterAll(async () => {
    await db?.close();
    await h?.close();
  });

  const report = (ip: string, error = 'boom') =>
    h.app.inject({
      method: 'POST',
      url: '/api/error-reports',
      payload: { source: 'StepPanel', error },
      remoteAddress: ip,
    });

  it('caps crash reports over all visitors with RATE_LIMITS off, and cuts a long one', async () => {
    const first = await report('192.0.2.1', 'x'.repeat(20_000));
    expect(first.statusCode, first.body).toBe(202);
    const stored = await db.db.selectFrom('error_reports').select('error').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].error.length).toBeLessThan(4_100);
    expect(stored[0].error).toContain('(cut: 20000 characters)');

    // Four more from four other addresses fill the minute; the sixth is refused, whoever sends it.
    for (let i = 2; i <= 5; i++) expect((await report(`192.0.2.${i}`)).statusCode).toBe(202);
    const refused = await report('192.0.2.99');
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'limit.quota' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await db.db.selectFrom('error_reports').select('id').execute()).toHaveLength(5);
  });

  it('lets a workspace file TICKETS_PER_DAY tickets, then answers limit.quota; another workspace still files', async () => {
    const ticket = (account: Account, n: number) =>
      h.call('POST', '/api/tickets', {
        token: account.token,
        body: {
          editor_url: 'http://junction.test/',
          email: account.email,
          title: `T${n}`,
          content: 'y'.repeat(20_000),
        },
      });
    for (let n = 1; n <= 3; n++) expect((await ticket(a, n)).status).toBe(201);
    const fourth = await ticket(a, 4);
    expect(fourth.status).toBe(429);
    expect(fourth.json).toMatchObject({ code: 'limit.quota' });
    expect(fourth.json.detail).toContain('24 hours');
    expect((await ticket(b, 1)).status).toBe(201);
  });

  it('holds the ticket quota under 40 parallel creates of one new workspace', async () => {
    const c = await signUp(h, 'tickets-c');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        h.call('POST', '/api/tickets', {
          token: c.token,
          body: { editor_url: 'http://junction.test/', email: c.email, title: `P${n}`, content: 'z' },
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(37);
  });

  it('prunes crash reports past their days or count, and tickets past their days', async () => {
    const reports = createErrorReportsRepo(db.db);
    const tickets = createTicketsRepo(db.db);
    const now = Date.now();
    const daysAgo = (d: number) => new Date(now - d * 86_400_000).toISOString();
    await db.db.deleteFrom('error_reports').execute();
    for (let i = 0; i < 6; i++) {
      await reports.insert({
        id: `r-new-${i}`,
        tenant_id: null,
        source: 's',
        error: 'e',
        created_at: daysAgo(1 + i / 100),
      });
    }
    await reports.insert({ id: 'r-old', tenant_id: null, source: 's', error: 'e', created_at: daysAgo(31) });
    const old = { tenant_id: a.tenantId, user_id: a.userId, email: a.email, title: 't', content: 'c', editor_url: 'u' };
    await tickets.insert({ ...old, id: 't-old', app: null, event: null, mailed: 0, created_at: daysAgo(400) });

    const ticketsBefore = (await db.db.selectFrom('tickets').select('id').execute()).length;
    const policy = retentionPolicy({ supportLimits: { errorReportsKeep: 4 } });
    await createPruner({ db: db.db, policy: { ...policy, keepPerWorkflow: 0 }, now: () => now, logger: silent }).pass();

    const left = await db.db.selectFrom('error_reports').select('id').orderBy('created_at', 'desc').execute();
    expect(left.map((r) => r.id)).toEqual(['r-new-0', 'r-new-1', 'r-new-2', 'r-new-3']);
    const ticketIds = (await db.db.selectFrom('tickets').select('id').execute()).map((r) => r.id);
    expect(ticketIds).not.toContain('t-old');
    expect(ticketIds).toHaveLength(ticketsBefore - 1);
  });
});

describe.each(openTestDatabases())('crash reports per address on $dialect', (testDb) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await openHarness(testDb, { rateLimits: true, supportLimits: { errorReportsPerMinute: 1000 } });
  });
  afterAll(() => h?.close());

  it('answers limit.rate past 10 a minute from one address with RATE_LIMITS on; another address goes on', async () => {
    const send = (ip: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/error-reports',
        payload: { source: 'S', error: 'e' },
        remoteAddress: ip,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await send('198.51.100.7')).statusCode);
    expect(statuses.every((s) => s === 202)).toBe(true);
    const refused = await send('198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'limit.rate' });
    expect((await send('198.51.100.8')).statusCode).toBe(202);
  });
});
