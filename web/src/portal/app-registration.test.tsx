import { type AppDefinition, PROBLEM_MESSAGES } from '@junction/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/AppProviders.js';
import { createRootStore } from '../stores/root-store.js';
import { TOKEN_STORAGE_KEY } from '../stores/session.js';
import { createFakePortalApi, type FakePortalApi } from './fake-api.js';
import {
  AddAuthFormPage,
  authInfoFromForm,
  checkAuthForm,
  definitionFromAuthForm,
  EMPTY_AUTH_FORM,
  formFromApp,
  STORED_SECRET,
} from './pages/AddAuthFormPage.js';
import { EditAppsPage, editAppRows, searchEditAppRows } from './pages/EditAppsPage.js';

afterEach(cleanup);
beforeEach(() => localStorage.setItem(TOKEN_STORAGE_KEY, 'test-token'));

const crm: AppDefinition = {
  appSlug: 'tiny-crm',
  appName: 'Tiny CRM',
  completionStatus: 'In Progress',
  actions: { listContacts: { title: 'List contacts', method: 'get', url: 'https://crm.example/contacts', fields: [] } },
  triggers: {},
  authInfo: {
    apiType: 'oauth2',
    auth_url: 'https://crm.example/authorize',
    token_url: 'https://crm.example/token',
    scopes: 'contacts',
    redirect_uri: 'https://junction.example/auth/tiny-crm/redirect',
    clientInfo: { client_id: 'crm-client', client_secret: STORED_SECRET },
  },
};

