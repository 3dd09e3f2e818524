/**
 * HTTP benchmark: GET and PUT of a 200-step workflow with autocannon, on SQLite and (when
 * DATABASE_URL or TEST_DATABASE_URL answers) PostgreSQL, side by side in one run. Each
 * database gets its own server process, so the load generator does not share its event loop.
 *
 *   npm run bench -w @junction/server -- --duration 20 --connections 20
 *
 * Prints a markdown table: requests/s, p50 and p99 latency, peak RSS of the server process.
 * Needs the workspace built once (`npm run build`): the server imports @junction/core's dist.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const here = fileURLToPath(import.meta.url);
const repoRoot = path.resolve(path.dirname(here), '..', '..');
const STEPS = 200;

function readFlag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

// ---------------------------------------------------------------- server process

async function serve(dialect: 'sqlite' | 'postgres'): Promise<void> {
  const { openTestDatabases } = await import('../src/store/test-db.js');
  const { createApp } = await import('../src/app.js');
  const target = openTestDatabases().find((d) => d.dialect === dialect);
  if (!target) throw new Error(`no ${dialect} database`);
  // Production settings: responses are still checked against the contract, but only logged.
  const opened = await target.open({ logLevel: 'silent', rateLimits: false, env: 'production' });
  const app = await createApp(opened.config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ url: `http://127.0.0.1:${port}` });
  process.on('message', async (message: { type: string }) => {
    if (message.type === 'rss') process.send?.({ maxRssKb: process.resourceUsage().maxRSS });
    if (message.type === 'stop') {
      await app.close();
      await opened.close();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------- load generator

interface Row {
  db: string;
  operation: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  peakRssMb: number;
}

function startServer(dialect: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(here, ['--serve', dialect], {
    env,
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { url: string }) => resolve({ child, url: m.url }));
    child.once('exit', (code) => reject(new Error(`${dialect} server exited with ${code}`)));
  });
}

function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m: T) => resolve(m));
    child.send({ type });
  });
}

async function json(url: string, init: RequestInit & { token?: string } = {}): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(url, { ...init, headers });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Grows a new workflow's document to `STEPS` steps: its trigger, then a chain of actions. */
function growDocument(document: { steps: { id: string; data: Record<string, unknown> }[]; links: unknown[] }) {
  const trigger = document.steps[0];
  const steps = [trigger];
  const links = [];
  for (let i = 1; i < STEPS; i++) {
    const id = `step-${i}`;
    steps.push({
      id,
      kind: 'action',
      position: { x: 0, y: i * 140 },
      data: {
        ...trigger.data,
        name: `Create contact ${i}`,
        type: 'demo-crm',
        label: 'Demo CRM',
        action: 'createContact',
        actionlabel: 'Create contact',
        fields: [
          {
            name: 'email',
            title: 'E-mail',
            in: 'formData',
            required: true,
            value: `\${${steps[i - 1].id}.email}`,
            schema: { type: 'string' },
          },
        ],
      },
    } as never);
    links.push({ id: `link-${i}`, source: steps[i - 1].id, target: id, name: '', groups: [], delaySeconds: 0 });
  }
  return { ...document, steps, links };
}

async function measure(url: string, opts: Omit<autocannon.Options, 'url'>): Promise<autocannon.Result> {
  return autocannon({ ...opts, url });
}

async function benchDatabase(
  dialect: 'sqlite' | 'postgres',
  env: NodeJS.ProcessEnv,
  duration: number,
  connections: number,
): Promise<Row[]> {
  const { child, url } = await startServer(dialect, env);
  try {
    const grant = await json(`${url}/api/auth/sign-up`, {
      method: 'POST',
      body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'Plenty-of-letters-42' }),
    });
    const token = String(grant.token);
    const workflow = await json(`${url}/api/workflows/${String(grant.workflowId)}`, { token });
    const document = growDocument(workflow.document as never);
    const saved = await json(`${url}/api/workflows/${String(grant.workflowId)}`, {
      method: 'PUT',
      token,
      body: JSON.stringify({ document }),
    });
    const target = `${url}/api/workflows/${String(saved.id)}`;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const body = JSON.stringify({ document });
    process.stderr.write(`${dialect}: PUT body ${(body.length / 1024).toFixed(0)} KiB, ${STEPS} steps\n`);

    const rows: Row[] = [];
    const runs: [string, Omit<autocannon.Options, 'url'>][] = [
      ['GET workflow', { method: 'GET', headers }],
      ['PUT workflow', { method: 'PUT', headers, body }],
    ];
    for (const [operation, options] of runs) {
      process.stderr.write(`${dialect}: ${operation} for ${duration}s at ${connections} connections…\n`);
      const result = await measure(target, { ...options, duration, connections });
      const { maxRssKb } = await ask<{ maxRssKb: number }>(child, 'rss');
      rows.push({
        db: dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL',
        operation,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
        peakRssMb: maxRssKb / 1024,
      });
    }
    return rows;
  } finally {
    child.send({ type: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function isReachable(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function main(): Promise<void> {
  if (!existsSync(path.join(repoRoot, 'core', 'dist', 'index.js'))) {
    process.stderr.write('Build the workspace first: npm run build\n');
    process.exit(1);
  }
  const duration = readFlag('duration', 20);
  const connections = readFlag('connections', 20);
  const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  const rows: Row[] = [];
  // Each server opens its own isolated database through the store's test helper.
  rows.push(...(await benchDatabase('sqlite', { ...process.env, TEST_DATABASE_URL: '' }, duration, connections)));
  if (await isReachable(pgUrl))
    rows.push(
      ...(await benchDatabase('postgres', { ...process.env, TEST_DATABASE_URL: pgUrl }, duration, connections)),
    );
  else process.stderr.write('PostgreSQL: DATABASE_URL / TEST_DATABASE_URL not set or not reachable; skipped.\n');

  const lines = [
    `${STEPS}-step workflow, ${connections} connections, ${duration} s per row, server in its own process.`,
    '',
    '| database | operation | req/s | p50 (ms) | p99 (ms) | errors | peak RSS (MB) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.operation} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.peakRssMb.toFixed(0)} |`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

const serveIndex = process.argv.indexOf('--serve');
if (serveIndex >= 0) await serve(process.argv[serveIndex + 1] as 'sqlite' | 'postgres');
else await main();
