import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type ServicesWithLifecycle } from '../compose.js';
import { type OpenTestDatabase, openTestDatabases } from '../store/test-db.js';

describe.each(openTestDatabases())('ingest on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  let services: ServicesWithLifecycle;
  let ctx: { userId: string; tenantId: string };
  let workflowId: string;

  beforeAll(async () => {
    opened = await testDb.open();
    services = createServices(opened.config, { db: opened });
    await services.ready;
    const grant = await services.accounts.signUp({
      email: `ingest-${Date.now()}@example.com`,
      password: 'Plenty-of-letters-42',
      firstName: 'Ada',
    });
    ctx = { userId: grant.user.id, tenantId: grant.tenant.id };
    workflowId = grant.workflowId;
  });
  afterAll(async () => {
    await services.close();
    await opened.close();
  });

  it('records an event of an OFF workflow as not_run, and a repeated dedupe key as a duplicate', async () => {
    const event = { tenantId: ctx.tenantId, workflowId, trigger: 'polling' as const, triggerData: { a: 1 } };
    const [first, second] = await services.engine.ingest([
      { ...event, dedupeKey: 'poll:t:1' },
      { ...event, dedupeKey: 'poll:t:1' },
    ]);
    expect(first).toMatchObject({ status: 'accepted', executionStatus: 'not_run' });
    expect(second).toMatchObject({ status: 'duplicate' });
    const [again] = await services.engine.ingest([{ ...event, dedupeKey: 'poll:t:1' }]);
    expect(again).toEqual({ status: 'duplicate', executionId: (first as { executionId: string }).executionId });
  });

  it('records a key without a run when asked to (first poll)', async () => {
    const event = { tenantId: ctx.tenantId, workflowId, trigger: 'polling' as const, triggerData: null };
    const outcomes = await services.engine.ingest([{ ...event, dedupeKey: 'poll:t:2', recordOnly: true }]);
    expect(outcomes).toEqual([{ status: 'recorded' }]);
    expect(await services.engine.ingest([{ ...event, dedupeKey: 'poll:t:2' }])).toMatchObject([
      { status: 'duplicate' },
    ]);
  });

  it("answers 404 for another tenant's workflow and keeps concurrent calls apart", async () => {
    const good = { tenantId: ctx.tenantId, workflowId, trigger: 'webhook' as const, triggerData: {} };
    const bad = { ...good, tenantId: 'someone-else' };
    const [ok, failed] = await Promise.allSettled([services.engine.ingest([good]), services.engine.ingest([bad])]);
    expect(ok.status).toBe('fulfilled');
    expect(failed).toMatchObject({ status: 'rejected', reason: { status: 404 } });
  });
});
