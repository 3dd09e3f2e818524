/**
 * OAuth 2.0 end to end against a real local authorization server: the pop-up
 * flow followed by hand (start → provider consent → redirect → result page), state replay,
 * mismatch, another browser, denial, bad sessions; then refresh before expiry, after a 401,
 * 50 concurrent step tests on an expired token sending exactly one refresh request, rotated
 * refresh tokens, invalid_grant marking the credential for reconnection, and reconnecting.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_SENTINEL } from '../../server/src/kernel/types.js';
import { type Account, type ApiHarness, openHarness, openTestDatabases, popupTicket, signUp } from '../api/harness.js';
import { hookPathOf, waitForExecution } from '../engine/support.js';
import { type OAuthProvider, startOAuthProvider } from './oauth-provider.js';

const RECONNECT = 'Connection expired, please reconnect an account';

/** An OAuth 2.0 portal app on the provider, with PKCE. */
function oauthApp(slug: string, provider: OAuthProvider) {
  return {
    appSlug: slug,
    appName: 'Acme Cloud',
    lambdaURL: provider.url,
    actions: {
      me: { title: 'Me', method: 'get', url: '{base}/api/me', fields: [] },
      meAbsolute: { title: 'Me (absolute URL)', method: 'get', url: `${provider.url}/api/me`, fields: [] },
      listItems: { title: 'List items', method: 'get', url: '{base}/api/items', fields: [] },
    },
    triggers: {
      newItem: {
        label: 'New item',
        type: 'polling',
        action: 'listItems',
        pollingParams: { dedupe_key: 'id', data_head: 'items' },
      },
    },
    authInfo: {
      apiType: 'oauth2',
      testAuth: 'me',
      clientInfo: { client_id: provider.clientId, client_secret: provider.clientSecret },
      auth_url: `${provider.url}/authorize`,
      token_url: `${provider.url}/token`,
      scopes: 'read',
      authRequestConfig: { url: '', params: [{ key: 'code_challenge_method', value: 'S256' }] },
    },
  };
}

/** The message the result page posts, read from its JSON data block. */
function posted(html: string): { origin: string; message: Record<string, unknown> } {
  const match = /<script type="application\/json" id="junction-oauth-result">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error(`no result block in ${html.slice(0, 200)}`);
  return JSON.parse(match[1]);
}

