import { type AppDefinition, PROBLEM_MESSAGES } from '@junction/core';
import { describe, expect, it } from 'vitest';
import { createRootStore } from '../stores/root-store.js';
import { createFakePortalApi } from './fake-api.js';
import { editWithModel, PortalStoreModel } from './portal-store.js';

const orders: AppDefinition = {
  appSlug: 'orders',
  appName: 'Orders',
  completionStatus: 'In Progress',
  actions: { listOrders: { title: 'List orders', method: 'get', url: 'https://api.example/orders', fields: [] } },
  triggers: {
    newOrder: {
      label: 'New order',
      type: 'polling',
      action: 'listOrders',
      pollingParams: { dedupe_key: 'id', data_head: 'orders' },
    },
  },
  authInfo: { apiType: 'apikey', testAuth: 'listOrders' },
};

describe('portal store', () => {
  it('loads the app list and opens an app once', async () => {
    const fake = createFakePortalApi([orders]);
    const store = createRootStore({ api: fake.api }).pageStore(PortalStoreModel);
    await store.loadApps();
    expect(store.editableApps.map((a) => a.appSlug)).toEqual(['orders']);
    await store.openApp('orders');
    await store.openApp('orders');
    expect(store.app?.appName).toBe('Orders');
    expect(fake.calls.filter((c) => c.path === '/api/apps/orders')).toHaveLength(1);
  });

  it('shows why an app or the list could not be loaded instead of failing silently', async () => {
    const fake = createFakePortalApi([]);
    fake.failNext('GET', '/api/apps', 500, {
      title: 'Internal Server Error',
      detail: 'Something went wrong on our side.',
    });
    const store = createRootStore({ api: fake.api }).pageStore(PortalStoreModel);
    await store.loadApps();
    expect(store.appsError).toBe(`The apps could not be loaded. ${PROBLEM_MESSAGES['server.internal'].text}`);
    await store.openApp('missing');
    expect(store.appError).toBe("The app 'missing' could not be loaded. App not found.");
  });

  it('saves the whole app with the held Status, and answers the server message with its field', async () => {
    const fake = createFakePortalApi([orders]);
    const store = createRootStore({ api: fake.api }).pageStore(PortalStoreModel);
    await store.openApp('orders');
    store.setPendingStatus('Complete');
    const result = await store.save({ ...store.app!, apiDocs: 'https://docs.example' });
    expect(result).toEqual({ ok: true });
    const put = fake.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      appSlug: 'orders',
      apiDocs: 'https://docs.example',
      completionStatus: 'Complete',
    });
    expect(store.pendingStatus).toBeNull();

    fake.failNext('PUT', '/api/apps/orders', 422, {
      title: 'Unprocessable Content',
      detail: 'Field title is required.',
      field: 'actions.x.fields[0].title',
    });
    expect(await store.save()).toEqual({
      ok: false,
      message: 'Field title is required.',
      field: 'actions.x.fields[0].title',
    });
  });

  it('creates an integration: the app, then the listing text and the chosen Publish Status; the slug comes from the name', async () => {
    const fake = createFakePortalApi([]);
    const store = createRootStore({ api: fake.api }).pageStore(PortalStoreModel);
    const result = await store.create(
      {
        name: 'My Shop',
        description: 'Orders of my shop.',
        homepage: 'https://shop.example',
        icon: '',
        category: 'Commerce',
        status: 'Beta',
      },
      'my-shop',
    );
    expect(result).toEqual({ ok: true, slug: 'my-shop' });
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/apps',
      'PUT /api/apps/my-shop/listing',
      'GET /api/apps',
    ]);
    expect(fake.calls[0].body).toMatchObject({
      appSlug: 'my-shop',
      appName: 'My Shop',
      completionStatus: 'In Progress',
      actions: {},
      triggers: {},
    });
    expect(fake.listings.get('my-shop')).toMatchObject({ status: 'Beta', description: 'Orders of my shop.' });
  });

  it('records an auth test on the open app', async () => {
    const fake = createFakePortalApi([orders]);
    const store = createRootStore({ api: fake.api }).pageStore(PortalStoreModel);
    await store.openApp('orders');
    const result = await store.testAuth({ values: { api_key: 'good' } });
    expect(result).toMatchObject({ ok: true, message: 'Request Successful' });
    expect(store.app?.authInfo.testResponseStatus).toBe(true);
  });
});

describe('editWithModel', () => {
  it('renames an action key and carries triggers and testAuth along', () => {
    const edited = editWithModel(orders, (m) => m.renameActionKey('listOrders', 'list_orders'));
    expect(edited.ok).toBe(true);
    if (!edited.ok) return;
    expect(Object.keys(edited.app.actions)).toEqual(['list_orders']);
    expect(edited.app.triggers.newOrder.action).toBe('list_orders');
    expect(edited.app.authInfo.testAuth).toBe('list_orders');
  });

  it('refuses a key that breaks the key rule with its message', () => {
    expect(editWithModel(orders, (m) => m.renameActionKey('listOrders', 'list orders'))).toEqual({
      ok: false,
      message: 'only letters, numbers, hyphens, and underscores',
    });
  });

  it('seeds OAuth 2.0 defaults with the redirect URI when the scheme is chosen', () => {
    const edited = editWithModel({ ...orders, authInfo: {} }, (m) => {
      m.chooseAuthScheme('oauth2', 'https://junction.example');
      return undefined;
    });
    expect(edited.ok && edited.app.authInfo).toMatchObject({
      apiType: 'oauth2',
      redirect_uri: 'https://junction.example/auth/orders/redirect',
      state: 'state',
      response_type: 'code',
      grant_types: ['authorization_code', 'refresh_token'],
    });
  });
});
