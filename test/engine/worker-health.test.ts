/**
 * The worker's health server (WORKER_HEALTH_PORT) listens on loopback unless
 * WORKER_HEALTH_HOST says otherwise: it serves metrics, and an orchestrator probes it from
 * inside the container. Needs Redis and PostgreSQL (a worker refuses to start without both).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestDatabases } from '../../server/src/store/test-db.js';
import { startWorker } from '../../server/src/worker.js';
import { missingService, suiteName } from '../setup/skip.js';

const missing = missingService('postgres', 'redis');

/** An IPv4 address of this machine that is not loopback, if it has one. */
function outsideAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces()))
    for (const entry of list ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  return undefined;
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe.skipIf(missing)(suiteName("the worker's health server address", missing), () => {
  it('is 127.0.0.1 by default: answered there, refused from the network', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'junction-worker-health-'));
    const database = await openTestDatabases()
      .find((db) => db.dialect === 'postgres')!
      .open();
    let said = '';
    const stop = await startWorker(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: database.config.databaseUrl,
        REDIS_URL: process.env.TEST_REDIS_URL,
        QUEUE_PREFIX: `jt-${randomBytes(5).toString('hex')}`,
        WORKER_HEALTH_PORT: '0',
        LOG_LEVEL: 'silent',
      },
      { stdout: (text) => (said += text) },
    );
    try {
      const match = /health at http:\/\/([^:]+):(\d+)\//.exec(said);
      expect(match?.[1]).toBe('127.0.0.1');
      const port = Number(match?.[2]);
      expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);
      const outside = outsideAddress();
      if (outside) expect(await accepts(outside, port)).toBe(false);
    } finally {
      await stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
