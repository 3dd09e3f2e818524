/**
 * Many workflows in one workspace: the workflows list and the dashboard's list at 1,000, 5,000
 * and 10,000 workflows, on SQLite and (when TEST_DATABASE_URL is set) PostgreSQL.
 *
 * For each size: Junction in process; one workflow (webhook → filter → HTTP GET) made through
 * the API, then copies of its row generated straight into `workflows` (a tenth of them ON), and
 * one finished run each (history-fill.ts), so the dashboard's "latest run" has something to
 * find. Then `--tries` GETs through the HTTP stack, p50/p95 in ms, of what the screens read: each
 * list's first page (50) and the next, a search on the server, and the home (the workflows of
 * the newest runs with the workspace's counts); CPU is this process's user + system time per
 * request (what the read costs the server, which waiting for a core does not inflate).
 *
 *   npm run bench:workflows -- [--sizes 1000,5000,10000] [--tries 30] [--databases sqlite,postgres]
 *
 * Not measured yet (see BENCHMARKS.md "Many workflows"): schedule fire drift and the trigger
 * scanner's CPU with 1,000 schedules and 1,000 polls ON.
 *
 * Loopback only; every loop is bounded in count and time.
 */
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { sql } from 'kysely';
import { fillHistory } from './history-fill.js';
import { flag, listenWithUser } from './support.js';

const sizes = (flag('sizes') ?? '1000,5000,10000').split(',').map(Number);
const tries = Number(flag('tries') ?? 30);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');

function quantiles(times: number[]): { p50: number; p95: number } {
  const s = [...times].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN;
  return { p50: q(0.5), p95: q(0.95) };
}

