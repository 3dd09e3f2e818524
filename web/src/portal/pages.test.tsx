import type { AppDefinition } from '@junction/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/AppProviders.js';
import { appRoutes } from '../app/routes.js';
import { setPillText } from '../editor/fields/test-support.js';
import { createRootStore } from '../stores/root-store.js';
import { TOKEN_STORAGE_KEY } from '../stores/session.js';
import { createFakePortalApi, type FakePortalApi } from './fake-api.js';

afterEach(cleanup);
beforeEach(() => localStorage.setItem(TOKEN_STORAGE_KEY, 'test-token'));

const shop: AppDefinition = {
  appSlug: 'shop',
  appName: 'Shop',
  completionStatus: 'In Progress',
  actions: {
    listOrders: { title: 'List orders', method: 'get', url: 'https://api.example/orders', fields: [], hidden: true },
    createOrder: {
      title: 'Create order',
      description: 'Creates an order.',
      method: 'post',
      url: 'https://api.example/orders',
      fields: [{ name: 'item', title: 'Item', schema: { type: 'string' } }],
    },
  },
  triggers: {
    newOrder: {
      label: 'New order',
      type: 'polling',
      action: 'listOrders',
      pollingParams: { dedupe_key: 'id', data_head: 'orders' },
    },
  },
  authInfo: { apiType: 'apikey', testAuth: 'listOrders', testResponseStatus: true },
};

/** How long a test waits for what the user sees after a save (a loaded machine is slow). */
const SEEN = { timeout: 5000 };

/**
 * The toast that says `text`, once it shows: a save answers after the fake server's round trip
 * and a re-render, which a loaded machine stretches past testing-library's default second.
 */
function findToast(text: string): Promise<HTMLElement> {
  return screen.findByText(text, {}, SEEN);
}

/** Renders the app at `path` and waits for the portal's pane (the portal may load on demand). */
async function renderAt(path: string, fake: FakePortalApi) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders store={createRootStore({ api: fake.api })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await screen.findByRole('heading', { name: 'Apps' }, { timeout: 10_000 });
  return router;
}

