/**
 * Storage bound (execution retention) figures, two parts in one run:
 *
 * 1. size: N executions (default 50,000) of the engine bench's workflow (webhook → filter →
 *    HTTP GET to a local target, every execution and step recorded) on SQLite and, when
 *    TEST_DATABASE_URL answers, PostgreSQL; the database size they take, extrapolated to 1 M.
 * 2. soak: Junction embedded (SQLite, in-process queue) with a count bound
 *    (EXECUTIONS_KEEP_PER_WORKFLOW, default 10,000; pruning every 5 s) under a steady webhook
 *    rate (default 200/s) for a bounded time (default 300 s); every 10 s: RSS of the server,
 *    the SQLite file and its WAL, the executions stored. RSS growth is measured from the first
 *    sample after the bound is reached (the warm, full state) to the end.
 *
 *   npm run bench:retention -- [--size 50000] [--soak-seconds 300] [--rate 200] [--keep 10000] [--parts size,soak]
 *
 * Loopback only; every loop bounded in count and time.
 */
import type { ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  ask,
  flag,
  forkRole,
  HOOK_EVENT,
  listenWithUser,
  memoryMb,
  openBenchDatabase,
  postJsonLoad,
  roleTarget,
  stopChild,
} from './support.js';

const here = fileURLToPath(import.meta.url);

