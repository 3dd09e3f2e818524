import { createStepData, type WorkflowDocument } from '@junction/core';
import { describe, expect, it } from 'vitest';
import { canSubmitTicket, ticketTitle } from './dashboard-tickets.js';
import {
  duplicateName,
  exportFileName,
  parseImport,
  searchWorkflows,
  toExport,
  type WorkflowRow,
} from './dashboard-workflows.js';

const doc: WorkflowDocument = {
  schemaVersion: 1,
  id: 'wf',
  name: 'CRM sync',
  active: true,
  steps: [
    {
      id: 't',
      kind: 'trigger',
      position: { x: 0, y: 0 },
      data: createStepData({ type: 'webhook', label: 'Webhook', icon: '/w.svg' }),
    },
    {
      id: 'a',
      kind: 'action',
      position: { x: 0, y: 1 },
      data: createStepData({ type: 'demo-crm', label: 'Demo CRM', credential: 'c1' }),
    },
    {
      id: 'b',
      kind: 'action',
      position: { x: 0, y: 2 },
      data: createStepData({ type: 'demo-crm', label: 'Demo CRM', credential: 'c1' }),
    },
    { id: 'p', kind: 'action', position: { x: 0, y: 3 }, data: createStepData() },
  ],
  links: [],
};

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

  it('exports OFF under a file name from the workflow name, and reads it back', () => {
    const exported = toExport('CRM sync!', doc);
    expect(exported.document.active).toBe(false);
    expect(exportFileName('CRM sync!')).toBe('crm-sync.json');
    expect(exportFileName('***')).toBe('workflow.json');
    expect(parseImport(JSON.stringify(exported))).toEqual({
      name: 'CRM sync!',
      document: { ...doc, name: 'CRM sync!', active: false },
    });
    // A bare stored document is accepted too.
    expect(parseImport(JSON.stringify(doc))).toMatchObject({ name: 'CRM sync', document: { active: false } });
  });

  it('names what is wrong with an import', () => {
    expect(parseImport('{')).toEqual({ error: 'The file is not JSON.' });
    expect(parseImport('{"steps": 1}')).toEqual({
      error: 'The file is not a Junction workflow: it has no steps and links.',
    });
    expect(parseImport(JSON.stringify({ ...doc, schemaVersion: 2 }))).toEqual({
      error: "The workflow's schemaVersion must be 1.",
    });
  });

  it("names a duplicate 'Duplicated: …'", () => {
    expect(duplicateName('CRM sync')).toBe('Duplicated: CRM sync');
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
