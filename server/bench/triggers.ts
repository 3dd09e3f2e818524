/**
 * Schedules and polling at scale (many workflows: schedule drift and the scanner's CPU), on SQLite and (with TEST_DATABASE_URL and
 * `--databases sqlite,postgres`) PostgreSQL, with the in-process trigger scanner (TRIGGER_SCAN_MS,
 * default 1 s) and the real clock.
 *
 * 1. Drift: one Schedule workflow (every minute) made and switched ON through the API, then its
 *    workflow row and armed subscription copied straight into the store until `--schedules` are
 *    ON (default 1,000). For `--ticks` minute ticks (default 2), each run's drift is its
 *    execution's `created_at` (when ingest recorded it) minus the tick it stands for
 *    (`scheduledAt` in its trigger data): p50/p95/p99/max, and how many of the expected runs came.
 * 2. Polling CPU: for each of `--sizes` (default 1,000, 5,000, 10,000 workflows in the
 *    workspace), `--polls` (default 1,000) Demo CRM "New contact" polling workflows ON — one
 *    through the API, the rest copies, every poll due at once — against Junction's own Demo CRM
 *    API on 127.0.0.1, the rest of the workspace OFF copies. After one warm-up minute, this
 *    process's CPU (user + system: the scanner, the polls' requests and the Demo CRM answering
 *    them) over `--minutes` (default 2), per minute, beside the same process idle (no trigger ON).
 *
 *   npm run bench:triggers -- [--schedules 1000] [--ticks 2] [--polls 1000]
 *                             [--sizes 1000,5000,10000] [--minutes 2] [--databases sqlite]
 *                             [--parts drift,polling]
 *
 * Loopback only; every wait is bounded in count and time.
 */
import { cpus, loadavg } from 'node:os';
import { type Kysely, sql } from 'kysely';
import { flag } from './support.js';

const MINUTE = 60_000;
const scheduleCount = Number(flag('schedules') ?? 1000);
const ticks = Number(flag('ticks') ?? 2);
const pollCount = Number(flag('polls') ?? 1000);
const sizes = (flag('sizes') ?? '1000,5000,10000').split(',').map(Number);
const minutes = Number(flag('minutes') ?? 2);
const parts = (flag('parts') ?? 'drift,polling').split(',');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function quantiles(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN;
  return { p50: q(0.5), p95: q(0.95), p99: q(0.99), max: s.at(-1) ?? Number.NaN };
}

/** This process's CPU (user + system) in ms since `from`. */
const cpuSince = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};

/** Copies a row of `table` (`where` picks it) `count` times over a generated series, with `overrides` per copy. */
async function copyRows(
  db: Kysely<never>,
  dialect: 'sqlite' | 'postgres',
  table: 'workflows' | 'trigger_subscriptions',
  where: ReturnType<typeof sql>,
  count: number,
  overrides: (n: ReturnType<typeof sql>) => Record<string, unknown>,
): Promise<void> {
  if (count <= 0) return;
  const template = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} t WHERE ${where}`.execute(db))
    .rows[0];
  if (!template) throw new Error(`no ${table} row to copy`);
  const series =
    dialect === 'sqlite'
      ? sql`WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${sql.lit(count)})`
      : sql`WITH s(n) AS (SELECT generate_series(1, ${sql.lit(count)}))`;
  const given = overrides(sql`s.n`);
  const columns = Object.keys(template);
  await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) ${series}
    SELECT ${sql.join(columns.map((c) => given[c] ?? sql`t.${sql.ref(c)}`))}
    FROM s CROSS JOIN ${sql.table(table)} t WHERE ${where}`.execute(db);
}

/** A copy's id: `prefix` + the series number, six digits. */
const copyId = (dialect: 'sqlite' | 'postgres', prefix: string, n: ReturnType<typeof sql>) =>
  dialect === 'sqlite' ? sql`printf(${`${prefix}%06d`}, ${n})` : sql`${prefix} || lpad(${n}::text, 6, '0')`;

