/**
 * The webhook declarations of core's app format, for an app that is no catalogue app (a
 * portal author's): `webhookHandshake` 'client-state' gives the subscription a clientState
 * that every notification must carry, 'hook-secret' accepts X-Hook-Secret only while
 * subscribing and then checks signatures, and `webhookFilter` ignores other deliveries.
 * Real database (SQLite, and PostgreSQL with TEST_DATABASE_URL) and vault; the registry
 * answers the author's definition.
 */
import type { AppDefinition, TriggerDef } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HookHandshakes, HookRequest } from '../../kernel/contracts/hooks.js';
import { createVault, loadVaultKeys } from '../../security/vault.js';
import { writeJson } from '../../store/json.js';
import { type OpenTestDatabase, openTestDatabases } from '../../store/test-db.js';
import { createHookHandshakes, hookSignature } from './handshakes.js';

const webhook = (extra: Partial<TriggerDef>): TriggerDef => ({
  label: 'New thing (instant)',
  type: 'webhook',
  performList: 'subscribe',
  webhookKey: '0',
  ...extra,
});

const app: AppDefinition = {
  appSlug: 'acme-things',
  appName: 'Acme Things',
  authInfo: {},
  actions: { subscribe: { title: 'Subscribe', method: 'post', url: 'https://acme.example/hooks', fields: [] } },
  triggers: {
    graphLike: webhook({ webhookHandshake: 'client-state' }),
    signed: webhook({ webhookHandshake: 'hook-secret' }),
    created: webhook({ webhookFilter: { path: 'event.kind', equals: 'thing.created' } }),
    card: webhook({ webhookFilter: { path: 'action.type', equals: 'createCard' } }),
  },
};

const request = (body: unknown, headers: Record<string, string> = {}): HookRequest => ({
  method: 'POST',
  headers,
  query: {},
  rawBody: JSON.stringify(body),
  body,
});

describe.each(openTestDatabases())('webhook declarations of a portal app on %s', (testDb) => {
  let db: OpenTestDatabase;
  let hooks: HookHandshakes;
  const tenantId = 'tenant_hooks';

  beforeAll(async () => {
    db = await testDb.open();
    await db.db
      .insertInto('tenants')
      .values({
        id: tenantId,
        name: 'Hooks',
        plan: 'free',
        plan_status: 'active',
        created_at: new Date().toISOString(),
      })
      .execute();
    const registry = { resolve: async (_tenant: string, slug: string) => (slug === app.appSlug ? app : undefined) };
    hooks = createHookHandshakes({ handle: db, vault: createVault(loadVaultKeys(db.config)), now: Date.now, registry });
  });
  afterAll(() => db?.close());

  it("client-state: the subscription's clientState must come back in every notification", async () => {
    const values = await hooks.prepareSubscription(tenantId, 'key-graph', app.appSlug, { folder: 'a' }, 'graphLike');
    expect(values).toMatchObject({
      folder: 'a',
      clientState: expect.any(String),
      expirationDateTime: expect.any(String),
    });
    const good = request({ value: [{ clientState: values.clientState, id: '1' }] });
    expect(await hooks.inspect('key-graph', good)).toEqual({ kind: 'deliver' });
    const forged = request({ value: [{ clientState: 'guess', id: '2' }] });
    await expect(hooks.inspect('key-graph', forged)).rejects.toMatchObject({ status: 401 });
  });

  it('hook-secret: the secret is taken while subscribing, then deliveries must be signed with it', async () => {
    const values = await hooks.prepareSubscription(tenantId, 'key-signed', app.appSlug, {}, 'signed');
    expect(values).toEqual({});
    const offered = request(undefined, { 'x-hook-secret': 's3cret' });
    expect(await hooks.inspect('key-signed', offered)).toEqual({
      kind: 'answer',
      status: 200,
      headers: { 'X-Hook-Secret': 's3cret' },
    });
    const body = { events: [{ id: 1 }] };
    const signed = request(body, { 'x-hook-signature': hookSignature('s3cret', JSON.stringify(body)) });
    expect(await hooks.inspect('key-signed', signed)).toEqual({ kind: 'deliver' });
    await expect(hooks.inspect('key-signed', request(body))).rejects.toMatchObject({ status: 401 });
  });

  it('webhookFilter: only deliveries with the text at the path start the trigger', async () => {
    await hooks.prepareSubscription(tenantId, 'key-filter', app.appSlug, {}, 'created');
    expect(await hooks.inspect('key-filter', request({ event: { kind: 'thing.created' } }))).toEqual({
      kind: 'deliver',
    });
    expect(await hooks.inspect('key-filter', request({ event: { kind: 'thing.deleted' } }))).toEqual({
      kind: 'ignore',
      reason: "The trigger does not start on 'thing.deleted'.",
    });
    // The same hook subscribed again by a trigger without a filter delivers everything.
    await hooks.prepareSubscription(tenantId, 'key-filter', app.appSlug, {}, 'signed');
    await hooks.inspect('key-filter', request(undefined, { 'x-hook-secret': 'x' }));
    const body = { event: { kind: 'thing.deleted' } };
    const signed = request(body, { 'x-hook-signature': hookSignature('x', JSON.stringify(body)) });
    expect(await hooks.inspect('key-filter', signed)).toEqual({ kind: 'deliver' });
  });

  it("a subscription made before filters were stored follows its trigger's filter", async () => {
    // A workflow ON since before: its hook has no stored rows at all.
    const at = new Date().toISOString();
    const document = { steps: [{ id: 't', kind: 'trigger', data: { app: app.appSlug, action: 'card' } }], links: [] };
    await db.db
      .insertInto('workflows')
      .values({
        id: 'wf_legacy',
        tenant_id: tenantId,
        name: 'Legacy',
        active: 1,
        document: writeJson(document),
        revision: 1,
        created_at: at,
        updated_at: at,
        hook_key: 'key-legacy',
      } as never)
      .execute();
    const model = { id: 'board' };
    expect(await hooks.inspect('key-legacy', request({ action: { type: 'createCard' }, model }))).toEqual({
      kind: 'deliver',
    });
    expect(await hooks.inspect('key-legacy', request({ action: { type: 'updateCard' }, model }))).toEqual({
      kind: 'ignore',
      reason: "The trigger does not start on 'updateCard'.",
    });
  });
});
