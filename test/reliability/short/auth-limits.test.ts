/**
 * Missing limits on auth routes (hostile pass): `send-code` sent 30 mails for 30 calls and
 * `/api/auth/password` took unlimited wrong current passwords. Every auth route is now limited
 * per account (from many addresses) and per address (against many accounts), each refusal a
 * 429 Problem with Retry-After. Limits as shipped (server/src/http/auth-limits.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../../server/src/http/auth-limits.js';
import { type ApiHarness, GOOD_PASSWORD, openHarness, openTestDatabases, signUp } from '../../api/harness.js';
import { report } from '../support/report.js';

const sqlite = openTestDatabases().filter((db) => db.dialect === 'sqlite');
const ATTEMPTS = 30;

describe.each(sqlite)('auth route limits on $dialect', { timeout: 120_000 }, (testDb) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await openHarness(testDb, { rateLimits: true });
  });
  afterAll(() => h?.close());

  let addresses = 0;
  /** A fresh client address each call (so only the per-account limit can refuse), or a fixed one. */
  const send = (method: 'POST', url: string, body: unknown, opts: { token?: string; from?: string } = {}) => {
    addresses += 1;
    return h.app.inject({
      method,
      url,
      remoteAddress: opts.from ?? `198.51.${(addresses >> 8) & 255}.${addresses & 255}`,
      headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
      payload: JSON.stringify(body),
    });
  };

  it('limits each account whatever address it comes from, with Retry-After', async () => {
    const victim = await signUp(h, 'victim');
    const mailsBefore = (await h.call('GET', '/api/dev/outbox')).json.items.length;
    const cases: { route: string; call: () => ReturnType<typeof send>; limit?: number }[] = [
      {
        route: 'send-code',
        call: () => send('POST', '/api/auth/send-code', {}, { token: victim.token }),
        limit: AUTH_LIMITS.sendCode?.perAccount?.max,
      },
      {
        route: 'password (wrong current)',
        call: () =>
          send(
            'POST',
            '/api/auth/password',
            { currentPassword: 'Wrong-guess-123456', newPassword: 'Another-good-one-77' },
            { token: victim.token },
          ),
        limit: AUTH_LIMITS.updatePassword?.perAccount?.max,
      },
      {
        // Log-in counts per account and address: strangers elsewhere never lock the owner out
        // (test/api/secret-limits.test.ts), so fresh addresses are each refused only by their own count.
        route: 'log-in (each from a fresh address)',
        call: () => send('POST', '/api/auth/log-in', { email: victim.email, password: 'Wrong-guess-123456' }),
        limit: ATTEMPTS,
      },
      {
        route: 'verify-code',
        call: () => send('POST', '/api/auth/verify-code', { code: '0000' }, { token: victim.token }),
        limit: AUTH_LIMITS.verifyCode?.perAccount?.max,
      },
      {
        route: 'sign-in-link',
        call: () => send('POST', '/api/auth/sign-in-link', { email: victim.email.toUpperCase() }),
        limit: AUTH_LIMITS.sendSignInLink?.perAccount?.max,
      },
      {
        route: 'sign-up (taken address)',
        call: () => send('POST', '/api/auth/sign-up', { email: victim.email, password: GOOD_PASSWORD }),
        // The victim's own sign-up counted against the address already.
        limit: (AUTH_LIMITS.signUp?.perAccount?.max ?? 0) - 1,
      },
    ];
    const rows = [];
    for (const c of cases) {
      let passed = 0;
      let refused = 0;
      for (let i = 0; i < ATTEMPTS; i += 1) {
        const res = await c.call();
        if (res.statusCode === 429) {
          refused += 1;
          expect(Number(res.headers['retry-after']), c.route).toBeGreaterThan(0);
          expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        } else passed += 1;
      }
      rows.push({ route: c.route, attempts: ATTEMPTS, 'not refused': passed, '429 + Retry-After': refused });
      expect(passed, c.route).toBe(c.limit);
    }
    const mails = (await h.call('GET', '/api/dev/outbox')).json.items.length - mailsBefore;
    rows.push({ route: 'mails sent by send-code and sign-in-link', attempts: 2 * ATTEMPTS, 'not refused': mails });
    expect(mails).toBe((AUTH_LIMITS.sendCode?.perAccount?.max ?? 0) + (AUTH_LIMITS.sendSignInLink?.perAccount?.max ?? 0));
    report('Auth limits per account (fresh address per call)', rows);
  });

  it('limits each address whatever account it aims at, with Retry-After', async () => {
    const rows = [];
    const routes: [string, (i: number) => unknown][] = [
      ['/api/auth/log-in', (i) => ({ email: `nobody-${i}@example.com`, password: 'Wrong-guess-123456' })],
      ['/api/auth/sign-in-link', (i) => ({ email: `nobody-${i}@example.com` })],
      ['/api/auth/exchange', (i) => ({ token: `not-a-token-${i}` })],
      ['/api/auth/sign-up', (i) => ({ email: `fresh-${i}-${Date.now()}@example.com`, password: 'short' })],
    ];
    for (const [url, body] of routes) {
      const from = `203.0.113.${rows.length + 10}`;
      let passed = 0;
      let refused = 0;
      for (let i = 0; i < ATTEMPTS; i += 1) {
        const res = await send('POST', url, body(i), { from });
        if (res.statusCode === 429) {
          refused += 1;
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        } else passed += 1;
      }
      rows.push({ route: url, attempts: ATTEMPTS, 'not refused': passed, '429 + Retry-After': refused });
      expect(passed, url).toBe(10);
    }
    report('Auth limits per address (one address, many accounts)', rows);
  });
});