describe.each(openTestDatabases())('OAuth 2.0 on $dialect', (testDb) => {
  let h: ApiHarness;
  let provider: OAuthProvider;
  let a: Account;
  let b: Account;
  let previousAllowed: string | undefined;
  const slug = `acme-${Date.now()}`;
  let credentialId = '';

  /** Starts the pop-up flow, lets the provider consent, and opens the redirect with the browser's cookie. */
  async function connect(account: Account, extra = '') {
    const start = await h.call(
      'GET',
      `/auth/${slug}?uid=${account.userId}&ticket=${await popupTicket(h, account)}${extra}`,
    );
    expect(start.status, start.text).toBe(302);
    const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
    const consent = await fetch(String(start.headers.location), { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location') ?? '');
    const page = await h.call('GET', `${back.pathname}${back.search}`, { headers: { cookie } });
    return { start, cookie, back, page, result: posted(page.text) };
  }

  /** A workflow document whose action step calls `action` of the app with `credential`. */
  async function documentWith(account: Account, action: string, credential: string) {
    const wf = await h.call('GET', `/api/workflows/${account.workflowId}`, { token: account.token });
    const document = wf.json.document;
    const step = document.steps.find((s: { kind: string }) => s.kind === 'action');
    Object.assign(step.data, {
      type: slug,
      label: 'Acme Cloud',
      action,
      credential,
      hasauth: true,
      name: 'Me in Acme',
    });
    return { document, stepId: step.id as string };
  }

  async function testStep(account: Account, action: string, credential: string) {
    const { document, stepId } = await documentWith(account, action, credential);
    return h.call('POST', `/api/workflows/${account.workflowId}/steps/${stepId}/test`, {
      token: account.token,
      body: { document },
    });
  }

  beforeAll(async () => {
    provider = await startOAuthProvider();
    previousAllowed = process.env.JUNCTION_ALLOWED_HOSTS;
    process.env.JUNCTION_ALLOWED_HOSTS = `127.0.0.1:${provider.port}`;
    h = await openHarness(testDb);
    a = await signUp(h, 'oauth-a');
    b = await signUp(h, 'oauth-b');
    const created = await h.call('POST', '/api/apps', { token: a.token, body: oauthApp(slug, provider) });
    expect(created.status, created.text).toBe(201);
  });
  afterAll(async () => {
    if (previousAllowed === undefined) delete process.env.JUNCTION_ALLOWED_HOSTS;
    else process.env.JUNCTION_ALLOWED_HOSTS = previousAllowed;
    await h?.close();
    await provider?.close();
  });

  it('redirects to the consent page with client_id, redirect_uri, scope, code, state and a PKCE challenge', async () => {
    const res = await h.call('GET', `/auth/${slug}?uid=${a.userId}&ticket=${await popupTicket(h, a)}`);
    expect(res.status).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.url}/authorize`);
    const q = Object.fromEntries(location.searchParams);
    expect(q).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: `${h.config.publicUrl}/auth/${slug}/redirect`,
      scope: 'read',
      response_type: 'code',
      code_challenge_method: 'S256',
    });
    expect(q.state?.length).toBeGreaterThanOrEqual(40);
    expect(q.code_challenge?.length).toBe(43);
    expect(q.client_secret).toBeUndefined();
    expect(String(res.headers.location)).not.toContain(provider.clientSecret);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
  });

  it('completes the pop-up flow: tokens stored sealed, the page posts to the editor origin only', async () => {
    const { page, result, back } = await connect(a);
    expect(page.status).toBe(200);
    // The session token, the code and the state travel in query strings: never in a log line.
    const logs = h.logs.join('\n');
    expect(logs).toContain('/auth/');
    for (const secret of [a.token, back.searchParams.get('code'), back.searchParams.get('state')]) {
      expect(logs).not.toContain(String(secret));
    }
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(result.origin).toBe(h.config.publicUrl);
    expect(result.message).toMatchObject({ type: 'junction:oauth', ok: true, app: slug });
    expect(page.text).not.toContain("'*'");
    // The page's only script is allowed by its hash; nothing else may load.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("default-src 'none'");
    const script = /<script>([^<]*)<\/script>/.exec(page.text)?.[1] ?? '';
    expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(script).toContain('window.opener.postMessage(d.message,d.origin)');

    credentialId = String(result.message.credentialId);
    const cred = await h.call('GET', `/api/credentials/${credentialId}`, { token: a.token });
    expect(cred.status).toBe(200);
    expect(cred.json).toMatchObject({ app: slug, name: 'Acme Cloud', needsReconnect: false });
    expect(cred.json.values).toMatchObject({ access_token: SECRET_SENTINEL, refresh_token: SECRET_SENTINEL });
    expect(Date.parse(cred.json.values.expires_at)).toBeGreaterThan(Date.now());
    expect(provider.codeCalls).toBeGreaterThanOrEqual(1);
    expect(h.bodies.join('\n')).not.toContain(provider.clientSecret);
    expect(h.logs.join('\n')).not.toContain(provider.clientSecret);
  });

  it('refuses a replayed state, a state never issued, and a redirect from another browser', async () => {
    const first = await connect(a);
    expect(first.result.message.ok).toBe(true);
    const replay = await h.call('GET', `${first.back.pathname}${first.back.search}`, {
      headers: { cookie: first.cookie },
    });
    expect(posted(replay.text).message).toMatchObject({
      ok: false,
      message: 'This sign-in has expired or was already used. Close this window and connect the account again.',
    });

    const forged = await h.call('GET', `/auth/${slug}/redirect?code=abc&state=not-a-state-we-issued`);
    expect(posted(forged.text).message).toMatchObject({ type: 'junction:oauth', ok: false });

    const start = await h.call('GET', `/auth/${slug}?uid=${a.userId}&ticket=${await popupTicket(h, a)}`);
    const consent = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    const elsewhere = await h.call('GET', `${back.pathname}${back.search}`, { headers: { cookie: 'other=1' } });
    expect(posted(elsewhere.text).message).toMatchObject({
      ok: false,
      message: 'This sign-in was started in another browser window. Connect the account again from the editor.',
    });
  });

  it('leaves the state unspent when the redirect comes without the browser cookie or with a wrong one', async () => {
    const start = await h.call('GET', `/auth/${slug}?uid=${a.userId}&ticket=${await popupTicket(h, a)}`);
    const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
    const consent = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    // Someone who learnt the redirect URL (a log, a referrer) opens it first, or sends an error.
    const wrongCookie = `${cookie.split('=')[0]}=${'x'.repeat(43)}`;
    for (const attempt of [
      { path: `${back.pathname}${back.search}`, cookie: 'other=1' },
      { path: `${back.pathname}${back.search}`, cookie: wrongCookie },
      { path: `${back.pathname}?error=access_denied&state=${back.searchParams.get('state')}`, cookie: '' },
    ]) {
      const early = await h.call('GET', attempt.path, { headers: attempt.cookie ? { cookie: attempt.cookie } : {} });
      expect(posted(early.text).message).toMatchObject({ ok: false });
    }
    // The browser that started the sign-in still finishes it.
    const page = await h.call('GET', `${back.pathname}${back.search}`, { headers: { cookie } });
    expect(posted(page.text).message).toMatchObject({ type: 'junction:oauth', ok: true, app: slug });
  });

  it('reports a declined consent and a refused code on the same page', async () => {
    provider.deny = true;
    try {
      const { result } = await connect(a);
      expect(result.message).toEqual({
        type: 'junction:oauth',
        ok: false,
        app: slug,
        message: 'You declined access, so no account was connected.',
      });
    } finally {
      provider.deny = false;
    }
  });

  it('refuses a session token or an unknown ticket (401), and answers ok: false for a user that is not the ticket’s', async () => {
    const token = await h.call('GET', `/auth/${slug}?uid=${a.userId}&t=${encodeURIComponent(a.token)}`);
    expect(token.status).toBe(400);
    expect(token.json.field).toBe('query.ticket');
    const bad = await h.call('GET', `/auth/${slug}?uid=${a.userId}&ticket=not-a-ticket`);
    expect(bad.status).toBe(401);
    expect(bad.json.code).toBe('auth.popup_ticket_invalid');
    // The pop-up window itself (a navigation asks for HTML) reads a page that says so and tells the editor.
    const ticket = await popupTicket(h, a);
    await h.call('GET', `/auth/${slug}?uid=${a.userId}&ticket=${ticket}`);
    const spent = await h.call('GET', `/auth/${slug}?uid=${a.userId}&ticket=${ticket}`, {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(spent.status, spent.text).toBe(401);
    expect(spent.headers['content-type']).toMatch(/^text\/html/);
    expect(spent.text).toContain('<h1>Could not connect the account</h1>');
    expect(posted(spent.text).message).toEqual({
      type: 'junction:oauth',
      ok: false,
      app: slug,
      message: 'This sign-in window has expired or was already used. Close it and connect the account again from Junction.',
    });
    const other = await h.call('GET', `/auth/${slug}?uid=${b.userId}&ticket=${await popupTicket(h, a)}`);
    expect(posted(other.text).message).toMatchObject({ ok: false });
  });

  it('names the field of bad input and hides other tenants’ apps', async () => {
    const missing = await h.call('GET', `/auth/${slug}?ticket=${await popupTicket(h, a)}`);
    expect(missing.status).toBe(400);
    expect(missing.json.field).toBe('query.uid');
    const noId = await h.call('GET', `/auth/${slug}?uid=${a.userId}&ticket=${await popupTicket(h, a)}&update=true`);
    expect(noId.status).toBe(400);
    expect(noId.json.field).toBe('query.c_id');
    const unknown = await h.call(
      'GET',
      `/auth/no-such-app-${Date.now()}?uid=${a.userId}&ticket=${await popupTicket(h, a)}`,
    );
    expect(unknown.status).toBe(404);
    const longCode = await h.call('GET', `/auth/${slug}/redirect?code=${'x'.repeat(5000)}&state=s`);
    expect(longCode.status).toBe(400);
    expect(longCode.json.field).toBe('query.code');
    // B cannot see A's draft app.
    const hidden = await h.call('GET', `/auth/${slug}?uid=${b.userId}&ticket=${await popupTicket(h, b)}`);
    expect(hidden.status).toBe(404);
  });

  it('tests a step with the bearer token applied', async () => {
    const res = await testStep(a, 'me', credentialId);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ ok: true, statusCode: 200, output: { id: 'user-1', name: 'Ada Lovelace' } });
  });

  it('refreshes an expired token once for 50 concurrent step tests, and stores the rotated refresh token', async () => {
    provider.accessTtlSeconds = 30; // inside the 60 s skew: every token is "expiring"
    provider.tokenDelayMs = 100;
    const { result } = await connect(a);
    const id = String(result.message.credentialId);
    provider.accessTtlSeconds = 3600;
    const before = provider.refreshCalls;
    const answers = await Promise.all(Array.from({ length: 50 }, () => testStep(a, 'me', id)));
    provider.tokenDelayMs = 0;
    expect(answers.map((r) => r.json.ok)).toEqual(Array(50).fill(true));
    expect(provider.refreshCalls - before).toBe(1);
    // The token is fresh now: no further refresh. (The provider revoked the old refresh token, so
    // the later refreshes below succeed only because the rotated one was stored.)
    const again = await testStep(a, 'me', id);
    expect(again.json.ok).toBe(true);
    expect(provider.refreshCalls - before).toBe(1);
  });

  it('sends one refresh request for 50 concurrent workflow runs on an expired token', {
    timeout: 180_000,
  }, async () => {
    provider.accessTtlSeconds = 30;
    const { result } = await connect(a);
    provider.accessTtlSeconds = 3600;
    const created = await h.call('POST', '/api/workflows', { token: a.token, body: { name: 'OAuth runs' } });
    const document = created.json.document;
    const trigger = document.steps.find((s: { kind: string }) => s.kind === 'trigger');
    const action = document.steps.find((s: { kind: string }) => s.kind === 'action');
    Object.assign(trigger.data, { type: 'webhook', action: 'catchHook', name: 'Catch Hook', testData: { n: 0 } });
    Object.assign(action.data, {
      type: slug,
      action: 'meAbsolute',
      name: 'Me in Acme',
      credential: result.message.credentialId,
      hasauth: true,
      testData: { id: 'user-1' },
    });
    const saved = await h.call('PUT', `/api/workflows/${created.json.id}`, { token: a.token, body: { document } });
    expect(saved.status, saved.text).toBe(200);
    const on = await h.call('PUT', `/api/workflows/${created.json.id}/active`, {
      token: a.token,
      body: { active: true },
    });
    expect(on.status, on.text).toBe(200);
    provider.tokenDelayMs = 100;
    const before = provider.refreshCalls;
    let runs: { status: string }[];
    const hookPath = await hookPathOf(h, a.token, created.json.id);
    try {
      const hooks = await Promise.all(Array.from({ length: 50 }, (_, n) => h.call('POST', hookPath, { body: { n } })));
      expect(hooks.map((r) => r.status)).toEqual(Array(50).fill(200));
      // Bounded wait (the shared machine may be slow): up to 4,000 polls of 25 ms per run.
      runs = await Promise.all(hooks.map((r) => waitForExecution(h, a.token, r.json.executionId, undefined, 4_000)));
    } finally {
      provider.tokenDelayMs = 0;
    }
    expect(runs.map((r) => r.status)).toEqual(Array(50).fill('succeeded'));
    expect(provider.refreshCalls - before).toBe(1);
  });

  it('refreshes after a 401 and retries the request once', async () => {
    provider.revokeAccessTokens();
    const before = provider.refreshCalls;
    const res = await testStep(a, 'me', credentialId);
    expect(res.json).toMatchObject({ ok: true, statusCode: 200, output: { name: 'Ada Lovelace' } });
    expect(provider.refreshCalls - before).toBe(1);
  });

  it('marks the credential for reconnection on invalid_grant and says so in the step and the credential', async () => {
    provider.revokeAccessTokens();
    provider.invalidGrant = true;
    try {
      const res = await testStep(a, 'me', credentialId);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ ok: false, output: { error: RECONNECT } });
      const cred = await h.call('GET', `/api/credentials/${credentialId}`, { token: a.token });
      expect(cred.json).toMatchObject({ needsReconnect: true, statusMessage: RECONNECT });
      const check = await h.call('POST', `/api/credentials/${credentialId}/check`, { token: a.token });
      expect(check.json).toEqual({ ok: false, message: RECONNECT });
      // No further refresh attempts while it needs reconnecting.
      const calls = provider.refreshCalls;
      const again = await testStep(a, 'me', credentialId);
      expect(again.json.output.error).toBe(RECONNECT);
      expect(provider.refreshCalls).toBe(calls);
    } finally {
      provider.invalidGrant = false;
    }
  });

  it('reconnects the same credential through the pop-up with update and c_id', async () => {
    const { result } = await connect(a, `&update=true&c_id=${credentialId}`);
    expect(result.message).toMatchObject({ ok: true, credentialId });
    const cred = await h.call('GET', `/api/credentials/${credentialId}`, { token: a.token });
    expect(cred.json.needsReconnect).toBe(false);
    const res = await testStep(a, 'me', credentialId);
    expect(res.json.ok).toBe(true);
    const check = await h.call('POST', `/api/credentials/${credentialId}/check`, { token: a.token });
    expect(check.json).toEqual({
      ok: true,
      message: expect.stringMatching(/^The connection works: .+ accepted this account\.$/),
    });
  });

  it('fetches trigger choices and loads more through the links pagination', async () => {
    const wf = await h.call('GET', `/api/workflows/${a.workflowId}`, { token: a.token });
    const document = wf.json.document;
    const trigger = document.steps.find((s: { kind: string }) => s.kind === 'trigger');
    Object.assign(trigger.data, { type: slug, label: 'Acme Cloud', action: 'newItem', credential: credentialId });
    const url = `/api/workflows/${a.workflowId}/steps/${trigger.id}/trigger-choices`;
    const first = await h.call('POST', url, { token: a.token, body: { document } });
    expect(first.status, first.text).toBe(200);
    expect(first.json.choices.map((c: { id: string }) => c.id)).toEqual(['item-1', 'item-2', 'item-3']);
    expect(typeof first.json.next).toBe('string');
    const second = await h.call('POST', url, { token: a.token, body: { document, cursor: first.json.next } });
    expect(second.json.choices.map((c: { id: string }) => c.id)).toEqual(['item-4', 'item-5', 'item-6']);
    const third = await h.call('POST', url, { token: a.token, body: { document, cursor: second.json.next } });
    expect(third.json.choices.map((c: { id: string }) => c.id)).toEqual(['item-7', 'item-8', 'item-9']);
    expect(third.json.next).toBeUndefined();
    // The cursor is sealed: an edited one is refused, naming the field.
    const forged = await h.call('POST', url, { token: a.token, body: { document, cursor: `${first.json.next}x` } });
    expect(forged.status).toBe(422);
    expect(forged.json.field).toBe('cursor');
  });

  it('loads dynamic dropdown options with the credential, searching and paging', async () => {
    const body = {
      action: 'listItems',
      credential: credentialId,
      fields: [],
      dynamic: `${slug}.Items.listItems.items.id.title`,
    };
    const first = await h.call('POST', `/api/apps/${slug}/dropdowns`, { token: a.token, body });
    expect(first.status, first.text).toBe(200);
    expect(first.json.options).toEqual([
      { value: 'item-1', label: 'Item 1' },
      { value: 'item-2', label: 'Item 2' },
      { value: 'item-3', label: 'Item 3' },
    ]);
    const more = await h.call('POST', `/api/apps/${slug}/dropdowns`, {
      token: a.token,
      body: { ...body, cursor: first.json.next },
    });
    expect(more.json.options[0]).toEqual({ value: 'item-4', label: 'Item 4' });
    const searched = await h.call('POST', `/api/apps/${slug}/dropdowns`, {
      token: a.token,
      body: { ...body, search: 'EM 2' },
    });
    expect(searched.json.options).toEqual([{ value: 'item-2', label: 'Item 2' }]);
  });
});
