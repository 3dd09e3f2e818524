/**
 * Two instances with a schedule, the leader killed: two Junction processes
 * share PostgreSQL and a private redis-server (BullMQ job schedulers, the scale-out set-up). A
 * workflow on a 1-minute schedule runs while the instances are killed -9 in turn right after
 * a tick and started again. Every tick from the first to the last has exactly one execution —
 * none missing while an instance is down, none doubled. Short form: 3 ticks; long: 10.
 * Needs TEST_DATABASE_URL (the schedule's real time makes this the slowest scenario).
 */
import { createStepData, type WorkflowDocument } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenTestDatabase, openTestDatabases } from '../../../server/src/store/test-db.js';
import { call, createWorkflow, signUp } from '../support/client.js';
import {
  type Child,
  freePort,
  removeDir,
  startJunction,
  startRedis,
  stopAll,
  tempDir,
  waitFor,
} from '../support/processes.js';
import { report, scaled } from '../support/report.js';
import { missingService, suiteName } from '../../setup/skip.js';

const TICKS = scaled(3, 10);
const postgres = openTestDatabases().find((db) => db.dialect === 'postgres');

function everyMinute(): WorkflowDocument {
  return {
    schemaVersion: 1,
    id: 'placeholder',
    name: 'Every minute',
    active: false,
    steps: [
      {
        id: 'st-schedule',
        kind: 'trigger',
        position: { x: 0, y: 0 },
        data: createStepData({
          name: 'Schedule',
          type: 'schedule',
          app: 'schedule',
          label: 'Schedule',
          action: 'schedule',
          triggerlabel: 'Schedule',
          fields: [
            { name: 'frequency', value: 'minutes' },
            { name: 'every', value: 1 },
            { name: 'timezone', value: 'UTC' },
          ],
          testData: { scheduledAt: '2025-01-01T00:00:00.000Z' },
        }),
      },
    ],
    links: [],
  };
}

const missing = missingService('postgres');
describe.skipIf(missing)(suiteName('two instances with a schedule, the leader killed', missing), () => {
  const testDb = postgres!;
  let opened: OpenTestDatabase;
  let dataDirs: string[] = [];
  let redisDir: string;

  beforeAll(async () => {
    opened = await testDb.open();
    dataDirs = [tempDir('sched-a'), tempDir('sched-b')];
    redisDir = tempDir('sched-redis');
  });
  afterAll(async () => {
    await stopAll();
    await opened?.close();
    for (const dir of [...dataDirs, redisDir]) if (dir) removeDir(dir);
  });

  it(`runs each of ${TICKS} ticks exactly once while instances are killed in turn`, {
    timeout: (TICKS + 3) * 90_000,
  }, async () => {
    const redisPort = await freePort();
    const redis = await startRedis(redisPort, redisDir);
    const ports = [await freePort(), await freePort()];
    const start = (i: number) =>
      startJunction({
        port: ports[i],
        dataDir: dataDirs[i],
        env: {
          DATABASE_URL: opened.config.databaseUrl,
          REDIS_URL: `redis://127.0.0.1:${redisPort}`,
          // Both instances share one vault key (the database holds secrets sealed with it).
          JUNCTION_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        },
      });
    const instances: Child[] = [await start(0), await start(1)];
    const bases = ports.map((p) => `http://127.0.0.1:${p}`);
    const { token } = await signUp(bases[0], 'schedule');
    const workflowId = await createWorkflow(bases[0], token, everyMinute());
    const on = await call(bases[0], 'PUT', `/api/workflows/${workflowId}/active`, { token, body: { active: true } });
    expect(on.status, on.text).toBe(200);

    const ticks = async (base: string) => {
      const res = await call(base, 'GET', `/api/workflows/${workflowId}/executions?limit=200`, { token });
      return (res.json.items as { triggerData: { scheduledAt: string } }[]).map((e) => e.triggerData.scheduledAt);
    };
    const log: Record<string, string | number>[] = [];
    let alive = 1;
    for (let t = 1; t <= TICKS; t++) {
      const base = bases[alive];
      await waitFor(async () => (await ticks(base)).length >= t, `tick ${t}`, 90_000).catch((error: Error) => {
        throw new Error(
          `${error.message}\nA: ${instances[0].output().slice(-3000)}\nB: ${instances[1].output().slice(-3000)}`,
        );
      });
      const seen = await ticks(base);
      // Kill the instance that is not being asked (in turn), right after the tick, and restart it.
      const victim = 1 - alive;
      let event = '';
      if (t < TICKS) {
        await instances[victim].kill9();
        event = `instance ${victim === 0 ? 'A' : 'B'} killed -9`;
        instances[victim] = await start(victim);
        event += ' and restarted';
        alive = victim;
      }
      log.push({ tick: t, at: [...seen].sort().at(-1) ?? '', executions: seen.length, event });
    }
    // One more half interval: nothing doubles late.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const all = (await ticks(bases[alive])).sort();
    const counts = new Map<string, number>();
    for (const at of all) counts.set(at, (counts.get(at) ?? 0) + 1);
    const first = Date.parse(all[0]);
    const last = Date.parse(all.at(-1) as string);
    const missing: string[] = [];
    for (let at = first; at <= last; at += 60_000) {
      if (!counts.has(new Date(at).toISOString())) missing.push(new Date(at).toISOString());
    }
    const doubled = [...counts].filter(([, n]) => n > 1).map(([at]) => at);
    report('schedule with two instances, the leader killed', log);
    report('schedule: accounting', [
      { ticks: counts.size, executions: all.length, missing: missing.length, doubled: doubled.length },
    ]);
    expect({ missing, doubled }).toEqual({ missing: [], doubled: [] });
    expect(counts.size).toBeGreaterThanOrEqual(TICKS);
    await Promise.all(instances.map((i) => i.stop()));
    await redis.stop();
  });
});
