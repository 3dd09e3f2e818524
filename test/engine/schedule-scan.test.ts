/**
 * The in-process scanner with more schedules due on one tick than it reads in a batch (500):
 * 1,200 schedules every minute, all ON, fire that tick exactly once each (the scan reads on while
 * batches come back full, engine/triggers/scheduler.ts), on SQLite and PostgreSQL.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/store/database.js';
import { readAny } from '../../server/src/store/repos/engine-rows.js';
import { openTestDatabases } from '../api/harness.js';
import type { OpenTestDatabase } from '../../server/src/store/test-db.js';
import {
  type Clock,
  createClock,
  createWorkflow,
  type CrmUser,
  freePort,
  type Junction,
  scheduleWorkflow,
  signUpWithCrm,
  startJunction,
} from './triggers-support.js';

const SCHEDULES = 1200;

describe.each(openTestDatabases())('a tick of many schedules on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  let clock: Clock;
  let j: Junction;
  let user: CrmUser;

  beforeAll(async () => {
    const port = await freePort();
    opened = await testDb.open({ port, publicUrl: `http://127.0.0.1:${port}`, triggerScanMs: 20 });
    clock = createClock();
    j = await startJunction(opened.config, clock);
    user = await signUpWithCrm(j);
  });

  afterAll(async () => {
    await j?.close();
    await opened?.close();
  });

  it(`fires each of ${SCHEDULES} schedules due on one minute once, for that minute`, async () => {
    const db = opened.db as Kysely<Database>;
    const first = await createWorkflow(j, user.token, scheduleWorkflow({ frequency: 'minutes', every: 1 }));
    const on = await j.call('PUT', `/api/workflows/${first}/active`, { token: user.token, body: { active: true } });
    expect(on.status, on.text).toBe(200);
    // Copies of its row and of its armed subscription, due on the same tick.
    const series =
      testDb.dialect === 'sqlite'
        ? sql`WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${sql.lit(SCHEDULES - 1)})`
        : sql`WITH s(n) AS (SELECT generate_series(1, ${sql.lit(SCHEDULES - 1)}))`;
    const id = testDb.dialect === 'sqlite' ? sql`printf('s%06d', s.n)` : sql`'s' || lpad(s.n::text, 6, '0')`;
    for (const [table, key] of [
      ['workflows', 'id'],
      ['trigger_subscriptions', 'workflow_id'],
    ] as const) {
      const template =
        (
          await sql<
            Record<string, unknown>
          >`SELECT * FROM ${sql.table(table)} WHERE ${sql.ref(key)} = ${first}`.execute(db)
        ).rows[0] ?? {};
      const columns = Object.keys(template);
      const value = (c: string) => (c === key ? id : c === 'hook_key' ? sql`NULL` : sql`t.${sql.ref(c)}`);
      await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) ${series}
        SELECT ${sql.join(columns.map(value))} FROM s CROSS JOIN ${sql.table(table)} t WHERE t.${sql.ref(key)} = ${first}`.execute(
        db,
      );
    }
    const due = (
      await db
        .selectFrom('trigger_subscriptions')
        .select('next_run_at')
        .where('workflow_id', '=', first)
        .executeTakeFirstOrThrow()
    ).next_run_at as string;
    clock.advance(Date.parse(due) - clock.now() + 1000);

    // Bounded wait until every run is in and every subscription moved on (claimed after the runs commit).
    const nextMinute = new Date(Date.parse(due) + 60_000).toISOString();
    const moved = async () =>
      Number(
        (
          await db
            .selectFrom('trigger_subscriptions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('next_run_at', '=', nextMinute)
            .executeTakeFirstOrThrow()
        ).n,
      );
    let runs: { workflow_id: string; trigger_data: unknown }[] = [];
    for (let i = 0; i < 1200 && (runs.length < SCHEDULES || (await moved()) < SCHEDULES); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      runs = await db
        .selectFrom('executions')
        .select(['workflow_id', 'trigger_data'])
        .where('trigger', '=', 'schedule')
        .execute();
    }
    expect(runs).toHaveLength(SCHEDULES);
    expect(new Set(runs.map((r) => r.workflow_id)).size).toBe(SCHEDULES);
    expect(new Set(runs.map((r) => (readAny(r.trigger_data) as { scheduledAt: string }).scheduledAt))).toEqual(
      new Set([due]),
    );
    // Every subscription moved on to the next minute.
    const next = await db
      .selectFrom('trigger_subscriptions')
      .select('next_run_at')
      .where('kind', '=', 'schedule')
      .execute();
    expect(new Set(next.map((r) => r.next_run_at))).toEqual(new Set([nextMinute]));
  }, 120_000);
});
