/**
 * Failure alerts over the real API and a real SMTP peer (docs/failure-alerts.md): the first
 * failure is mailed at once with the workflow, the step, the error, the count and a replay link
 * that opens the run; a second failure within the interval is not; the next success mails
 * "works again"; the mail's off link turns the workflow's alerts off; the test alert; the
 * interval's limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabases } from '../api/harness.js';
import { createWorkflow } from '../engine/support.js';
import { type AlertsSetup, openAlertsSetup, PUBLIC } from './support.js';

describe.each(openTestDatabases())('failure alerts on $dialect', (testDb) => {
  let setup: AlertsSetup;

  beforeAll(async () => {
    setup = await openAlertsSetup(testDb, 'alerts');
  });

  afterAll(() => setup?.close());

  it('mails the first failure with a working replay link, not the next one, then "works again"', async () => {
    // Fails twice (500), then answers 200.
    const id = await createWorkflow(setup.h, setup.owner.token, {
      url: setup.target.url('/fail/alerts?times=2'),
      name: 'Sync leads',
    });

    const first = await setup.runOnce(id);
    expect(first.status).toBe('failed');
    const mail = await setup.mailWith(setup.owner.email, /Sync leads/);
    expect(mail.subject).toBe('Sync leads failed');
    expect(mail.text).toContain('The workflow "Sync leads" failed at the step "Call target".');
    expect(mail.text).toMatch(/Error: .*500/);
    expect(mail.text).toContain('Failures: 1');
    const replay = /(http:\/\/junction\.test\/executions\/\S+)/.exec(mail.text)?.[1];
    expect(replay).toBe(`${PUBLIC}/executions/${first.id}`);
    // The link's page reads the run through the API: it names the failed step's error.
    const opened = await setup.h.call('GET', `/api/executions/${new URL(replay as string).pathname.split('/').pop()}`, {
      token: setup.owner.token,
    });
    expect(opened.status).toBe(200);
    expect(opened.json.steps.find((s: { status: string }) => s.status === 'failed')).toBeDefined();

    expect((await setup.runOnce(id)).status).toBe('failed');
    expect((await setup.runOnce(id)).status).toBe('succeeded');
    const recovered = await setup.mailWith(setup.owner.email, /Sync leads/);
    // The second failure came within the hour: no mail of its own, counted in the recovery.
    expect(recovered.subject).toBe('Sync leads works again');
    expect(recovered.text).toContain('Failures since the last alert: 1');
  });

  it("turns a workflow's alerts off from the mail's link", async () => {
    const quiet = await createWorkflow(setup.h, setup.owner.token, {
      url: setup.target.url('/fail/quiet?times=1'),
      name: 'Quiet one',
    });
    expect((await setup.runOnce(quiet)).status).toBe('failed');
    const mail = await setup.mailWith(setup.owner.email, /Quiet one/);
    const off = /(http:\/\/junction\.test\/api\/alerts\/off\?token=\S+)/.exec(mail.text)?.[1] as string;
    const url = new URL(off);
    const answered = await setup.h.call('GET', `${url.pathname}${url.search}`);
    expect(answered.status, answered.text).toBe(200);
    expect(answered.json).toEqual({ workflowName: 'Quiet one', enabled: false });
    const state = await setup.h.call('GET', `/api/workflows/${quiet}/alerts`, { token: setup.owner.token });
    expect(state.json).toEqual({ workflowId: quiet, enabled: false });

    // It succeeds now ("works again" would be mailed were alerts on), then another workflow
    // fails: alerts are decided one run at a time, so the other's mail comes after any of this one's.
    expect((await setup.runOnce(quiet)).status).toBe('succeeded');
    const loud = await createWorkflow(setup.h, setup.owner.token, {
      url: setup.target.url('/fail/loud?times=99'),
      name: 'Loud one',
    });
    expect((await setup.runOnce(loud)).status).toBe('failed');
    await setup.mailWith(setup.owner.email, /Loud one/);
    expect(setup.smtp.received.filter((m) => m.subject.includes('Quiet one'))).toHaveLength(1);

    const unknown = await setup.h.call('GET', '/api/alerts/off?token=nothing-like-this');
    expect(unknown.status).toBe(404);
  });

  it('sends a test alert to the owners and admins', async () => {
    const id = await createWorkflow(setup.h, setup.owner.token, {
      url: setup.target.url('/ok'),
      name: 'Tested alerts',
    });
    const sent = await setup.h.call('POST', `/api/workflows/${id}/alerts/test`, { token: setup.owner.token });
    expect(sent.status, sent.text).toBe(200);
    // The test SMTP peer is the server's SMTP_URL: the answer says the mail left over SMTP.
    expect(sent.json).toEqual({ recipients: 1, delivery: 'smtp' });
    const mail = await setup.mailWith(setup.owner.email, /Tested alerts/);
    expect(mail.subject).toBe('Test alert: Tested alerts');
    expect(mail.text).toContain(`${PUBLIC}/api/alerts/off?token=`);
  });

  it('mails nothing while the workspace turned its alerts off', async () => {
    const off = await setup.h.call('PUT', '/api/alerts', { token: setup.owner.token, body: { enabled: false } });
    expect(off.json).toMatchObject({ enabled: false });
    const muted = await createWorkflow(setup.h, setup.owner.token, {
      url: setup.target.url('/fail/muted?times=99'),
      name: 'Muted',
    });
    expect((await setup.runOnce(muted)).status).toBe('failed');
    expect(
      (await setup.h.call('PUT', '/api/alerts', { token: setup.owner.token, body: { enabled: true } })).status,
    ).toBe(200);
    // Decided one run at a time: once the next workflow's mail is here, the muted one was decided.
    const next = await createWorkflow(setup.h, setup.owner.token, {
      url: setup.target.url('/fail/next?times=99'),
      name: 'Heard',
    });
    expect((await setup.runOnce(next)).status).toBe('failed');
    await setup.mailWith(setup.owner.email, /Heard/);
    expect(setup.smtp.received.filter((m) => m.subject.includes('Muted'))).toHaveLength(0);
  });

  it('keeps the workspace settings with a default interval of an hour and refuses one under 5 minutes', async () => {
    const read = await setup.h.call('GET', '/api/alerts', { token: setup.owner.token });
    expect(read.json).toEqual({ enabled: true, intervalMinutes: 60 });
    const bad = await setup.h.call('PUT', '/api/alerts', { token: setup.owner.token, body: { intervalMinutes: 1 } });
    expect(bad.status).toBe(422);
    expect(bad.json).toMatchObject({ field: 'intervalMinutes' });
    const set = await setup.h.call('PUT', '/api/alerts', { token: setup.owner.token, body: { intervalMinutes: 15 } });
    expect(set.json).toEqual({ enabled: true, intervalMinutes: 15 });
  });
});
