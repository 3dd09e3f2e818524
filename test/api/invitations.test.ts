/**
 * Invitations through the API on SQLite and PostgreSQL: a link works once and for 7 days,
 * revoking and re-sending end the earlier link, a new person signs up into the workspace
 * (whatever the sign-up policy), an existing account joins it, and a member already is told so.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app.js';
import { openTestServices, type TestServices } from '../../server/src/test-services.js';
import { GOOD_PASSWORD, openTestDatabases } from './harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;
let counter = 0;
const address = (name: string) => `${name}-${++counter}-${Date.now()}@example.com`;

describe.each(openTestDatabases())('invitations on $dialect', (testDb) => {
  let t: TestServices;
  let app: FastifyInstance;
  let owner: { token: string; tenantId: string; email: string };

  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  const call = async (method: string, url: string, opts: { token?: string; body?: unknown } = {}): Promise<any> => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
      ...(opts.body === undefined ? {} : { payload: opts.body as object }),
    });
    return { status: res.statusCode, json: res.body ? JSON.parse(res.body) : undefined };
  };
  const tokenOf = (link: string) => decodeURIComponent(link.slice(link.lastIndexOf('/') + 1));
  const invite = async (email: string, role = 'editor') => {
    const res = await call('POST', '/api/invitations', { token: owner.token, body: { email, role } });
    expect(res.status).toBe(201);
    return res.json as { invitation: { id: string; status: string }; mailed: boolean; link: string };
  };
  const signUpWith = (email: string, token: string) =>
    call('POST', '/api/auth/sign-up', { body: { email, password: GOOD_PASSWORD, invitationToken: token } });

  beforeAll(async () => {
    // Invitation only (no SIGNUP_POLICY), with an owner made on the set-up page.
    // The clock moves a week past an invitation's life with the owner's session unused: without
    // the idle timeout (SESSION_IDLE_MINUTES=0) the owner stays signed in across it.
    t = await openTestServices(testDb, { signupPolicy: undefined, devOutbox: true, sessionIdleMinutes: 0 });
    app = await createApp(t.config, { services: t.services });
    const email = address('owner');
    const setUp = await call('POST', '/api/instance/setup', {
      body: { email, password: GOOD_PASSWORD, firstName: 'Olive' },
    });
    expect(setUp.status).toBe(201);
    owner = { token: setUp.json.token, tenantId: setUp.json.tenant.id, email };
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('a new person signs up with the link into the workspace, once, though sign-up is closed', async () => {
    const email = address('newcomer');
    const sent = await invite(email);
    // Without SMTP the inviter gets the link to pass on; the mail still goes to the log/outbox.
    expect(sent.mailed).toBe(false);
    expect(sent.link).toMatch(/^http:\/\/127\.0\.0\.1:5000\/invite\//);
    const outbox = await t.services.outbox.list();
    expect(outbox.find((m) => m.to === email)?.text).toContain(sent.link);

    const listed = await call('GET', '/api/invitations', { token: owner.token });
    expect(listed.json.items).toEqual([
      expect.objectContaining({ email, role: 'editor', status: 'pending', invitedBy: 'Olive' }),
    ]);

    const offer = await call('POST', '/api/invitations/lookup', { body: { token: tokenOf(sent.link) } });
    expect(offer.json).toMatchObject({ email, role: 'editor', workspaceName: 'My First Workspace', hasAccount: false });

    const joined = await signUpWith(email, tokenOf(sent.link));
    expect(joined.status).toBe(201);
    expect(joined.json.tenant.id).toBe(owner.tenantId);
    expect(joined.json.workflowId).toBeNull();
    expect(joined.json.user.emailVerified).toBe(true);
    const me = await call('GET', '/api/auth/me', { token: joined.json.token });
    expect(me.json.tenants).toEqual([expect.objectContaining({ role: 'editor' })]);

    const again = await signUpWith(address('second'), tokenOf(sent.link));
    expect(again.status).toBe(410);
    expect(again.json.code).toBe('invitation.invalid');
    expect((await call('GET', '/api/invitations', { token: owner.token })).json.items).toEqual([]);
  });

  it('the link is for the invited address only', async () => {
    const sent = await invite(address('addressee'));
    const other = await signUpWith(address('someone-else'), tokenOf(sent.link));
    expect(other.status).toBe(403);
    expect(other.json.code).toBe('invitation.other_address');
  });

  it('a link expires after 7 days; re-sending gives a new link and a new week and ends the old one', async () => {
    const email = address('late');
    const sent = await invite(email);
    t.advance(7 * DAY_MS + 1);
    const expired = await call('POST', '/api/invitations/lookup', { body: { token: tokenOf(sent.link) } });
    expect(expired.status).toBe(410);
    expect((await call('GET', '/api/invitations', { token: owner.token })).json.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: sent.invitation.id, status: 'expired' })]),
    );

    const resent = await call('POST', `/api/invitations/${sent.invitation.id}/resend`, { token: owner.token });
    expect(resent.status).toBe(200);
    expect(resent.json.invitation.status).toBe('pending');
    expect(resent.json.link).not.toBe(sent.link);
    expect((await signUpWith(email, tokenOf(sent.link))).status).toBe(410);
    expect((await signUpWith(email, tokenOf(resent.json.link))).status).toBe(201);
  });

  it('a revoked link stops working', async () => {
    const email = address('revoked');
    const sent = await invite(email);
    expect((await call('DELETE', `/api/invitations/${sent.invitation.id}`, { token: owner.token })).status).toBe(204);
    expect((await signUpWith(email, tokenOf(sent.link))).status).toBe(410);
    expect((await call('DELETE', `/api/invitations/${sent.invitation.id}`, { token: owner.token })).status).toBe(404);
  });

  it('an existing account accepts into a second workspace; a member already is told so', async () => {
    // An account of its own, then invited to the owner's workspace.
    const email = address('existing');
    const first = await invite(email, 'viewer');
    const account = await signUpWith(email, tokenOf(first.link));
    expect(account.status).toBe(201);
    const other = await call('POST', '/api/tenants', { token: owner.token, body: { name: 'Second' } });
    await call('POST', `/api/tenants/${other.json.id}/switch`, { token: owner.token });
    const sent = await invite(email, 'admin');
    const offer = await call('POST', '/api/invitations/lookup', { body: { token: tokenOf(sent.link) } });
    expect(offer.json).toMatchObject({ hasAccount: true, workspaceName: 'Second', role: 'admin' });

    const accepted = await call('POST', '/api/invitations/accept', {
      token: account.json.token,
      body: { token: tokenOf(sent.link) },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ role: 'admin', tenant: { id: other.json.id, name: 'Second' } });
    const me = await call('GET', '/api/auth/me', { token: account.json.token });
    expect(me.json.tenants.map((m: { tenant: { name: string } }) => m.tenant.name).sort()).toEqual([
      'My First Workspace',
      'Second',
    ]);

    const member = await call('POST', '/api/invitations', { token: owner.token, body: { email, role: 'editor' } });
    expect(member.status).toBe(409);
    expect(member.json.code).toBe('invitation.already_member');
    await call('POST', `/api/tenants/${owner.tenantId}/switch`, { token: owner.token });
  });

  it('a viewer cannot invite, nobody invites an owner, and a stranger cannot accept for someone else', async () => {
    const email = address('viewer');
    const sent = await invite(email, 'viewer');
    const viewer = await signUpWith(email, tokenOf(sent.link));
    const refused = await call('POST', '/api/invitations', {
      token: viewer.json.token,
      body: { email: address('x'), role: 'viewer' },
    });
    expect(refused.status).toBe(403);
    const asOwner = await call('POST', '/api/invitations', {
      token: owner.token,
      body: { email: address('y'), role: 'owner' },
    });
    expect(asOwner.status).toBe(422);
    expect(asOwner.json.field).toBe('role');

    const forSomeoneElse = await invite(address('z'));
    const stolen = await call('POST', '/api/invitations/accept', {
      token: viewer.json.token,
      body: { token: tokenOf(forSomeoneElse.link) },
    });
    expect(stolen.status).toBe(403);
    expect(stolen.json.code).toBe('invitation.other_address');
  });
});