async function onDatabase(dialect: 'sqlite' | 'postgres', size: number): Promise<string[]> {
  const { openTestDatabases } = await import('../src/store/test-db.js');
  const { createApp } = await import('../src/app.js');
  const { hookWorkflow, AMOUNT_OVER_10 } = await import('../../test/engine/support.js');
  const database = openTestDatabases().find((d) => d.dialect === dialect);
  if (!database) throw new Error(`no ${dialect} database`);
  const server = http.createServer((req, res) => {
    req.resume();
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const opened = await database.open({
    logLevel: 'silent',
    rateLimits: false,
    env: 'production',
    allowedHosts: `127.0.0.1:${port}`,
    executionRetention: { keepDays: 0, keepFailedDays: 0, keepPerWorkflow: 0 },
  });
  const app = await createApp(opened.config);
  try {
    const { call, token } = await listenWithUser(app);
    const document = hookWorkflow('bench', { url: `http://127.0.0.1:${port}/t`, filter: AMOUNT_OVER_10 });
    const first = await call('POST', '/api/workflows', { name: 'Many 0', active: true, document }, token);
    const hook = await call('GET', `/api/workflows/${first.id}/hook`, undefined, token);
    await app.inject({ method: 'POST', url: new URL(hook.url).pathname, payload: { amount: 42 } });
    let templateId = '';
    for (let i = 0; i < 200 && !templateId; i++) {
      const page = await call('GET', `/api/workflows/${first.id}/executions?status=succeeded`, undefined, token);
      templateId = page.items[0]?.id ?? '';
      if (!templateId) await new Promise((r) => setTimeout(r, 100));
    }
    if (!templateId) throw new Error('the template run did not finish');
    // Copies of the first workflow's row (OFF; every tenth ON), ids m000001…, created a second apart.
    const begin = Date.now();
    const base = Date.now() - size * 1000;
    const series =
      dialect === 'sqlite'
        ? sql`WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${sql.lit(size - 1)})`
        : sql`WITH s(n) AS (SELECT generate_series(1, ${sql.lit(size - 1)}))`;
    const id = dialect === 'sqlite' ? sql`printf('m%06d', s.n)` : sql`'m' || lpad(s.n::text, 6, '0')`;
    const at =
      dialect === 'sqlite'
        ? sql`strftime('%Y-%m-%dT%H:%M:%fZ', (${sql.lit(base)} + s.n * 1000) / 1000.0, 'unixepoch')`
        : sql`to_char(timestamp 'epoch' + (${sql.lit(base)} + s.n * 1000) * interval '1 millisecond', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const template = await opened.db
      .selectFrom('workflows')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    const overrides: Record<string, unknown> = {
      id,
      name: sql`'Many ' || s.n`,
      active: sql`CASE WHEN s.n % 10 = 0 THEN 1 ELSE 0 END`,
      hook_key: sql`NULL`,
      created_at: at,
      updated_at: at,
    };
    const columns = Object.keys(template);
    await sql`INSERT INTO workflows (${sql.join(columns.map((c) => sql.ref(c)))}) ${series}
      SELECT ${sql.join(columns.map((c) => overrides[c] ?? sql`t.${sql.ref(c)}`))}
      FROM s CROSS JOIN workflows t WHERE t.id = ${first.id}`.execute(opened.db);
    const ids = (await opened.db.selectFrom('workflows').select('id').execute()).map((r) => r.id);
    await fillHistory({
      dialect,
      db: opened.db,
      templateId,
      workflowIds: ids,
      total: ids.length,
      batch: 20_000,
      now: Date.now(),
      spanMs: 86_400_000,
      budgetMs: 600_000,
    });
    const fillSeconds = (Date.now() - begin) / 1000;
    const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const rows: string[] = [];
    const auth = { authorization: `Bearer ${token}` };
    const firstPage = JSON.parse((await app.inject({ method: 'GET', url: '/api/workflows', headers: auth })).body);
    if (firstPage.total !== ids.length) throw new Error(`workflows list: total ${firstPage.total}, not ${ids.length}`);
    const second = `/api/workflows?cursor=${encodeURIComponent(firstPage.nextCursor ?? '')}`;
    // What the screens read: a page of 50 (the lists' default), a search on the server, the home.
    for (const [name, url] of [
      ['workflows list, first page (50)', '/api/workflows'],
      ['workflows list, next page (cursor)', second],
      ['workflows list, search by name', '/api/workflows?q=many%20123'],
      ['dashboard list, first page (50)', '/api/dashboard/workflows'],
      ['dashboard list, search by app label', '/api/dashboard/workflows?q=http%20request'],
      ['dashboard home (latest runs, counts)', '/api/dashboard/workflows?order=lastRun'],
    ] as const) {
      const times: number[] = [];
      const cpu: number[] = [];
      const deadline = Date.now() + 120_000;
      for (let i = 0; i < tries + 2 && Date.now() < deadline; i++) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: auth });
        const ms = performance.now() - t0;
        const used = process.cpuUsage(c0);
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (i >= 2) {
          times.push(ms);
          cpu.push((used.user + used.system) / 1000);
        }
        if (i === 0 && JSON.parse(res.body).items.length === 0) throw new Error(`${name}: no workflow`);
      }
      const q = quantiles(times);
      const c = quantiles(cpu);
      rows.push(
        `| ${label} | ${ids.length} | ${name} | ${q.p50.toFixed(1)} | ${q.p95.toFixed(1)} | ${q.p95 <= 200 ? 'yes' : 'no'} | ${c.p50.toFixed(1)} / ${c.p95.toFixed(1)} | ${times.length} | ${load()} |`,
      );
    }
    process.stderr.write(`${label} ${size}: filled in ${fillSeconds.toFixed(0)} s\n`);
    return rows;
  } finally {
    await app.close();
    await opened.close();
    server.close();
  }
}

async function main(): Promise<void> {
  const databases = (flag('databases') ?? (process.env.TEST_DATABASE_URL ? 'sqlite,postgres' : 'sqlite')).split(',');
  const lines = [
    `Many workflows in one workspace (a tenth ON, one finished run each), ${tries} tries per list; ${cpus().length} CPUs, load average at start ${load()}`,
    '',
    '| database | workflows | GET (through the HTTP stack) | p50 (ms) | p95 (ms) | ≤ 200 ms p95 | CPU p50 / p95 (ms) | tries | load average |',
    '| --- | ---: | --- | ---: | ---: | :---: | ---: | ---: | --- |',
  ];
  for (const d of databases) {
    for (const size of sizes) lines.push(...(await onDatabase(d as 'sqlite' | 'postgres', size)));
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exit(0);
}

await main();
