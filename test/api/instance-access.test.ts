/**
 * Who may come in, through the API on SQLite and PostgreSQL: the set-up page makes the instance
 * owner; the sign-up policy (invitation only by default, domains, open) refuses with one answer
 * whether or not the address has an account; the owner's instance page disables accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, GOOD_PASSWORD, openHarness, openTestDatabases, signUp } from './harness.js';

let counter = 0;
const address = (name: string, domain = 'example.com') => `${name}-${++counter}-${Date.now()}@${domain}`;

const outboxTo = async (h: ApiHarness, email: string) => {
  const res = await h.call('GET', '/api/dev/outbox');
  return (res.json.items as { to: string; subject: string; text: string }[]).filter((m) => m.to === email);
};

describe.each(openTestDatabases())('instance access on $dialect', (testDb) => {
  let h: ApiHarness;
  let owner: { email: string; token: string; userId: string };
  beforeAll(async () => {
    // A real start on a fresh data folder: no SIGNUP_POLICY.
    h = await openHarness(testDb, { signupPolicy: undefined });
  });
  afterAll(() => h?.close());

  it('a fresh installation asks for the set-up page and says so in its log', async () => {
    expect(h.logs.some((line) => line.includes('No owner yet: open http://127.0.0.1:5000/setup'))).toBe(true);
    const status = await h.call('GET', '/api/instance');
    expect(status.json).toEqual({ hasOwner: false, signUp: 'setup' });
    const refused = await h.call('POST', '/api/auth/sign-up', {
      body: { email: address('early'), password: GOOD_PASSWORD },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('instance.setup_required');
  });

  it('the set-up page creates the owner once, signed in and verified without a code', async () => {
    const email = address('owner');
    const res = await h.call('POST', '/api/instance/setup', {
      body: { email, password: GOOD_PASSWORD, firstName: 'Olive' },
    });
    expect(res.status).toBe(201);
    expect(res.json.user.emailVerified).toBe(true);
    expect(typeof res.json.workflowId).toBe('string');
    owner = { email, token: res.json.token, userId: res.json.user.id };
    expect(await outboxTo(h, email)).toEqual([]);

    const again = await h.call('POST', '/api/instance/setup', {
      body: { email: address('late'), password: GOOD_PASSWORD },
    });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('instance.owner_exists');

    const me = await h.call('GET', '/api/auth/me', { token: owner.token });
    expect(me.json.isInstanceOwner).toBe(true);
    expect((await h.call('GET', '/api/instance')).json).toEqual({ hasOwner: true, signUp: 'invite' });
  });

  it('invitation only: a stranger and an existing address get the same answer; the account is mailed', async () => {
    const stranger = await h.call('POST', '/api/auth/sign-up', {
      body: { email: address('stranger'), password: GOOD_PASSWORD },
    });
    const existing = await h.call('POST', '/api/auth/sign-up', {
      body: { email: owner.email, password: GOOD_PASSWORD },
    });
    expect(stranger.status).toBe(403);
    expect(existing.status).toBe(stranger.status);
    expect(existing.text).toBe(stranger.text);
    expect(stranger.json.code).toBe('signup.closed');
    expect(stranger.json.detail).toMatch(/invitation only/);
    await expect
      .poll(async () => (await outboxTo(h, owner.email)).map((m) => m.subject))
      .toContain('Someone tried to sign up to Junction with your address');
  });

  it('the owner opens sign-up to listed domains; others are refused alike; only the owner may', async () => {
    const bad = await h.call('PUT', '/api/instance/settings', {
      token: owner.token,
      body: { signupPolicy: 'domains', signupDomains: ['a.com', 'not a domain'] },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('signupDomains');
    const saved = await h.call('PUT', '/api/instance/settings', {
      token: owner.token,
      body: { signupPolicy: 'domains', signupDomains: ['Team.example', '@b.org'] },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({
      signupPolicy: 'domains',
      signupDomains: ['team.example', 'b.org'],
      fixedByEnvironment: false,
      mailDelivery: 'log',
    });
    const inside = await h.call('POST', '/api/auth/sign-up', {
      body: { email: address('teammate', 'team.example'), password: GOOD_PASSWORD },
    });
    expect(inside.status).toBe(201);
    expect(inside.json.user.emailVerified).toBe(false);
    const outside = await h.call('POST', '/api/auth/sign-up', {
      body: { email: address('outsider', 'elsewhere.com'), password: GOOD_PASSWORD },
    });
    expect(outside.status).toBe(403);
    expect(outside.json.code).toBe('signup.closed');

    const notOwner = await h.call('GET', '/api/instance/settings', { token: inside.json.token });
    expect(notOwner.status).toBe(403);
    expect(notOwner.json.code).toBe('instance.owner_only');
    expect((await h.call('GET', '/api/auth/me', { token: inside.json.token })).json.isInstanceOwner).toBe(false);
  });

  it('the instance page lists users and workspaces; disabling ends sessions and sign-ins, enabling restores them', async () => {
    await h.call('PUT', '/api/instance/settings', { token: owner.token, body: { signupPolicy: 'open' } });
    const member = await signUp(h, 'disabled');
    const users = await h.call('GET', '/api/instance/users', { token: owner.token });
    expect(users.status).toBe(200);
    const listed = (
      users.json.items as { email: string; isOwner: boolean; disabled: boolean; workspaces: number }[]
    ).find((u) => u.email === member.email);
    expect(listed).toMatchObject({ isOwner: false, disabled: false, workspaces: 1 });
    const workspaces = await h.call('GET', '/api/instance/workspaces', { token: owner.token });
    expect(workspaces.json.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: member.tenantId, members: 1, workflows: 1, ownerEmail: member.email }),
      ]),
    );

    const off = await h.call('PUT', `/api/instance/users/${member.userId}/disabled`, {
      token: owner.token,
      body: { disabled: true },
    });
    expect(off.status).toBe(200);
    expect(off.json.disabled).toBe(true);
    expect((await h.call('GET', '/api/auth/me', { token: member.token })).status).toBe(401);
    const logIn = await h.call('POST', '/api/auth/log-in', { body: { email: member.email, password: GOOD_PASSWORD } });
    expect(logIn.status).toBe(403);
    expect(logIn.json.code).toBe('auth.account_disabled');
    // Their workspace and its workflows stay as they were.
    const after = await h.call('GET', '/api/instance/workspaces', { token: owner.token });
    expect(after.json.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: member.tenantId, workflows: 1 })]),
    );

    const self = await h.call('PUT', `/api/instance/users/${owner.userId}/disabled`, {
      token: owner.token,
      body: { disabled: true },
    });
    expect(self.status).toBe(422);

    await h.call('PUT', `/api/instance/users/${member.userId}/disabled`, {
      token: owner.token,
      body: { disabled: false },
    });
    const back = await h.call('POST', '/api/auth/log-in', { body: { email: member.email, password: GOOD_PASSWORD } });
    expect(back.status).toBe(200);
  });

  it('under an open policy an address in use still answers 409 (the sign-up flow needs a session)', async () => {
    const first = await signUp(h, 'twice');
    const again = await h.call('POST', '/api/auth/sign-up', { body: { email: first.email, password: GOOD_PASSWORD } });
    expect(again.status).toBe(409);
    expect(again.json.field).toBe('email');
  });
});

describe.each(openTestDatabases())('sign-up policy fixed by the environment on $dialect', (testDb) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await openHarness(testDb, { signupPolicy: 'open' });
  });
  afterAll(() => h?.close());

  it('the first account of an automated install becomes the owner; the policy cannot be changed in the page', async () => {
    const first = await signUp(h, 'first');
    const second = await signUp(h, 'second');
    expect((await h.call('GET', '/api/auth/me', { token: first.token })).json.isInstanceOwner).toBe(true);
    expect((await h.call('GET', '/api/auth/me', { token: second.token })).json.isInstanceOwner).toBe(false);
    const settings = await h.call('GET', '/api/instance/settings', { token: first.token });
    expect(settings.json).toMatchObject({ signupPolicy: 'open', fixedByEnvironment: true });
    const change = await h.call('PUT', '/api/instance/settings', {
      token: first.token,
      body: { signupPolicy: 'invite' },
    });
    expect(change.status).toBe(409);
  });

  it('counts set-up attempts per e-mail as sign-ups are counted: past 5 an hour, 429', async () => {
    const email = `setup-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await h.call('POST', '/api/instance/setup', { body: { email, password: GOOD_PASSWORD } })).status);
    }
    expect(statuses).toEqual([409, 409, 409, 409, 409, 429]);
  });
});
