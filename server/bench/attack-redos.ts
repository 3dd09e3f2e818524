/**
 * Attacks on one process through step work (`npx tsx server/bench/attack-redos.ts`): starts one
 * Junction server from source with its default limits, signs a user up, then runs each hostile
 * Formatter step test back to back (bounded in count and time) while `/api/health/live` is
 * probed every 50 ms on a fresh connection. Prints a table: attack, step tests answered and
 * their p50/max, health probes and their p50/p99/max, failed probes (2 s timeout), the CPU time
 * the server spent (from /proc).
 *
 * The date attack is the one found: a date format of thirteen `%f` tested on 40 characters
 * (a backtracking regular expression took 74 s and the liveness probe went unanswered).
 * Flags: `--seconds <n>` per attack (default 10), `--root <dir>` (attack another checkout's
 * server, for a before/after comparison).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs, flag, probeLive, startSourceServer } from './support.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverRoot = path.resolve(flag('root') ?? repoRoot);
const SECONDS = Number(flag('seconds') ?? 10);
const MAX_REQUESTS = 5_000;
const PROBE_EVERY_MS = 50;
const PROBE_TIMEOUT_MS = 2_000;

/** One hostile Formatter step: its action and field values. */
interface Attack {
  name: string;
  action: string;
  fields: Record<string, string>;
}

const ATTACKS: Attack[] = [
  { name: 'idle (no step tests)', action: '', fields: {} },
  {
    name: 'date: 13 × %f on 40 characters',
    action: 'date',
    fields: { transform: 'parse', input: `${'1'.repeat(39)}x`, fromFormat: '%f'.repeat(13) },
  },
  {
    name: 'date: 128 × %f on 256 characters (the limits)',
    action: 'date',
    fields: { transform: 'parse', input: `${'1'.repeat(255)}x`, fromFormat: '%f'.repeat(128) },
  },
  {
    name: 'number: 99,999 spaces then a digit',
    action: 'number',
    fields: { transform: 'parse', input: `${' '.repeat(99_999)}7` },
  },
  {
    name: 'text: replace in 100,000 characters',
    action: 'text',
    fields: { transform: 'replace', input: 'a'.repeat(100_000), find: 'a', replaceWith: 'b' },
  },
];

interface Row {
  attack: string;
  steps: number[];
  probes: number[];
  failures: number;
  cpuMs: number;
  outcome: string;
}

// biome-ignore lint/suspicious/noExplicitAny: benchmarks read arbitrary JSON answers.
async function api(port: number, method: string, url: string, body?: unknown, token?: string): Promise<any> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(300_000),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

async function run(attack: Attack, port: number, pid: number | undefined, token: string, workflowId: string) {
  const wf = await api(port, 'GET', `/api/workflows/${workflowId}`, undefined, token);
  const document = wf.document;
  const trigger = document.steps.find((s: { kind: string }) => s.kind === 'trigger');
  const step = document.steps.find((s: { kind: string }) => s.kind === 'action');
  Object.assign(trigger.data, { type: 'webhook', action: 'catchHook', testData: { n: 1 } });
  Object.assign(step.data, {
    type: 'formatter',
    action: attack.action,
    name: 'Step',
    fields: Object.entries(attack.fields).map(([name, value]) => ({ name, value })),
  });

  const probes: number[] = [];
  let failures = 0;
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const next = new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
      const latency = await probeLive(port, PROBE_TIMEOUT_MS);
      if (latency === undefined) failures += 1;
      else probes.push(latency);
      await next;
    }
  })();

  const cpuBefore = cpuMs(pid);
  const steps: number[] = [];
  const outcomes: string[] = [];
  const deadline = Date.now() + SECONDS * 1000;
  while (Date.now() < deadline && steps.length < MAX_REQUESTS) {
    if (attack.action === '') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    const started = performance.now();
    const answer = await api(port, 'POST', `/api/workflows/${workflowId}/steps/${step.id}/test`, { document }, token);
    steps.push(performance.now() - started);
    const message = answer.ok ? 'ok' : String(answer.output?.error ?? answer.output?.errors?.[0]?.message ?? 'failed');
    outcomes.push(message.length > 40 ? `${message.slice(0, 40)}…` : message);
  }
  probing = false;
  await prober;
  return {
    attack: attack.name,
    steps,
    probes,
    failures,
    cpuMs: cpuMs(pid) - cpuBefore,
    outcome: [...new Set(outcomes)].join('; '),
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const f = (ms: number) => (Number.isNaN(ms) ? '—' : ms.toFixed(1));

async function main(): Promise<void> {
  const server = await startSourceServer(serverRoot);
  const rows: Row[] = [];
  try {
    const user = { email: `redos-${Date.now()}@example.com`, password: 'Plenty-of-letters-42', firstName: 'Bench' };
    // A fresh installation is set up by its owner; code without that step signs up.
    const grant = await api(server.port, 'POST', '/api/instance/setup', user).catch(() =>
      api(server.port, 'POST', '/api/auth/sign-up', user),
    );
    for (const attack of ATTACKS) {
      rows.push(await run(attack, server.port, server.child.pid, grant.token, grant.workflowId));
    }
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  console.log(`\nStep-work attacks on one process (${SECONDS} s each, health probed every ${PROBE_EVERY_MS} ms)\n`);
  console.log(
    '| attack | step tests | step p50 / max ms | probes | health p50 ms | p99 ms | max ms | failed | server CPU s | answer |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const steps = [...row.steps].sort((a, b) => a - b);
    const sorted = [...row.probes].sort((a, b) => a - b);
    console.log(
      `| ${row.attack} | ${row.steps.length} | ${f(quantile(steps, 0.5))} / ${f(steps.at(-1) ?? Number.NaN)} | ${row.probes.length + row.failures} | ${f(quantile(sorted, 0.5))} | ${f(quantile(sorted, 0.99))} | ${f(sorted.at(-1) ?? Number.NaN)} | ${row.failures} | ${(row.cpuMs / 1000).toFixed(1)} | ${row.outcome || '—'} |`,
    );
  }
}

await main();
