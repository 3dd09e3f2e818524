/**
 * A disabled account's workflows keep running: the instance owner disables a member (their
 * sessions end at once), and the webhook of the member's ON workflow still runs its steps.
 * SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { createWorkflow, hookPathOf, startTarget, type Target } from './support.js';

describe.each(openTestDatabases())('a disabled account on $dialect', (testDb) => {
  let target: Target;
  let h: ApiHarness;

  beforeAll(async () => {
    target = await startTarget();
    // SIGNUP_POLICY=open as an automated install: the first account owns the instance.
    h = await openHarness(testDb, { allowedHosts: target.host, signupPolicy: 'open' });
  });
  afterAll(async () => {
    await h?.close();
    await target?.close();
  });

  it('keeps its ON workflows running after its sessions ended', async () => {
    const owner = await signUp(h, 'owner');
    const member = await signUp(h, 'member');
    const id = await createWorkflow(h, member.token, { url: target.url('/ok') });
    const hookPath = await hookPathOf(h, member.token, id);

    const off = await h.call('PUT', `/api/instance/users/${member.userId}/disabled`, {
      token: owner.token,
      body: { disabled: true },
    });
    expect(off.status).toBe(200);
    expect((await h.call('GET', '/api/workflows', { token: member.token })).status).toBe(401);

    const before = target.calls['/ok'] ?? 0;
    const hook = await h.call('POST', hookPath, { body: { amount: 1 } });
    expect(hook.status).toBe(200);
    await expect.poll(() => target.calls['/ok'] ?? 0).toBe(before + 1);
  });
});
