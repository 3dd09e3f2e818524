/**
 * RELIABILITY.md "Third-party subscriptions through a crash": a process that dies between an
 * app's subscribe answer and the commit that stores the subscription leaves a written intent,
 * and the sweep of another process (after the grace period) unsubscribes it at the app with the
 * answer's values, exactly once (two processes sweeping); a removal the app refuses is tried again later; a normal ON,
 * publish and OFF leave no intent. On SQLite and PostgreSQL.
 *
 * The third party is the Demo CRM, reached through a local HTTP server on 127.0.0.1 that stands
 * in front of it as Junction's public URL: it counts the unsubscribe calls and can refuse them.
 * The dying process is a second triggers service over the same database whose failure point
 * after the subscribe answer throws: nothing after it runs, as after a kill -9.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabases } from '../api/harness.js';
import type { OpenTestDatabase } from '../../server/src/store/test-db.js';
import { createEngine } from '../../server/src/engine/index.js';
import { createTriggers } from '../../server/src/engine/triggers/index.js';
import { backoffMs, SUBSCRIBE_GRACE_MS } from '../../server/src/engine/triggers/intents.js';
import { createCredentialResolver } from '../../server/src/integrations/auth/credential-resolver.js';
import { createAppRegistry } from '../../server/src/integrations/registry.js';
import { createLogger } from '../../server/src/log.js';
import { createVault, loadVaultKeys } from '../../server/src/security/vault.js';
import { createRepos } from '../../server/src/store/repos/index.js';
import {
  type Clock,
  type CrmUser,
  createClock,
  createWorkflow,
  crmHookWorkflow,
  freePort,
  type Junction,
  signUpWithCrm,
  startJunction,
  waitUntil,
} from './triggers-support.js';
import { type Front, startFront } from './subscription-front.js';

/** What the dying process throws at its failure point. */
class ProcessDied extends Error {}

/** A triggers service over the same database that runs `afterSubscribeAnswer` after the app's answer. */
function processWith(opened: OpenTestDatabase, clock: Clock, afterSubscribeAnswer: () => Promise<void>) {
  const config = opened.config;
  const base = {
    config,
    handle: opened,
    repos: createRepos(opened.db),
    vault: createVault(loadVaultKeys(config)),
    logger: createLogger('silent'),
    now: clock.now,
    newId: randomUUID,
  };
  const deps = { ...base, registry: createAppRegistry(base), credentialResolver: createCredentialResolver(base) };
  const engine = createEngine(deps);
  return createTriggers({ ...deps, engine: engine.service }, { crashPoints: { afterSubscribeAnswer } });
}

