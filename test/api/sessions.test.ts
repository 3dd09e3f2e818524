import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, GOOD_PASSWORD, openHarness, openTestDatabases, signUp } from './harness.js';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Version/17.1 Mobile/15E148 Safari/604.1';

describe.each(openTestDatabases())('sessions on $dialect', (testDb) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await openHarness(testDb);
  });
  afterAll(() => h?.close());

  const logIn = async (email: string, userAgent: string) => {
    const res = await h.call('POST', '/api/auth/log-in', {
      body: { email, password: GOOD_PASSWORD },
      headers: { 'user-agent': userAgent },
    });
    expect(res.status).toBe(200);
    return res.json.token as string;
  };

  it("lists the active sessions with their devices, the caller's marked current", async () => {
    const account = await signUp(h, 'lister');
    const laptop = await logIn(account.email, CHROME_LINUX);
    const phone = await logIn(account.email, SAFARI_IPHONE);
    const other = await signUp(h, 'stranger');

    const res = await h.call('GET', '/api/auth/sessions', { token: laptop });
    expect(res.status).toBe(200);
    const items = res.json.items as Array<{ device: string; current: boolean; id: string }>;
    expect(items).toHaveLength(3);
    expect(items.filter((s) => s.current).map((s) => s.device)).toEqual(['Chrome on Linux']);
    expect(items.map((s) => s.device)).toEqual(expect.arrayContaining(['Safari on iOS', 'Chrome on Linux']));
    // No token or hash leaves the server; only when and where.
    expect(Object.keys(items[0]).sort()).toEqual(['createdAt', 'current', 'device', 'expiresAt', 'id']);
    expect(JSON.stringify(res.json)).not.toContain(laptop);

    // Another user's sessions are not listed and cannot be ended.
    const foreign = await h.call('GET', '/api/auth/sessions', { token: other.token });
    expect(foreign.json.items).toHaveLength(1);
    const phoneId = items.find((s) => s.device === 'Safari on iOS')?.id as string;
    expect((await h.call('DELETE', `/api/auth/sessions/${phoneId}`, { token: other.token })).status).toBe(404);
    expect((await h.call('GET', '/api/auth/me', { token: phone })).status).toBe(200);

    // Ending one session signs that device out, and only that one.
    expect((await h.call('DELETE', `/api/auth/sessions/${phoneId}`, { token: laptop })).status).toBe(204);
    expect((await h.call('GET', '/api/auth/me', { token: phone })).status).toBe(401);
    expect((await h.call('GET', '/api/auth/me', { token: laptop })).status).toBe(200);
  });

  it('signs out on the server: the token stops working', async () => {
    const account = await signUp(h, 'leaver');
    expect((await h.call('POST', '/api/auth/log-out', { token: account.token })).status).toBe(204);
    const after = await h.call('GET', '/api/workflows', { token: account.token });
    expect(after.status).toBe(401);
  });

  it('signs out everywhere: every session of the account ends, other accounts keep theirs', async () => {
    const account = await signUp(h, 'everywhere');
    const laptop = await logIn(account.email, CHROME_LINUX);
    const phone = await logIn(account.email, SAFARI_IPHONE);
    const other = await signUp(h, 'bystander');

    expect((await h.call('DELETE', '/api/auth/sessions', { token: laptop })).status).toBe(204);
    for (const token of [account.token, laptop, phone]) {
      expect((await h.call('GET', '/api/auth/me', { token })).status).toBe(401);
    }
    expect((await h.call('GET', '/api/auth/me', { token: other.token })).status).toBe(200);
    expect((await h.call('GET', '/api/auth/sessions')).status).toBe(401);
  });
});