async function openJunction(dialect: 'sqlite' | 'postgres') {
  const { openTestDatabases } = await import('../src/store/test-db.js');
  const support = await import('../../test/engine/triggers-support.js');
  const database = openTestDatabases().find((d) => d.dialect === dialect);
  if (!database) throw new Error(`no ${dialect} database`);
  const port = await support.freePort();
  const opened = await database.open({
    port,
    publicUrl: `http://127.0.0.1:${port}`,
    logLevel: 'silent',
    rateLimits: false,
    env: 'production',
    webhookQueueLimit: 1_000_000,
  });
  const j = await support.startJunction(opened.config, { ms: 0, now: () => Date.now(), advance() {} });
  const user = await support.signUpWithCrm(j);
  const db = opened.db as unknown as Kysely<never>;
  return {
    j,
    user,
    db,
    support,
    async close() {
      await j.close();
      await opened.close();
    },
  };
}

async function drift(dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const junction = await openJunction(dialect);
  const { j, user, db, support } = junction;
  try {
    const first = await support.createWorkflow(
      j,
      user.token,
      support.scheduleWorkflow({ frequency: 'minutes', every: 1 }),
    );
    const on = await j.call('PUT', `/api/workflows/${first}/active`, { token: user.token, body: { active: true } });
    if (on.status !== 200) throw new Error(`schedule ON answered ${on.status}: ${on.text}`);
    await copyRows(db, dialect, 'workflows', sql`t.id = ${first}`, scheduleCount - 1, (n) => ({
      id: copyId(dialect, 's', n),
      name: sql`'Every minute ' || ${n}`,
      hook_key: sql`NULL`,
    }));
    await copyRows(db, dialect, 'trigger_subscriptions', sql`t.workflow_id = ${first}`, scheduleCount - 1, (n) => ({
      workflow_id: copyId(dialect, 's', n),
    }));
    // The ticks measured: the next `ticks` minute boundaries at least 5 s away.
    const firstTick = Math.ceil((Date.now() + 5000) / MINUTE) * MINUTE;
    const lastTick = firstTick + (ticks - 1) * MINUTE;
    const cpu0 = process.cpuUsage();
    const wall0 = Date.now();
    const count = async () =>
      Number(
        (
          await sql<{ n: number }>`SELECT count(*) AS n FROM executions WHERE "trigger" = 'schedule'
            AND created_at >= ${new Date(firstTick).toISOString()}`.execute(db)
        ).rows[0]?.n ?? 0,
      );
    // Bounded: until every expected run of the last tick is in, or 30 s after it.
    while (Date.now() < lastTick + 30_000 && (await count()) < scheduleCount * ticks) await sleep(500);
    const cpuPerMinute = (cpuSince(cpu0) / (Date.now() - wall0)) * MINUTE;
    const rows = await sql<{
      created_at: string;
      trigger_data: unknown;
    }>`SELECT created_at, trigger_data FROM executions
      WHERE "trigger" = 'schedule' AND created_at >= ${new Date(firstTick).toISOString()}`.execute(db);
    const { readAny } = await import('../src/store/repos/engine-rows.js');
    const drifts = rows.rows.flatMap((r) => {
      const data = readAny(r.trigger_data) as { scheduledAt?: string } | null;
      const planned = Date.parse(data?.scheduledAt ?? '');
      return Number.isNaN(planned) || planned > lastTick ? [] : [Date.parse(r.created_at) - planned];
    });
    const q = quantiles(drifts);
    const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    return [
      `| ${label} | ${scheduleCount} | ${ticks} | ${drifts.length} / ${scheduleCount * ticks} | ${q.p50.toFixed(0)} | ${q.p95.toFixed(0)} | ${q.p99.toFixed(0)} | ${q.max.toFixed(0)} | ${q.p99 <= 1000 ? 'yes' : 'no'} | ${cpuPerMinute.toFixed(0)} | ${load()} |`,
    ];
  } finally {
    await junction.close();
  }
}

