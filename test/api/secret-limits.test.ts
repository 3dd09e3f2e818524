/**
 * The limits that guard secrets (passwords, verification codes): strangers' wrong passwords
 * never lock the owner out from another address, and the limits on codes and passwords hold
 * with RATE_LIMITS=off as with it on (server/src/http/auth-limits.ts). SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../server/src/http/auth-limits.js';
import { CODE_MAX_ATTEMPTS } from '../../server/src/services/accounts.js';
import { type ApiHarness, GOOD_PASSWORD, openHarness, openTestDatabases, readCode, signUp } from './harness.js';

const WRONG = 'Wrong-guess-123456';
const cases = openTestDatabases().flatMap((testDb) =>
  [true, false].map((rateLimits) => ({
    testDb,
    rateLimits,
    name: `${testDb.dialect}, RATE_LIMITS=${rateLimits ? 'on' : 'off'}`,
  })),
);

describe.each(cases)('secret-guarding limits on $name', ({ testDb, rateLimits }) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await openHarness(testDb, { rateLimits });
  });
  afterAll(() => h?.close());

  const post = (url: string, body: unknown, opts: { from: string; token?: string }) =>
    h.app.inject({
      method: 'POST',
      url,
      remoteAddress: opts.from,
      headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
      payload: JSON.stringify(body),
    });

  it('wrong passwords from three addresses do not lock the owner out of a fourth', async () => {
    const owner = await signUp(h, 'owner');
    const perPair = AUTH_LIMITS.logIn?.perAccount?.max ?? 0;
    for (const from of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const answers = [];
      for (let i = 0; i < perPair + 2; i += 1) {
        answers.push((await post('/api/auth/log-in', { email: owner.email, password: WRONG }, { from })).statusCode);
      }
      // Each address gets its own tries at this account, then waits.
      expect(answers.filter((s) => s === 401)).toHaveLength(perPair);
      expect(answers.slice(perPair)).toEqual([429, 429]);
    }
    const res = await post(
      '/api/auth/log-in',
      { email: owner.email, password: GOOD_PASSWORD },
      { from: '203.0.113.4' },
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a code takes at most its guesses, and new codes are capped per account per hour', async () => {
    const account = await signUp(h, 'guessed');
    const from = '192.0.2.50';
    // The sign-up's code: the right one is refused once its guesses are spent.
    const first = await readCode(h, account.email);
    const wrong = first === '0000' ? '0001' : '0000';
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i += 1) {
      const res = await post('/api/auth/verify-code', { code: wrong }, { from, token: account.token });
      expect(res.statusCode).toBe(422);
    }
    const spent = await post('/api/auth/verify-code', { code: first }, { from, token: account.token });
    expect(spent.statusCode).toBe(410);

    // Asking for a new code after every few guesses: bounded whatever RATE_LIMITS says.
    let issued = 0;
    let guessed = 0;
    for (let round = 0; round < 12; round += 1) {
      if ((await post('/api/auth/send-code', {}, { from, token: account.token })).statusCode === 204) issued += 1;
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i += 1) {
        const res = await post(
          '/api/auth/verify-code',
          { code: String(1000 + round * 10 + i) },
          { from, token: account.token },
        );
        if (res.statusCode === 422 || res.statusCode === 200) guessed += 1;
      }
    }
    expect(issued).toBe(AUTH_LIMITS.sendCode?.perAccount?.max);
    expect(AUTH_LIMITS.sendCode?.perAccount?.windowMs).toBe(60 * 60_000);
    // The per-account limit on verify-code counted the sign-up code's guesses too.
    expect(guessed).toBeLessThanOrEqual((AUTH_LIMITS.verifyCode?.perAccount?.max ?? 0) - CODE_MAX_ATTEMPTS - 1);
  });
});