describe('portal left pane', () => {
  it('shows Apps, Add App and the app search with its texts; options match anywhere', async () => {
    const fake = createFakePortalApi([shop, { ...shop, appSlug: 'crm', appName: 'Tiny CRM' }]);
    await renderAt('/develop/', fake);
    expect(await screen.findByRole('heading', { name: 'Apps' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add App' })).toBeTruthy();
    const search = screen.getByRole('combobox', { name: 'App' });
    expect(search.getAttribute('placeholder')).toBe('Type to search apps');
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'crm' } });
    const list = await screen.findByRole('listbox', { name: 'Apps' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tiny CRM']);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(await screen.findByText('No Apps? Something has gone wrong...')).toBeTruthy();
  });

  it('lists the chosen app: overview, authentication with a green test dot, triggers and actions', async () => {
    const fake = createFakePortalApi([shop]);
    await renderAt('/develop/shop/actions', fake);
    const nav = await screen.findByRole('navigation', { name: 'App sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'App Overview',
      'Authentication',
      'API Key',
      'Triggers',
      'New order',
      'Actions',
      'List orders',
      'Create order',
    ]);
    expect(within(nav).getByRole('img', { name: 'Last test succeeded' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Actions' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('portal left pane saves', () => {
  it('saves API Docs on blur only, the DateTime format on change, and holds Status until the next save', async () => {
    const fake = createFakePortalApi([shop]);
    await renderAt('/develop/shop/actions', fake);
    const puts = () => fake.calls.filter((c) => c.method === 'PUT' && c.path === '/api/apps/shop');
    const docs = await screen.findByLabelText('API Docs');
    fireEvent.change(docs, { target: { value: 'https://docs.shop.example' } });
    expect(puts()).toHaveLength(0);
    await act(async () => {
      fireEvent.blur(docs);
    });
    await waitFor(() => expect(puts()).toHaveLength(1), SEEN);
    expect((puts()[0].body as AppDefinition).apiDocs).toBe('https://docs.shop.example');
    expect(await findToast('Shop integration saved!')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Complete' } });
    expect(screen.getByText('Saved with the next save.')).toBeTruthy();
    expect(puts()).toHaveLength(1);

    await act(async () => {
      fireEvent.change(screen.getByLabelText('API DateTime Format'), { target: { value: '%m/%d/%Y' } });
    });
    await waitFor(() => expect(puts()).toHaveLength(2), SEEN);
    expect(puts()[1].body).toMatchObject({ apiDateTimeFormat: '%m/%d/%Y', completionStatus: 'Complete' });
    expect(fake.apps.get('shop')?.apiDateTimeFormat).toBe('%m/%d/%Y');
    expect(screen.getByLabelText('API DateTime Format').querySelectorAll('option')).toHaveLength(20);
  });

  it('shows a failed last test in red and a disabled Passport App entry when auth is disabled', async () => {
    const fake = createFakePortalApi([
      { ...shop, disableAuth: true, authInfo: { ...shop.authInfo, testResponseStatus: false } },
    ]);
    await renderAt('/develop/shop', fake);
    const nav = await screen.findByRole('navigation', { name: 'App sections' });
    expect(within(nav).getByRole('img', { name: 'Last test failed' })).toBeTruthy();
    const passport = within(nav).getByText('Passport App');
    expect(passport.getAttribute('aria-disabled')).toBe('true');
    expect(passport.closest('a')).toBeNull();
  });

  it('offers at most 50 apps in the search, matching anywhere in the name', async () => {
    const many: AppDefinition[] = Array.from({ length: 60 }, (_, i) => ({
      ...shop,
      appSlug: `app-${i}`,
      appName: `Orders ${i} Sync`,
    }));
    await renderAt('/develop/', createFakePortalApi(many));
    const search = await screen.findByRole('combobox', { name: 'App' });
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'sync' } });
    const list = await screen.findByRole('listbox', { name: 'Apps' });
    expect(within(list).getAllByRole('option')).toHaveLength(50);
    fireEvent.change(search, { target: { value: '42 s' } });
    expect(
      within(await screen.findByRole('listbox', { name: 'Apps' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Orders 42 Sync']);
  });
});

describe('Create Integration', () => {
  it('creates the app from the form and opens it', async () => {
    const fake = createFakePortalApi([]);
    const router = await renderAt('/develop/new', fake);
    fireEvent.change(await screen.findByLabelText('Integration Name *'), { target: { value: 'My Shop!' } });
    expect(screen.getByText('my-shop')).toBeTruthy();
    expect(screen.getByText(/Max 160 characters/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/develop/my-shop'), SEEN);
    expect(fake.apps.get('my-shop')?.appName).toBe('My Shop!');
    expect(await findToast('My Shop! integration saved!')).toBeTruthy();
  });

  it('says why nothing was created when the name is empty', async () => {
    await renderAt('/develop/new', createFakePortalApi([]));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Integration Name is required');
  });
});

describe('actions and triggers', () => {
  it('searches the actions table and deletes only after Really Delete?', async () => {
    const fake = createFakePortalApi([shop]);
    await renderAt('/develop/shop/actions', fake);
    const search = await screen.findByRole('searchbox', { name: 'Search Actions' });
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    fireEvent.change(search, { target: { value: 'creates' } });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Create order')).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });
    expect(within(table).getByText('No description')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveProperty('value', '10');
  });

  it('checks the action key live with the key rule message', async () => {
    await renderAt('/develop/shop/actions/__new__/settings', createFakePortalApi([shop]));
    fireEvent.change(await screen.findByLabelText('Key *'), { target: { value: 'create order' } });
    expect(screen.getByText('only letters, numbers, hyphens, and underscores')).toBeTruthy();
    expect(screen.getByText('Form Design').getAttribute('aria-disabled')).toBe('true');
  });

  it('shows a visible error when Import JSON gets text that is not JSON, and imports rows when it is', async () => {
    await renderAt('/develop/shop/actions/createOrder/api', createFakePortalApi([shop]));
    fireEvent.click(await screen.findByRole('tab', { name: 'Request Body' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import JSON' }));
    const box = await screen.findByLabelText('Paste JSON here');
    fireEvent.change(box, { target: { value: '{oops' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByText(/This is not valid JSON/)).getAttribute('role')).toBe('alert');
    fireEvent.change(box, { target: { value: '{"item":"${inputData.item}","customer":{"name":"Ada"}}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getAllByTestId('body-row')).toHaveLength(3), SEEN);
    expect(screen.getByLabelText('Body key 3')).toHaveProperty('value', 'name');
  });

  it('saves the API configuration with the spec toast', async () => {
    const fake = createFakePortalApi([shop]);
    await renderAt('/develop/shop/actions/createOrder/api', fake);
    // The URL is a pill field (its references read as pills): typed through its editor.
    setPillText(await screen.findByRole('textbox', { name: 'URL' }), 'https://api.example/v2/orders');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(await findToast('Shop integration saved!')).toBeTruthy();
    expect(fake.apps.get('shop')?.actions.createOrder.url).toBe('https://api.example/v2/orders');
  });

  it('asks a polling trigger for Unique ID Key and Array Name, live', async () => {
    await renderAt('/develop/shop/triggers/__new__/settings', createFakePortalApi([shop]));
    expect(await screen.findByRole('heading', { name: 'Trigger' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Key *'), { target: { value: 'newThing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unique ID Key is required.')).toBeTruthy();
    expect(screen.getByText('Array Name is required (use 0 if no key).')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Form Design' })).toHaveProperty('disabled', true);
  });
});

/** Opens a row's menu (Radix opens on Enter) and answers its items. */
async function openRowMenu(name: string) {
  fireEvent.keyDown(screen.getByRole('button', { name: `Actions for ${name}` }), { key: 'Enter' });
  return screen.findByRole('menu');
}

describe('two-step delete and field edits', () => {
  it("deletes an action only on the second click ('Really Delete?'), then saves", async () => {
    const fake = createFakePortalApi([shop]);
    await renderAt('/develop/shop/actions', fake);
    await screen.findByRole('table');
    let menu = await openRowMenu('Create order');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    // The first click only asks; the menu stays open and nothing is saved.
    menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Really Delete?' })).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await act(async () => {
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Really Delete?' }));
    });
    await waitFor(() => expect(fake.apps.get('shop')?.actions.createOrder).toBeUndefined(), SEEN);
    expect(await findToast('Shop integration saved!')).toBeTruthy();
    expect(fake.apps.get('shop')?.actions.listOrders).toBeTruthy();
  });

  it('deletes a trigger only after Really Delete?', async () => {
    const fake = createFakePortalApi([shop]);
    await renderAt('/develop/shop/triggers', fake);
    await screen.findByRole('table');
    const menu = await openRowMenu('New order');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    expect(fake.apps.get('shop')?.triggers.newOrder).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Really Delete?' }));
    });
    await waitFor(() => expect(fake.apps.get('shop')?.triggers.newOrder).toBeUndefined(), SEEN);
  });

  it('saves when a field is deleted (forms-dp 4)', async () => {
    const fake = createFakePortalApi([shop]);
    await renderAt('/develop/shop/actions/createOrder/input', fake);
    await screen.findByRole('heading', { name: 'Form Editor' });
    const menu = await openRowMenu('Item');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    await act(async () => {
      fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Really Delete?' }));
    });
    await waitFor(() => expect(fake.apps.get('shop')?.actions.createOrder.fields).toEqual([]), SEEN);
  });

  it("edits an object field's properties with key, title, description, type and hidden; checks the keys", async () => {
    const fake = createFakePortalApi([shop]);
    await renderAt('/develop/shop/actions/createOrder/input/0', fake);
    fireEvent.change(await screen.findByLabelText('Type *'), { target: { value: 'object' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add property' }));
    fireEvent.change(screen.getByLabelText('Property key 1'), { target: { value: 'zip code' } });
    expect(screen.getByText('only letters, numbers, hyphens, and underscores')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(screen.getByText('Fix the object properties marked below.')).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Property key 1'), { target: { value: 'zip' } });
    fireEvent.change(screen.getByLabelText('Property title 1'), { target: { value: 'ZIP' } });
    fireEvent.change(screen.getByLabelText('Property description 1'), { target: { value: 'The postal code.' } });
    fireEvent.change(screen.getByLabelText('Property type 1'), { target: { value: 'number' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hidden' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await waitFor(
      () =>
        expect(fake.apps.get('shop')?.actions.createOrder.fields?.[0].schema).toEqual({
          type: 'object',
          properties: [
            { key: 'zip', title: 'ZIP', description: 'The postal code.', hidden: true, schema: { type: 'number' } },
          ],
        }),
      SEEN,
    );
  });
});

describe('trigger Form Design', () => {
  it('edits field values as text, reads JSON values back as JSON, and says when one is not JSON', async () => {
    const withFields: AppDefinition = {
      ...shop,
      triggers: {
        newOrder: {
          ...shop.triggers.newOrder,
          fields: [
            { name: 'status', title: 'Status', value: 'open' },
            { name: 'limit', title: 'Limit', value: 50 },
          ],
        },
      },
    };
    const fake = createFakePortalApi([withFields]);
    await renderAt('/develop/shop/triggers/newOrder/settings', fake);
    fireEvent.click(await screen.findByRole('tab', { name: 'Form Design' }));
    const limit = await screen.findByLabelText('Value of Limit');
    expect(limit).toHaveProperty('value', '50');
    fireEvent.change(limit, { target: { value: 'fifty' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('The value of Limit must be JSON, like the value it replaces.');
    expect(fake.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.change(limit, { target: { value: '25' } });
    fireEvent.change(screen.getByLabelText('Value of Status'), { target: { value: 'paid' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await waitFor(
      () =>
        expect(fake.apps.get('shop')?.triggers.newOrder.fields).toEqual([
          { name: 'status', title: 'Status', value: 'paid' },
          { name: 'limit', title: 'Limit', value: 25 },
        ]),
      SEEN,
    );
  });
});

describe('authentication', () => {
  it('shows the Test panel texts before a test and the outcome after', async () => {
    const fake = createFakePortalApi([shop]);
    await renderAt('/develop/shop/authentication/edit', fake);
    expect(
      await screen.findByText(
        'No test request made yet. Click "Test Setup" and "Test Authentication" at the bottom to make a test request and see its response here.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'HTTP' }));
    expect(
      screen.getByText('No logs to show. Go to "Test Setup" and click the Test Authentication button.'),
    ).toBeTruthy();
  });

  it("shows 'Request Failed' with the HTTP tab's error text, and a test that cannot run in both tabs", async () => {
    const fake = createFakePortalApi([shop]);
    await renderAt('/develop/shop/authentication/edit', fake);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Test Authentication' }));
    });
    expect((await screen.findAllByText('Request Failed', {}, SEEN)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('tab', { name: 'HTTP' }));
    expect(screen.getByText('Error. Please see the RESPONSE tab for more information.')).toBeTruthy();

    fake.failNext('POST', '/api/apps/shop/test-auth', 502, { title: 'Bad Gateway', detail: 'The API did not answer.' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Test Authentication' }));
    });
    fireEvent.click(screen.getByRole('tab', { name: 'HTTP' }));
    expect(await screen.findByText('Error loading data. Please try again.', {}, SEEN)).toBeTruthy();
    expect(screen.getByText('Error. Please see the RESPONSE tab for more information.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Response' }));
    expect(screen.getByRole('alert').textContent).toBe('The API did not answer.');
  });

  it('offers the four schemes when none is chosen', async () => {
    await renderAt('/develop/shop/authentication', createFakePortalApi([{ ...shop, authInfo: {} }]));
    const group = await screen.findByRole('radiogroup', { name: 'Authentication scheme' });
    expect(within(group).getAllByRole('radio')).toHaveLength(4);
  });
});
