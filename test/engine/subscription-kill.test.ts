/**
 * RELIABILITY.md "Third-party subscriptions through a crash", with a real kill -9: Junction runs
 * as a child process on PostgreSQL; the test holds a lock on the workflow's row, so the child's
 * switch ON has its subscribe answer from the app (the Demo CRM, behind a counting front server
 * on 127.0.0.1) stored on its intent but cannot commit; the child is killed with SIGKILL there.
 * Another Junction on the same database, its clock past the grace period, then unsubscribes
 * the subscription at the app once, with the answer's id, and the workflow stays OFF.
 * PostgreSQL only: SQLite has no row lock to hold the commit with.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBE_GRACE_MS } from '../../server/src/engine/triggers/intents.js';
import type { OpenTestDatabase } from '../../server/src/store/test-db.js';
import { GOOD_PASSWORD, openTestDatabases } from '../api/harness.js';
import { startJunction as startChild, stopAll } from '../reliability/support/processes.js';
import { missingService, suiteName } from '../setup/skip.js';
import { type Front, startFront } from './subscription-front.js';
import { createClock, crmHookWorkflow, freePort, type Junction, startJunction, waitUntil } from './triggers-support.js';

const postgres = openTestDatabases().find((db) => db.dialect === 'postgres');
const missing = missingService('postgres');

/** Calls the child over HTTP; answers the status and the parsed body. */
async function call(port: number, method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : undefined };
}

describe.skipIf(missing)(suiteName('an app subscription through a kill -9', missing), () => {
  let opened: OpenTestDatabase;
  let front: Front;
  let port: number;
  let sweeper: Junction | undefined;

  beforeAll(async () => {
    port = await freePort();
    front = await startFront(port);
    // The sweep runs every 30 scans: 600 ms here.
    opened = await (postgres as NonNullable<typeof postgres>).open({
      port,
      publicUrl: `http://127.0.0.1:${front.port}`,
      triggerScanMs: 20,
    });
  }, 120_000);
  afterAll(async () => {
    await stopAll();
    await sweeper?.close();
    await front?.close();
    await opened?.close();
  });

  it('unsubscribes once what the killed process subscribed before its commit', async () => {
    const child = await startChild({
      port,
      dataDir: opened.config.dataDir,
      env: { DATABASE_URL: opened.config.databaseUrl, PUBLIC_URL: `http://127.0.0.1:${front.port}` },
    });
    const signUp = await call(port, 'POST', '/api/auth/sign-up', undefined, {
      email: `kill-${Date.now()}@example.com`,
      password: GOOD_PASSWORD,
      firstName: 'K',
    });
    expect(signUp.status, signUp.text).toBe(201);
    const token = signUp.json.token as string;
    const tenantId = signUp.json.tenant.id as string;
    const key = await call(port, 'POST', '/api/demo-crm/keys', token, {});
    expect(key.status, key.text).toBe(201);
    const document = crmHookWorkflow(key.json.credential.id);
    const created = await call(port, 'POST', '/api/workflows', token, { name: document.name, document });
    expect(created.status, created.text).toBe(201);
    const workflowId = created.json.id as string;

    const hooks = () => opened.db.selectFrom('demo_crm_hooks').select('id').where('tenant_id', '=', tenantId).execute();
    const intents = () => opened.db.selectFrom('subscription_intents').selectAll().execute();

    // The workflow's row locked: the child subscribes, stores the answer, and waits on its commit.
    await opened.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM workflows WHERE id = ${workflowId} FOR UPDATE`.execute(trx);
      const switching = call(port, 'PUT', `/api/workflows/${workflowId}/active`, token, { active: true }).catch(
        (error: unknown) => error,
      );
      await waitUntil(
        async () => (await intents()).some((i) => i.answer !== null),
        'the subscribe answer on the intent',
        1_200,
      );
      await child.kill9();
      await switching;
    });

    const made = await hooks();
    expect(made).toHaveLength(1);
    const [intent] = await intents();
    expect(intent).toMatchObject({ workflow_id: workflowId, state: 'subscribing' });
    expect(JSON.stringify(intent.answer)).toContain(made[0].id);
    expect(front.unsubscribes).toEqual([]);

    // Started again on the same database, past the grace period: the sweep finishes the intent.
    const clock = createClock();
    clock.advance(SUBSCRIBE_GRACE_MS + 1_000);
    sweeper = await startJunction(opened.config, clock);
    await waitUntil(async () => (await intents()).length === 0, 'the sweep to finish the intent');
    expect(await hooks()).toEqual([]);
    expect(front.unsubscribes).toEqual([`/demo-crm/hooks/${made[0].id}`]);
    const stored = await opened.db
      .selectFrom('workflows')
      .select('active')
      .where('id', '=', workflowId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.active)).toBe(0);
  }, 120_000);
});
