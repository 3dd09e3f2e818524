// Sessions (issue "Who may come in", sessions): the idle timeout beside the 30-day lifetime
// (SESSION_IDLE_MINUTES), and a password change ending every other session. SQLite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleVerdict } from '../../server/src/services/session-context.js';
import { type ApiHarness, GOOD_PASSWORD, openHarness, openTestDatabases, signUp } from './harness.js';

const MINUTE = 60_000;

describe('idleVerdict', () => {
  const at = (ms: number) => new Date(ms).toISOString();
  it('ends a session unused longer than the timeout, counted from its last use or else its start', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    expect(idleVerdict({ createdAt: at(now - 11 * MINUTE), lastSeenAt: null }, now, 10 * MINUTE)).toBe('end');
    expect(idleVerdict({ createdAt: at(now - 99 * MINUTE), lastSeenAt: at(now - 5 * MINUTE) }, now, 10 * MINUTE)).toBe(
      'touch',
    );
    expect(idleVerdict({ createdAt: at(now - 99 * MINUTE), lastSeenAt: at(now - 20_000) }, now, 10 * MINUTE)).toBe(
      'keep',
    );
    // 0 turns the idle timeout off; the 30-day lifetime still applies (expires_at).
    expect(idleVerdict({ createdAt: at(now - 9_999 * MINUTE), lastSeenAt: null }, now, 0)).toBe('touch');
  });
});

describe.each(openTestDatabases())('sessions on $dialect', (testDb) => {
  let h: ApiHarness;

  beforeAll(async () => {
    h = await openHarness(testDb, { sessionIdleMinutes: 30 });
  });
  afterAll(() => h?.close());

  /** Moves a session's last use (and start) `minutes` into the past. */
  async function idle(token: string, minutes: number) {
    const me = await h.call('GET', '/api/auth/sessions', { token });
    const current = me.json.items.find((s: { current: boolean }) => s.current).id as string;
    const past = new Date(Date.now() - minutes * MINUTE).toISOString();
    await sql`update sessions set last_seen_at = ${past}, created_at = ${past} where id = ${current}`.execute(h.db.db);
  }

  it('ends a session left unused longer than SESSION_IDLE_MINUTES, and keeps a used one', async () => {
    const account = await signUp(h, 'idle');
    await idle(account.token, 29);
    expect((await h.call('GET', '/api/auth/me', { token: account.token })).status).toBe(200);
    await idle(account.token, 31);
    const ended = await h.call('GET', '/api/auth/me', { token: account.token });
    expect(ended.status).toBe(401);
    expect(ended.json.code).toBe('auth.required');
    // Gone for good: the row was deleted, not just refused once.
    expect((await h.call('GET', '/api/auth/me', { token: account.token })).status).toBe(401);
  });

  it('ends every other session when the password changes, and keeps the one that changed it', async () => {
    const account = await signUp(h, 'password');
    const other = await h.call('POST', '/api/auth/log-in', { body: { email: account.email, password: GOOD_PASSWORD } });
    expect(other.status).toBe(200);
    const changed = await h.call('POST', '/api/auth/password', {
      token: account.token,
      body: { currentPassword: GOOD_PASSWORD, newPassword: 'Another-good-password-77' },
    });
    expect(changed.status, changed.text).toBe(204);
    expect((await h.call('GET', '/api/auth/me', { token: other.json.token })).status).toBe(401);
    expect((await h.call('GET', '/api/auth/me', { token: account.token })).status).toBe(200);
  });
});