function fileMb(file: string): number {
  try {
    return statSync(file).size / 1024 / 1024;
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------- child roles

/** Junction on SQLite or PostgreSQL (in-process queue), with the retention given in argv. */
async function roleJunction(dialect: 'sqlite' | 'postgres', targetPort: number, keep: number): Promise<void> {
  const { createApp } = await import('../src/app.js');
  const { resolveSqlitePath } = await import('../src/store/create-db.js');
  const { sql } = await import('kysely');
  const opened = await openBenchDatabase(dialect, targetPort, {
    executionRetention:
      keep > 0 ? { keepPerWorkflow: keep, intervalMs: 5_000 } : { keepDays: 0, keepFailedDays: 0, keepPerWorkflow: 0 },
  });
  const app = await createApp(opened.config);
  const { port, call, token } = await listenWithUser(app);
  const { hookWorkflow, AMOUNT_OVER_10 } = await import('../../test/engine/support.js');
  const document = hookWorkflow('bench', { url: `http://127.0.0.1:${targetPort}/t`, filter: AMOUNT_OVER_10 });
  const workflow = await call('POST', '/api/workflows', { name: 'Bench', active: true, document }, token);
  const sqliteFile = dialect === 'sqlite' ? resolveSqlitePath(opened.config) : undefined;
  const hook = await call('GET', `/api/workflows/${workflow.id}/hook`, undefined, token);
  process.send?.({ url: `http://127.0.0.1:${port}${new URL(hook.url).pathname}`, sqliteFile });
  process.on('message', async (m: { type: string }) => {
    if (m.type === 'count') {
      const r = (
        await sql<{ recorded: string | number; finished: string | number; steps: string | number }>`
        SELECT count(*) AS recorded,
               sum(CASE WHEN status IN ('succeeded','failed','filtered','cancelled') THEN 1 ELSE 0 END) AS finished,
               (SELECT count(*) FROM step_runs) AS steps
        FROM executions`.execute(opened.db)
      ).rows[0];
      process.send?.({ recorded: Number(r.recorded), finished: Number(r.finished ?? 0), steps: Number(r.steps) });
    }
    if (m.type === 'size') {
      // Bytes the engine's tables take, with their indexes (and TOAST on PostgreSQL).
      if (dialect === 'postgres') {
        const r = (
          await sql<{ engine: string; all: string }>`
          SELECT (pg_total_relation_size('executions') + pg_total_relation_size('step_runs'))::text AS engine,
                 (SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                   WHERE n.nspname = current_schema() AND c.relkind = 'r')::text AS all`.execute(opened.db)
        ).rows[0];
        process.send?.({ engineBytes: Number(r.engine), allBytes: Number(r.all) });
      } else {
        await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(opened.db);
        const r = (
          await sql<{ engine: number }>`
          SELECT sum(pgsize) AS engine FROM dbstat
          WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name IN ('executions','step_runs'))`
            .execute(opened.db)
            .catch(() => ({ rows: [{ engine: Number.NaN }] }))
        ).rows[0];
        process.send?.({ engineBytes: Number(r.engine), allBytes: statSync(sqliteFile ?? '').size });
      }
    }
    if (m.type === 'stop') {
      await app.close();
      await opened.close();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------- orchestration

const start = <T>(args: string[]) => forkRole<T>(here, args);
type Counts = { recorded: number; finished: number; steps: number };
async function drain(server: ChildProcess, expected: number): Promise<Counts> {
  let last: Counts = { recorded: 0, finished: 0, steps: 0 };
  for (let i = 0; i < 1200; i++) {
    last = await ask<Counts>(server, 'count');
    if (last.finished >= last.recorded && last.recorded >= expected) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return last;
}

async function sizePart(dialect: 'sqlite' | 'postgres', n: number): Promise<string> {
  const target = await start<{ port: number }>(['--role', 'target']);
  const server = await start<{ url: string }>([
    '--role',
    'junction',
    '--dialect',
    dialect,
    '--target',
    String(target.info.port),
    '--keep',
    '0',
  ]);
  try {
    process.stderr.write(`size on ${dialect}: ${n} executions…\n`);
    const begin = performance.now();
    const result = await postJsonLoad(server.info.url, JSON.stringify(HOOK_EVENT), {
      connections: 20,
      amount: n,
      timeout: 30,
    });
    const acked = performance.now();
    const counts = await drain(server.child, result['2xx']);
    const seconds = (performance.now() - begin) / 1000;
    process.stderr.write(
      `  acknowledged in ${((acked - begin) / 1000).toFixed(1)} s, all finished in ${seconds.toFixed(1)} s\n`,
    );
    const size = await ask<{ engineBytes: number; allBytes: number }>(server.child, 'size');
    const perMillion = (bytes: number) => ((bytes / Math.max(1, counts.recorded)) * 1e6) / 1024 ** 3;
    return `| ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${counts.recorded} | ${counts.steps} | ${(size.engineBytes / 1024 / 1024).toFixed(1)} | ${(size.allBytes / 1024 / 1024).toFixed(1)} | ${Math.round(size.engineBytes / Math.max(1, counts.recorded))} | ${perMillion(size.engineBytes).toFixed(2)} | ${perMillion(size.allBytes).toFixed(2)} | ${Math.round(counts.recorded / seconds)} |`;
  } finally {
    await stopChild(server.child);
    await stopChild(target.child);
  }
}

async function soakPart(seconds: number, rate: number, keep: number): Promise<string[]> {
  const target = await start<{ port: number }>(['--role', 'target']);
  const server = await start<{ url: string; sqliteFile: string }>([
    '--role',
    'junction',
    '--dialect',
    'sqlite',
    '--target',
    String(target.info.port),
    '--keep',
    String(keep),
  ]);
  const file = server.info.sqliteFile;
  const samples: { t: number; rss: number; db: number; wal: number; stored: number }[] = [];
  const begin = performance.now();
  const sample = async () => {
    const c = await ask<Counts>(server.child, 'count');
    samples.push({
      t: Math.round((performance.now() - begin) / 1000),
      rss: memoryMb(server.child.pid, 'VmRSS'),
      db: fileMb(file),
      wal: fileMb(`${file}-wal`),
      stored: c.recorded,
    });
  };
  try {
    process.stderr.write(`soak: ${seconds}s at ${rate} webhooks/s, keep ${keep} per workflow…\n`);
    const timer = setInterval(() => void sample(), 10_000);
    const result = await postJsonLoad(server.info.url, JSON.stringify(HOOK_EVENT), {
      connections: 10,
      overallRate: rate,
      duration: seconds,
      timeout: 30,
    });
    clearInterval(timer);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await sample();
    const full = samples.find((s) => s.stored >= keep) ?? samples[0];
    const last = samples.at(-1) ?? full;
    const maxStored = Math.max(...samples.map((s) => s.stored));
    const maxDb = Math.max(...samples.map((s) => s.db));
    const maxWal = Math.max(...samples.map((s) => s.wal));
    const growth = ((last.rss - full.rss) / full.rss) * 100;
    return [
      `Soak: ${seconds} s at ${rate} webhooks/s (autocannon overallRate, 10 connections), EXECUTIONS_KEEP_PER_WORKFLOW=${keep}, pruning every 5 s.`,
      '',
      `- acknowledged ${result['2xx']}, errors ${result.errors + result.non2xx}, webhook latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
      `- RSS ${full.rss.toFixed(0)} MB at ${full.t} s (bound reached) → ${last.rss.toFixed(0)} MB at ${last.t} s: ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % (peak ${Math.max(...samples.map((s) => s.rss)).toFixed(0)} MB)`,
      `- executions stored at most ${maxStored} (bound ${keep} + what arrives between passes); SQLite file at most ${maxDb.toFixed(1)} MB (at the end ${last.db.toFixed(1)} MB), WAL at most ${maxWal.toFixed(1)} MB`,
      '',
      '| t (s) | RSS (MB) | executions stored | junction.db (MB) | WAL (MB) |',
      '| ---: | ---: | ---: | ---: | ---: |',
      ...samples.map(
        (s) => `| ${s.t} | ${s.rss.toFixed(0)} | ${s.stored} | ${s.db.toFixed(1)} | ${s.wal.toFixed(1)} |`,
      ),
    ];
  } finally {
    await stopChild(server.child);
    await stopChild(target.child);
  }
}

async function main(): Promise<void> {
  const role = flag('role');
  if (role === 'target') return roleTarget();
  if (role === 'junction')
    return roleJunction(flag('dialect') as 'sqlite' | 'postgres', Number(flag('target')), Number(flag('keep')));

  const parts = (flag('parts') ?? 'size,soak').split(',');
  const lines: string[] = [];
  if (parts.includes('size')) {
    const n = Number(flag('size') ?? 50_000);
    lines.push(
      `Database size of ${n} executions (webhook → filter → HTTP GET, every step recorded), no retention.`,
      '',
      '| database | executions | step records | executions + step_runs (MB) | whole database (MB) | bytes / execution | GB per 1 M (engine tables) | GB per 1 M (whole database) | executions/s while filling |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    lines.push(await sizePart('sqlite', n));
    if (process.env.TEST_DATABASE_URL) lines.push(await sizePart('postgres', n));
    else process.stderr.write('PostgreSQL skipped: set TEST_DATABASE_URL\n');
    lines.push('');
  }
  if (parts.includes('soak')) {
    lines.push(
      ...(await soakPart(
        Number(flag('soak-seconds') ?? 300),
        Number(flag('rate') ?? 200),
        Number(flag('keep') ?? 10_000),
      )),
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