async function polling(dialect: 'sqlite' | 'postgres', size: number, polls: number): Promise<string> {
  const junction = await openJunction(dialect);
  const { j, user, db, support } = junction;
  try {
    let made = 1; // the sign-up's starter workflow
    if (polls > 0) {
      const first = await support.createWorkflow(j, user.token, support.pollingWorkflow(user.credentialId));
      const on = await j.call('PUT', `/api/workflows/${first}/active`, { token: user.token, body: { active: true } });
      if (on.status !== 200) throw new Error(`polling ON answered ${on.status}: ${on.text}`);
      await copyRows(db, dialect, 'workflows', sql`t.id = ${first}`, polls - 1, (n) => ({
        id: copyId(dialect, 'p', n),
        name: sql`'Poll ' || ${n}`,
        hook_key: sql`NULL`,
      }));
      // Every copy due now: the scanner meets them all at once, each minute.
      await copyRows(db, dialect, 'trigger_subscriptions', sql`t.workflow_id = ${first}`, polls - 1, (n) => ({
        workflow_id: copyId(dialect, 'p', n),
        next_run_at: sql`${new Date().toISOString()}`,
      }));
      made += polls;
    }
    // The rest of the workspace: OFF copies of the starter.
    const starter = (
      await sql<{
        id: string;
      }>`SELECT id FROM workflows WHERE tenant_id = ${user.tenantId} ORDER BY created_at LIMIT 1`.execute(db)
    ).rows[0]?.id;
    await copyRows(db, dialect, 'workflows', sql`t.id = ${starter ?? ''}`, size - made, (n) => ({
      id: copyId(dialect, 'o', n),
      name: sql`'Off ' || ${n}`,
      hook_key: sql`NULL`,
      active: sql`0`,
    }));
    await sleep(MINUTE); // warm-up: the first round of polls
    const cpu0 = process.cpuUsage();
    const wall0 = Date.now();
    // The last minute of the window: every subscription polled in it (POLL_INTERVAL_MS 60 s).
    await sleep((minutes - 1) * MINUTE);
    const lastMinute = new Date().toISOString();
    await sleep(MINUTE);
    const cpuPerMinute = (cpuSince(cpu0) / (Date.now() - wall0)) * MINUTE;
    const polled = await polledSince(db, lastMinute);
    const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    return `| ${label} | ${size} | ${polls} | ${cpuPerMinute.toFixed(0)} | ${polled} / ${polls} | ${polls > 0 && polled > 0 ? (cpuPerMinute / polled).toFixed(2) : ''} | ${load()} |`;
  } finally {
    await junction.close();
  }
}

/** Polling subscriptions whose last poll ran at or after `since` (each records its run). */
async function polledSince(db: Kysely<never>, since: string): Promise<number> {
  const rows = await sql<{ n: number }>`SELECT count(*) AS n FROM trigger_subscriptions WHERE kind = 'polling'
    AND last_run_at >= ${since}`.execute(db);
  return Number(rows.rows[0]?.n ?? 0);
}

async function main(): Promise<void> {
  const databases = (flag('databases') ?? 'sqlite').split(',') as ('sqlite' | 'postgres')[];
  const lines = [
    `Schedules and polling at scale; ${cpus().length} CPUs, load average at start ${load()}`,
    '',
    '| database | schedules ON | ticks | runs seen / expected | drift p50 (ms) | p95 (ms) | p99 (ms) | max (ms) | p99 ≤ 1 s | CPU ms / min | load average |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: | ---: | --- |',
  ];
  if (parts.includes('drift')) for (const d of databases) lines.push(...(await drift(d)));
  lines.push(
    '',
    '| database | workflows | polling ON | CPU ms / min | polled in the last minute | CPU ms / poll | load average |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  for (const d of parts.includes('polling') ? databases : []) {
    lines.push(await polling(d, sizes[0] ?? 1000, 0));
    for (const size of sizes) lines.push(await polling(d, size, pollCount));
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exit(0);
}

await main();
