import { describe, expect, it } from 'vitest';
import { canSubmitTicket, ticketTitle } from './dashboard-tickets.js';
import { searchWorkflows, type WorkflowRow } from './dashboard-workflows.js';

const row = (name: string, labels: string[]): WorkflowRow => ({
  id: name,
  name,
  active: false,
  updatedAt: '',
  apps: labels.map((label) => ({ type: label, label, icon: '' })),
  credentialIds: [],
  lastRun: null,
});

describe('workflow list', () => {
  it('searches names and app labels, case-insensitive', () => {
    const rows = [row('Leads to CRM', ['Webhook']), row('Nightly report', ['Schedule', 'Demo CRM']), row('Other', [])];
    expect(searchWorkflows(rows, '  crm ').map((r) => r.name)).toEqual(['Leads to CRM', 'Nightly report']);
    expect(searchWorkflows(rows, '')).toHaveLength(3);
  });
});

describe('support ticket panel (onboarding 3, 5)', () => {
  it("titles a ticket 'App - event'", () => {
    expect(ticketTitle('Demo CRM', ' New invoice ')).toBe('Demo CRM - New invoice');
    expect(ticketTitle('', 'New invoice')).toBe('New invoice');
  });

  it('submits only when both the event and the message are filled', () => {
    expect(canSubmitTicket('', 'msg')).toBe(false);
    expect(canSubmitTicket('event', '   ')).toBe(false);
    expect(canSubmitTicket('event', 'msg')).toBe(true);
  });
});