function renderAt(path: string, fake: FakePortalApi) {
  const router = createMemoryRouter(
    [
      { path: '/addAuthForm', element: <AddAuthFormPage /> },
      { path: '/editApps', element: <EditAppsPage /> },
      { path: '/develop/:appSlug', element: <p>portal page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders store={createRootStore({ api: fake.api })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('app auth registration rules (onboarding 3, 5)', () => {
  it('requires appSlug (a lower-case identifier) and apiType', () => {
    expect(checkAuthForm(EMPTY_AUTH_FORM)).toEqual({
      appSlug: 'App ID is required.',
      apiType: 'Authentication type is required.',
    });
    expect(checkAuthForm({ ...EMPTY_AUTH_FORM, appSlug: 'My App', apiType: 'basic' }).appSlug).toMatch(/lower-case/);
    expect(checkAuthForm({ ...EMPTY_AUTH_FORM, appSlug: 'my-app_2', apiType: 'apikey' })).toEqual({});
    // The server's shape: a trailing or doubled separator is refused here too.
    for (const slug of ['shopify-', '-shopify', 'my--app']) {
      expect(checkAuthForm({ ...EMPTY_AUTH_FORM, appSlug: slug, apiType: 'basic' }).appSlug).toMatch(/lower-case/);
    }
  });

  it('names the app after its slug by default and seeds the scheme', () => {
    const app = definitionFromAuthForm({ ...EMPTY_AUTH_FORM, appSlug: 'acme', apiType: 'basic' }, 'https://j.example');
    expect(app).toMatchObject({ appSlug: 'acme', appName: 'acme', actions: {}, triggers: {} });
    expect(app.authInfo.basicFormFields?.map((f) => f.key)).toEqual(['username', 'password']);
  });

  it('puts the OAuth 2.0 fields where the OAuth flow reads them, with the default redirect URI', () => {
    const info = authInfoFromForm(
      {
        ...EMPTY_AUTH_FORM,
        appSlug: 'acme',
        apiType: 'oauth2',
        token_url: ' https://acme.example/token ',
        auth_url: 'https://acme.example/auth',
        scopes: 'read write',
        client_id: 'id-1',
        client_secret: 's3cret',
      },
      'https://j.example',
    );
    expect(info).toMatchObject({
      apiType: 'oauth2',
      token_url: 'https://acme.example/token',
      auth_url: 'https://acme.example/auth',
      scopes: 'read write',
      redirect_uri: 'https://j.example/auth/acme/redirect',
      clientInfo: { client_id: 'id-1', client_secret: 's3cret' },
    });
  });

  it('keeps a stored secret when the field is left empty, and the rest of an unchanged scheme', () => {
    const values = formFromApp(crm);
    expect(values.client_secret).toBe('');
    expect(values).toMatchObject({
      appSlug: 'tiny-crm',
      apiType: 'oauth2',
      client_id: 'crm-client',
      scopes: 'contacts',
    });
    const info = authInfoFromForm({ ...values, scopes: 'contacts deals' }, 'https://j.example', crm.authInfo, true);
    expect(info.clientInfo?.client_secret).toBe(STORED_SECRET);
    expect(info.redirect_uri).toBe('https://junction.example/auth/tiny-crm/redirect');
    expect(info.scopes).toBe('contacts deals');
    // A new scheme starts from its defaults.
    const basic = authInfoFromForm({ ...values, apiType: 'basic' }, 'https://j.example', crm.authInfo, true);
    expect(basic).toEqual({
      apiType: 'basic',
      basicFormFields: [
        { key: 'username', title: 'Username' },
        { key: 'password', title: 'Password' },
      ],
    });
  });
});

describe('/addAuthForm', () => {
  it("shows 'API Info', marks the required fields, and registers an OAuth 2.0 app", async () => {
    const fake = createFakePortalApi();
    renderAt('/addAuthForm', fake);
    expect(screen.getByRole('heading', { name: 'API Info' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('App ID is required.')).toBeTruthy();
    expect(screen.getByText('Authentication type is required.')).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);
    // Labels are words; the stored key is the field's hint, announced with it.
    const slugInput = screen.getByLabelText('App ID *');
    const hint = document.getElementById(slugInput.getAttribute('aria-describedby')!.split(' ')[0]);
    expect(hint?.textContent).toContain('Key: appSlug');

    fireEvent.change(screen.getByLabelText('App ID *'), { target: { value: 'acme' } });
    fireEvent.change(screen.getByLabelText('Authentication type *'), { target: { value: 'oauth2' } });
    fireEvent.change(screen.getByLabelText('Client ID'), { target: { value: 'id-1' } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 'sec' } });
    fireEvent.change(screen.getByLabelText('Token URL'), { target: { value: 'https://acme.example/token' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Registered 'acme'/)).toBeTruthy();
    const created = fake.apps.get('acme')!;
    expect(created.appName).toBe('acme');
    expect(created.authInfo).toMatchObject({
      apiType: 'oauth2',
      token_url: 'https://acme.example/token',
      clientInfo: { client_id: 'id-1', client_secret: 'sec' },
    });
  });

  it('shows a taken slug as a clear error', async () => {
    const fake = createFakePortalApi();
    fake.failNext('POST', '/api/apps', 409, {
      title: 'Conflict',
      detail: "An app with the slug 'acme' already exists.",
      field: 'appSlug',
    });
    renderAt('/addAuthForm', fake);
    fireEvent.change(screen.getByLabelText('App ID *'), { target: { value: 'acme' } });
    fireEvent.change(screen.getByLabelText('Authentication type *'), { target: { value: 'apikey' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "An app with the slug 'acme' already exists. To change an app you registered, open it from Edit apps.",
    );
  });

  it('edits the auth info of an app (?app=), keeping its actions and the stored secret', async () => {
    const fake = createFakePortalApi([crm]);
    renderAt('/addAuthForm?app=tiny-crm', fake);
    const slug = (await screen.findByLabelText('App ID *')) as HTMLInputElement;
    await waitFor(() => expect(slug.value).toBe('tiny-crm'));
    expect(slug.readOnly).toBe(true);
    expect(screen.getByText('A secret is stored. Leave this empty to keep it.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Scopes'), { target: { value: 'contacts deals' } });
    fireEvent.change(screen.getByLabelText('App name'), { target: { value: 'Tiny CRM 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Saved the auth info of 'tiny-crm'/)).toBeTruthy();
    const put = fake.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/apps/tiny-crm');
    const saved = put.body as AppDefinition;
    expect(saved.appName).toBe('Tiny CRM 2');
    expect(saved.actions).toEqual(crm.actions);
    expect(saved.authInfo).toMatchObject({ scopes: 'contacts deals', clientInfo: { client_secret: STORED_SECRET } });
  });

  it('shows why an app cannot be loaded', async () => {
    const fake = createFakePortalApi();
    renderAt('/addAuthForm?app=missing', fake);
    expect((await screen.findByRole('alert')).textContent).toBe('App not found.');
  });
});

describe('/editApps', () => {
  const summaries = [
    { appSlug: 'b', appName: 'Beta', editable: true, apiType: 'apikey' as const, listingStatus: 'Published' },
    {
      appSlug: 'a',
      appName: 'alpha',
      editable: true,
      apiType: 'oauth2' as const,
      completionStatus: 'Complete' as const,
    },
    { appSlug: 'demo-crm', appName: 'Demo CRM', editable: false },
  ];

  it('lists only the workspace’s own apps, searchable in any column', () => {
    const rows = editAppRows(summaries);
    expect(rows.map((r) => r.appSlug)).toEqual(['b', 'a']);
    expect(rows[1]).toEqual({
      appSlug: 'a',
      appName: 'alpha',
      auth: 'OAuth 2.0',
      status: 'Complete',
      listing: 'Draft',
    });
    expect(searchEditAppRows(rows, 'PUBLISHED').map((r) => r.appSlug)).toEqual(['b']);
    expect(searchEditAppRows(rows, 'oauth').map((r) => r.appSlug)).toEqual(['a']);
    expect(searchEditAppRows(rows, '  ')).toHaveLength(2);
  });

  it('shows the apps by name with links to the portal and the auth form, 10 rows per page by default', async () => {
    const many: AppDefinition[] = Array.from({ length: 12 }, (_, i) => ({
      ...crm,
      appSlug: `app-${String(i).padStart(2, '0')}`,
      appName: `App ${String(i).padStart(2, '0')}`,
    }));
    const fake = createFakePortalApi(many);
    renderAt('/editApps', fake);
    expect(screen.getByRole('heading', { name: 'Edit apps' })).toBeTruthy();
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(within(table).getByRole('link', { name: 'App 00' }).getAttribute('href')).toBe('/develop/app-00');
    expect(within(table).getByRole('link', { name: 'Edit the auth info of App 00' }).getAttribute('href')).toBe(
      '/addAuthForm?app=app-00',
    );
    expect((screen.getByLabelText('Rows per page') as HTMLSelectElement).value).toBe('10');
    expect(screen.getByText('1–10 of 12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Name ▲' }));
    expect(within(table).getAllByRole('row')[1].textContent).toContain('App 11');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search Apps' }), { target: { value: 'app 03' } });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('shows a load failure with Try again', async () => {
    const fake = createFakePortalApi();
    fake.failNext('GET', '/api/apps', 500, { title: 'Internal Server Error', detail: 'Database down.' });
    renderAt('/editApps', fake);
    // A 500's detail is not shown: core's message table words the code.
    expect((await screen.findByRole('alert')).textContent).toBe(
      `The apps could not be loaded. ${PROBLEM_MESSAGES['server.internal'].text}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('Your workspace has no apps yet. Add one with Add App or Register app auth.'),
    ).toBeTruthy();
  });
});
