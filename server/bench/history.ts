/**
 * Stored history: how the API's reads answer once a workspace holds a long history, on SQLite
 * and (when TEST_DATABASE_URL is set) PostgreSQL.
 *
 * For each database: Junction in process with a local target API; W workflows (webhook →
 * filter → HTTP GET) switched ON; one real webhook run is the template that history-fill.ts
 * copies N times (default 1,000,000, spread over the W workflows and 33⅓ days, a tenth older
 * than 30 days) with its step records. Then, through the HTTP stack (Fastify inject, a real
 * session), `--tries` of each read, p50/p95 in ms, first without the history indexes (the
 * baseline: the schema before migration 0020) and then with them:
 * the runs list's first page, a deep page (a cursor 50–95 % down), by status (rare and common),
 * by date (`since`), by status and date, opening a run (the replay page's GET), the dashboard's
 * list. Then a retention pass deletes the runs older than 30 days (EXECUTIONS_KEEP_DAYS'
 * default; about N/10) while webhooks arrive at `--rate`/s, with their answer times before and
 * during. Last, bytes on disk per execution.
 *
 *   npm run bench:history -- [--runs 1000000] [--workflows 10] [--tries 50] [--rate 50]
 *                            [--databases sqlite,postgres] [--fill-seconds 900]
 *
 * Loopback only; the fill, every read loop and the prune are bounded in count and time.
 */
import http from 'node:http';
import type { Kysely } from 'kysely';
import { engineBytes, fillHistory, rowId, rowTime } from './history-fill.js';
import { flag, HOOK_EVENT, listenWithUser, openBenchDatabase } from './support.js';

const DAY = 86_400_000;
const runs = Number(flag('runs') ?? 1_000_000);
const workflowCount = Number(flag('workflows') ?? 10);
const tries = Number(flag('tries') ?? 50);
const rate = Number(flag('rate') ?? 50);
const fillBudgetMs = Number(flag('fill-seconds') ?? 900) * 1000;

function quantiles(times: number[]): { p50: number; p95: number; p99: number; max: number } {
  const s = [...times].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN;
  return { p50: q(0.5), p95: q(0.95), p99: q(0.99), max: s.at(-1) ?? Number.NaN };
}

function target(): Promise<{ port: number; close: () => void }> {
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      resolve({ port: typeof a === 'object' && a ? a.port : 0, close: () => server.close() });
    }),
  );
}

const cursorAt = (createdAt: string, id: string) => Buffer.from(`${createdAt}|${id}`).toString('base64url');

