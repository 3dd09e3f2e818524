/**
 * Account takeover through sign-up and sign-in links (onboarding-and-extras 2, 4 "Sign-up
 * flow"): a squatter who signs up first with someone else's address keeps nothing once the
 * owner proves the mailbox, and only the newest sign-in link of a user works. SQLite and
 * (with TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, GOOD_PASSWORD, openHarness, openTestDatabases, readCode, signUp } from './harness.js';

const SQUATTER_PASSWORD = 'Squatters-own-password-9';

describe.each(openTestDatabases())('account takeover on $dialect', (testDb) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await openHarness(testDb, { supportOperators: ['ops-owner@example.com'] });
  });
  afterAll(() => h?.close());

  /** Asks a sign-in link for `email` and reads its token from the development outbox. */
  const askLink = async (email: string): Promise<string> => {
    expect((await h.call('POST', '/api/auth/sign-in-link', { body: { email } })).status).toBe(202);
    const items = (await h.call('GET', '/api/dev/outbox')).json.items as { to: string; text: string }[];
    const mail = items.filter((m) => m.to === email && m.text.includes('?c=')).at(-1);
    const token = mail && /\?c=([^\s]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`no sign-in link mailed to ${email}`);
    return decodeURIComponent(token);
  };
  const exchange = (token: string) => h.call('POST', '/api/auth/exchange', { body: { token } });
  const isSignedIn = async (token: string) => (await h.call('GET', '/api/auth/me', { token })).status === 200;
  const logIn = (email: string, password: string) => h.call('POST', '/api/auth/log-in', { body: { email, password } });

  it("the owner's sign-in link ends the squatter's sessions and the password set before verification", async () => {
    const email = `owner-${Date.now()}@example.com`;
    const squat = await h.call('POST', '/api/auth/sign-up', { body: { email, password: SQUATTER_PASSWORD } });
    expect(squat.status).toBe(201);
    const again = await logIn(email, SQUATTER_PASSWORD);
    expect(again.status).toBe(200);

    const owner = await exchange(await askLink(email));
    expect(owner.status).toBe(200);
    expect(owner.json.user.emailVerified).toBe(true);

    expect(await isSignedIn(squat.json.token)).toBe(false);
    expect(await isSignedIn(again.json.token)).toBe(false);
    expect((await logIn(email, SQUATTER_PASSWORD)).status).toBe(401);
    expect(await isSignedIn(owner.json.token)).toBe(true);

    // The owner sets a password of their own without knowing the squatter's.
    const set = await h.call('POST', '/api/auth/password', {
      token: owner.json.token,
      body: { currentPassword: 'not known', newPassword: GOOD_PASSWORD },
    });
    expect(set.status).toBe(204);
    expect((await logIn(email, GOOD_PASSWORD)).status).toBe(200);
    expect((await logIn(email, SQUATTER_PASSWORD)).status).toBe(401);
  });

  it('a squatter on an operator address sees no other workspace, before or after the owner proves it', async () => {
    const victim = await signUp(h, 'ticket-writer');
    const ticket = {
      editor_url: 'http://127.0.0.1:5000/editor/x',
      email: victim.email,
      title: 'Private',
      content: 'x',
    };
    expect((await h.call('POST', '/api/tickets', { token: victim.token, body: ticket })).status).toBe(201);
    const squat = await h.call('POST', '/api/auth/sign-up', {
      body: { email: 'ops-owner@example.com', password: SQUATTER_PASSWORD },
    });
    const seen = await h.call('GET', '/api/tickets', { token: squat.json.token });
    expect(seen.json.items.map((t: { email: string }) => t.email)).not.toContain(victim.email);
    const owner = await exchange(await askLink('ops-owner@example.com'));
    expect((await h.call('GET', '/api/tickets', { token: squat.json.token })).status).toBe(401);
    const ownerSees = await h.call('GET', '/api/tickets', { token: owner.json.token });
    expect(ownerSees.json.items.map((t: { email: string }) => t.email)).toContain(victim.email);
  });

  it('proving the mailbox by code keeps the proving session and password, and ends every other session', async () => {
    const account = await signUp(h, 'coder');
    const other = await logIn(account.email, GOOD_PASSWORD);
    const code = await readCode(h, account.email);
    expect((await h.call('POST', '/api/auth/verify-code', { token: account.token, body: { code } })).status).toBe(200);
    expect(await isSignedIn(account.token)).toBe(true);
    expect(await isSignedIn(other.json.token)).toBe(false);
    expect((await logIn(account.email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('a sign-in link on a verified account keeps its password and sessions', async () => {
    const account = await signUp(h, 'verified');
    const code = await readCode(h, account.email);
    await h.call('POST', '/api/auth/verify-code', { token: account.token, body: { code } });
    expect((await exchange(await askLink(account.email))).status).toBe(200);
    expect(await isSignedIn(account.token)).toBe(true);
    expect((await logIn(account.email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('using a sign-in link ends every other link of the user; asking a new one voids none', async () => {
    const account = await signUp(h, 'links');
    const first = await askLink(account.email);
    const second = await askLink(account.email);
    const used = await exchange(second);
    expect(used.status).toBe(200);
    expect(used.json.user.email).toBe(account.email);
    expect((await exchange(second)).status).toBe(401);
    // The older link died with the use of the newer one.
    expect((await exchange(first)).status).toBe(401);
    // A link asked later works, and its use ends the ones asked with it.
    const third = await askLink(account.email);
    const fourth = await askLink(account.email);
    expect((await exchange(third)).status).toBe(200);
    expect((await exchange(fourth)).status).toBe(401);
  });
});
