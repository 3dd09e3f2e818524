/**
 * The failure digest goes when its interval ends, not only on the next failure
 * (docs/failure-alerts.md "at most one digest per workflow per interval while failures go on"):
 * failures counted after the first alert are mailed once the interval has passed even when no
 * further run fails, with the newest failed run's replay link; then nothing more until another
 * failure. Through the real API, the server's own sweep and the test SMTP peer; the hour is
 * made to have passed by moving the last mail's time back. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFailureAlertsRepo } from '../../server/src/store/repos/failure-alerts.js';
import { openTestDatabases } from '../api/harness.js';
import { createWorkflow } from '../engine/support.js';
import { type AlertsSetup, openAlertsSetup, PUBLIC } from './support.js';

describe.each(openTestDatabases())('the failure digest on $dialect', (testDb) => {
  let setup: AlertsSetup;

  beforeAll(async () => {
    setup = await openAlertsSetup(testDb, 'digest', {
      // The reconciler's pace: the digest sweep runs as often.
      reconcileIntervalMs: 100,
    });
  });

  afterAll(() => setup?.close());

  it('mails the digest when the interval ends although no further failure arrives', async () => {
    const id = await createWorkflow(setup.h, setup.owner.token, {
      url: setup.target.url('/fail/digest?times=99'),
      name: 'Nightly sync',
    });
    expect((await setup.runOnce(id)).status).toBe('failed');
    expect((await setup.mailWith(setup.owner.email, /Nightly sync/)).subject).toBe('Nightly sync failed');
    // Two more failures within the hour: counted, not mailed.
    expect((await setup.runOnce(id)).status).toBe('failed');
    const latest = await setup.runOnce(id);
    expect(latest.status).toBe('failed');
    const row = () =>
      setup.h.db.db
        .selectFrom('failure_alerts')
        .select(['unsent', 'last_mail_at'])
        .where('workflow_id', '=', id)
        .executeTakeFirstOrThrow();
    // Decided one run at a time after the run ends: wait until both are counted.
    for (let i = 0; i < 200 && Number((await row()).unsent) < 2; i++) await new Promise((r) => setTimeout(r, 25));
    expect(Number((await row()).unsent)).toBe(2);
    expect(setup.smtp.received.filter((m) => m.subject.includes('Nightly sync'))).toHaveLength(1);

    // The hour passes with no run at all.
    const hourAgo = new Date(Date.now() - 61 * 60_000).toISOString();
    await setup.h.db.db
      .updateTable('failure_alerts')
      .set({ last_mail_at: hourAgo })
      .where('workflow_id', '=', id)
      .execute();

    const digest = await setup.mailWith(setup.owner.email, /Nightly sync/);
    expect(digest.subject).toBe('Nightly sync is still failing (2 more failures)');
    expect(digest.text).toContain('Failures: 2');
    expect(digest.text).toContain(`${PUBLIC}/executions/${latest.id}`);
    expect(digest.text).toContain(`${PUBLIC}/api/alerts/off?token=`);
    // Its replay link opens the run.
    expect((await setup.h.call('GET', `/api/executions/${latest.id}`, { token: setup.owner.token })).status).toBe(200);

    // Nothing unsent is left: no second digest, however many sweeps pass.
    expect(Number((await row()).unsent)).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(setup.smtp.received.filter((m) => m.subject.includes('Nightly sync'))).toHaveLength(2);
  });

  it('lets one sweep take a due digest when several processes sweep at once', async () => {
    const repo = createFailureAlertsRepo(setup.h.db.db);
    const read = {
      tenantId: setup.owner.tenantId,
      workflowId: 'wf-swept-twice',
      enabled: true,
      intervalMinutes: null,
      failing: true,
      lastMailAt: '2026-01-01T10:00:00.000Z',
      unsent: 3,
      offToken: 'token-swept-twice',
      updatedAt: '2026-01-01T10:00:00.000Z',
    };
    await repo.save(read);
    const next = { unsent: 0, lastMailAt: '2026-01-01T11:00:00.000Z', updatedAt: '2026-01-01T11:00:00.000Z' };
    const taken = await Promise.all([repo.claimDigest(read, next), repo.claimDigest(read, next)]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await repo.get(setup.owner.tenantId, 'wf-swept-twice')).toMatchObject({
      unsent: 0,
      lastMailAt: next.lastMailAt,
    });
  });
});
