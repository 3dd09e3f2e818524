/**
 * A target that hangs 30 s on some requests, with the step time limit as the
 * server ships it (no STEP_TIMEOUT_MS: 30 s). Embedded Junction (SQLite, in-process queue) as a
 * child process; every third event's call is held 30 s before the target answers, the others
 * answer at once. Holds when every run ends (succeeded, or failed with the timeout message),
 * none stays running, the invariant holds, and the test's waits are bounded (90 s after the
 * last webhook). Figures: outcomes, the longest run, the calls Junction gave up on.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createWorkflow, effectWorkflow, sendWebhook, signUp } from '../support/client.js';
import { account, assertAccounted, createLedger, FINISHED, readExecutionsSqlite } from '../support/invariant.js';
import { freePort, removeDir, startJunction, stopAll, tempDir, waitFor } from '../support/processes.js';
import { report, scaled } from '../support/report.js';

const EVENTS = scaled(9, 30);
const HANG_MS = 30_000;

interface HangTarget {
  url: string;
  host: string;
  calls: number;
  hung: number;
  /** Hung calls whose connection Junction closed before the 30 s were over. */
  abandoned: number;
  close(): Promise<void>;
}

async function startHangTarget(): Promise<HangTarget> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const seq = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('seq'));
    target.calls += 1;
    if (seq % 3 !== 0) {
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
      return;
    }
    target.hung += 1;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) res.end('{"ok":true,"late":true}');
    }, HANG_MS);
    timers.add(timer);
    res.on('close', () => {
      if (!res.writableEnded) target.abandoned += 1;
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const target: HangTarget = {
    url: `http://127.0.0.1:${port}/slow`,
    host: `127.0.0.1:${port}`,
    calls: 0,
    hung: 0,
    abandoned: 0,
    async close() {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return target;
}

describe('a target that hangs 30 s', () => {
  let target: HangTarget;
  let dataDir: string;

  beforeAll(async () => {
    target = await startHangTarget();
    dataDir = tempDir('hang');
  });
  afterAll(async () => {
    await stopAll();
    await target?.close();
    if (dataDir) removeDir(dataDir);
  });

  it('ends every run (timeout or success) with the shipped step limit; nothing hangs', {
    timeout: 240_000,
  }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const db = path.join(dataDir, 'junction.db');
    // No STEP_TIMEOUT_MS: the shipped default (30 s).
    const server = await startJunction({ port, dataDir, env: { JUNCTION_ALLOWED_HOSTS: target.host } });
    const { token } = await signUp(base, 'hang');
    const workflowId = await createWorkflow(base, token, effectWorkflow(target.url));
    const ledger = createLedger();
    const started = performance.now();
    for (let seq = 1; seq <= EVENTS; seq++) await sendWebhook(base, workflowId, seq, ledger);
    await waitFor(
      () => readExecutionsSqlite(db, workflowId).every((r) => FINISHED.has(r.status)),
      'every run to end',
      90_000,
    );
    const endedSeconds = (performance.now() - started) / 1000;
    const rows = readExecutionsSqlite(db, workflowId);
    const result = account(ledger, rows, { requireFinished: true });
    const details = await Promise.all(
      rows.map(async (r) => (await call(base, 'GET', `/api/executions/${r.id}`, { token })).json),
    );
    const outcomes: Record<string, number> = {};
    const errors = new Set<string>();
    let longest = 0;
    for (const d of details) {
      outcomes[d.status] = (outcomes[d.status] ?? 0) + 1;
      if (d.error) errors.add(String(d.error));
      if (d.startedAt && d.finishedAt)
        longest = Math.max(longest, (Date.parse(d.finishedAt) - Date.parse(d.startedAt)) / 1000);
    }
    report('target hanging 30 s (shipped step limit)', [
      {
        events: EVENTS,
        'hung calls': target.hung,
        'target calls': target.calls,
        ...outcomes,
        'abandoned by Junction': target.abandoned,
        'longest run s': longest,
        'all ended within s': endedSeconds,
        error: [...errors].join(' | '),
        lost: result.lost,
        duplicates: result.duplicates,
      },
    ]);
    assertAccounted(result);
    expect(rows).toHaveLength(EVENTS);
    // The quick calls succeed; a hung one ends succeeded (answer just in time) or failed naming the timeout.
    for (const d of details) {
      expect(['succeeded', 'failed']).toContain(d.status);
      if (d.status === 'failed') expect(String(d.error)).toMatch(/timed out/);
    }
    await server.stop();
  });
});
