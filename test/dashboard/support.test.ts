/**
 * Support tickets, the embedded checkout and the dashboard's settings over the real API (issue
 * 8): tickets stored per workspace, listed for operators, mailed through a real local SMTP
 * peer; checkout answers a local page whose Pay upgrades the workspace; workspace rename,
 * members and password change with their 422s.
 */
import { createStepData, type WorkflowDocument } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../server/src/mail/test-smtp.js';
import {
  type Account,
  type ApiHarness,
  GOOD_PASSWORD,
  openHarness,
  openTestDatabases,
  signUp,
} from '../api/harness.js';
import { hookPathOf } from '../engine/support.js';

const SUPPORT = 'support@junction.test';

describe.each(openTestDatabases())('support, checkout and settings on $dialect', (testDb) => {
  let h: ApiHarness;
  let smtp: TestSmtpServer;
  let a: Account;
  let b: Account;
  let operator: Account;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    h = await openHarness(testDb, {
      smtpUrl: smtp.url,
      supportEmail: SUPPORT,
      publicUrl: 'http://junction.test',
    });
    a = await signUp(h, 'ticket-a');
    b = await signUp(h, 'ticket-b');
    operator = await signUp(h, 'operator');
    // Operators are named by configuration; the harness's config object is the app's.
    h.config.supportOperators = [operator.email.toLowerCase()];
    // Operator rights need a verified address: the code reached the operator's mailbox.
    const mail = await smtp.waitForMail(operator.email);
    const code = /\b(\d{4})\b/.exec(mail.text)?.[1];
    const verified = await h.call('POST', '/api/auth/verify-code', { token: operator.token, body: { code } });
    if (verified.status !== 200) throw new Error(`verify-code answered ${verified.status}: ${verified.text}`);
  });

  afterAll(async () => {
    await h?.close();
    await smtp?.close();
  });

  const ticket = (account: Account, title: string) =>
    h.call('POST', '/api/tickets', {
      token: account.token,
      body: {
        editor_url: 'http://junction.test/?id=wf-1',
        email: account.email,
        title,
        content: 'Please add the event "New invoice".',
        app: 'demo-crm',
        event: 'New invoice',
      },
    });

  it('stores a ticket, mails it to SUPPORT_EMAIL over SMTP and lists it for its workspace only', async () => {
    const created = await ticket(a, 'Demo CRM - New invoice');
    expect(created.status, created.text).toBe(201);
    expect(created.json).toEqual({ id: expect.any(String), createdAt: expect.any(String) });

    const mail = await smtp.waitForMail(SUPPORT);
    expect(mail.subject).toBe('Support ticket: Demo CRM - New invoice');
    expect(mail.text).toContain(`From: ${a.email}`);
    expect(mail.text).toContain('Editor: http://junction.test/?id=wf-1');
    expect(mail.text).toContain('Please add the event "New invoice".');

    const own = await h.call('GET', '/api/tickets', { token: a.token });
    expect(own.status).toBe(200);
    expect(own.json.items).toHaveLength(1);
    expect(own.json.items[0]).toMatchObject({ title: 'Demo CRM - New invoice', tenantId: a.tenantId, mailed: true });

    const other = await h.call('GET', '/api/tickets', { token: b.token });
    expect(other.json.items).toEqual([]);
  });

  it('lists every workspace’s tickets for an operator', async () => {
    expect((await ticket(b, 'Demo CRM - Deal won')).status).toBe(201);
    const all = await h.call('GET', '/api/tickets', { token: operator.token });
    const titles = all.json.items.map((t: { title: string }) => t.title);
    expect(titles).toEqual(expect.arrayContaining(['Demo CRM - New invoice', 'Demo CRM - Deal won']));
  });

  it('answers 400 naming the field when the title is missing, 401 without a session', async () => {
    const bad = await h.call('POST', '/api/tickets', {
      token: a.token,
      body: { editor_url: 'x', email: a.email, content: 'c' },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('title');
    expect((await h.call('GET', '/api/tickets')).status).toBe(401);
  });

  it('records a crash report signed in or not', async () => {
    const res = await h.call('POST', '/api/error-reports', { body: { source: 'StepPanel', error: 'boom' } });
    expect(res.status).toBe(202);
  });

  it('checks out on the embedded provider: a local page whose Pay upgrades the workspace once', async () => {
    const before = await h.call('GET', `/api/tenants/${a.tenantId}`, { token: a.token });
    expect(before.json).toMatchObject({ plan: 'free', planStatus: 'active' });

    const foreign = await h.call('POST', '/api/checkout', {
      token: a.token,
      body: { currentUrl: 'https://evil.example/steal' },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.json.field).toBe('currentUrl');

    const started = await h.call('POST', '/api/checkout', {
      token: a.token,
      body: { currentUrl: 'http://junction.test/?id=wf-1' },
    });
    expect(started.status, started.text).toBe(200);
    const url = new URL(started.json.url);
    expect(url.origin).toBe('http://junction.test');
    expect(url.pathname).toMatch(/^\/checkout\/[A-Za-z0-9_-]{32}$/);

    const page = await h.call('GET', url.pathname);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('$6 for your first month');
    expect(page.text).toContain(`action="${url.pathname}"`);
    // A way back: the page checkout was opened from, without paying.
    expect(page.text).toContain('<a href="http://junction.test/?id=wf-1">← Not now, back to Junction</a>');

    const paid = await h.call('POST', url.pathname, {
      raw: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.status, paid.text).toBe(303);
    expect(paid.headers.location).toBe('http://junction.test/?id=wf-1');
    const after = await h.call('GET', `/api/tenants/${a.tenantId}`, { token: a.token });
    expect(after.json).toMatchObject({ plan: 'premium', planStatus: 'active' });

    const again = await h.call('POST', url.pathname, {
      raw: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.status).toBe(409);
    expect((await h.call('GET', '/checkout/not-a-real-session-id-0000000000')).status).toBe(404);
    const twice = await h.call('POST', '/api/checkout', {
      token: a.token,
      body: { currentUrl: 'http://junction.test/' },
    });
    expect(twice.status).toBe(409);
  });

  it('renames a workspace, lists its members and refuses other workspaces', async () => {
    const renamed = await h.call('PATCH', `/api/tenants/${b.tenantId}`, {
      token: b.token,
      body: { name: '  Acme Ops ' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.name).toBe('Acme Ops');
    const blank = await h.call('PATCH', `/api/tenants/${b.tenantId}`, { token: b.token, body: { name: '   ' } });
    expect(blank.status).toBe(422);
    expect(blank.json.field).toBe('name');
    const foreign = await h.call('PATCH', `/api/tenants/${b.tenantId}`, { token: a.token, body: { name: 'Mine' } });
    expect(foreign.status).toBe(404);

    const members = await h.call('GET', `/api/tenants/${b.tenantId}/members`, { token: b.token });
    expect(members.status).toBe(200);
    expect(members.json.items).toEqual([
      { userId: b.userId, email: b.email, name: expect.any(String), role: 'owner', joinedAt: expect.any(String) },
    ]);
    expect((await h.call('GET', `/api/tenants/${b.tenantId}/members`, { token: a.token })).status).toBe(404);
  });

  it('changes the password: the current one is checked, the rules apply, other sessions end', async () => {
    const other = await h.call('POST', '/api/auth/log-in', { body: { email: b.email, password: GOOD_PASSWORD } });
    expect(other.status).toBe(200);

    const wrong = await h.call('POST', '/api/auth/password', {
      token: b.token,
      body: { currentPassword: 'not-my-password-1', newPassword: 'Another-good-one-77' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.field).toBe('currentPassword');

    const weak = await h.call('POST', '/api/auth/password', {
      token: b.token,
      body: { currentPassword: GOOD_PASSWORD, newPassword: 'short1' },
    });
    expect(weak.status).toBe(422);
    expect(weak.json).toMatchObject({
      field: 'newPassword',
      detail: 'Password must be between 12 and 512 characters.',
    });

    const changed = await h.call('POST', '/api/auth/password', {
      token: b.token,
      body: { currentPassword: GOOD_PASSWORD, newPassword: 'Another-good-one-77' },
    });
    expect(changed.status, changed.text).toBe(204);
    expect((await h.call('GET', '/api/auth/me', { token: b.token })).status).toBe(200);
    expect((await h.call('GET', '/api/auth/me', { token: other.json.token })).status).toBe(401);
    const relog = await h.call('POST', '/api/auth/log-in', {
      body: { email: b.email, password: 'Another-good-one-77' },
    });
    expect(relog.status).toBe(200);
  });

  it('lists the dashboard workflows with their apps, accounts and latest run, for the own workspace only', async () => {
    const document: WorkflowDocument = {
      schemaVersion: 1,
      id: 'placeholder',
      name: 'Hook to CRM',
      active: false,
      steps: [
        {
          id: 'st-hook',
          kind: 'trigger',
          position: { x: 0, y: 0 },
          data: createStepData({
            name: 'Catch Hook',
            type: 'webhook',
            app: 'webhook',
            label: 'Webhook',
            icon: '/icons/webhook.svg',
            action: 'catchHook',
            testData: {},
          }),
        },
        {
          id: 'st-crm',
          kind: 'action',
          position: { x: 0, y: 200 },
          data: createStepData({
            name: 'Create contact',
            type: 'demo-crm',
            label: 'Demo CRM',
            credential: 'cred-1',
            hasauth: true,
          }),
        },
        {
          id: 'st-crm-2',
          kind: 'action',
          position: { x: 0, y: 400 },
          data: createStepData({ name: 'Create again', type: 'demo-crm', label: 'Demo CRM', credential: 'cred-1' }),
        },
      ],
      links: [],
    };
    const created = await h.call('POST', '/api/workflows', { token: a.token, body: { name: 'Hook to CRM', document } });
    expect(created.status, created.text).toBe(201);
    const before = await h.call('GET', '/api/dashboard/workflows', { token: a.token });
    expect(before.status, before.text).toBe(200);
    const row = before.json.items.find((w: { id: string }) => w.id === created.json.id);
    expect(row).toMatchObject({
      name: 'Hook to CRM',
      active: false,
      apps: [
        { type: 'webhook', label: 'Webhook', icon: '/icons/webhook.svg' },
        { type: 'demo-crm', label: 'Demo CRM', icon: '' },
      ],
      credentialIds: ['cred-1'],
      lastRun: null,
    });
    // An OFF workflow's webhook is recorded as not_run: that is its latest run.
    expect((await h.call('POST', await hookPathOf(h, a.token, created.json.id), { body: { n: 1 } })).status).toBe(200);
    const after = await h.call('GET', '/api/dashboard/workflows', { token: a.token });
    const updated = after.json.items.find((w: { id: string }) => w.id === created.json.id);
    expect(updated.lastRun).toEqual({ id: expect.any(String), status: 'not_run', startedAt: expect.any(String) });

    const other = await h.call('GET', '/api/dashboard/workflows', { token: b.token });
    expect(other.json.items.map((w: { id: string }) => w.id)).not.toContain(created.json.id);
    expect((await h.call('GET', '/api/dashboard/workflows')).status).toBe(401);
  });

  it('serves the terms and privacy pages the premium offer links, or redirects to the configured ones', async () => {
    const terms = await h.call('GET', '/terms');
    expect(terms.status).toBe(200);
    expect(terms.headers['content-type']).toContain('text/html');
    expect(terms.text).toContain('$6 for the first month (previously $25), then $25 per month');
    expect((await h.call('GET', '/privacy')).text).toContain('Privacy policy');
    h.config.termsUrl = 'https://legal.example.com/terms';
    const moved = await h.call('GET', '/terms');
    expect(moved.status).toBe(302);
    expect(moved.headers.location).toBe('https://legal.example.com/terms');
    h.config.termsUrl = undefined;
  });

  it('answers the dashboard list of 100 workflows in two pages of 50 (figure printed)', async () => {
    const owner = await signUp(h, 'many');
    for (let i = 0; i < 99; i += 1) {
      const res = await h.call('POST', '/api/workflows', { token: owner.token, body: { name: `Flow ${i}` } });
      expect(res.status).toBe(201);
    }
    const started = performance.now();
    const list = await h.call('GET', '/api/dashboard/workflows', { token: owner.token });
    const ms = performance.now() - started;
    expect(list.json.items).toHaveLength(50);
    expect(list.json.total).toBe(100);
    const rest = await h.call('GET', `/api/dashboard/workflows?cursor=${encodeURIComponent(list.json.nextCursor)}`, {
      token: owner.token,
    });
    expect(rest.json.items).toHaveLength(50);
    expect(rest.json.nextCursor).toBeUndefined();
    expect(new Set([...list.json.items, ...rest.json.items].map((w: { id: string }) => w.id)).size).toBe(100);
    console.log(`${testDb.dialect}: GET /api/dashboard/workflows with 100 workflows answered in ${ms.toFixed(1)} ms`);
    // Nothing here is timed (the figure is printed); the 99 sequential creates take under 1 s
    // alone but went past the default 20 s on a shared machine under load, so the test allows 120 s.
  }, 120_000);
});