async function onDatabase(dialect: 'sqlite' | 'postgres'): Promise<{ reads: string[]; prune: string[]; size: string }> {
  const { createApp } = await import('../src/app.js');
  const { resolveSqlitePath } = await import('../src/store/create-db.js');
  const { createPruner, retentionPolicy } = await import('../src/engine/retention.js');
  const { hookWorkflow, AMOUNT_OVER_10 } = await import('../../test/engine/support.js');
  const indexes = await import('../src/store/migrations/0020-history-indexes.js');
  const api = await target();
  const opened = await openBenchDatabase(dialect, api.port, {
    // The app's own pruner stays off; the bench runs one pass itself.
    executionRetention: { keepDays: 0, keepFailedDays: 0, keepPerWorkflow: 0 },
  });
  const app = await createApp(opened.config);
  try {
    const { call, token } = await listenWithUser(app);
    const document = hookWorkflow('bench', { url: `http://127.0.0.1:${api.port}/t`, filter: AMOUNT_OVER_10 });
    const workflows: { id: string; hook: string }[] = [];
    for (let i = 0; i < workflowCount; i++) {
      const w = await call('POST', '/api/workflows', { name: `History ${i}`, active: true, document }, token);
      const hook = await call('GET', `/api/workflows/${w.id}/hook`, undefined, token);
      workflows.push({ id: w.id, hook: new URL(hook.url).pathname });
    }
    const webhook = async () => {
      const t0 = performance.now();
      const res = await app.inject({ method: 'POST', url: workflows[0].hook, payload: HOOK_EVENT });
      if (res.statusCode >= 300) throw new Error(`webhook ${res.statusCode} ${res.body}`);
      return performance.now() - t0;
    };
    await webhook();
    let templateId = '';
    for (let i = 0; i < 200 && !templateId; i++) {
      const page = await call('GET', `/api/workflows/${workflows[0].id}/executions?status=succeeded`, undefined, token);
      templateId = page.items[0]?.id ?? '';
      if (!templateId) await new Promise((r) => setTimeout(r, 100));
    }
    if (!templateId) throw new Error('the template run did not finish');

    const now = Date.now();
    const spanMs = (30 * DAY) / 0.9;
    process.stderr.write(`${dialect}: filling ${runs} executions…\n`);
    let lastNote = Date.now();
    const fill = await fillHistory({
      dialect,
      db: opened.db,
      templateId,
      workflowIds: workflows.map((w) => w.id),
      total: runs,
      batch: 20_000,
      now,
      spanMs,
      budgetMs: fillBudgetMs,
      progress: (done) => {
        if (Date.now() - lastNote > 15_000) {
          lastNote = Date.now();
          process.stderr.write(`  ${done}\n`);
        }
      },
    });
    process.stderr.write(`  ${fill.written} in ${(fill.ms / 1000).toFixed(0)} s\n`);
    const plan = { now, spanMs, total: runs };

    const w0 = workflows[0].id;
    const list = (query: string) => `/api/workflows/${w0}/executions${query}`;
    const deep = () => {
      const n = Math.floor(runs * (0.05 + Math.random() * 0.45));
      return encodeURIComponent(cursorAt(rowTime(plan, n), rowId(n)));
    };
    const week = encodeURIComponent(new Date(now - 7 * DAY).toISOString());
    const reads: [string, () => string][] = [
      ['runs list, first page (50)', () => list('')],
      ['runs list, deep page (cursor 50–95 % down)', () => list(`?cursor=${deep()}`)],
      ['by status failed (5 %), first page', () => list('?status=failed')],
      ['by status failed, deep page', () => list(`?status=failed&cursor=${deep()}`)],
      ['by status succeeded (90 %), deep page', () => list(`?status=succeeded&cursor=${deep()}`)],
      ['by date (since 7 days ago), first page', () => list(`?since=${week}`)],
      ['by status failed and date, deep page', () => list(`?status=failed&since=${week}&cursor=${deep()}`)],
      ['open a run (replay page GET)', () => `/api/executions/${rowId(Math.floor(Math.random() * fill.written))}`],
      [`dashboard list (${workflowCount} workflows)`, () => '/api/dashboard/workflows'],
      // The workspace's run search and the dashboard's counts (GET /api/executions, …/stats).
      ['workspace search, first page', () => '/api/executions'],
      ['workspace search by status failed, from 7 days ago', () => `/api/executions?status=failed&from=${week}`],
      [
        'workspace search, text in trigger data (one run, last 7 days)',
        () =>
          `/api/executions?from=${week}&text=${encodeURIComponent(`user${runs - 1 - Math.floor(Math.random() * 1000)}@`)}`,
      ],
      ['dashboard counts and chart (stats, 30 days)', () => '/api/executions/stats?days=30'],
    ];
    const measure = async () => {
      const out = new Map<string, ReturnType<typeof quantiles> & { n: number; cpu50: number; cpu95: number }>();
      for (const [name, url] of reads) {
        const times: number[] = [];
        // CPU time of this process per read (user + system): what the read costs the server
        // itself, which a busy machine's waiting for a core does not inflate as it does wall time.
        const cpu: number[] = [];
        const deadline = Date.now() + 30_000;
        for (let i = 0; i < tries + 3 && Date.now() < deadline; i++) {
          const c0 = process.cpuUsage();
          const t0 = performance.now();
          const res = await app.inject({ method: 'GET', url: url(), headers: { authorization: `Bearer ${token}` } });
          const ms = performance.now() - t0;
          const c = process.cpuUsage(c0);
          if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
          if (i >= 3) {
            // the first three warm the caches
            times.push(ms);
            cpu.push((c.user + c.system) / 1000);
          }
        }
        const c = quantiles(cpu);
        out.set(name, { ...quantiles(times), n: times.length, cpu50: c.p50, cpu95: c.p95 });
      }
      return out;
    };
    await indexes.dropHistoryIndexes(opened.db as unknown as Kysely<unknown>);
    const before = await measure();
    const t0 = performance.now();
    await indexes.createHistoryIndexes(opened.db as unknown as Kysely<unknown>);
    const indexMs = performance.now() - t0;
    const after = await measure();
    const f = (x: number) => x.toFixed(1);
    const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const readRows = reads.map(([name]) => {
      const b = before.get(name);
      const a = after.get(name);
      return `| ${label} | ${name} | ${f(b?.p50 ?? Number.NaN)} | ${f(b?.p95 ?? Number.NaN)} | ${f(a?.p50 ?? Number.NaN)} | ${f(a?.p95 ?? Number.NaN)} | ${(a?.p95 ?? Infinity) <= 50 ? 'yes' : 'no'} | ${f(b?.cpu50 ?? Number.NaN)} / ${f(b?.cpu95 ?? Number.NaN)} | ${f(a?.cpu50 ?? Number.NaN)} / ${f(a?.cpu95 ?? Number.NaN)} | ${b?.n} / ${a?.n} |`;
    });
    readRows.push(
      `| ${label} | (building the history indexes on ${fill.written} runs, ms) | | | ${f(indexMs)} | | | | | |`,
    );

    // Pruning by the day bound while webhooks arrive.
    const size0 = await engineBytes(
      dialect,
      opened.db,
      dialect === 'sqlite' ? resolveSqlitePath(opened.config) : undefined,
    );
    const arrive = async (ms: number, until?: Promise<unknown>) => {
      const times: number[] = [];
      let stop = false;
      until?.then(() => {
        stop = true;
      });
      const end = Date.now() + ms;
      const pending: Promise<void>[] = [];
      while (!stop && Date.now() < end) {
        pending.push(webhook().then((t) => void times.push(t)));
        await new Promise((r) => setTimeout(r, 1000 / rate));
      }
      await Promise.all(pending);
      return times;
    };
    const quiet = await arrive(10_000);
    const pruner = createPruner({
      db: opened.db,
      policy: { ...retentionPolicy({ executionRetention: { keepDays: 30, keepFailedDays: 90, keepPerWorkflow: 0 } }) },
      now: () => Date.now(),
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    const p0 = performance.now();
    const pruning = (async () => {
      let deleted = 0;
      for (let pass = 0; pass < 30; pass++) {
        const r = await pruner.pass();
        deleted += r.expired;
        if (r.expired === 0) break;
      }
      return deleted;
    })();
    const busy = await arrive(900_000, pruning);
    const deleted = await pruning;
    const pruneMs = performance.now() - p0;
    const qq = quantiles(quiet);
    const qb = quantiles(busy);
    const prune = [
      `| ${label} | ${deleted} | ${f(pruneMs / 1000)} | ${Math.round(deleted / (pruneMs / 1000))} | ${f(qq.p50)} / ${f(qq.p95)} / ${f(qq.p99)} | ${f(qb.p50)} / ${f(qb.p95)} / ${f(qb.p99)} / ${f(qb.max)} | ${busy.length} |`,
    ];
    const per = size0.engine / Math.max(1, fill.written);
    const perIdx = size0.indexes / Math.max(1, fill.written);
    // With the defaults (30 days, failed 90 days, 10,000 per workflow) what is kept is bounded
    // by the count: 10,000 × workflows, so the default bound's bytes are per × that.
    const size = `| ${label} | ${fill.written} | ${Math.round(per)} | ${Math.round(perIdx)} | ${((per * 1e6) / 1024 ** 3).toFixed(2)} | ${(((size0.all / Math.max(1, fill.written)) * 1e6) / 1024 ** 3).toFixed(2)} | ${((per * 10_000) / 1024 ** 2).toFixed(1)} | ${f(fill.ms / 1000)} |`;
    return { reads: readRows, prune, size };
  } finally {
    await app.close();
    await opened.close();
    api.close();
  }
}

async function main(): Promise<void> {
  const { cpus, loadavg } = await import('node:os');
  const databases = (flag('databases') ?? (process.env.TEST_DATABASE_URL ? 'sqlite,postgres' : 'sqlite')).split(',');
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(', ');
  const lines = [
    `${runs} executions over ${workflowCount} workflows (webhook → filter → HTTP GET, each with the step records of one real run), ${tries} tries per read; ${cpus().length} CPUs, load average at start ${load()}`,
    '',
  ];
  const reads: string[] = [];
  const prunes: string[] = [];
  const sizes: string[] = [];
  for (const d of databases) {
    const r = await onDatabase(d as 'sqlite' | 'postgres');
    reads.push(...r.reads);
    prunes.push(...r.prune);
    sizes.push(r.size);
    process.stderr.write(`${d} done, load average ${load()}\n`);
    // Each database's figures as soon as they exist (a later one may run out of time).
    process.stderr.write(`${[...r.reads, '', ...r.prune, '', r.size].join('\n')}\n`);
  }
  lines.push(
    '| database | read (GET through the HTTP stack) | baseline p50 (ms) | baseline p95 (ms) | p50 (ms) | p95 (ms) | ≤ 50 ms p95 | baseline CPU p50 / p95 (ms) | CPU p50 / p95 (ms) | tries (baseline / now) |',
    '| --- | --- | ---: | ---: | ---: | ---: | :---: | ---: | ---: | ---: |',
    ...reads,
    '',
    `Retention pass (EXECUTIONS_KEEP_DAYS 30, failed 90) while webhooks arrive at ${rate}/s; webhook answer p50 / p95 / p99 (ms):`,
    '',
    '| database | executions deleted | prune (s) | deleted/s | webhooks before | webhooks during (max) | webhooks during |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...prunes,
    '',
    'Bytes on disk (executions + step_runs with their indexes; GB per 1 M; MB at the default bound of 10,000 per workflow):',
    '',
    '| database | executions | bytes / execution | of which indexes | GB per 1 M (engine tables) | GB per 1 M (whole database) | MB per workflow at 10,000 kept | fill (s) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...sizes,
    '',
    `load average at the end ${load()}`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exit(0);
}

await main();
