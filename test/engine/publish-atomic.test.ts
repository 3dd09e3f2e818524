/**
 * Publishing a draft is one transaction (DESIGN "A workflow's life"): the document that runs,
 * the trigger's new subscription and the version commit together. When the last write fails
 * (here the version row, refused by a database trigger), nothing of the publish is left: the
 * draft is still a draft, the published schedule keeps its subscription, no version is added;
 * publishing again once the fault is gone works. On SQLite and PostgreSQL.
 */
import type { WorkflowDocument } from '@junction/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import type { OpenTestDatabase } from '../../server/src/store/test-db.js';
import {
  type CrmUser,
  createClock,
  createWorkflow,
  crmHookWorkflow,
  freePort,
  type Junction,
  scheduleWorkflow,
  signUpWithCrm,
  startJunction,
  waitUntil,
} from './triggers-support.js';

/** The schedule's "every" field set to `every` minutes. */
function everyMinutes(document: WorkflowDocument, every: number): WorkflowDocument {
  return {
    ...document,
    steps: document.steps.map((step, i) =>
      i === 0
        ? {
            ...step,
            data: {
              ...step.data,
              fields: step.data.fields.map((f) => (f.name === 'every' ? { ...f, value: every } : f)),
            },
          }
        : step,
    ),
  };
}

