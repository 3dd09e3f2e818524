/**
 * Stored history for bench:history (history.ts): copies of one real finished execution and its
 * step records generated straight into the store, a batch per statement (SQLite's recursive
 * CTE, PostgreSQL's generate_series), and the bytes the engine's tables take.
 *
 * Row n (0 ≤ n < total) belongs to workflow n mod W, is `h` + n in nine digits, was created
 * `spanMs × (total − n) / total` ago (so the oldest tenth is older than `keepDays`), and has
 * status failed when n mod 20 = 0, filtered when n mod 20 = 1, else succeeded. Its trigger data
 * carries its own e-mail address (`user<n>@example.com`) so a search has something to find.
 */
import { statSync } from 'node:fs';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../src/store/database.js';

type Dialect = 'sqlite' | 'postgres';

/** What a fill is made of. */
export interface FillPlan {
  dialect: Dialect;
  db: Kysely<Database>;
  /** The real execution every generated one copies (its step records too). */
  templateId: string;
  /** The workflows the rows are spread over, round robin. */
  workflowIds: string[];
  total: number;
  /** Rows per INSERT statement. */
  batch: number;
  /** Now, in ms since the epoch, and how far back the history reaches. */
  now: number;
  spanMs: number;
  /** The fill stops (with fewer rows) once this much time has gone by. */
  budgetMs: number;
  progress?: (done: number) => void;
}

/** Row n's creation time, as the fill writes it (ISO, ms). */
export function rowTime(plan: Pick<FillPlan, 'now' | 'spanMs' | 'total'>, n: number): string {
  return new Date(Math.round(plan.now - (plan.spanMs * (plan.total - n)) / plan.total)).toISOString();
}

/** Row n's id. */
export function rowId(n: number): string {
  return `h${String(n).padStart(9, '0')}`;
}

