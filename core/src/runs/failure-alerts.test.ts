import { describe, expect, it } from 'vitest';
import {
  checkAlertInterval,
  composeFailureAlert,
  decideFailureAlert,
  digestDue,
  type FailureAlertState,
  hearsFailure,
  parseWatchedWorkflows,
  QUIET_STATE,
} from './failure-alerts.js';

const T0 = Date.parse('2026-01-01T10:00:00.000Z');
const min = (n: number) => T0 + n * 60_000;

/** Runs a sequence of outcomes and answers the mails in order. */
function mailsOf(runs: ['failed' | 'succeeded', number][], interval = 60) {
  let state: FailureAlertState = QUIET_STATE;
  const mails: string[] = [];
  for (const [outcome, at] of runs) {
    const decision = decideFailureAlert(state, outcome, at, interval);
    if (decision.mail) mails.push(`${decision.mail}:${decision.count}`);
    state = decision.state;
  }
  return { mails, state };
}

describe('digestDue (the digest at the end of an interval, with no further failure)', () => {
  it('mails the unsent failures once the interval since the last mail has passed, then nothing more', () => {
    const first = decideFailureAlert(QUIET_STATE, 'failed', min(0), 60);
    const counted = decideFailureAlert(first.state, 'failed', min(10), 60).state;
    expect(digestDue(counted, min(59), 60)).toEqual({ mail: null, count: 0, state: counted });
    const due = digestDue(counted, min(60), 60);
    expect(due).toEqual({
      mail: 'digest',
      count: 1,
      state: { failing: true, lastMailAt: new Date(min(60)).toISOString(), unsent: 0 },
    });
    // Nothing left to mail: no second digest however long it waits.
    expect(digestDue(due.state, min(500), 60).mail).toBeNull();
    // A failure after it starts a new interval from the digest.
    const later = decideFailureAlert(due.state, 'failed', min(70), 60);
    expect(later.mail).toBeNull();
    expect(digestDue(later.state, min(119), 60).mail).toBeNull();
    expect(digestDue(later.state, min(120), 60)).toMatchObject({ mail: 'digest', count: 1 });
  });

  it('is never due for a workflow that is not failing or has nothing unsent', () => {
    expect(digestDue(QUIET_STATE, min(1000), 60).mail).toBeNull();
    const first = decideFailureAlert(QUIET_STATE, 'failed', min(0), 60).state;
    expect(digestDue(first, min(1000), 60).mail).toBeNull();
  });
});

describe('decideFailureAlert', () => {
  it('mails the first failure at once', () => {
    expect(mailsOf([['failed', T0]]).mails).toEqual(['first-failure:1']);
  });

  it('counts failures within the interval and mails one digest once it passed', () => {
    const { mails } = mailsOf([
      ['failed', T0],
      ['failed', min(10)],
      ['failed', min(30)],
      ['failed', min(60)],
      ['failed', min(70)],
    ]);
    expect(mails).toEqual(['first-failure:1', 'digest:3']);
  });

  it('mails "recovered" once, with the failures no mail counted, and nothing for later successes', () => {
    const { mails, state } = mailsOf([
      ['failed', T0],
      ['failed', min(5)],
      ['succeeded', min(6)],
      ['succeeded', min(7)],
    ]);
    expect(mails).toEqual(['first-failure:1', 'recovered:1']);
    expect(state.failing).toBe(false);
  });

  it('says nothing for successes of a workflow that never failed', () => {
    expect(mailsOf([['succeeded', T0]]).mails).toEqual([]);
  });

  it('starts again with a first-failure mail after a recovery', () => {
    const { mails } = mailsOf([
      ['failed', T0],
      ['succeeded', min(1)],
      ['failed', min(2)],
    ]);
    expect(mails).toEqual(['first-failure:1', 'recovered:0', 'first-failure:1']);
  });

  it('follows the chosen interval', () => {
    const runs: ['failed', number][] = [
      ['failed', T0],
      ['failed', min(5)],
      ['failed', min(10)],
    ];
    expect(mailsOf(runs, 5).mails).toEqual(['first-failure:1', 'digest:1', 'digest:1']);
  });
});

describe('checkAlertInterval', () => {
  it('accepts whole minutes from 5 to 7 days', () => {
    expect(checkAlertInterval(5)).toBeNull();
    expect(checkAlertInterval(10_080)).toBeNull();
    expect(checkAlertInterval(4)).toMatch(/from 5 minutes/);
    expect(checkAlertInterval(10_081)).toMatch(/from 5 minutes/);
    expect(checkAlertInterval(7.5)).toMatch(/from 5 minutes/);
  });
});

describe('composeFailureAlert', () => {
  const facts = {
    workflowName: 'New leads',
    stepName: 'Create contact',
    error: 'The service answered 500',
    count: 1,
    replayUrl: 'https://j.example/executions/e1',
    offUrl: 'https://j.example/api/alerts/off?token=t1',
    intervalMinutes: 60,
  };

  it('names the workflow, the step, the error, the count and both links', () => {
    const mail = composeFailureAlert({ ...facts, kind: 'first-failure' });
    expect(mail.subject).toBe('New leads failed');
    expect(mail.text).toContain('The workflow "New leads" failed at the step "Create contact".');
    expect(mail.text).toContain('Error: The service answered 500');
    expect(mail.text).toContain('Failures: 1');
    expect(mail.text).toContain('at most one summary every 1 hour(s)');
    expect(mail.text).toContain('https://j.example/executions/e1');
    expect(mail.text).toContain('https://j.example/api/alerts/off?token=t1');
  });

  it('words the digest, the recovery and the test alert', () => {
    expect(composeFailureAlert({ ...facts, kind: 'digest', count: 4 }).subject).toBe(
      'New leads is still failing (4 more failures)',
    );
    expect(composeFailureAlert({ ...facts, kind: 'recovered', count: 2 }).text).toContain(
      'Failures since the last alert: 2',
    );
    expect(composeFailureAlert({ ...facts, kind: 'test' }).subject).toBe('Test alert: New leads');
  });

  it('says when a run failed before any step', () => {
    const mail = composeFailureAlert({ ...facts, kind: 'first-failure', stepName: undefined });
    expect(mail.text).toContain('failed before any step ran.');
  });
});

describe('alert workflows', () => {
  it('reads the watched workflows from commas, spaces or a list', () => {
    expect(parseWatchedWorkflows(' wf-1, wf-2 ')).toEqual(['wf-1', 'wf-2']);
    expect(parseWatchedWorkflows('wf-1 wf-2')).toEqual(['wf-1', 'wf-2']);
    expect(parseWatchedWorkflows(['wf-1', ''])).toEqual(['wf-1']);
    expect(parseWatchedWorkflows(undefined)).toEqual([]);
  });

  it('hears every workflow, or the chosen ones, and never an alert workflow (no loops)', () => {
    const base = { alertWorkflowId: 'alert', failedWorkflowId: 'sync', failedIsAlertWorkflow: false };
    expect(hearsFailure({ ...base, watched: [] })).toBe(true);
    expect(hearsFailure({ ...base, watched: ['sync'] })).toBe(true);
    expect(hearsFailure({ ...base, watched: ['other'] })).toBe(false);
    expect(hearsFailure({ ...base, watched: [], failedWorkflowId: 'alert' })).toBe(false);
    expect(hearsFailure({ ...base, watched: [], failedIsAlertWorkflow: true })).toBe(false);
  });
});
