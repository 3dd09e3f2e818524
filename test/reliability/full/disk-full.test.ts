/**
 * The data folder on a full disk: Junction (SQLite, embedded queue) runs
 * with DATA_DIR on a 4 MB tmpfs the test mounts (it must run as root; `mount -t tmpfs`). Once
 * a few webhooks are acknowledged, a filler file takes every free byte. While the disk is
 * full, webhooks must be acknowledged only when stored, else answered 503/507 with a Problem
 * and Retry-After (never a 500, never a 200 that is lost); uploads answer 507 (or 413). The
 * filler is removed: webhooks and uploads work again and the accounting invariant holds.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createWorkflow, effectWorkflow, hookPathFor, STEPS, sendWebhook, signUp } from '../support/client.js';
import {
  account,
  accountEffects,
  assertAccounted,
  createLedger,
  FINISHED,
  readExecutionsSqlite,
  statusCounts,
} from '../support/invariant.js';
import { freePort, removeDir, startJunction, stopAll, tempDir, waitFor } from '../support/processes.js';
import { report, scaled } from '../support/report.js';
import { type FaultTarget, startFaultTarget } from '../support/target.js';

const WHILE_FULL = scaled(60, 600);

/** Writes 64 kB blocks into `file` until the disk refuses; answers the bytes written. */
function fill(file: string): number {
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(64 * 1024, 7);
  let written = 0;
  try {
    for (let i = 0; i < 100_000; i++) written += writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  // The last partial block: fill the remaining bytes one 512-byte piece at a time.
  const tail = openSync(file, 'a');
  try {
    for (let i = 0; i < 1_000; i++) written += writeSync(tail, Buffer.alloc(512, 7));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(tail);
  }
  return written;
}

describe('the data folder on a full disk', () => {
  let target: FaultTarget;
  let dataDir: string;
  let mounted = false;

  beforeAll(async () => {
    target = await startFaultTarget();
    dataDir = tempDir('disk-full');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dataDir]);
    mounted = true;
  });
  afterAll(async () => {
    await stopAll();
    await target?.close();
    if (mounted) execFileSync('umount', ['-l', dataDir]);
    if (dataDir) removeDir(dataDir);
  });

  it('refuses what it cannot store with 503/507 and works again once space is freed', {
    timeout: 300_000,
  }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startJunction({
      port,
      dataDir,
      env: {
        JUNCTION_ENCRYPTION_KEY: Buffer.alloc(32, 6).toString('base64'),
        JUNCTION_ALLOWED_HOSTS: target.host,
        LOG_LEVEL: 'error',
      },
    });
    const { token } = await signUp(base, 'disk-full');
    const workflowId = await createWorkflow(base, token, effectWorkflow(target.url('/effect')));
    const form = await call(base, 'POST', '/api/forms', {
      token,
      body: { name: 'Uploads', content: [{}, [{ question: 'F', type: 'file' }]] },
    });
    expect(form.status, form.text).toBe(201);
    const upload = (bytes: number) =>
      call(base, 'POST', `/api/public/forms/${form.json.id}/uploads?filename=cv.pdf&question=F`, {
        raw: Buffer.concat([Buffer.from('%PDF-1.4 '), Buffer.alloc(bytes, 65)]),
        headers: { 'content-type': 'application/pdf' },
      });

    const ledger = createLedger();
    let seq = 0;
    const statuses: Record<string, number> = {};
    const problems = new Set<string>();
    const send = async (n: number) => {
      const before = { acked: ledger.acked.size, refused: ledger.refused, cut: ledger.cut };
      for (let i = 0; i < n; i++) {
        const { status } = await sendWebhook(base, workflowId, ++seq, ledger, { tolerateErrors: true });
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
      return {
        sent: n,
        acked: ledger.acked.size - before.acked,
        refused: ledger.refused - before.refused,
        cut: ledger.cut - before.cut,
        other: n - (ledger.acked.size - before.acked) - (ledger.refused - before.refused) - (ledger.cut - before.cut),
      };
    };

    const before = await send(20);
    const uploadBefore = await upload(200_000);
    expect(uploadBefore.status, uploadBefore.text).toBe(201);

    const filler = path.join(dataDir, 'filler.bin');
    const filled = fill(filler);
    const df = execFileSync('df', ['-k', dataDir]).toString().trim().split('\n').at(-1);
    // While full: webhooks (at most WHILE_FULL) until every answer is a refusal for 20 in a row.
    const full = { sent: 0, acked: 0, refused: 0, cut: 0, other: 0 };
    let refusedInARow = 0;
    while (full.sent < WHILE_FULL && refusedInARow < 20) {
      const one = await send(1);
      full.sent += 1;
      full.acked += one.acked;
      full.refused += one.refused;
      full.cut += one.cut;
      full.other += one.other;
      refusedInARow = one.refused === 1 ? refusedInARow + 1 : 0;
    }
    const refusal = await call(base, 'POST', hookPathFor(workflowId), { body: { seq: ++seq, at: Date.now() } });
    ledger.sent.add(seq);
    if (refusal.status === 200) ledger.acked.set(seq, refusal.json.executionId);
    else ledger.refused += 1;
    problems.add(`${refusal.status} ${refusal.headers['content-type']} ${refusal.text}`);
    const uploadFull = await upload(200_000);
    problems.add(`${uploadFull.status} ${uploadFull.headers['content-type']} ${uploadFull.text}`);
    const aliveWhileFull = server.process.exitCode === null && server.process.signalCode === null;

    rmSync(filler);
    const after = await send(20);
    const uploadAfter = await upload(200_000);

    await waitFor(
      async () =>
        readExecutionsSqlite(path.join(dataDir, 'junction.db'), workflowId).every((r) => FINISHED.has(r.status)),
      'every execution to finish after space was freed',
      120_000,
    ).catch((error: Error) => {
      const left = statusCounts(readExecutionsSqlite(path.join(dataDir, 'junction.db'), workflowId));
      throw new Error(`${error.message}: ${JSON.stringify(left)}\n${server.output().slice(-3000)}`);
    });
    const rows = readExecutionsSqlite(path.join(dataDir, 'junction.db'), workflowId);
    const result = account(ledger, rows, { requireFinished: true });
    const effects = accountEffects(target.effects, rows, { stepId: STEPS.call, maxCalls: 1 });
    report('data folder on a full disk', [
      {
        phase: 'before',
        sent: before.sent,
        acknowledged: before.acked,
        refused: before.refused,
        'other answers': before.other,
        upload: uploadBefore.status,
      },
      {
        phase: `disk full (${(filled / 1024).toFixed(0)} kB filler; df: ${df})`,
        sent: full.sent + 1,
        acknowledged: full.acked,
        refused: full.refused + (refusal.status === 200 ? 0 : 1),
        'other answers': full.other,
        upload: uploadFull.status,
      },
      {
        phase: 'space freed',
        sent: after.sent,
        acknowledged: after.acked,
        refused: after.refused,
        'other answers': after.other,
        upload: uploadAfter.status,
      },
      {
        phase: 'accounting',
        sent: result.sent,
        acknowledged: result.acknowledged,
        executions: result.executions,
        lost: result.lost,
        duplicates: result.duplicates,
        'answer statuses': JSON.stringify(statuses),
      },
    ]);
    for (const p of problems) console.log(`while full: ${p}`);

    expect(aliveWhileFull).toBe(true);
    expect(full.other + full.cut).toBe(0);
    expect(statuses['500'] ?? 0).toBe(0);
    expect(full.refused).toBeGreaterThan(0);
    expect([503, 507]).toContain(refusal.status);
    expect(refusal.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refusal.headers['retry-after']).toBeDefined();
    expect(refusal.json.detail).toMatch(/space|storage|stored/i);
    expect([507, 413]).toContain(uploadFull.status);
    expect(uploadFull.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(after.acked).toBe(20);
    expect(uploadAfter.status, uploadAfter.text).toBe(201);
    assertAccounted(result);
    expect(effects.violations).toEqual([]);
    await server.stop();
  });
});