describe.each(openTestDatabases())('app subscriptions through a crash on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  let front: Front;
  let clock: Clock;
  let j: Junction;
  let user: CrmUser;

  beforeAll(async () => {
    const port = await freePort();
    front = await startFront(port);
    // The sweep runs every 30 scans: 600 ms here.
    opened = await testDb.open({ port, publicUrl: `http://127.0.0.1:${front.port}`, triggerScanMs: 20 });
    clock = createClock();
    j = await startJunction(opened.config, clock);
    user = await signUpWithCrm(j);
  });
  afterAll(async () => {
    await j?.close();
    await front?.close();
    await opened?.close();
  });

  const hooks = async () => (await j.services.apps.demoCrmStorage()).listHooks(user.tenantId, 'contact.created');
  const intents = () => opened.db.selectFrom('subscription_intents').selectAll().execute();
  const active = async (workflowId: string) =>
    (await j.call('GET', `/api/workflows/${workflowId}/active`, { token: user.token })).json.active;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * Switches a new Demo CRM webhook workflow ON in a process that dies after the app's answer
   * (or runs `afterAnswer` there, and must answer `failure`); answers the workflow and the app's hook id.
   */
  async function switchOnIn(
    afterAnswer: () => Promise<void> = async () => {
      throw new ProcessDied('killed between the answer and the commit');
    },
    failure: string | RegExp | (new () => Error) = ProcessDied,
  ): Promise<{ workflowId: string; hookId: string }> {
    const workflowId = await createWorkflow(j, user.token, crmHookWorkflow(user.credentialId));
    const member = await opened.db
      .selectFrom('memberships')
      .select('user_id')
      .where('tenant_id', '=', user.tenantId)
      .executeTakeFirstOrThrow();
    const auth = { userId: member.user_id, tenantId: user.tenantId, sessionId: 'dying', role: 'owner' as const };
    const known = new Set((await hooks()).map((h) => h.id));
    // The app's subscriptions made by this switch, as they are at the failure point.
    let made: string[] = [];
    const dying = processWith(opened, clock, async () => {
      made = (await hooks()).map((h) => h.id).filter((id) => !known.has(id));
      await afterAnswer();
    });
    await expect(dying.service.setActive(auth, workflowId, true)).rejects.toThrow(failure);
    await dying.lifecycle.close();
    expect(made).toHaveLength(1);
    return { workflowId, hookId: made[0] };
  }

  it('unsubscribes once, with the answer, what a process killed before its commit subscribed', async () => {
    const { workflowId, hookId } = await switchOnIn();
    // The app has the subscription; no workflow stored it; its intent holds the app's answer.
    expect(await active(workflowId)).toBe(false);
    const [intent] = await intents();
    expect(intent).toMatchObject({ workflow_id: workflowId, tenant_id: user.tenantId, state: 'subscribing' });
    expect(JSON.stringify(intent.answer)).toContain(hookId);

    // Within the grace period the sweep leaves it to the process that wrote it.
    await sleep(700);
    expect((await hooks()).map((h) => h.id)).toContain(hookId);
    expect(front.unsubscribes).toEqual([]);

    // Two processes sweep the same database: one of them takes the intent.
    const other = await startJunction(opened.config, clock, false);
    try {
      clock.advance(SUBSCRIBE_GRACE_MS + 1_000);
      await waitUntil(async () => (await intents()).length === 0, 'the sweep to finish the intent');
      expect((await hooks()).map((h) => h.id)).not.toContain(hookId);
      // Later sweeps call the app no more.
      await sleep(700);
    } finally {
      await other.close();
    }
    expect(front.unsubscribes).toEqual([`/demo-crm/hooks/${hookId}`]);
  });

  it('tries a refused removal again later, then removes it', async () => {
    front.unsubscribes.length = 0;
    const { hookId } = await switchOnIn();
    front.refuse(true);
    clock.advance(SUBSCRIBE_GRACE_MS + 1_000);
    await waitUntil(
      async () => (await intents()).some((i) => i.state === 'unsubscribing' && i.last_error !== null),
      'a refused removal to be recorded',
    );
    const [refused] = await intents();
    expect(refused.attempts).toBe(1);
    expect(refused.last_error).toContain('refused to unsubscribe');
    // Not before its backoff.
    await sleep(700);
    expect((await intents()).map((i) => i.attempts)).toEqual([1]);
    front.refuse(false);
    clock.advance(backoffMs(1) + 1_000);
    await waitUntil(async () => (await intents()).length === 0, 'the removal to be tried again');
    expect((await hooks()).map((h) => h.id)).not.toContain(hookId);
    expect(front.unsubscribes.at(-1)).toBe(`/demo-crm/hooks/${hookId}`);
  });

  it('refuses the commit of a process so slow that the sweep removed its subscription', async () => {
    front.unsubscribes.length = 0;
    const { workflowId, hookId } = await switchOnIn(async () => {
      clock.advance(SUBSCRIBE_GRACE_MS + 1_000);
      await waitUntil(async () => (await intents()).length === 0, 'the sweep to take the intent');
    }, 'Setting up the trigger took too long');
    expect(await active(workflowId)).toBe(false);
    expect((await hooks()).map((h) => h.id)).not.toContain(hookId);
    expect(front.unsubscribes).toEqual([`/demo-crm/hooks/${hookId}`]);
  });

  it('leaves no intent after a normal ON, a publish that changes the trigger and OFF', async () => {
    const before = (await hooks()).length;
    const workflowId = await createWorkflow(j, user.token, crmHookWorkflow(user.credentialId));
    const on = await j.call('PUT', `/api/workflows/${workflowId}/active`, {
      token: user.token,
      body: { active: true },
    });
    expect(on.status, on.text).toBe(200);
    expect(await intents()).toEqual([]);
    expect(await hooks()).toHaveLength(before + 1);

    // A new trigger step: publishing subscribes anew and removes the old subscription.
    const live = (await j.call('GET', `/api/workflows/${workflowId}`, { token: user.token })).json;
    const draft = { ...live.document, steps: [{ ...live.document.steps[0], id: 'st-trigger-new' }] };
    expect(
      (await j.call('PUT', `/api/workflows/${workflowId}`, { token: user.token, body: { document: draft } })).status,
    ).toBe(200);
    const published = await j.call('POST', `/api/workflows/${workflowId}/publish`, { token: user.token, body: {} });
    expect(published.status, published.text).toBe(200);
    expect(await intents()).toEqual([]);
    expect(await hooks()).toHaveLength(before + 1);

    const off = await j.call('PUT', `/api/workflows/${workflowId}/active`, {
      token: user.token,
      body: { active: false },
    });
    expect(off.status, off.text).toBe(200);
    expect(await intents()).toEqual([]);
    expect(await hooks()).toHaveLength(before);
  });
});
