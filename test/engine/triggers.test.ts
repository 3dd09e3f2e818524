/**
 * Activation, schedules and polling with dedupe through the real API,
 * against the Demo CRM that Junction serves itself on a real 127.0.0.1 port, with a movable
 * clock: polls and ticks happen when the test moves time, and every assertion reads what a
 * user sees (the activation answer, the executions list, the Demo CRM's subscriptions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/src/config.js';
import { type OpenTestDatabase, openTestDatabases } from '../../server/src/store/test-db.js';
import {
  type Clock,
  type CrmUser,
  createClock,
  createContact,
  createWorkflow,
  crmHookWorkflow,
  executions,
  freePort,
  type Junction,
  pollingWorkflow,
  scheduleWorkflow,
  signUpWithCrm,
  startJunction,
  TRIGGER_STEP,
  waitForExecutions,
  waitUntil,
} from './triggers-support.js';
import { hookPathOf } from './support.js';

const POLL_MS = 60_000;
const MINUTE = 60_000;

/** Ids in a stable order: executions ingested in one batch share a timestamp, so the list cannot order them. */
const sorted = (ids: (string | undefined)[]) => [...ids].sort();

const idOf = (data: unknown): string | undefined => {
  const record = data as { id?: string; contact?: { id?: string } } | null;
  return record?.id ?? record?.contact?.id;
};

