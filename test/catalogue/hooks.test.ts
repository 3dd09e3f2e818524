/**
 * Webhook handshakes of the catalogue's instant triggers, end to end:
 * Junction listens on a real 127.0.0.1 port; local fakes of Trello, Asana and Microsoft Graph
 * answer the documented subscribe/unsubscribe calls and, like the real services, perform their
 * handshake against Junction's running `/hooks/{key}` URL before they accept a subscription
 * (Trello: HEAD must answer 200; Asana: X-Hook-Secret must come back; Graph: the
 * validationToken must come back as text/plain within 10 s). Then they deliver events the way
 * the services do (Asana signed with X-Hook-Signature, Graph with clientState), and the test
 * reads what a user sees: the workflow's executions (recorded as not_run while it is OFF).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createStepData, type WorkflowDocument } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import type { Config } from '../../server/src/config.js';
import { subscribeApp, unsubscribeApp } from '../../server/src/engine/triggers/subscriptions.js';
import type { BuiltinAppDefinition } from '../../server/src/integrations/builtin/types.js';
import { type OpenTestDatabase, openTestDatabases } from '../../server/src/store/test-db.js';
import {
  createClock,
  createWorkflow,
  executions,
  freePort,
  type Junction,
  signUpWithCrm,
  startJunction,
} from '../engine/triggers-support.js';
import { hookPathOf } from '../engine/support.js';
import { type FakeService, rewritingClient, startFake } from './support.js';

const asanaApp = catalogueApp('asana');
const microsoftOutlookApp = catalogueApp('microsoft-outlook');
const trelloApp = catalogueApp('trello');

type Json = Record<string, unknown>;

/** A workflow whose only step is an app's webhook trigger. */
function instantWorkflow(app: BuiltinAppDefinition, trigger: string, values: Json): WorkflowDocument {
  const def = app.triggers?.[trigger] as {
    label: string;
    performList?: string;
    unsubscribe?: string;
    webhookKey?: string;
  };
  return {
    schemaVersion: 1,
    id: 'placeholder',
    name: `${app.appName} ${def.label}`,
    active: false,
    steps: [
      {
        id: 'st-trigger',
        kind: 'trigger',
        position: { x: 0, y: 0 },
        data: createStepData({
          name: def.label,
          type: app.appSlug,
          app: app.appSlug,
          label: app.appName,
          action: trigger,
          triggerlabel: def.label,
          hasauth: true,
          credential: null,
          fields: Object.entries(values).map(([name, value]) => ({ name, value })),
          performList: def.performList,
          unsubscribe: def.unsubscribe,
          webhookKey: def.webhookKey,
        }),
      },
    ],
    links: [],
  };
}

/** What a service's own HTTP client does when it calls Junction. */
async function serviceCalls(url: string, init: RequestInit) {
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  return { res, text, ms: performance.now() - started };
}

