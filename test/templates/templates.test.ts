import { createLink, createStepData, WORKFLOW_SCHEMA_VERSION, type WorkflowDocument } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';

/** A tested two-step workflow with an account, sample data and a trigger message: what sharing must strip. */
function sharedDocument(id: string, name: string): WorkflowDocument {
  return {
    schemaVersion: WORKFLOW_SCHEMA_VERSION,
    id,
    name,
    active: false,
    steps: [
      {
        id: 'trigger-1',
        kind: 'trigger',
        position: { x: 220, y: 40 },
        data: createStepData({
          name: 'New contact in Demo CRM',
          type: 'demo-crm',
          label: 'Demo CRM',
          icon: '/icons/demo-crm.svg',
          hasauth: true,
          credential: 'credential-of-a',
          authname: 'Demo CRM - sales#1',
          action: 'newContact',
          triggerMessage: 'Subscribed as hook 42',
          testData: { email: 'ann@example.com', amount: 12 },
        }),
      },
      {
        id: 'action-1',
        kind: 'action',
        position: { x: 220, y: 240 },
        data: createStepData({
          name: 'POST in HTTP request',
          type: 'http',
          label: 'HTTP request',
          icon: '/icons/http.svg',
          action: 'request',
          fields: [{ name: 'url', in: 'formData', value: 'https://api.example.com/${trigger-1.email}' }],
          testData: { status: 'sent' },
        }),
      },
    ],
    links: [
      {
        ...createLink({ id: 'link-1', source: 'trigger-1', target: 'action-1' }),
        name: 'Filter: amount',
        groups: [[{ lhs: '${trigger-1.amount}', conditionType: 'greaterThan', rhs: '10' }]],
      },
    ],
  };
}

describe.each(openTestDatabases())('templates on $dialect (editor-core 2.4, 4.9)', (testDb) => {
  let h: ApiHarness;
  let a: Account;
  let b: Account;
  let workflowId = '';

  beforeAll(async () => {
    h = await openHarness(testDb);
    a = await signUp(h, 'template-a');
    b = await signUp(h, 'template-b');
    const created = await h.call('POST', '/api/workflows', { token: a.token, body: { name: 'Leads to sales' } });
    workflowId = created.json.id;
    const saved = await h.call('PUT', `/api/workflows/${workflowId}`, {
      token: a.token,
      body: { document: sharedDocument(workflowId, 'Leads to sales') },
    });
    expect(saved.status, saved.text).toBe(200);
  });
  afterAll(() => h?.close());

  it('shares a workflow, and anyone with the address reads it without connections or data', async () => {
    const shared = await h.call('POST', `/api/workflows/${workflowId}/share`, {
      token: a.token,
      body: { title: 'Leads to sales', description: 'Posts big leads to the sales API.' },
    });
    expect(shared.status, shared.text).toBe(201);
    expect(shared.json.url).toBe(`${h.config.publicUrl}/?template_id=${shared.json.templateId}`);

    const read = await h.call('GET', `/api/templates/${shared.json.templateId}`);
    expect(read.status, read.text).toBe(200);
    expect(read.json).toMatchObject({
      id: shared.json.templateId,
      title: 'Leads to sales',
      description: 'Posts big leads to the sales API.',
      icons: ['/icons/demo-crm.svg', '/icons/http.svg'],
    });
    const [trigger, action] = read.json.document.steps;
    expect(read.json.document.active).toBe(false);
    expect(trigger.data).toMatchObject({ credential: null, authname: '', triggerMessage: '' });
    expect(trigger.data.testData).toEqual({ email: '', amount: expect.anything() });
    expect(JSON.stringify(read.json)).not.toContain('ann@example.com');
    expect(JSON.stringify(read.json)).not.toContain('credential-of-a');
    expect(JSON.stringify(read.json)).not.toContain('hook 42');
    // The configuration is the template: field values and filters stay.
    expect(action.data.fields[0].value).toBe('https://api.example.com/${trigger-1.email}');
    expect(read.json.document.links[0].name).toBe('Filter: amount');
  });

  it('accepts a template into another tenant as a new inactive workflow named "Template: …"', async () => {
    const shared = await h.call('POST', `/api/workflows/${workflowId}/share`, {
      token: a.token,
      body: { title: 'Leads', description: '' },
    });
    const accepted = await h.call('POST', `/api/templates/${shared.json.templateId}/accept`, { token: b.token });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.json).toMatchObject({ name: 'Template: Leads to sales', active: false, revision: 1 });
    expect(accepted.json.id).not.toBe(workflowId);
    const doc = accepted.json.document as WorkflowDocument;
    const [trigger, action] = doc.steps;
    expect(trigger.id).not.toBe('trigger-1');
    expect(doc.links[0]).toMatchObject({ source: trigger.id, target: action.id });
    // References follow the new step ids.
    expect(action.data.fields[0].value).toBe(`https://api.example.com/\${${trigger.id}.email}`);
    expect(doc.links[0].groups[0][0].lhs).toBe(`\${${trigger.id}.amount}`);
    expect(trigger.data.credential).toBeNull();

    const listB = await h.call('GET', '/api/workflows', { token: b.token });
    expect(listB.json.items.map((w: { id: string }) => w.id)).toContain(accepted.json.id);
    const listA = await h.call('GET', '/api/workflows', { token: a.token });
    expect(listA.json.items.map((w: { id: string }) => w.id)).not.toContain(accepted.json.id);
    const original = await h.call('GET', `/api/workflows/${workflowId}`, { token: a.token });
    expect(original.json.document.steps[0].data.credential).toBe('credential-of-a');
  });

  it('answers bad input with a Problem naming the field', async () => {
    const url = `/api/workflows/${workflowId}/share`;
    const empty = await h.call('POST', url, { token: a.token, body: { title: '', description: '' } });
    expect(empty.status).toBe(400);
    expect(empty.json.field).toContain('title');
    const blank = await h.call('POST', url, { token: a.token, body: { title: '   ', description: '' } });
    expect(blank.status).toBe(422);
    expect(blank.json.field).toBe('title');
    const noDescription = await h.call('POST', url, { token: a.token, body: { title: 'x' } });
    expect(noDescription.status).toBe(400);
    expect(noDescription.json.field).toContain('description');
    const long = await h.call('POST', url, { token: a.token, body: { title: 'x'.repeat(201), description: '' } });
    expect(long.status).toBe(400);
  });

  it('keeps tenants apart and unknown templates missing', async () => {
    const foreign = await h.call('POST', `/api/workflows/${workflowId}/share`, {
      token: b.token,
      body: { title: 'Stolen', description: '' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('Leads to sales');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await h.call('GET', `/api/templates/${unknown}`)).status).toBe(404);
    expect((await h.call('POST', `/api/templates/${unknown}/accept`, { token: b.token })).status).toBe(404);
    expect((await h.call('POST', `/api/templates/${unknown}/accept`)).status).toBe(401);
    // A template link that fails leaves no workflow behind.
    const list = async () =>
      ((await h.call('GET', '/api/workflows', { token: b.token })).json.items as unknown[]).length;
    const before = await list();
    expect((await h.call('POST', `/api/templates/${unknown}/accept`, { token: b.token })).status).toBe(404);
    expect((await h.call('POST', '/api/templates/not-an-id/accept', { token: b.token })).status).toBeGreaterThanOrEqual(
      400,
    );
    expect(await list()).toBe(before);
  });
});