describe.each(openTestDatabases())('triggers on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  let config: Config;
  let clock: Clock;
  let j: Junction;
  let user: CrmUser;

  const setActive = (workflowId: string, active: boolean, token = user.token) =>
    j.call('PUT', `/api/workflows/${workflowId}/active`, { token, body: { active } });
  const activation = async (workflowId: string) =>
    (await j.call('GET', `/api/workflows/${workflowId}/active`, { token: user.token })).json;
  const hooks = async () => (await j.services.apps.demoCrmStorage()).listHooks(user.tenantId, 'contact.created');

  /** A Demo CRM account with a key of its own, and the key's revocation (Settings → API). */
  const accountToRevoke = async (name: string) => {
    const issued = await j.call('POST', '/demo-crm/keys', { token: user.token });
    expect(issued.status, issued.text).toBe(201);
    const account = await j.call('POST', '/api/credentials', {
      token: user.token,
      body: { app: 'demo-crm', name, values: { api_key: issued.json.apiKey } },
    });
    expect(account.status, account.text).toBe(201);
    const revoke = async () =>
      expect((await j.call('DELETE', `/demo-crm/keys/${issued.json.key.id}`, { token: user.token })).status).toBe(204);
    return { id: account.json.id as string, revoke };
  };

  beforeAll(async () => {
    const port = await freePort();
    opened = await testDb.open({
      port,
      publicUrl: `http://127.0.0.1:${port}`,
      pollIntervalMs: POLL_MS,
      triggerScanMs: 20,
    });
    config = opened.config;
    clock = createClock();
    j = await startJunction(config, clock);
    user = await signUpWithCrm(j);
  });

  afterAll(async () => {
    await j?.close();
    await opened?.close();
  });

  it('refuses to switch ON a workflow with blocking issues or a bad schedule, and it stays OFF', async () => {
    const noAccount = await createWorkflow(j, user.token, pollingWorkflow(null));
    const refused = await setActive(noAccount, true);
    expect(refused.status).toBe(422);
    expect(refused.json.detail).toContain('"New contact": Missing credential.');
    expect((await j.call('GET', `/api/workflows/${noAccount}`, { token: user.token })).json.active).toBe(false);

    const badSchedule = await createWorkflow(j, user.token, scheduleWorkflow({ frequency: 'minutes', every: 0 }));
    const refusedSchedule = await setActive(badSchedule, true);
    expect(refusedSchedule.status).toBe(422);
    expect(refusedSchedule.json.detail).toContain(
      'The schedule of "Schedule" is not valid: Every must be a whole number from 1 to 1440 minutes.',
    );
    expect(await activation(badSchedule)).toEqual({ active: false });

    const badInput = await j.call('PUT', `/api/workflows/${badSchedule}/active`, {
      token: user.token,
      body: { active: 'yes' },
    });
    expect(badInput.status).toBe(400);
    const missing = await setActive('00000000-0000-4000-8000-000000000000', true);
    expect(missing.status).toBe(404);
  });

  it('polls: the first poll only records, each new contact fires exactly once, across a save and a restart', async () => {
    await createContact(j, user, 'before-1@example.com');
    await createContact(j, user, 'before-2@example.com');
    const workflowId = await createWorkflow(j, user.token, pollingWorkflow(user.credentialId));
    const on = await setActive(workflowId, true);
    expect(on.status, on.text).toBe(200);
    expect(on.json).toEqual({ active: true, triggerMessage: 'Checking Demo CRM for new items every 60 seconds.' });
    const stored = (await j.call('GET', `/api/workflows/${workflowId}`, { token: user.token })).json;
    // Switching ON is a write of the workflow: its revision moves (the editor reloads it).
    expect(stored).toMatchObject({ active: true, revision: 2, document: { active: true } });
    expect(stored.document.steps[0].data.triggerMessage).toBe('Checking Demo CRM for new items every 60 seconds.');

    const c = await createContact(j, user, 'c@example.com');
    clock.advance(POLL_MS + 1);
    expect((await waitForExecutions(j, user.token, workflowId, 1)).map((e) => idOf(e.triggerData))).toEqual([c]);

    const d = await createContact(j, user, 'd@example.com');
    const e = await createContact(j, user, 'e@example.com');
    clock.advance(POLL_MS + 1);
    await waitForExecutions(j, user.token, workflowId, 3);
    // Polls with nothing new fire nothing; a later contact is the sentinel that they ran.
    clock.advance(POLL_MS + 1);
    await waitUntil(
      async () => (await activation(workflowId)).lastRunAt === new Date(clock.ms).toISOString(),
      'a poll',
    );
    const f = await createContact(j, user, 'f@example.com');
    clock.advance(POLL_MS + 1);
    const list = await waitForExecutions(j, user.token, workflowId, 4);
    expect(sorted(list.map((x) => idOf(x.triggerData)))).toEqual(sorted([c, d, e, f]));
    expect(list.every((x) => x.trigger === 'polling')).toBe(true);
    expect(await activation(workflowId)).toMatchObject({ active: true, lastRunAt: expect.any(String) });
    expect((await activation(workflowId)).lastError).toBeUndefined();

    // A save while ON (same step, a renamed workflow and trigger), then its publish, keeps the seen keys.
    const saved = (await j.call('GET', `/api/workflows/${workflowId}`, { token: user.token })).json;
    const document = { ...saved.document, name: 'Renamed while ON' };
    document.steps[0].data.name = 'New contact (renamed)';
    const put = await j.call('PUT', `/api/workflows/${workflowId}`, { token: user.token, body: { document } });
    expect(put.status, put.text).toBe(200);
    const published = await j.call('POST', `/api/workflows/${workflowId}/publish`, { token: user.token, body: {} });
    expect(published.status, published.text).toBe(200);
    expect(published.json.workflow).toMatchObject({ name: 'Renamed while ON', state: 'live' });
    const g = await createContact(j, user, 'g@example.com');
    clock.advance(POLL_MS + 1);
    const afterSave = await waitForExecutions(j, user.token, workflowId, 5);
    expect(sorted(afterSave.map((x) => idOf(x.triggerData)))).toEqual(sorted([c, d, e, f, g]));

    // Restart: a contact created before the next poll fires once after the restart; nothing repeats.
    const h = await createContact(j, user, 'h@example.com');
    await j.close();
    j = await startJunction(config, clock);
    clock.advance(POLL_MS + 1);
    const afterRestart = await waitForExecutions(j, user.token, workflowId, 6);
    const i = await createContact(j, user, 'i@example.com');
    clock.advance(POLL_MS + 1);
    const all = await waitForExecutions(j, user.token, workflowId, 7);
    expect(sorted(afterRestart.map((x) => idOf(x.triggerData)))).toEqual(sorted([c, d, e, f, g, h]));
    expect(sorted(all.map((x) => idOf(x.triggerData)))).toEqual(sorted([c, d, e, f, g, h, i]));

    // OFF: polling stops; contacts created meanwhile never fire, even after switching ON again.
    expect((await setActive(workflowId, false)).json).toEqual({ active: false });
    await createContact(j, user, 'while-off@example.com');
    clock.advance(POLL_MS + 1);
    expect((await setActive(workflowId, true)).status).toBe(200);
    const k = await createContact(j, user, 'k@example.com');
    clock.advance(POLL_MS + 1);
    const final = await waitForExecutions(j, user.token, workflowId, 8);
    expect(sorted(final.map((x) => idOf(x.triggerData)))).toEqual(sorted([c, d, e, f, g, h, i, k]));
  });

  it('shows a poll failure on the activation view, and clears it after the next good poll', async () => {
    const account = await accountToRevoke('Revoked while ON');
    const workflowId = await createWorkflow(j, user.token, pollingWorkflow(account.id));
    expect((await setActive(workflowId, true)).status).toBe(200);
    await account.revoke();
    clock.advance(POLL_MS + 1);
    await waitUntil(async () => (await activation(workflowId)).lastError !== undefined, 'the poll error');
    const failed = await activation(workflowId);
    expect(failed.lastError).toBe(
      'Polling "New contact" failed: Demo CRM answered 401: A valid API key is required in the X-Api-Key header.',
    );
    expect(failed.active).toBe(true);

    const fixed = await j.call('PATCH', `/api/credentials/${account.id}`, {
      token: user.token,
      body: { values: { api_key: user.apiKey } },
    });
    expect(fixed.status).toBe(200);
    const n = await createContact(j, user, 'after-fix@example.com');
    clock.advance(POLL_MS + 1);
    const list = await waitForExecutions(j, user.token, workflowId, 1);
    expect(sorted(list.map((x) => idOf(x.triggerData)))).toEqual(sorted([n]));
    await waitUntil(async () => (await activation(workflowId)).lastError === undefined, 'the error to clear');
    expect((await setActive(workflowId, false)).status).toBe(200);
  });

  it('subscribes the Demo CRM webhook on ON, runs on a new contact, unsubscribes on OFF', async () => {
    const workflowId = await createWorkflow(j, user.token, crmHookWorkflow(user.credentialId));
    expect(await hooks()).toHaveLength(0);
    const on = await setActive(workflowId, true);
    expect(on.status, on.text).toBe(200);
    const hookUrl = `${config.publicUrl}${await hookPathOf(j, user.token, workflowId)}`;
    expect(hookUrl).not.toContain(workflowId);
    expect(on.json.triggerMessage).toBe(`Demo CRM sends new events to ${hookUrl}`);
    const subscribed = await hooks();
    expect(subscribed.map((hook) => hook.url)).toEqual([hookUrl]);

    const contact = await createContact(j, user, 'instant@example.com');
    const list = await waitForExecutions(j, user.token, workflowId, 1);
    expect(list[0].trigger).toBe('webhook');
    // The Demo CRM posts { event, hookId, contact }: the trigger's Webhook Pickoff Key ('contact')
    // makes the contact itself the trigger data.
    expect(list[0].triggerData).toMatchObject({ id: contact, email: 'instant@example.com' });
    expect(list[0].triggerData).not.toHaveProperty('hookId');

    // ON again while ON keeps the one subscription.
    expect((await setActive(workflowId, true)).status).toBe(200);
    expect(await hooks()).toHaveLength(1);

    expect((await setActive(workflowId, false)).json).toEqual({ active: false });
    expect(await hooks()).toHaveLength(0);
    expect((await j.call('GET', `/api/workflows/${workflowId}`, { token: user.token })).json.active).toBe(false);

    // Deleted while ON: the subscription is removed at the app too (every 30 scans: 600 ms here).
    expect((await setActive(workflowId, true)).status).toBe(200);
    expect(await hooks()).toHaveLength(1);
    expect((await j.call('DELETE', `/api/workflows/${workflowId}`, { token: user.token })).status).toBe(204);
    await waitUntil(async () => (await hooks()).length === 0, 'the app subscription to be removed');
  });

  it("applies the app trigger's Webhook Pickoff Key from its definition: a list starts one run per item", async () => {
    // A document stored without the step's copy of the key: the Demo CRM definition's 'contact' applies.
    const document = crmHookWorkflow(user.credentialId);
    document.steps[0].data.webhookKey = '';
    const workflowId = await createWorkflow(j, user.token, document);
    const one = await j.call('POST', await hookPathOf(j, user.token, workflowId), {
      body: { event: 'contact.created', hookId: 'h1', contact: { id: 'c-1', email: 'one@example.com' } },
    });
    expect(one.status, one.text).toBe(200);
    const two = await j.call('POST', await hookPathOf(j, user.token, workflowId), {
      body: { event: 'contact.created', hookId: 'h1', contact: [{ id: 'c-2' }, { id: 'c-3' }] },
    });
    expect(two.status, two.text).toBe(200);
    const list = await waitForExecutions(j, user.token, workflowId, 3);
    expect(list).toHaveLength(3);
    expect(list.map((x) => x.triggerData)).toEqual(
      expect.arrayContaining([{ id: 'c-1', email: 'one@example.com' }, { id: 'c-2' }, { id: 'c-3' }]),
    );
    const missing = await j.call('POST', await hookPathOf(j, user.token, workflowId), {
      body: { event: 'contact.created', hookId: 'h1' },
    });
    expect(missing.status).toBe(422);
    expect(missing.json.detail).toBe("The request has no 'contact' key (the trigger's pick-off key).");
    expect(await executions(j, user.token, workflowId)).toHaveLength(3);
  });

  it("refuses a wrong Demo CRM key on save with the Demo CRM's own answer, and saves nothing", async () => {
    const before = (await j.call('GET', '/api/credentials?app=demo-crm', { token: user.token })).json.items;
    const bad = await j.call('POST', '/api/credentials', {
      token: user.token,
      body: { app: 'demo-crm', name: 'Wrong key', values: { api_key: 'dcrm_not_a_key' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.json).toMatchObject({
      field: 'values',
      detail: 'Demo CRM answered 401: A valid API key is required in the X-Api-Key header.',
    });
    expect((await j.call('GET', '/api/credentials?app=demo-crm', { token: user.token })).json.items).toEqual(before);
  });

  it('keeps the workflow OFF when the app refuses the subscription, with the reason', async () => {
    const bad = await accountToRevoke('Revoked key');
    await bad.revoke();
    const workflowId = await createWorkflow(j, user.token, crmHookWorkflow(bad.id));
    const refused = await setActive(workflowId, true);
    expect(refused.status).toBe(422);
    expect(refused.json.detail).toBe(
      'Demo CRM refused the webhook subscription: Demo CRM answered 401: A valid API key is required in the X-Api-Key header.',
    );
    expect(await activation(workflowId)).toEqual({ active: false });
    expect(await hooks()).toHaveLength(0);
  });

  it('runs a schedule once per tick, catches up once after a gap, and stops when OFF', async () => {
    const workflowId = await createWorkflow(j, user.token, scheduleWorkflow({ frequency: 'minutes', every: 1 }));
    const on = await setActive(workflowId, true);
    expect(on.status, on.text).toBe(200);
    const firstTick = new Date((Math.floor(clock.ms / MINUTE) + 1) * MINUTE);
    expect(on.json.triggerMessage).toBe(`Next run at ${firstTick.toISOString()} (UTC).`);

    clock.ms = firstTick.getTime() + 5;
    const first = await waitForExecutions(j, user.token, workflowId, 1);
    expect(first[0]).toMatchObject({
      trigger: 'schedule',
      triggerData: {
        scheduledAt: firstTick.toISOString(),
        timezone: 'UTC',
        nextRunAt: new Date(firstTick.getTime() + MINUTE).toISOString(),
      },
    });

    // Three minutes without a tick (the process was busy or down): one catch-up run, for the latest.
    clock.ms = firstTick.getTime() + 3 * MINUTE + 5;
    const second = await waitForExecutions(j, user.token, workflowId, 2);
    expect((second[1].triggerData as { scheduledAt: string }).scheduledAt).toBe(
      new Date(firstTick.getTime() + 3 * MINUTE).toISOString(),
    );

    expect((await setActive(workflowId, false)).status).toBe(200);
    // A second schedule still ON is the sentinel that the next tick was processed.
    const sentinel = await createWorkflow(j, user.token, scheduleWorkflow({ frequency: 'minutes', every: 1 }));
    expect((await setActive(sentinel, true)).status).toBe(200);
    clock.ms = firstTick.getTime() + 4 * MINUTE + 5;
    await waitForExecutions(j, user.token, sentinel, 1);
    expect(await executions(j, user.token, workflowId)).toHaveLength(2);
    expect((await setActive(sentinel, false)).status).toBe(200);
  });

  it('applies a schedule edited while ON when it is published, without switching OFF and ON', async () => {
    const workflowId = await createWorkflow(j, user.token, scheduleWorkflow({ frequency: 'minutes', every: 1 }));
    expect((await setActive(workflowId, true)).status).toBe(200);
    const saved = (await j.call('GET', `/api/workflows/${workflowId}`, { token: user.token })).json;
    const document = saved.document;
    document.steps[0].data.fields = [
      { name: 'frequency', value: 'minutes' },
      { name: 'every', value: 10 },
    ];
    expect(
      (await j.call('PUT', `/api/workflows/${workflowId}`, { token: user.token, body: { document } })).status,
    ).toBe(200);
    // The edit is a draft: the running schedule stays as it was until Publish.
    const before = (await activation(workflowId)).nextRunAt;
    expect(before).toBe(new Date((Math.floor(clock.ms / MINUTE) + 1) * MINUTE).toISOString());
    const published = await j.call('POST', `/api/workflows/${workflowId}/publish`, { token: user.token, body: {} });
    expect(published.status).toBe(200);
    // Published: the schedule is set up anew on its next tick.
    const newTick = (Math.floor(clock.ms / (10 * MINUTE)) + 1) * 10 * MINUTE;
    await waitUntil(
      async () => (await activation(workflowId)).nextRunAt === new Date(newTick).toISOString(),
      'the re-armed schedule',
    );
    expect(await executions(j, user.token, workflowId)).toHaveLength(0);
    clock.ms = newTick + 5;
    const ran = await waitForExecutions(j, user.token, workflowId, 1);
    expect(ran[0].triggerData).toMatchObject({ scheduledAt: new Date(newTick).toISOString() });
    expect((await setActive(workflowId, false)).status).toBe(200);
  });

  it('stays ON with the reason when the app refuses to unsubscribe', async () => {
    const account = await accountToRevoke('Soon wrong');
    const workflowId = await createWorkflow(j, user.token, crmHookWorkflow(account.id));
    expect((await setActive(workflowId, true)).status).toBe(200);
    const change = (apiKey: string) =>
      j.call('PATCH', `/api/credentials/${account.id}`, {
        token: user.token,
        body: { values: { api_key: apiKey } },
      });
    await account.revoke();
    const refused = await setActive(workflowId, false);
    expect(refused.status).toBe(422);
    expect(refused.json.detail).toBe(
      'Demo CRM refused to unsubscribe: Demo CRM answered 401: A valid API key is required in the X-Api-Key header.',
    );
    expect(await activation(workflowId)).toMatchObject({ active: true });
    expect(await hooks()).toHaveLength(1);
    expect((await change(user.apiKey)).status).toBe(200);
    expect((await setActive(workflowId, false)).json).toEqual({ active: false });
    expect(await hooks()).toHaveLength(0);
  });

  it('two Junction processes on one database run each tick and each new item once', async () => {
    const other = await startJunction(config, clock, false);
    try {
      const scheduled = await createWorkflow(j, user.token, scheduleWorkflow({ frequency: 'minutes', every: 1 }));
      const polled = await createWorkflow(j, user.token, pollingWorkflow(user.credentialId, 'st-poll-2'));
      expect((await setActive(scheduled, true)).status).toBe(200);
      expect((await setActive(polled, true)).status).toBe(200);
      const ids: string[] = [];
      for (let round = 1; round <= 3; round++) {
        ids.push(await createContact(j, user, `both-${round}@example.com`));
        clock.ms = (Math.floor(clock.ms / MINUTE) + 1) * MINUTE + 5;
        clock.advance(POLL_MS);
        await waitForExecutions(j, user.token, scheduled, round);
        await waitForExecutions(j, user.token, polled, round);
      }
      // Both processes scan every 20 ms; give them a few more scans to double anything.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const ticks = await executions(j, user.token, scheduled);
      expect(ticks).toHaveLength(3);
      expect(new Set(ticks.map((t) => (t.triggerData as { scheduledAt: string }).scheduledAt)).size).toBe(3);
      const items = await executions(j, user.token, polled);
      expect(items.map((x) => idOf(x.triggerData))).toEqual(ids);
      expect((await setActive(scheduled, false)).status).toBe(200);
      expect((await setActive(polled, false)).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('arms a schedule stored ON through the API without activation (after a restart)', async () => {
    const document = scheduleWorkflow({ frequency: 'minutes', every: 1 });
    const created = await j.call('POST', '/api/workflows', {
      token: user.token,
      body: { name: 'Stored ON', active: true, document: { ...document, active: true } },
    });
    expect(created.status, created.text).toBe(201);
    const workflowId = created.json.id as string;
    await j.close();
    j = await startJunction(config, clock);
    await waitUntil(async () => (await activation(workflowId)).active === true, 'the stored-ON workflow to be armed');
    const view = await activation(workflowId);
    expect(view).toMatchObject({ active: true, triggerMessage: expect.stringMatching(/^Next run at /) });
    clock.ms = Date.parse(view.nextRunAt) + 5;
    const ran = await waitForExecutions(j, user.token, workflowId, 1);
    expect(ran[0]).toMatchObject({ trigger: 'schedule', triggerData: { scheduledAt: view.nextRunAt } });
    expect((await setActive(workflowId, false)).status).toBe(200);
  });

  it('switches a Webhook trigger ON and OFF with nothing to subscribe, and it receives at /hooks/{key}', async () => {
    const document = scheduleWorkflow({});
    document.steps[0].data = {
      ...document.steps[0].data,
      name: 'Catch Hook',
      type: 'webhook',
      app: 'webhook',
      label: 'Webhook',
      action: 'catchHook',
      fields: [],
      testData: { amount: 1 },
    };
    const workflowId = await createWorkflow(j, user.token, document);
    const on = await setActive(workflowId, true);
    expect(on.json).toEqual({
      active: true,
      triggerMessage: `Listening for requests at ${config.publicUrl}${await hookPathOf(j, user.token, workflowId)}`,
    });
    const hook = await j.call('POST', await hookPathOf(j, user.token, workflowId), { body: { amount: 12 } });
    expect(hook.status, hook.text).toBe(200);
    const list = await waitForExecutions(j, user.token, workflowId, 1);
    expect(list[0]).toMatchObject({ trigger: 'webhook', triggerData: { amount: 12 } });
    expect((await setActive(workflowId, false)).json).toEqual({ active: false });
    expect(await activation(workflowId)).toEqual({ active: false });
  });

  it('keeps the stored ON/OFF state when a stale editor tab saves the document', async () => {
    const workflowId = await createWorkflow(j, user.token, scheduleWorkflow({ frequency: 'minutes', every: 1 }));
    expect((await setActive(workflowId, true)).status).toBe(200);
    // A tab opened while the workflow was OFF saves its document, `active: false` included.
    const stored = await j.call('GET', `/api/workflows/${workflowId}`, { token: user.token });
    const staleOff = { ...stored.json.document, active: false, name: 'Renamed in an old tab' };
    const saved = await j.call('PUT', `/api/workflows/${workflowId}`, {
      token: user.token,
      body: { document: staleOff },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ active: true, name: 'Renamed in an old tab', document: { active: true } });
    expect((await j.call('GET', `/api/workflows/${workflowId}`, { token: user.token })).json.active).toBe(true);
    const view = await activation(workflowId);
    expect(view).toMatchObject({ active: true, triggerMessage: expect.stringMatching(/^Next run at /) });
    clock.ms = Date.parse(view.nextRunAt) + 5;
    expect(await waitForExecutions(j, user.token, workflowId, 1)).toHaveLength(1);

    // And the other way: an OFF workflow saved with `active: true` stays OFF, nothing is armed.
    expect((await setActive(workflowId, false)).status).toBe(200);
    const off = await j.call('GET', `/api/workflows/${workflowId}`, { token: user.token });
    const staleOn = { ...off.json.document, active: true };
    const savedOn = await j.call('PUT', `/api/workflows/${workflowId}`, {
      token: user.token,
      body: { document: staleOn },
    });
    expect(savedOn.json).toMatchObject({ active: false, document: { active: false } });
    expect(await activation(workflowId)).toEqual({ active: false });
    expect(
      (await j.call('GET', '/api/workflows', { token: user.token })).json.items.find(
        (w: { id: string }) => w.id === workflowId,
      ),
    ).toMatchObject({ active: false });
  });

  it('answers 404 to another tenant and never changes its workflow', async () => {
    const stranger = await signUpWithCrm(j);
    const workflowId = await createWorkflow(j, user.token, scheduleWorkflow({ frequency: 'hours', every: 1 }));
    expect((await setActive(workflowId, true, stranger.token)).status).toBe(404);
    expect((await j.call('GET', `/api/workflows/${workflowId}/active`, { token: stranger.token })).status).toBe(404);
    expect(await activation(workflowId)).toEqual({ active: false });
    expect(TRIGGER_STEP).toBe('st-trigger');
  });
});