function expressions(plan: FillPlan) {
  const q = (s: string) => sql.lit(s);
  const cases = plan.workflowIds.map((id, i) => sql`WHEN ${sql.lit(i)} THEN ${q(id)}`);
  const workflow = sql`CASE (s.n % ${sql.lit(plan.workflowIds.length)}) ${sql.join(cases, sql` `)} END`;
  const status = sql`CASE WHEN s.n % 20 = 0 THEN 'failed' WHEN s.n % 20 = 1 THEN 'filtered' ELSE 'succeeded' END`;
  const base = plan.now - plan.spanMs;
  const perRow = plan.spanMs / plan.total;
  if (plan.dialect === 'sqlite') {
    const at = (extraMs: number) =>
      sql`strftime('%Y-%m-%dT%H:%M:%fZ', (${sql.lit(base + extraMs)} + s.n * ${sql.lit(perRow)}) / 1000.0, 'unixepoch')`;
    return {
      series: (from: number, to: number) =>
        sql`WITH RECURSIVE s(n) AS (SELECT ${sql.lit(from)} UNION ALL SELECT n + 1 FROM s WHERE n < ${sql.lit(to - 1)})`,
      id: sql`printf('h%09d', s.n)`,
      workflow,
      status,
      at,
      trigger: sql`'{"amount":' || (s.n % 1000) || ',"name":"Ada","email":"user' || s.n || '@example.com"}'`,
    };
  }
  const at = (extraMs: number) =>
    sql`to_char(timestamp 'epoch' + (${sql.lit(base + extraMs)} + s.n * ${sql.lit(perRow)}) * interval '1 millisecond', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return {
    series: (from: number, to: number) =>
      sql`WITH s(n) AS (SELECT generate_series(${sql.lit(from)}::bigint, ${sql.lit(to - 1)}::bigint))`,
    id: sql`'h' || lpad(s.n::text, 9, '0')`,
    workflow,
    status,
    at,
    trigger: sql`('{"amount":' || (s.n % 1000) || ',"name":"Ada","email":"user' || s.n || '@example.com"}')::jsonb`,
  };
}

/** Generates the history; answers how many executions were written and in how many ms. */
export async function fillHistory(plan: FillPlan): Promise<{ written: number; ms: number }> {
  const { db } = plan;
  const template = await db.selectFrom('executions').selectAll().where('id', '=', plan.templateId).executeTakeFirst();
  if (!template) throw new Error('no template execution');
  // Every workflow has the template's version, so each generated run opens with its document.
  const version = await db
    .selectFrom('workflow_versions')
    .selectAll()
    .where('workflow_id', '=', template.workflow_id)
    .where('revision', '=', template.workflow_revision)
    .executeTakeFirstOrThrow();
  for (const workflowId of plan.workflowIds) {
    await db
      .insertInto('workflow_versions')
      .values({ ...version, workflow_id: workflowId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const e = expressions(plan);
  const overrides: Record<string, RawBuilder<unknown>> = {
    id: e.id,
    workflow_id: e.workflow,
    status: e.status,
    trigger_data: e.trigger,
    error: sql`CASE WHEN s.n % 20 = 0 THEN 'The request failed with status 500' ELSE NULL END`,
    dedupe_key: sql`NULL`,
    created_at: e.at(0),
    started_at: e.at(5),
    finished_at: e.at(60),
    updated_at: e.at(60),
  };
  const columns = Object.keys(template);
  const select = columns.map((c) => overrides[c] ?? sql`t.${sql.ref(c)}`);
  const stepColumns = Object.keys(
    (await db.selectFrom('step_runs').selectAll().where('execution_id', '=', plan.templateId).executeTakeFirst()) ?? {},
  );
  const stepOverrides: Record<string, RawBuilder<unknown>> = {
    execution_id: e.id,
    started_at: e.at(10),
    finished_at: e.at(50),
  };
  const stepSelect = stepColumns.map((c) => stepOverrides[c] ?? sql`t.${sql.ref(c)}`);
  const begin = Date.now();
  let written = 0;
  while (written < plan.total && Date.now() - begin < plan.budgetMs) {
    const to = Math.min(plan.total, written + plan.batch);
    await db.transaction().execute(async (tx) => {
      await sql`INSERT INTO executions (${sql.join(columns.map((c) => sql.ref(c)))})
        ${e.series(written, to)}
        SELECT ${sql.join(select)} FROM s CROSS JOIN executions t WHERE t.id = ${plan.templateId}`.execute(tx);
      if (stepColumns.length > 0) {
        await sql`INSERT INTO step_runs (${sql.join(stepColumns.map((c) => sql.ref(c)))})
          ${e.series(written, to)}
          SELECT ${sql.join(stepSelect)} FROM s CROSS JOIN step_runs t WHERE t.execution_id = ${plan.templateId}`.execute(
          tx,
        );
      }
    });
    written = to;
    plan.progress?.(written);
  }
  await sql`ANALYZE`.execute(db);
  return { written, ms: Date.now() - begin };
}

/** Bytes of the engine's tables with their indexes, and of the whole database. */
export async function engineBytes(
  dialect: Dialect,
  db: Kysely<Database>,
  sqliteFile: string | undefined,
): Promise<{ engine: number; indexes: number; all: number }> {
  if (dialect === 'postgres') {
    const r = (
      await sql<{ engine: string; indexes: string; all: string }>`
      SELECT (pg_total_relation_size('executions') + pg_total_relation_size('step_runs'))::text AS engine,
             (pg_indexes_size('executions') + pg_indexes_size('step_runs'))::text AS indexes,
             (SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = current_schema() AND c.relkind = 'r')::text AS all`.execute(db)
    ).rows[0];
    return { engine: Number(r.engine), indexes: Number(r.indexes), all: Number(r.all) };
  }
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  const r = (
    await sql<{ engine: number; indexes: number }>`
    SELECT sum(pgsize) AS engine,
           sum(CASE WHEN name IN (SELECT name FROM sqlite_master WHERE type = 'index') THEN pgsize ELSE 0 END) AS indexes
    FROM dbstat WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name IN ('executions','step_runs'))`
      .execute(db)
      .catch(() => ({ rows: [{ engine: Number.NaN, indexes: Number.NaN }] }))
  ).rows[0];
  return { engine: Number(r.engine), indexes: Number(r.indexes), all: statSync(sqliteFile ?? '').size };
}
