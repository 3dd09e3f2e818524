/**
 * Execution retention on both databases: finished executions older than the policy's days (failed
 * ones after their own days) or beyond the newest N of their workflow are deleted with their
 * step records, in batches; queued, running and waiting executions are never deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createServices, type ServicesWithLifecycle } from '../compose.js';
import { type OpenTestDatabase, openTestDatabases } from '../store/test-db.js';
import { createPruner, DEFAULT_RETENTION, type RetentionPolicy, retentionPolicy } from './retention.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('retention policy from the configuration', () => {
  it('has documented defaults and reads the EXECUTIONS_* variables (0 turns a bound off)', () => {
    expect(retentionPolicy(loadConfig({}))).toMatchObject({
      keepDays: 30,
      keepFailedDays: 90,
      keepPerWorkflow: 10_000,
      intervalMs: 60_000,
      batchSize: 250,
    });
    const policy = retentionPolicy(
      loadConfig({
        EXECUTIONS_KEEP_DAYS: '0.5',
        EXECUTIONS_KEEP_FAILED_DAYS: '0',
        EXECUTIONS_KEEP_PER_WORKFLOW: '500',
        EXECUTIONS_PRUNE_INTERVAL_MS: '5000',
        EXECUTIONS_PRUNE_BATCH: '100',
      }),
    );
    expect(policy).toMatchObject({
      keepDays: 0.5,
      keepFailedDays: 0,
      keepPerWorkflow: 500,
      intervalMs: 5000,
      batchSize: 100,
    });
    // A bad value is refused at start (env.ts), not silently replaced by the default.
    expect(() => loadConfig({ EXECUTIONS_KEEP_DAYS: '-3' })).toThrow(
      'EXECUTIONS_KEEP_DAYS=-3 is not valid: expected a number of at least 0',
    );
  });
});

describe.each(openTestDatabases())('execution retention on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  let services: ServicesWithLifecycle;
  let tenantId: string;
  let workflowA: string;
  let workflowB: string;
  let serial = 0;

  beforeAll(async () => {
    opened = await testDb.open({ runWorkers: false });
    services = createServices(opened.config, { db: opened });
    await services.ready;
    const grant = await services.accounts.signUp({
      email: `retention-${Date.now()}@example.com`,
      password: 'Plenty-of-letters-42',
      firstName: 'Ada',
    });
    tenantId = grant.tenant.id;
    workflowA = grant.workflowId;
    const ctx = { tenantId, userId: grant.user.id, sessionId: '', role: 'owner' as const };
    workflowB = (await services.workflows.create(ctx, { name: 'Second' })).id;
  });
  afterAll(async () => {
    await services.close();
    await opened.close();
  });

  /** Stores an execution `ageDays` old (created and last changed then) with one step record. */
  async function store(workflowId: string, status: string, ageDays: number): Promise<string> {
    serial += 1;
    const id = `ex-${String(serial).padStart(5, '0')}`;
    const at = new Date(NOW - ageDays * DAY + serial).toISOString();
    const finished = !['queued', 'running', 'waiting'].includes(status);
    await opened.db
      .insertInto('executions')
      .values({
        id,
        tenant_id: tenantId,
        workflow_id: workflowId,
        workflow_revision: 1,
        status,
        trigger: 'webhook',
        trigger_data: '{"v":{}}',
        error: status === 'failed' ? 'Step "x" failed: no' : null,
        dedupe_key: null,
        resume_at: status === 'waiting' ? new Date(NOW + DAY).toISOString() : null,
        lease_until: null,
        cursor: null,
        attempt: 1,
        rerun_of: null,
        started_at: at,
        finished_at: finished ? at : null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await opened.db
      .insertInto('step_runs')
      .values({
        execution_id: id,
        step_id: 'st-1',
        status: 'succeeded',
        input: '{"v":{}}',
        output: '{"v":{"ok":true}}',
        error: null,
        attempts: 1,
        started_at: at,
        finished_at: at,
      })
      .execute();
    return id;
  }

  async function remaining(ids: string[]): Promise<{ executions: string[]; steps: string[] }> {
    if (ids.length === 0) return { executions: [], steps: [] };
    const executions = await opened.db.selectFrom('executions').select('id').where('id', 'in', ids).execute();
    const steps = await opened.db
      .selectFrom('step_runs')
      .select('execution_id')
      .where('execution_id', 'in', ids)
      .execute();
    return { executions: executions.map((r) => r.id).sort(), steps: steps.map((r) => r.execution_id).sort() };
  }

  async function clear(): Promise<void> {
    await opened.db.deleteFrom('step_runs').execute();
    await opened.db.deleteFrom('executions').execute();
  }

  const prune = (policy: Partial<RetentionPolicy>) =>
    createPruner({ db: opened.db, policy: { ...DEFAULT_RETENTION, ...policy }, now: () => NOW, logger: silent }).pass();

  it('deletes finished executions past their days with their step records, failed ones after their own days', async () => {
    await clear();
    const old = await Promise.all(
      ['succeeded', 'filtered', 'cancelled', 'not_run'].map((status) => store(workflowA, status, 31)),
    );
    const failedRecent = await store(workflowA, 'failed', 31);
    const failedOld = await store(workflowB, 'failed', 91);
    const fresh = await store(workflowA, 'succeeded', 29);
    const unfinished = await Promise.all(['queued', 'running', 'waiting'].map((s) => store(workflowB, s, 400)));

    const report = await prune({ keepPerWorkflow: 0 });

    expect(report).toEqual({ expired: 5, beyondCount: 0 });
    const kept = [failedRecent, fresh, ...unfinished].sort();
    expect(await remaining([...old, failedRecent, failedOld, fresh, ...unfinished])).toEqual({
      executions: kept,
      steps: kept,
    });
  });

  it('keeps the newest N of each workflow, never an unfinished one, and leaves other workflows alone', async () => {
    await clear();
    const a: string[] = [];
    for (let i = 0; i < 12; i++) a.push(await store(workflowA, i === 1 ? 'running' : 'succeeded', 10 - i * 0.1));
    const b = [await store(workflowB, 'succeeded', 5), await store(workflowB, 'failed', 5)];

    const report = await prune({ keepPerWorkflow: 5, keepDays: 0, keepFailedDays: 0 });

    // a[0..6] are beyond the newest 5 (a[7..11]); a[1] is still running.
    expect(report).toEqual({ expired: 0, beyondCount: 6 });
    const kept = [a[1], ...a.slice(7), ...b].sort();
    expect(await remaining([...a, ...b])).toEqual({ executions: kept, steps: kept });
  });

  it('deletes in small batches until nothing is left, in one pass', async () => {
    await clear();
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push(await store(workflowA, i % 2 ? 'succeeded' : 'failed', 100));
    const waiting = await store(workflowA, 'waiting', 100);

    const report = await prune({ batchSize: 4, keepPerWorkflow: 0 });

    expect(report.expired).toBe(23);
    expect(await remaining([...ids, waiting])).toEqual({ executions: [waiting], steps: [waiting] });
  });

  it('runs in the background of a started engine and stops with it', async () => {
    await clear();
    const old = await store(workflowA, 'succeeded', 365 * 5);
    const engine = createServices({ ...opened.config, executionRetention: { intervalMs: 100 } }, { db: opened });
    await engine.ready;
    try {
      for (let i = 0; i < 400 && (await remaining([old])).executions.length > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await remaining([old])).toEqual({ executions: [], steps: [] });
    } finally {
      await engine.close();
    }
  });
});
