/**
 * PostgreSQL restarted under load: the test makes its own PostgreSQL
 * cluster (initdb in a temp folder, run as the `postgres` user, on a free 127.0.0.1 port —
 * never the shared server) and runs Junction on it (embedded queue). Mid-load the cluster is
 * stopped with `pg_ctl stop -m immediate` (a crash: no checkpoint, recovery at the next
 * start), stays down (short: 3 s, long: 30 s) and starts again. Webhooks during the outage
 * must be answered 503 with Retry-After (never a 500, never a hang, never a 200 that is not stored); Junction must
 * survive the outage; every acknowledged webhook has exactly one finished execution.
 * Needs the PostgreSQL server binaries (skipped without them).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkflow, effectWorkflow, paceWebhooks, STEPS, signUp } from '../support/client.js';
import {
  account,
  accountEffects,
  assertAccounted,
  createLedger,
  FINISHED,
  readExecutionsPostgres,
  statusCounts,
} from '../support/invariant.js';
import { freePort, removeDir, startJunction, stopAll, tempDir, waitFor } from '../support/processes.js';
import { report, scaled } from '../support/report.js';
import { type FaultTarget, startFaultTarget } from '../support/target.js';

const DOWN_SECONDS = scaled(3, 30);
const RATE = scaled(30, 60);

function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const version = readdirSync(base).sort().at(-1);
  const bin = version ? path.join(base, version, 'bin') : undefined;
  return bin && existsSync(path.join(bin, 'pg_ctl')) ? bin : undefined;
}

const bin = postgresBin();
const asPostgres = (args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'pipe', timeout: 60_000 }).toString();

describe.each(bin ? [bin] : [])('PostgreSQL restarted under load', (pgBin) => {
  let target: FaultTarget;
  let clusterDir: string;
  let dataDir: string;
  let pgPort: number;
  const pgCtl = (...args: string[]) => asPostgres([path.join(pgBin, 'pg_ctl'), '-D', clusterDir, ...args]);
  const startCluster = () =>
    pgCtl(
      '-w',
      '-l',
      path.join(clusterDir, 'log.txt'),
      '-o',
      `-p ${pgPort} -k ${clusterDir} -c listen_addresses=127.0.0.1 -c fsync=on`,
      'start',
    );

  beforeAll(async () => {
    target = await startFaultTarget();
    dataDir = tempDir('pg-junction');
    clusterDir = tempDir('pg-cluster');
    chownSync(
      clusterDir,
      Number(execFileSync('id', ['-u', 'postgres']).toString()),
      Number(execFileSync('id', ['-g', 'postgres']).toString()),
    );
    pgPort = await freePort();
    asPostgres([path.join(pgBin, 'initdb'), '-D', clusterDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    startCluster();
  }, 120_000);
  afterAll(async () => {
    await stopAll();
    try {
      pgCtl('-m', 'immediate', 'stop');
    } catch {
      // already stopped
    }
    await target?.close();
    if (dataDir) removeDir(dataDir);
    if (clusterDir) removeDir(clusterDir);
  });

  it(`keeps every acknowledged webhook through ${DOWN_SECONDS} s without PostgreSQL`, {
    timeout: DOWN_SECONDS * 1000 + 300_000,
  }, async () => {
    const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startJunction({
      port,
      dataDir,
      env: {
        DATABASE_URL: databaseUrl,
        JUNCTION_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
        JUNCTION_ALLOWED_HOSTS: target.host,
        RECONCILE_INTERVAL_MS: '1000',
        LOG_LEVEL: 'error',
      },
    });
    const { token } = await signUp(base, 'pg-restart');
    const workflowId = await createWorkflow(base, token, effectWorkflow(target.url('/effect')));
    const ledger = createLedger();
    let seq = 0;
    const statuses: Record<string, number> = {};
    const load = async (seconds: number) => {
      const before = { acked: ledger.acked.size, refused: ledger.refused, cut: ledger.cut };
      const figures = await paceWebhooks({
        base: () => base,
        workflowId,
        rate: RATE,
        seconds,
        ledger,
        nextSeq: () => ++seq,
        timeoutMs: 30_000,
        onStatus: (status) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
        },
      });
      return {
        ...figures,
        acked: ledger.acked.size - before.acked,
        retryLater: ledger.refused - before.refused,
        errors:
          figures.sent -
          (ledger.acked.size - before.acked) -
          (ledger.refused - before.refused) -
          (ledger.cut - before.cut),
      };
    };

    const before = await load(2);
    pgCtl('-m', 'immediate', 'stop');
    const down = await load(DOWN_SECONDS);
    const aliveDuringOutage = server.process.exitCode === null && server.process.signalCode === null;
    startCluster();
    const after = await load(3);
    const drainStarted = performance.now();
    await waitFor(
      async () => (await readExecutionsPostgres(databaseUrl, workflowId)).every((r) => FINISHED.has(r.status)),
      'every execution to finish after PostgreSQL came back',
      150_000,
    ).catch(async (error: Error) => {
      const left = statusCounts(await readExecutionsPostgres(databaseUrl, workflowId));
      throw new Error(
        `${error.message}: ${JSON.stringify(left)}; answers ${JSON.stringify(statuses)}\n${server.output().slice(-3000)}`,
      );
    });
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const rows = await readExecutionsPostgres(databaseUrl, workflowId);
    const result = account(ledger, rows, { requireFinished: true });
    const effects = accountEffects(target.effects, rows, { stepId: STEPS.call, maxCalls: 2 });
    const phase = (name: string, f: Awaited<ReturnType<typeof load>>) => ({
      phase: name,
      sent: f.sent,
      acknowledged: f.acked,
      'answered 503 + Retry-After': f.retryLater,
      'answered with another error': f.errors,
      'no answer': f.cut,
      'p99 ms': f.p99,
    });
    report('PostgreSQL restarted under load', [
      phase('before', before),
      phase(`PostgreSQL down ${DOWN_SECONDS} s`, down),
      phase('after', after),
      {
        phase: `drained in ${drainSeconds.toFixed(1)} s`,
        sent: result.sent,
        acknowledged: result.acknowledged,
        executions: result.executions,
        lost: result.lost,
        duplicates: result.duplicates,
        'Junction alive through the outage': String(aliveDuringOutage),
        'answer statuses': JSON.stringify(statuses),
      },
    ]);
    expect(aliveDuringOutage).toBe(true);
    assertAccounted(result);
    expect(effects.violations).toEqual([]);
    expect(down.cut).toBe(0);
    // The outage is answered 503 + Retry-After (counted as refused), never a bare 500.
    expect(statuses['500'] ?? 0).toBe(0);
    expect(down.errors).toBe(0);
    await server.stop();
  });
});
