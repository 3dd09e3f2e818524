/**
 * The dashboard's counts (GET /api/executions/stats) read the per-day summary of migration 0022
 * (`run_counts`), kept by the database as runs end: they match the stored runs after runs
 * succeed, fail, are filtered, re-run and cancelled (on SQLite through the engine's fast path,
 * on PostgreSQL through Kysely's statements), keep counting runs that retention pruned
 * (docs/runs-at-scale.md "The dashboard's counts"), and the migration back-fills them from the
 * stored runs.
 */
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPruner, DEFAULT_RETENTION } from '../../server/src/engine/retention.js';
import type { Database } from '../../server/src/store/database.js';
import { createMigrationProvider } from '../../server/src/store/migrations/index.js';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { AMOUNT_OVER_10, createWorkflow, DONE, hookPathOf, STEP, startTarget, type Target } from '../engine/support.js';

const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

describe.each(openTestDatabases())('dashboard counts from the run summary on $dialect', (testDb) => {
  let h: ApiHarness;
  let target: Target;
  let owner: Account;
  let db: Kysely<Database>;

  beforeAll(async () => {
    target = await startTarget();
    h = await openHarness(testDb, { allowedHosts: target.host, stepTimeoutMs: 2000, stepRetries: 0 });
    owner = await signUp(h, 'run-counts');
    db = h.db.db as Kysely<Database>;
  });

  afterAll(async () => {
    await h?.close();
    await target?.close();
  });

  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  const stats = async (): Promise<any> => {
    const res = await h.call('GET', '/api/executions/stats?days=30', { token: owner.token });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };

  /** The workspace's stored runs by status, read straight from `executions`. */
  async function stored(): Promise<Record<string, number>> {
    const rows = await db
      .selectFrom('executions')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', owner.tenantId)
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  /** Polls the workspace's runs (bounded) until `count` are in `statuses`; answers them. */
  async function until(count: number, statuses: Set<string>, workflowId: string) {
    for (let i = 0; i < 400; i++) {
      const res = await h.call('GET', `/api/executions?workflowId=${workflowId}&limit=200`, { token: owner.token });
      const items = (res.json.items ?? []).filter((r: { status: string }) => statuses.has(r.status));
      if (items.length >= count) return items;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`never ${count} runs of ${workflowId} in ${[...statuses].join(', ')}`);
  }

  const totalsOf = (byStatus: Record<string, number>) => ({
    succeeded: byStatus.succeeded ?? 0,
    failed: byStatus.failed ?? 0,
    other: Object.entries(byStatus)
      .filter(([status]) => status !== 'succeeded' && status !== 'failed')
      .reduce((sum, [, n]) => sum + n, 0),
  });

  it('counts runs that succeed, fail, are filtered, re-run and cancelled, as the stored runs say', async () => {
    // Four runs pass the filter (amount 5 does not): the first 2 calls fail, the next 2 succeed.
    const flaky = await createWorkflow(h, owner.token, {
      url: target.url('/fail/counts?times=2'),
      filter: AMOUNT_OVER_10,
      name: 'Flaky',
    });
    const flakyPath = await hookPathOf(h, owner.token, flaky);
    for (const amount of [20, 21, 22, 23, 5]) {
      expect((await h.call('POST', flakyPath, { body: { amount } })).status).toBe(200);
    }
    const failed = await until(2, new Set(['failed']), flaky);
    await until(5, DONE, flaky);
    // Re-run one failed run: a new run that succeeds; the failed one stays counted.
    const rerun = await h.call('POST', `/api/executions/${failed[0].id}/rerun`, {
      token: owner.token,
      body: { fromStepId: STEP.http, version: 'original' },
    });
    expect(rerun.status, rerun.text).toBe(202);
    await until(3, new Set(['succeeded']), flaky);

    // Two runs wait in an hour's delay; one is cancelled.
    const waits = await createWorkflow(h, owner.token, { url: target.url('/ok'), delaySeconds: 3600, name: 'Waits' });
    const waitsPath = await hookPathOf(h, owner.token, waits);
    for (const amount of [1, 2]) await h.call('POST', waitsPath, { body: { amount } });
    const waiting = await until(2, new Set(['waiting']), waits);
    const cancel = await h.call('POST', `/api/executions/${waiting[0].id}/cancel`, { token: owner.token });
    expect(cancel.status, cancel.text).toBe(200);

    const truth = await stored();
    expect(truth).toEqual({ succeeded: 3, failed: 2, filtered: 1, cancelled: 1, waiting: 1 });
    const month = await stats();
    expect(month.totals).toEqual(totalsOf(truth));
    expect(month.days.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), ...totalsOf(truth) });
    expect(month.topFailing).toEqual([{ workflowId: flaky, name: 'Flaky', failed: 2 }]);
    expect(month.waiting).toBe(1);
    expect(month.failureRate).toBeCloseTo(2 / 5);
  });

  it('keeps counting the runs retention pruned', async () => {
    const before = await stats();
    const pruned = await createPruner({
      db,
      policy: { ...DEFAULT_RETENTION, keepDays: 0, keepFailedDays: 0, keepPerWorkflow: 1 },
      now: () => Date.now(),
      logger: silent,
    }).pass();
    expect(pruned.beyondCount).toBeGreaterThan(0);
    const left = await stored();
    expect(Object.values(left).reduce((a, b) => a + b, 0)).toBeLessThan(8);
    expect(await stats()).toEqual(before);
  });

  it('back-fills the summary from the stored runs when the migration runs', async () => {
    const schema =
      testDb.dialect === 'postgres'
        ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]?.schema
        : undefined;
    const migrator = new Migrator({
      db,
      provider: createMigrationProvider(testDb.dialect),
      migrationTableSchema: schema,
    });
    const names = Object.keys(await createMigrationProvider(testDb.dialect).getMigrations());
    const at = names.indexOf('0022-run-counts');
    expect(at).toBeGreaterThan(0);
    // Back to before 0022 (and whatever came after it), then forward again.
    const down = await migrator.migrateTo(names[at - 1] as string);
    expect(down.error).toBeUndefined();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    // The summary is rebuilt from the runs still stored: what they say, not what was pruned.
    const truth = await stored();
    const ended = Object.fromEntries(Object.entries(truth).filter(([status]) => status !== 'waiting'));
    const rows = await db
      .selectFrom('run_counts')
      .select(['status', (eb) => eb.fn.sum<number>('count').as('n')])
      .where('tenant_id', '=', owner.tenantId)
      .groupBy('status')
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))).toEqual(ended);
    expect((await stats()).totals).toEqual(totalsOf(truth));
  });
});
