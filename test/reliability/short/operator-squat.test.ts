/**
 * Operator squatting (hostile pass): with SUPPORT_OPERATORS naming an address, a stranger signs
 * up with that address in other letters, never verifies it, and lists every workspace's
 * tickets. E-mails are one account whatever their case or surrounding spaces, and operator
 * rights need a verified account. SQLite and (with TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, GOOD_PASSWORD, openHarness, openTestDatabases, readCode, signUp } from '../../api/harness.js';
import { report } from '../support/report.js';

const OPERATOR = 'ops@example.com';

describe.each(openTestDatabases())('operator rights on $dialect', ({ dialect, ...testDb }) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await openHarness({ dialect, ...testDb }, { supportOperators: [OPERATOR] });
  });
  afterAll(() => h?.close());

  const ticket = (email: string) => ({
    editor_url: 'http://127.0.0.1:5000/editor/x',
    email,
    title: 'Demo CRM - private matter',
    content: 'customer list attached',
  });

  it('an unverified account in the operator address (any case) sees only its own workspace', async () => {
    const victim = await signUp(h, 'victim');
    expect((await h.call('POST', '/api/tickets', { token: victim.token, body: ticket(victim.email) })).status).toBe(201);

    const squat = await h.call('POST', '/api/auth/sign-up', {
      body: { email: 'OPS@Example.COM', password: GOOD_PASSWORD, firstName: 'Squat' },
    });
    expect(squat.status).toBe(201);
    expect(squat.json.user.email).toBe(OPERATOR);
    const listed = await h.call('GET', '/api/tickets', { token: squat.json.token });
    expect(listed.status).toBe(200);
    const rows = [{ who: 'unverified OPS@Example.COM', tickets: listed.json.items.length }];
    expect(listed.json.items.map((t: { email: string }) => t.email)).not.toContain(victim.email);

    // A second account differing only by case is refused, and every spelling signs in to the one account.
    for (const spelling of ['ops@example.com', 'Ops@Example.Com', 'OPS@EXAMPLE.COM']) {
      const again = await h.call('POST', '/api/auth/sign-up', { body: { email: spelling, password: GOOD_PASSWORD } });
      expect(again.status, spelling).toBe(409);
      const logIn = await h.call('POST', '/api/auth/log-in', { body: { email: spelling, password: GOOD_PASSWORD } });
      expect(logIn.status, spelling).toBe(200);
      expect(logIn.json.user.id).toBe(squat.json.user.id);
    }

    // Once the address is proven (the code reached the operator's mailbox), the rights apply.
    const code = await readCode(h, OPERATOR);
    expect((await h.call('POST', '/api/auth/verify-code', { token: squat.json.token, body: { code } })).status).toBe(200);
    const verified = await h.call('GET', '/api/tickets', { token: squat.json.token });
    rows.push({ who: 'verified ops@example.com', tickets: verified.json.items.length });
    expect(verified.json.items.map((t: { email: string }) => t.email)).toContain(victim.email);
    report(`Operator squatting (${dialect})`, rows);
  });
});