describe.each(openTestDatabases())('webhook handshakes on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  let config: Config;
  let j: Junction;
  let user: Awaited<ReturnType<typeof signUpWithCrm>>;
  // The trigger's URL carries the workflow's random key (GET /api/workflows/{id}/hook).
  const hookUrlOf = async (workflowId: string) => `${config.publicUrl}${await hookPathOf(j, user.token, workflowId)}`;
  const unknownHookUrl = () => `${config.publicUrl}/hooks/${'A'.repeat(32)}`;
  const post = (url: string, body: string, headers: Record<string, string> = {}) =>
    serviceCalls(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  beforeAll(async () => {
    const port = await freePort();
    opened = await testDb.open({ port, publicUrl: `http://127.0.0.1:${port}` });
    config = opened.config;
    j = await startJunction(config, createClock());
    user = await signUpWithCrm(j);
  });

  afterAll(async () => {
    await j?.close();
    await opened?.close();
  });

  it('leaves hooks without a handshake secret as they were, and prints the cost of the check', async () => {
    const workflowId = await createWorkflow(
      j,
      user.token,
      instantWorkflow(trelloApp, 'newCardInstant', { boardId: 'plain' }),
    );
    const hookUrl = await hookUrlOf(workflowId);
    // A sender's own signature header or clientState is not Junction's to check on such a hook.
    const foreign = await post(hookUrl, JSON.stringify({ action: { id: 'a1' }, value: [{ clientState: 'theirs' }] }), {
      'X-Hook-Signature': 'abc',
    });
    expect(foreign.res.status, foreign.text).toBe(200);
    expect(JSON.parse(foreign.text)).toHaveProperty('executionId');

    const request = { method: 'POST', headers: {}, query: {}, rawBody: '{"a":1}', body: { a: 1 } };
    const key = hookUrl.split('/hooks/')[1] as string;
    await j.services.hooks.forget(key);
    const coldStart = performance.now();
    expect(await j.services.hooks.inspect(key, request)).toEqual({ kind: 'deliver' });
    const cold = performance.now() - coldStart;
    const rounds = 500;
    const started = performance.now();
    for (let i = 0; i < rounds; i++) expect(await j.services.hooks.inspect(key, request)).toEqual({ kind: 'deliver' });
    const each = (performance.now() - started) / rounds;
    console.log(
      `${testDb.dialect}: the handshake check of a plain delivery costs ${(cold * 1000).toFixed(0)} µs with its database lookup, ` +
        `${(each * 1000).toFixed(0)} µs per delivery over ${rounds} more to the same hook (rows reused for 1 s)`,
    );
  });

  describe('Asana: X-Hook-Secret handshake, signed deliveries', () => {
    const TOKEN = '1/1205:asana-access-token';
    let fake: FakeService;
    let handshake: { secret: string; status: number; echoed: string | null } | undefined;

    beforeAll(async () => {
      fake = await startFake({ auth: (r) => r.headers.authorization === `Bearer ${TOKEN}` });
      // developers.asana.com/docs/webhooks-guide: the handshake happens inside POST /webhooks.
      fake.on('POST /api/1.0/webhooks', async (req) => {
        const data = (req.body as { data: { resource: string; target: string; filters: unknown } }).data;
        const secret = randomBytes(16).toString('hex');
        const { res } = await serviceCalls(data.target, { method: 'POST', headers: { 'X-Hook-Secret': secret } });
        handshake = { secret, status: res.status, echoed: res.headers.get('x-hook-secret') };
        if (res.status !== 200 && res.status !== 204) {
          return {
            status: 400,
            body: { errors: [{ message: 'Could not complete activation handshake with target URL.' }] },
          };
        }
        if (res.headers.get('x-hook-secret') !== secret) {
          return { status: 400, body: { errors: [{ message: 'The X-Hook-Secret header was not echoed.' }] } };
        }
        return {
          status: 201,
          body: {
            data: {
              gid: '12054321',
              resource_type: 'webhook',
              active: true,
              resource: { gid: data.resource, resource_type: 'project', name: 'Launch' },
              target: data.target,
              filters: data.filters,
            },
          },
        };
      });
      fake.on('DELETE /api/1.0/webhooks/:gid', () => ({ body: { data: {} } }));
    });
    afterAll(() => fake.close());

    it('subscribes a project through the handshake, then records only correctly signed events', async () => {
      const workflowId = await createWorkflow(
        j,
        user.token,
        instantWorkflow(asanaApp, 'newTaskInstant', { workspace: '1100', project: '1200' }),
      );
      const hookUrl = await hookUrlOf(workflowId);

      // Nobody is subscribing this hook yet: a handshake is refused (a stranger cannot plant a secret).
      const early = await post(hookUrl, '', { 'X-Hook-Secret': 'planted' });
      expect(early.res.status).toBe(403);

      const call = {
        app: asanaApp,
        credential: { access_token: TOKEN },
        base: '',
        http: rewritingClient(fake, ['https://app.asana.com']),
      };
      const values = await j.services.hooks.prepareSubscription(
        user.tenantId,
        hookUrl.split('/hooks/')[1] as string,
        'asana',
        {
          workspace: '1100',
          project: '1200',
        },
      );
      const subscribed = await subscribeApp(call, 'subscribeProject', values, hookUrl);
      expect(subscribed, JSON.stringify(subscribed)).toMatchObject({ ok: true, answer: { data: { gid: '12054321' } } });
      expect(handshake).toMatchObject({ status: 200 });
      expect(handshake?.echoed).toBe(handshake?.secret);
      // developers.asana.com/reference/createwebhook
      const create = fake.requests.find((r) => r.method === 'POST');
      expect(create?.body).toEqual({
        data: { resource: '1200', target: hookUrl, filters: [{ resource_type: 'task', action: 'added' }] },
      });
      expect(await executions(j, user.token, workflowId)).toEqual([]);

      // The secret is sealed in the database, never stored in clear.
      const row = await opened.db
        .selectFrom('hook_secrets')
        .selectAll()
        .where('hook_key', '=', hookUrl.split('/hooks/')[1] as string)
        .executeTakeFirst();
      expect(row?.kind).toBe('asana');
      expect(row?.ciphertext).toBeTruthy();
      expect(row?.ciphertext).not.toContain(handshake?.secret);

      const secret = handshake?.secret ?? '';
      const event = {
        user: { gid: '1300', resource_type: 'user' },
        created_at: '2026-11-24T19:00:00.000Z',
        action: 'added',
        resource: { gid: '1400', resource_type: 'task', resource_subtype: 'default_task' },
        parent: { gid: '1200', resource_type: 'project' },
      };
      const body = JSON.stringify({ events: [event] });
      const sign = (text: string, key = secret) => createHmac('sha256', key).update(text).digest('hex');

      const delivered = await post(hookUrl, body, { 'X-Hook-Signature': sign(body) });
      expect(delivered.res.status, delivered.text).toBe(200);
      expect(JSON.parse(delivered.text)).toHaveProperty('executionId');
      console.log(`Asana signed delivery answered in ${delivered.ms.toFixed(1)} ms`);

      const forged = await post(hookUrl, body, { 'X-Hook-Signature': sign(body, 'not-the-secret') });
      expect(forged.res.status).toBe(401);
      expect(JSON.parse(forged.text).detail).toBe('X-Hook-Signature does not match the body.');
      const altered = await post(hookUrl, body.replace('1400', '1401'), { 'X-Hook-Signature': sign(body) });
      expect(altered.res.status).toBe(401);
      const unsigned = await post(hookUrl, body);
      expect(unsigned.res.status).toBe(401);
      expect(JSON.parse(unsigned.text).detail).toBe('X-Hook-Signature is missing.');

      // Asana's heartbeat: no events, signed; answered 200 and starts nothing.
      const heartbeat = JSON.stringify({ events: [] });
      const beat = await post(hookUrl, heartbeat, { 'X-Hook-Signature': sign(heartbeat) });
      expect(beat.res.status).toBe(200);
      expect(JSON.parse(beat.text)).toEqual({ ignored: true, reason: 'No events.' });

      // The window closed with the handshake: the secret cannot be replaced afterwards.
      const late = await post(hookUrl, '', { 'X-Hook-Secret': 'planted' });
      expect(late.res.status).toBe(403);

      const runs = await executions(j, user.token, workflowId);
      expect(runs.map((r) => [r.status, r.triggerData])).toEqual([['not_run', event]]);

      const gone = await unsubscribeApp(call, 'deleteWebhook', subscribed.ok ? subscribed.answer : {}, {}, hookUrl);
      expect(gone.ok).toBe(true);
      expect(fake.last()).toMatchObject({ method: 'DELETE', path: '/api/1.0/webhooks/12054321' });
    });
  });

  describe('Trello: HEAD check, board actions filtered to new cards', () => {
    const KEY = 'trello-api-key-0123456789abcdef';
    const TOKEN = 'ATTAtrello-user-token';
    let fake: FakeService;
    let checked: { status: number } | undefined;

    beforeAll(async () => {
      fake = await startFake({
        auth: (r) =>
          r.query.some(([k, v]) => k === 'key' && v === KEY) && r.query.some(([k, v]) => k === 'token' && v === TOKEN),
        unauthorized: { status: 401, body: 'invalid key' },
      });
      // developer.atlassian.com/cloud/trello/guides/rest-api/webhooks: Trello sends HEAD to the
      // callbackURL and creates the webhook only when it answers 200.
      fake.on('POST /1/webhooks/', async (req) => {
        const body = req.body as { callbackURL: string; idModel: string; description: string };
        const { res } = await serviceCalls(body.callbackURL, { method: 'HEAD' });
        checked = { status: res.status };
        if (res.status !== 200) {
          return { status: 400, body: `URL (${body.callbackURL}) did not return 200 status code, got ${res.status}` };
        }
        return {
          body: {
            id: '5abbe4b7ddc1b351ef961414',
            description: body.description,
            idModel: body.idModel,
            callbackURL: body.callbackURL,
            active: true,
            consecutiveFailures: 0,
          },
        };
      });
      fake.on('DELETE /1/webhooks/:id', () => ({ body: { _value: null } }));
    });
    afterAll(() => fake.close());

    it('answers HEAD 200 for a known hook and 404 otherwise', async () => {
      const unknown = await serviceCalls(unknownHookUrl(), { method: 'HEAD' });
      expect(unknown.res.status).toBe(404);
    });

    it('subscribes a board after Trello checks the URL, and starts only on createCard actions', async () => {
      const workflowId = await createWorkflow(
        j,
        user.token,
        instantWorkflow(trelloApp, 'newCardInstant', { boardId: '5a6b' }),
      );
      const hookUrl = await hookUrlOf(workflowId);
      const call = {
        app: trelloApp,
        credential: { api_key: KEY, token: TOKEN },
        base: '',
        http: rewritingClient(fake, ['https://api.trello.com']),
      };
      const values = await j.services.hooks.prepareSubscription(
        user.tenantId,
        hookUrl.split('/hooks/')[1] as string,
        'trello',
        {
          boardId: '5a6b',
        },
      );
      const subscribed = await subscribeApp(call, 'subscribeBoard', values, hookUrl);
      expect(subscribed, JSON.stringify(subscribed)).toMatchObject({
        ok: true,
        answer: { id: '5abbe4b7ddc1b351ef961414' },
      });
      expect(checked).toEqual({ status: 200 });
      const create = fake.requests.find((r) => r.method === 'POST');
      expect(create?.body).toEqual({ callbackURL: hookUrl, idModel: '5a6b', description: 'Junction: new card' });

      const model = { id: '5a6b', name: 'Launch' };
      const created = {
        id: 'act1',
        type: 'createCard',
        date: '2026-11-24T19:00:00.000Z',
        data: {
          card: { id: 'c1', name: 'Write the press release', idShort: 7 },
          list: { id: 'l1', name: 'To do' },
          board: model,
        },
        memberCreator: { id: 'm1', fullName: 'Ada Lovelace' },
      };
      const updated = { ...created, id: 'act2', type: 'updateCard' };
      const first = await post(hookUrl, JSON.stringify({ action: created, model }));
      expect(first.res.status, first.text).toBe(200);
      expect(JSON.parse(first.text)).toHaveProperty('executionId');
      const other = await post(hookUrl, JSON.stringify({ action: updated, model }));
      expect(other.res.status).toBe(200);
      expect(JSON.parse(other.text)).toEqual({ ignored: true, reason: "The trigger does not start on 'updateCard'." });

      const runs = await executions(j, user.token, workflowId);
      expect(runs.map((r) => r.triggerData)).toEqual([created]);

      const gone = await unsubscribeApp(call, 'deleteWebhook', subscribed.ok ? subscribed.answer : {}, {}, hookUrl);
      expect(gone.ok).toBe(true);
      expect(fake.last()).toMatchObject({ method: 'DELETE', path: '/1/webhooks/5abbe4b7ddc1b351ef961414' });
    });
  });

  describe('Outlook: Graph validationToken, clientState', () => {
    const TOKEN = 'eyJ0eXAiOiJKV1QiLCJub25jZSI6Imdyyph';
    let fake: FakeService;
    let validation: { token: string; status: number; type: string | null; text: string; ms: number } | undefined;

    beforeAll(async () => {
      fake = await startFake({ auth: (r) => r.headers.authorization === `Bearer ${TOKEN}` });
      // learn.microsoft.com/en-us/graph/change-notifications-delivery-webhooks#notificationurl-validation
      fake.on('POST /v1.0/subscriptions', async (req) => {
        const body = req.body as Json;
        const token = `Validation: Testing client application reachability for subscription Request-Id: ${randomBytes(8).toString('hex')}`;
        const { res, text, ms } = await serviceCalls(
          `${body.notificationUrl}?validationToken=${encodeURIComponent(token)}`,
          {
            method: 'POST',
            headers: { 'content-type': 'text/plain; charset=utf-8' },
          },
        );
        validation = { token, status: res.status, type: res.headers.get('content-type'), text, ms };
        if (res.status !== 200 || text !== token || ms > 10_000) {
          return {
            status: 400,
            body: { error: { code: 'ValidationError', message: 'Subscription validation request failed.' } },
          };
        }
        return { status: 201, body: { id: '7f105c7d-2dc5-4530-97cd-4e7ae6534c07', ...body } };
      });
      fake.on('DELETE /v1.0/subscriptions/:id', () => ({ status: 204 }));
    });
    afterAll(() => fake.close());

    it('subscribes a mail folder through the validation, then records only notifications with its clientState', async () => {
      const workflowId = await createWorkflow(
        j,
        user.token,
        instantWorkflow(microsoftOutlookApp, 'newEmailInstant', { folderId: 'inbox' }),
      );
      const hookUrl = await hookUrlOf(workflowId);
      const call = {
        app: microsoftOutlookApp,
        credential: { access_token: TOKEN },
        base: '',
        http: rewritingClient(fake, ['https://graph.microsoft.com']),
      };
      const values = await j.services.hooks.prepareSubscription(
        user.tenantId,
        hookUrl.split('/hooks/')[1] as string,
        'microsoft-outlook',
        {
          folderId: 'inbox',
        },
      );
      const subscribed = await subscribeApp(call, 'subscribeMail', values, hookUrl);
      expect(subscribed, JSON.stringify(subscribed)).toMatchObject({
        ok: true,
        answer: { id: '7f105c7d-2dc5-4530-97cd-4e7ae6534c07' },
      });
      expect(validation).toMatchObject({ status: 200, text: validation?.token });
      expect(validation?.type).toMatch(/^text\/plain/);
      console.log(`Graph validation answered in ${validation?.ms.toFixed(1)} ms (Graph allows 10 s)`);

      // learn.microsoft.com/en-us/graph/api/subscription-post-subscriptions
      const create = fake.requests.find((r) => r.method === 'POST')?.body as Json;
      expect(create).toMatchObject({
        changeType: 'created',
        notificationUrl: hookUrl,
        resource: "me/mailFolders('inbox')/messages",
      });
      const clientState = create.clientState as string;
      expect(clientState).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const expires = Date.parse(create.expirationDateTime as string) - Date.now();
      expect(expires).toBeGreaterThan(4200 * 60_000);
      expect(expires).toBeLessThanOrEqual(4230 * 60_000);

      const notification = (state: string) => ({
        subscriptionId: '7f105c7d-2dc5-4530-97cd-4e7ae6534c07',
        subscriptionExpirationDateTime: create.expirationDateTime,
        changeType: 'created',
        resource: 'Users/1/Messages/AAMkAGUAAAwTW09AAA=',
        resourceData: { '@odata.type': '#Microsoft.Graph.Message', id: 'AAMkAGUAAAwTW09AAA=' },
        clientState: state,
        tenantId: '84bd8158-6d4d-4958-8b9f-9d6445542f95',
      });
      const good = await post(hookUrl, JSON.stringify({ value: [notification(clientState)] }));
      expect(good.res.status, good.text).toBe(200);
      const forged = await post(hookUrl, JSON.stringify({ value: [notification('guessed')] }));
      expect(forged.res.status).toBe(401);
      expect(JSON.parse(forged.text).detail).toBe('clientState does not match the subscription.');
      const missing = await post(
        hookUrl,
        JSON.stringify({ value: [{ ...notification(clientState), clientState: undefined }] }),
      );
      expect(missing.res.status).toBe(401);

      const runs = await executions(j, user.token, workflowId);
      expect(runs.map((r) => r.triggerData)).toEqual([notification(clientState)]);

      const gone = await unsubscribeApp(
        call,
        'deleteSubscription',
        subscribed.ok ? subscribed.answer : {},
        {},
        hookUrl,
      );
      expect(gone.ok).toBe(true);
      expect(fake.last()).toMatchObject({
        method: 'DELETE',
        path: '/v1.0/subscriptions/7f105c7d-2dc5-4530-97cd-4e7ae6534c07',
      });
    });

    it('answers validation only for a known hook, and text/plain nowhere but /hooks', async () => {
      const unknown = await serviceCalls(`${unknownHookUrl()}?validationToken=abc`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
      });
      expect(unknown.res.status).toBe(404);
      const elsewhere = await serviceCalls(`${config.publicUrl}/api/workflows`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', authorization: `Bearer ${user.token}` },
        body: 'hello',
      });
      expect(elsewhere.res.status).toBe(415);
    });
  });
});
