/**
 * The batched statements of the engine's hot path (PostgreSQL: one statement for many
 * executions; SQLite: one call each): claimMany and finishMany keep the guarantees of their
 * single forms — only claimable rows are taken, a cancelled execution is not ended, and every
 * step record is written. renewWithStep saves a step record and extends the lease in one
 * statement on PostgreSQL, and renewMany does so for several executions, with the same guarantees.
 * A checkpoint without a new lease (leaseUntil null) saves the record and only reads the row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type ServicesWithLifecycle } from '../../compose.js';
import { openSqliteWriter } from '../../engine/sqlite-writer.js';
import { resolveSqlitePath } from '../create-db.js';
import { type OpenTestDatabase, openTestDatabases } from '../test-db.js';
import { createEngineRepo } from './engine.js';

/** A succeeded record of step 'st-1' of an execution. */
function step(executionId: string, output: unknown) {
  const at = new Date().toISOString();
  return {
    executionId,
    stepId: 'st-1',
    status: 'succeeded' as const,
    input: { values: { a: 1 } },
    output,
    error: null,
    attempts: 1,
    startedAt: at,
    finishedAt: at,
  };
}

describe.each(openTestDatabases())('batched engine statements on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  let services: ServicesWithLifecycle;
  let tenantId: string;
  let workflowId: string;

  beforeAll(async () => {
    opened = await testDb.open({ runWorkers: false });
    services = createServices(opened.config, { db: opened });
    await services.ready;
    const grant = await services.accounts.signUp({
      email: `batch-${Date.now()}@example.com`,
      password: 'Plenty-of-letters-42',
      firstName: 'Ada',
    });
    tenantId = grant.tenant.id;
    workflowId = grant.workflowId;
  });
  afterAll(async () => {
    await services.close();
    await opened.close();
  });

  it('claims many at once, ends many at once with their step records, and skips a cancelled one', async () => {
    const repo = createEngineRepo(opened.db, testDb.dialect);
    const event = { tenantId, workflowId, trigger: 'manual' as const, triggerData: { n: 1 } };
    const outcomes = await services.engine.ingest([event, event, event]);
    const ids = outcomes.map((o) => (o as { executionId: string }).executionId);
    const now = new Date().toISOString();
    const lease = new Date(Date.now() + 60_000).toISOString();

    // The workflow is OFF: its executions are not_run, so nothing is claimable yet.
    expect(await repo.claimMany(ids, now, lease)).toEqual([]);
    await opened.db.updateTable('executions').set({ status: 'queued' }).where('id', 'in', ids).execute();

    const claimed = await repo.claimMany([...ids, 'no-such-execution'], now, lease);
    expect(claimed.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(claimed.every((r) => r.status === 'running' && r.attempt === 1 && r.workflowId === workflowId)).toBe(true);
    expect(await repo.claimMany(ids, now, lease)).toEqual([]);

    expect(await repo.cancel(tenantId, ids[2], now)).toBe(true);
    const ended = await repo.finishMany([
      { step: step(ids[0], { ok: 'first' }), id: ids[0], status: 'succeeded', error: null, now },
      { step: undefined, id: ids[1], status: 'failed', error: 'Step "x" failed: no', now },
      { step: step(ids[2], 'kept'), id: ids[2], status: 'succeeded', error: null, now },
    ]);
    expect([...ended].sort()).toEqual([ids[0], ids[1]].sort());
    expect(await repo.get(ids[0])).toMatchObject({ status: 'succeeded', error: null, finishedAt: now });
    expect(await repo.get(ids[1])).toMatchObject({ status: 'failed', error: 'Step "x" failed: no' });
    expect(await repo.get(ids[2])).toMatchObject({ status: 'cancelled' });
    expect(await repo.listStepRuns(ids[0])).toMatchObject([{ stepId: 'st-1', output: { ok: 'first' }, attempts: 1 }]);
    expect(await repo.listStepRuns(ids[1])).toEqual([]);
    // A cancelled execution keeps the record of the step it finished.
    expect(await repo.listStepRuns(ids[2])).toMatchObject([{ stepId: 'st-1', output: 'kept' }]);
  });

  it('saves the previous step record with the lease renewal, and keeps it when the run was cancelled', async () => {
    const repo = createEngineRepo(opened.db, testDb.dialect);
    const event = { tenantId, workflowId, trigger: 'manual' as const, triggerData: { n: 2 } };
    const ids = (await services.engine.ingest([event, event])).map((o) => (o as { executionId: string }).executionId);
    const now = new Date().toISOString();
    await opened.db.updateTable('executions').set({ status: 'queued' }).where('id', 'in', ids).execute();
    await repo.claimMany(ids, now, new Date(Date.now() + 1_000).toISOString());
    const later = new Date(Date.now() + 120_000).toISOString();

    expect(await repo.renewWithStep(step(ids[0], { one: 1 }), ids[0], later, now)).toBe(true);
    expect(await repo.renewWithStep(undefined, ids[0], later, now)).toBe(true);
    expect(await repo.get(ids[0])).toMatchObject({ status: 'running' });
    const [row] = await opened.db.selectFrom('executions').select('lease_until').where('id', '=', ids[0]).execute();
    expect(row?.lease_until).toBe(later);
    expect(await repo.listStepRuns(ids[0])).toMatchObject([{ stepId: 'st-1', output: { one: 1 }, attempts: 1 }]);

    expect(await repo.cancel(tenantId, ids[1], now)).toBe(true);
    expect(await repo.renewWithStep(step(ids[1], 'kept'), ids[1], later, now)).toBe(false);
    expect(await repo.get(ids[1])).toMatchObject({ status: 'cancelled' });
    expect(await repo.listStepRuns(ids[1])).toMatchObject([{ stepId: 'st-1', output: 'kept' }]);
  });

  it('renews many leases at once with their previous step records, and leaves a cancelled one ended', async () => {
    const repo = createEngineRepo(opened.db, testDb.dialect);
    const event = { tenantId, workflowId, trigger: 'manual' as const, triggerData: { n: 3 } };
    const ids = (await services.engine.ingest([event, event, event])).map(
      (o) => (o as { executionId: string }).executionId,
    );
    const now = new Date().toISOString();
    await opened.db.updateTable('executions').set({ status: 'queued' }).where('id', 'in', ids).execute();
    await repo.claimMany(ids, now, new Date(Date.now() + 1_000).toISOString());
    expect(await repo.cancel(tenantId, ids[2], now)).toBe(true);
    const later = new Date(Date.now() + 120_000).toISOString();

    const running = await repo.renewMany([
      { step: step(ids[0], { first: true }), id: ids[0], leaseUntil: later, now },
      { step: undefined, id: ids[1], leaseUntil: later, now },
      { step: step(ids[2], 'kept'), id: ids[2], leaseUntil: later, now },
    ]);
    expect([...running].sort()).toEqual([ids[0], ids[1]].sort());
    const rows = await opened.db
      .selectFrom('executions')
      .select(['id', 'status', 'lease_until'])
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ids[0])).toMatchObject({ status: 'running', lease_until: later });
    expect(byId.get(ids[1])).toMatchObject({ status: 'running', lease_until: later });
    expect(byId.get(ids[2])).toMatchObject({ status: 'cancelled', lease_until: null });
    expect(await repo.listStepRuns(ids[0])).toMatchObject([{ stepId: 'st-1', output: { first: true } }]);
    expect(await repo.listStepRuns(ids[1])).toEqual([]);
    expect(await repo.listStepRuns(ids[2])).toMatchObject([{ stepId: 'st-1', output: 'kept' }]);
  });

  it('stores many rows at once with awkward text intact: quotes, backslashes, braces, commas, NULL and non-ASCII', async () => {
    const repo = createEngineRepo(opened.db, testDb.dialect);
    const awkward = {
      text: 'a "quoted" \\ back,slash {brace} NULL — ünïcødé 🙂',
      list: ['x,y', '"', '\\'],
      none: null,
    };
    const now = new Date().toISOString();
    const { revision } = await opened.db
      .selectFrom('workflows')
      .select('revision')
      .where('id', '=', workflowId)
      .executeTakeFirstOrThrow();
    const rows = ['a', 'b', 'c'].map((n, i) => ({
      id: `awkward-${n}-${Date.now()}`,
      tenantId,
      workflowId,
      workflowRevision: Number(revision),
      documentJson: '{}',
      status: 'queued' as const,
      trigger: 'manual' as const,
      triggerData: i === 0 ? awkward : { n, quote: '"' },
      dedupeKey: null,
      now,
      ...(i === 2 ? { claim: { leaseUntil: now } } : {}),
    }));
    await repo.insertExecutions(rows);
    expect(await repo.get(rows[0].id)).toMatchObject({ status: 'queued', attempt: 0, triggerData: awkward });
    expect(await repo.get(rows[1].id)).toMatchObject({ triggerData: { n: 'b', quote: '"' } });
    expect(await repo.get(rows[2].id)).toMatchObject({ attempt: 1, startedAt: now });

    const ids = rows.map((r) => r.id);
    await repo.claimMany(ids.slice(0, 2), now, new Date(Date.now() + 60_000).toISOString());
    const ended = await repo.finishMany([
      { step: step(ids[0], awkward), id: ids[0], status: 'succeeded', error: null, now },
      { step: step(ids[1], 'plain'), id: ids[1], status: 'failed', error: 'Step "x" said: a\\b, {c}', now },
    ]);
    expect([...ended].sort()).toEqual(ids.slice(0, 2).sort());
    expect(await repo.listStepRuns(ids[0])).toMatchObject([{ output: awkward, input: { values: { a: 1 } } }]);
    expect(await repo.get(ids[1])).toMatchObject({ status: 'failed', error: 'Step "x" said: a\\b, {c}' });
  });

  // On SQLite files the engine writes through its own prepared statements (engine/sqlite-writer.ts).
  const checkpointWriters = ['Kysely', ...(testDb.dialect === 'sqlite' ? ['the SQLite fast path'] : [])];
  it.each(checkpointWriters)(
    'checkpoints without a new lease through %s: the step record is saved, the row is left as it was, and a cancel is seen',
    async (through) => {
      const repo = createEngineRepo(opened.db, testDb.dialect);
      const fast = through === 'Kysely' ? undefined : openSqliteWriter(resolveSqlitePath(opened.config));
      const inTransaction = async <T>(fn: () => Promise<T>): Promise<T> => {
        fast?.begin();
        const result = await fn();
        fast?.commit();
        return result;
      };
      const writer = fast?.writer ?? repo;
      const event = { tenantId, workflowId, trigger: 'manual' as const, triggerData: { n: 4 } };
      const ids = (await services.engine.ingest([event, event, event, event])).map(
        (o) => (o as { executionId: string }).executionId,
      );
      const now = new Date().toISOString();
      const lease = new Date(Date.now() + 60_000).toISOString();
      await opened.db.updateTable('executions').set({ status: 'queued' }).where('id', 'in', ids).execute();
      await repo.claimMany(ids, now, lease);
      const before = await opened.db
        .selectFrom('executions')
        .select(['id', 'lease_until', 'updated_at'])
        .where('id', 'in', ids)
        .execute();
      expect(await repo.cancel(tenantId, ids[2], now)).toBe(true);
      const later = new Date(Date.now() + 120_000).toISOString();

      // One alone, then a turn that mixes a lease to extend with checks only.
      expect(await inTransaction(() => writer.renewWithStep(step(ids[3], 'alone'), ids[3], null, later))).toBe(true);
      const running = await inTransaction(() =>
        writer.renewMany([
          { step: step(ids[0], { checked: true }), id: ids[0], leaseUntil: null, now: later },
          { step: step(ids[1], { extended: true }), id: ids[1], leaseUntil: later, now: later },
          { step: step(ids[2], 'kept'), id: ids[2], leaseUntil: null, now: later },
        ]),
      );
      fast?.close();
      expect([...running].sort()).toEqual([ids[0], ids[1]].sort());
      const rows = await opened.db
        .selectFrom('executions')
        .select(['id', 'status', 'lease_until', 'updated_at'])
        .where('id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const was = new Map(before.map((r) => [r.id, r]));
      // Checked only: the claim's lease and time stand.
      expect(byId.get(ids[0])).toMatchObject({
        status: 'running',
        lease_until: lease,
        updated_at: was.get(ids[0])?.updated_at,
      });
      expect(byId.get(ids[3])).toMatchObject({
        status: 'running',
        lease_until: lease,
        updated_at: was.get(ids[3])?.updated_at,
      });
      expect(byId.get(ids[1])).toMatchObject({ status: 'running', lease_until: later, updated_at: later });
      expect(byId.get(ids[2])).toMatchObject({ status: 'cancelled', lease_until: null });
      expect(await repo.listStepRuns(ids[0])).toMatchObject([{ stepId: 'st-1', output: { checked: true } }]);
      expect(await repo.listStepRuns(ids[1])).toMatchObject([{ stepId: 'st-1', output: { extended: true } }]);
      expect(await repo.listStepRuns(ids[2])).toMatchObject([{ stepId: 'st-1', output: 'kept' }]);
      expect(await repo.listStepRuns(ids[3])).toMatchObject([{ stepId: 'st-1', output: 'alone' }]);
    },
  );
});
