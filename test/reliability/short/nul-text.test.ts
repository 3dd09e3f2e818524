/**
 * U+0000 in user text (hostile pass, "PostgreSQL and odd characters"): PostgreSQL's `text`
 * refuses the NUL character, so a workflow, account, workspace, credential, form, app, shared
 * template, ticket or error report named with one answered 500 there while SQLite stored it.
 * Every text column now keeps the text without its NUL characters, the same on both databases
 * (store/nul-free.ts); JSON values (webhook bodies, documents) stay exact (odd-characters).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  type ApiHarness,
  GOOD_PASSWORD,
  openHarness,
  openTestDatabases,
  signUp,
} from '../../api/harness.js';
import { report } from '../support/report.js';

const N = 'Sales\u0000 report';
const CLEAN = 'Sales report';

describe.each(openTestDatabases())('NUL in text columns on $dialect', ({ dialect, ...testDb }) => {
  let h: ApiHarness;
  let a: Account;
  beforeAll(async () => {
    h = await openHarness({ dialect, ...testDb });
    a = await signUp(h, 'nul');
  });
  afterAll(() => h?.close());

  it('stores every user text without its NUL characters and never answers 500', async () => {
    // Answers of a create may echo the text as sent; what is read back afterwards has no NUL.
    const rows: { entry: string; status: number; 'read back'?: string }[] = [];
    const send = async (entry: string, method: string, url: string, body: unknown, token?: string) => {
      const res = await h.call(method, url, { token, body });
      rows.push({ entry, status: res.status });
      expect(res.status, `${entry}: ${res.text.slice(0, 200)}`).toBeLessThan(300);
      return res;
    };
    const readBack = (value: unknown) => {
      const row = rows[rows.length - 1];
      if (row) row['read back'] = JSON.stringify(value);
      expect(value).toBe(CLEAN);
    };

    const user = await send('sign-up first and last name', 'POST', '/api/auth/sign-up', {
      email: `nul-${Date.now()}@example.com`,
      password: GOOD_PASSWORD,
      firstName: N,
      lastName: N,
    });
    const me = await h.call('GET', '/api/auth/me', { token: user.json.token });
    expect(me.json.name).toBe(`${CLEAN} ${CLEAN}`);

    const tenant = await send('workspace name', 'POST', '/api/tenants', { name: N }, a.token);
    const tenants = await h.call('GET', '/api/auth/me', { token: a.token });
    readBack(tenants.json.tenants.find((t: { tenant: { id: string } }) => t.tenant.id === tenant.json.id)?.tenant.name);

    const created = await send('workflow name (create)', 'POST', '/api/workflows', { name: N }, a.token);
    const listed = await h.call('GET', '/api/workflows', { token: a.token });
    readBack(listed.json.items.find((w: { id: string }) => w.id === created.json.id)?.name);

    const current = await h.call('GET', `/api/workflows/${a.workflowId}`, { token: a.token });
    await send(
      'workflow name (save)',
      'PUT',
      `/api/workflows/${a.workflowId}`,
      {
        document: { ...current.json.document, name: N },
      },
      a.token,
    );
    const relisted = await h.call('GET', '/api/workflows', { token: a.token });
    readBack(relisted.json.items.find((w: { id: string }) => w.id === a.workflowId)?.name);

    const credential = await send(
      'account name',
      'POST',
      '/api/credentials',
      {
        app: 'demo-crm',
        name: N,
        values: { api_key: 'not-checked' },
      },
      a.token,
    );
    const credentials = await h.call('GET', '/api/credentials', { token: a.token });
    readBack(credentials.json.items.find((c: { id: string }) => c.id === credential.json.id)?.name);

    const form = await send('form name', 'POST', '/api/forms', { name: N, content: [{}, []] }, a.token);
    readBack((await h.call('GET', `/api/forms/${form.json.id}`, { token: a.token })).json.name);

    const slug = `nul-app-${Date.now()}`;
    await send(
      'app name',
      'POST',
      '/api/apps',
      {
        appSlug: slug,
        appName: N,
        lambdaURL: 'https://api.example.com',
        actions: {},
        triggers: {},
        authInfo: { apiType: 'apikey' },
      },
      a.token,
    );

    await send(
      'shared template title',
      'POST',
      `/api/workflows/${a.workflowId}/share`,
      {
        title: N,
        description: N,
      },
      a.token,
    );

    await send(
      'ticket title and text',
      'POST',
      '/api/tickets',
      {
        editor_url: `http://127.0.0.1:5000/editor?x=${N}`,
        email: a.email,
        title: N,
        content: N,
      },
      a.token,
    );
    const tickets = await h.call('GET', '/api/tickets', { token: a.token });
    readBack(tickets.json.items[0]?.title);

    await send('error report', 'POST', '/api/error-reports', { source: N, error: N }, a.token);
    report(`NUL in text columns (${dialect})`, rows);
  });
});
