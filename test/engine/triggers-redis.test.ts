/**
 * Triggers on PostgreSQL + BullMQ: two Junction processes share the database
 * and Redis; schedules and polls are BullMQ job schedulers, upserted on ON, removed on OFF,
 * re-armed on start, and consumed by whichever process takes the job. Runs when
 * TEST_DATABASE_URL and TEST_REDIS_URL are set. Polls run on real time here (every 300 ms).
 */
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/src/config.js';
import { type OpenTestDatabase, openTestDatabases } from '../../server/src/store/test-db.js';
import {
  type Clock,
  type CrmUser,
  createClock,
  createContact,
  createWorkflow,
  executions,
  freePort,
  type Junction,
  pollingWorkflow,
  scheduleWorkflow,
  signUpWithCrm,
  startJunction,
  waitForExecutions,
} from './triggers-support.js';
import { missingService, suiteName } from '../setup/skip.js';

const redisUrl = process.env.TEST_REDIS_URL;
const postgres = openTestDatabases().find((db) => db.dialect === 'postgres');

const missing = missingService('postgres', 'redis');
describe.skipIf(missing)(suiteName('triggers on PostgreSQL + BullMQ', missing), () => {
  const testDb = postgres!;
  const prefix = `jt-${randomBytes(5).toString('hex')}`;
  let opened: OpenTestDatabase;
  let config: Config;
  let clock: Clock;
  let first: Junction;
  let second: Junction;
  let user: CrmUser;
  let connection: Redis;
  let queue: Queue;

  const setActive = (workflowId: string, active: boolean) =>
    first.call('PUT', `/api/workflows/${workflowId}/active`, { token: user.token, body: { active } });
  const schedulerIds = async () => (await queue.getJobSchedulers()).map((s) => s.key).sort();

  beforeAll(async () => {
    const port = await freePort();
    opened = await testDb.open({
      port,
      publicUrl: `http://127.0.0.1:${port}`,
      redisUrl,
      queuePrefix: prefix,
      pollIntervalMs: 300,
    });
    config = opened.config;
    clock = createClock();
    first = await startJunction(config, clock);
    second = await startJunction(config, clock, false);
    user = await signUpWithCrm(first);
    connection = new Redis(redisUrl as string, { maxRetriesPerRequest: null });
    queue = new Queue('junction-triggers', { connection, prefix });
  }, 60_000);

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await queue?.close();
    const keys = await connection.keys(`${prefix}:*`);
    if (keys.length > 0) await connection.del(...keys);
    connection?.disconnect();
    await opened?.close();
  }, 60_000);

  it('arms a job scheduler per workflow on ON, re-arms it on start, and removes it on OFF', async () => {
    const workflowId = await createWorkflow(first, user.token, scheduleWorkflow({ frequency: 'minutes', every: 5 }));
    expect((await setActive(workflowId, true)).status).toBe(200);
    // BullMQ aligns `every` to the epoch as the Schedule app does; its first, immediate job is
    // not a tick and the worker drops it (isScheduledTick).
    expect(await queue.getJobSchedulers()).toMatchObject([{ key: `schedule:${workflowId}`, every: 300_000 }]);

    // A start re-arms every active workflow (here after its scheduler was lost).
    await queue.removeJobScheduler(`schedule:${workflowId}`);
    await second.close();
    second = await startJunction(config, clock, false);
    expect(await schedulerIds()).toEqual([`schedule:${workflowId}`]);

    // A tick job (as the scheduler makes them, `prevMillis` = the tick) delivered twice and an
    // off-tick job: one execution, for the tick.
    const tick = (Math.floor(Date.now() / 300_000) + 1) * 300_000;
    const data = { workflowId, tenantId: user.tenantId };
    for (const prevMillis of [tick, tick, tick + 60_000]) {
      await queue.add('schedule', data, { prevMillis } as Parameters<Queue['add']>[2]);
    }
    const ran = await waitForExecutions(first, user.token, workflowId, 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await executions(first, user.token, workflowId)).toHaveLength(1);
    expect(ran[0]).toMatchObject({ trigger: 'schedule', triggerData: { scheduledAt: new Date(tick).toISOString() } });

    expect((await setActive(workflowId, false)).status).toBe(200);
    expect(await schedulerIds()).toEqual([]);
  });

  it('polls through BullMQ on two processes: each new contact fires exactly once', async () => {
    const workflowId = await createWorkflow(first, user.token, pollingWorkflow(user.credentialId));
    await createContact(first, user, 'existing@example.com');
    expect((await setActive(workflowId, true)).status).toBe(200);
    expect(await schedulerIds()).toEqual([`poll:${workflowId}`]);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await createContact(first, user, `redis-${i}@example.com`));
      await waitForExecutions(first, user.token, workflowId, i + 1);
    }
    // A few more polls (300 ms apart) must not fire anything again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const list = await executions(first, user.token, workflowId);
    expect(list.map((x) => (x.triggerData as { id: string }).id).sort()).toEqual([...ids].sort());
    expect((await setActive(workflowId, false)).status).toBe(200);
    expect(await schedulerIds()).toEqual([]);
  });
});