describe.each(openTestDatabases())('publish is atomic on $dialect', (testDb) => {
  let h: ApiHarness;
  let token: string;

  beforeAll(async () => {
    h = await openHarness(testDb);
    ({ token } = await signUp(h, 'atomic'));
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Makes every insert into workflow_releases fail (a fault in the publish's last write). */
  async function breakVersions(): Promise<void> {
    if (h.db.dialect === 'sqlite') {
      await sql`CREATE TRIGGER fail_release BEFORE INSERT ON workflow_releases BEGIN SELECT RAISE(ABORT, 'disk full'); END`.execute(
        h.db.db,
      );
    } else {
      await sql`CREATE FUNCTION fail_release() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$ LANGUAGE plpgsql`.execute(
        h.db.db,
      );
      await sql`CREATE TRIGGER fail_release BEFORE INSERT ON workflow_releases FOR EACH ROW EXECUTE FUNCTION fail_release()`.execute(
        h.db.db,
      );
    }
  }

  async function mendVersions(): Promise<void> {
    if (h.db.dialect === 'sqlite') await sql`DROP TRIGGER fail_release`.execute(h.db.db);
    else {
      await sql`DROP TRIGGER fail_release ON workflow_releases`.execute(h.db.db);
      await sql`DROP FUNCTION fail_release()`.execute(h.db.db);
    }
  }

  /**
   * The armed schedule's spec as stored with its subscription. Not its "Next run at" message: a
   * tick between two reads moves that, and every 1 and every 5 minutes share their next run
   * in the minute before a multiple of five.
   */
  async function armedSchedule(id: string): Promise<unknown> {
    const row = await h.db.db
      .selectFrom('trigger_subscriptions')
      .select(['kind', 'state'])
      .where('workflow_id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const state = (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as { spec?: unknown };
    return { kind: row.kind, spec: state.spec };
  }

  it('leaves the draft, the running schedule and the versions as they were when a write fails, then publishes', async () => {
    const created = await h.call('POST', '/api/workflows', {
      token,
      body: { name: 'Every minute', document: scheduleWorkflow({ frequency: 'minutes', every: 1 }) },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect((await h.call('PUT', `/api/workflows/${id}/active`, { token, body: { active: true } })).status).toBe(200);
    const live = (await h.call('GET', `/api/workflows/${id}`, { token })).json;
    expect(live).toMatchObject({ state: 'live', publishedVersion: 1 });
    const armedBefore = await armedSchedule(id);

    // The draft changes the schedule: publishing it sets the trigger up anew.
    const saved = await h.call('PUT', `/api/workflows/${id}`, {
      token,
      body: { document: everyMinutes(live.document, 5) },
    });
    expect(saved.json).toMatchObject({ state: 'draft' });
    const draft = (await h.call('GET', `/api/workflows/${id}`, { token })).json;

    await breakVersions();
    const refused = await h.call('POST', `/api/workflows/${id}/publish`, {
      token,
      body: { expectedRevision: draft.revision },
    });
    expect(refused.status).toBeGreaterThanOrEqual(500);

    // Nothing of the publish stayed: still a draft over version 1, the same schedule armed.
    const after = (await h.call('GET', `/api/workflows/${id}`, { token })).json;
    expect(after).toMatchObject({ state: 'draft', publishedVersion: 1 });
    expect((await h.call('GET', `/api/workflows/${id}/versions`, { token })).json.items).toHaveLength(1);
    expect(await armedSchedule(id)).toEqual(armedBefore);
    const published = await h.db.db
      .selectFrom('workflows')
      .select(['document', 'revision'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const runningDocument =
      typeof published.document === 'string' ? JSON.parse(published.document) : published.document;
    expect(runningDocument.steps[0].data.fields.find((f: { name: string }) => f.name === 'every')?.value).toBe(1);

    // The fault gone, the same publish goes through whole.
    await mendVersions();
    const ok = await h.call('POST', `/api/workflows/${id}/publish`, {
      token,
      body: { expectedRevision: after.revision },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.version.number).toBe(2);
    expect(ok.json.workflow).toMatchObject({ state: 'live', publishedVersion: 2 });
    expect(await armedSchedule(id)).not.toEqual(armedBefore);
    expect((await h.call('GET', `/api/workflows/${id}/active`, { token })).json).toMatchObject({ active: true });
  });
});

/**
 * A publish that replaces an app's webhook subscription records the old one's removal in the
 * same transaction: when the app refuses to unsubscribe (the old account's key was revoked), the
 * removal is kept and the triggers' clean-up finishes it once it can. On SQLite and PostgreSQL.
 */
describe.each(openTestDatabases())('a replaced app subscription on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  let j: Junction;
  let user: CrmUser;

  beforeAll(async () => {
    const port = await freePort();
    // Clean-up every 30 scans: 600 ms here.
    opened = await testDb.open({ port, publicUrl: `http://127.0.0.1:${port}`, triggerScanMs: 20 });
    j = await startJunction(opened.config, createClock());
    user = await signUpWithCrm(j);
  });
  afterAll(async () => {
    await j?.close();
    await opened?.close();
  });

  const hooks = async () => (await j.services.apps.demoCrmStorage()).listHooks(user.tenantId, 'contact.created');
  const retiredRows = async (workflowId: string) =>
    opened.db
      .selectFrom('trigger_subscriptions')
      .select('workflow_id')
      .where('workflow_id', 'like', `${workflowId}~retired~%`)
      .execute();

  it('keeps the old subscription to remove when the app refuses, and the clean-up removes it later', async () => {
    // The workflow starts on an account whose key is revoked later.
    const keyIds = async () =>
      ((await j.call('GET', '/demo-crm/keys', { token: user.token })).json.keys as { id: string }[]).map((k) => k.id);
    const before = await keyIds();
    const issued = await j.call('POST', '/demo-crm/keys', { token: user.token });
    expect(issued.status, issued.text).toBe(201);
    // Its id: the one key that was not there before (keys made at one instant list in any order).
    const [oldKeyId] = (await keyIds()).filter((id) => !before.includes(id));
    const old = await j.call('POST', '/api/credentials', {
      token: user.token,
      body: { app: 'demo-crm', name: 'Old', values: { api_key: issued.json.apiKey } },
    });
    expect(old.status, old.text).toBe(201);
    const workflowId = await createWorkflow(j, user.token, crmHookWorkflow(old.json.id));
    const on = await j.call('PUT', `/api/workflows/${workflowId}/active`, {
      token: user.token,
      body: { active: true },
    });
    expect(on.status, on.text).toBe(200);
    expect(await hooks()).toHaveLength(1);
    expect((await j.call('DELETE', `/demo-crm/keys/${oldKeyId}`, { token: user.token })).status).toBe(204);

    // The draft's trigger is a new step on the other account: publishing subscribes anew.
    const live = (await j.call('GET', `/api/workflows/${workflowId}`, { token: user.token })).json;
    const draft = crmHookWorkflow(user.credentialId);
    const saved = await j.call('PUT', `/api/workflows/${workflowId}`, {
      token: user.token,
      body: { document: { ...live.document, steps: [{ ...draft.steps[0], id: 'st-trigger-new' }] } },
    });
    expect(saved.json).toMatchObject({ state: 'draft' });
    const published = await j.call('POST', `/api/workflows/${workflowId}/publish`, { token: user.token, body: {} });
    expect(published.status, published.text).toBe(200);

    // The old subscription could not be removed (its key is revoked): its removal is kept.
    expect(await hooks()).toHaveLength(2);
    expect(await retiredRows(workflowId)).toHaveLength(1);

    // Once the old account works again, the clean-up removes it at the app and forgets it.
    const mended = await j.call('PATCH', `/api/credentials/${old.json.id}`, {
      token: user.token,
      body: { values: { api_key: user.apiKey } },
    });
    expect(mended.status, mended.text).toBe(200);
    await waitUntil(async () => (await retiredRows(workflowId)).length === 0, 'the retired subscription to be removed');
    expect(await hooks()).toHaveLength(1);
  });
});
