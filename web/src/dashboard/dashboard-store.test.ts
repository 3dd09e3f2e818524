import { type ApiClient, ApiError, isApiError } from '@junction/core';
import { autorun } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import { AccountStoreModel } from '../account/account-store.js';
import { createRootStore } from '../stores/root-store.js';
import type { TokenStorage } from '../stores/session.js';
import { DashboardStoreModel } from './dashboard-store.js';

/** A fake client answering by "METHOD path"; records each call with its options. */
function fakeApi(routes: Record<string, (init: unknown) => unknown>) {
  const calls: { key: string; init: unknown }[] = [];
  let token: string | null = 'tok';
  const handle = (method: string) => async (path: string, init?: unknown) => {
    const key = `${method} ${path}`;
    calls.push({ key, init });
    const route = routes[key];
    if (!route) throw new Error(`no route ${key}`);
    return route(init);
  };
  const api = {
    get: handle('GET'),
    post: handle('POST'),
    put: handle('PUT'),
    patch: handle('PATCH'),
    delete: handle('DELETE'),
    getToken: () => token,
    setToken: (next: string | null) => {
      token = next;
    },
  } as unknown as ApiClient;
  return { api, calls };
}

describe("the root store's dashboard and account page stores", () => {
  it('send the dashboard pages’ calls through the environment’s client', async () => {
    const fake = fakeApi({
      'POST /api/workflows': () => ({ id: 'wf-new' }),
      'PUT /api/workflows/{id}/active': () => ({}),
      'GET /api/apps': () => {
        throw new Error('offline');
      },
      'PATCH /api/tenants/{tenantId}': () => ({ name: 'Acme' }),
    });
    const dashboard = createRootStore({ api: fake.api }).pageStore(DashboardStoreModel);
    expect(await dashboard.createWorkflow('Untitled Workflow (Draft)')).toBe('wf-new');
    await dashboard.setWorkflowActive('wf-1', true);
    // Only labels and icons depend on the catalogue: a failure answers no apps.
    expect(await dashboard.listApps()).toEqual([]);
    expect(await dashboard.renameTenant('t1', 'Acme')).toBe('Acme');
    expect(fake.calls.map((c) => c.key)).toEqual([
      'POST /api/workflows',
      'PUT /api/workflows/{id}/active',
      'GET /api/apps',
      'PATCH /api/tenants/{tenantId}',
    ]);
    expect(fake.calls[1].init).toEqual({ params: { path: { id: 'wf-1' } }, body: { active: true } });
  });

  it('signs out: the server ends the session, the token leaves storage and the client', async () => {
    const fake = fakeApi({ 'POST /api/auth/log-out': () => ({}) });
    const account = createRootStore({ api: fake.api }).pageStore(AccountStoreModel);
    const stored = new Map([['junction.token', 'tok']]);
    const storage: TokenStorage = {
      getItem: (k) => stored.get(k) ?? null,
      setItem: (k, v) => void stored.set(k, v),
      removeItem: (k) => void stored.delete(k),
    };
    expect(account.token).toBe('tok');
    expect(await account.signOut('this-browser', 'u1', storage)).toBe('/?u=u1');
    expect(account.token).toBeNull();
    expect(stored.size).toBe(0);
  });

  it('adopts a stored token only when the client holds none', () => {
    const fake = fakeApi({});
    const account = createRootStore({ api: fake.api }).pageStore(AccountStoreModel);
    account.adoptToken('other');
    expect(account.token).toBe('tok');
    account.dropToken();
    account.adoptToken('other');
    expect(account.token).toBe('other');
  });
});

describe('the workflow list through the server-state layer', () => {
  const row = (id: string, active = false) => ({
    id,
    name: id,
    active,
    updatedAt: '',
    apps: [],
    credentialIds: [],
    lastRun: null,
  });

  it('switches a row at once and back when the server refuses (by its code), then reads the list again', async () => {
    let stored = [row('a'), row('b')];
    let release: () => void = () => {};
    const fake = fakeApi({
      'GET /api/dashboard/workflows': () => ({ items: stored }),
      'PUT /api/workflows/{id}/active': () =>
        new Promise((_, reject) => {
          release = () =>
            reject(
              new ApiError({
                type: 'about:blank',
                title: 'Unprocessable',
                status: 422,
                code: 'activation.blocked',
                detail: 'Step 2 has no app.',
              }),
            );
        }),
      'DELETE /api/workflows/{id}': () => {
        stored = stored.filter((r) => r.id !== 'b');
        return undefined;
      },
    });
    const dashboard = createRootStore({ api: fake.api }).pageStore(DashboardStoreModel);
    const active = () => dashboard.workflowRows.data?.items.map((r) => `${r.id}:${r.active ? 'on' : 'off'}`);
    const stop = autorun(() => dashboard.workflowRows.data);
    await vi.waitFor(() => expect(active()).toEqual(['a:off', 'b:off']));

    const switching = dashboard.setWorkflowActive('a', true);
    expect(active()).toEqual(['a:on', 'b:off']);
    release();
    const error = await switching.catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('activation.blocked');
    expect(active()).toEqual(['a:off', 'b:off']);

    await dashboard.deleteWorkflow('b');
    expect(active()).toEqual(['a:off']);
    expect(fake.calls.filter((c) => c.key === 'GET /api/dashboard/workflows')).toHaveLength(2);
    stop();
  });
});
