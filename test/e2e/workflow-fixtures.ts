/**
 * Workflow documents the browser tests store through the API before they open the editor.
 */
import { expect } from 'vitest';

/** A signed-up user's bearer token and first workflow. */
export interface Grant {
  token: string;
  workflowId: string;
}

/** Stores a tested Webhook → HTTP request workflow: nothing blocks activation or sharing. */
export async function storeTestedWorkflow(baseUrl: string, grant: Grant, name: string): Promise<void> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${grant.token}` };
  const current = (await (await fetch(`${baseUrl}/api/workflows/${grant.workflowId}`, { headers })).json()) as {
    document: { steps: { data: Record<string, unknown> }[] } & Record<string, unknown>;
  };
  const step = (id: string, kind: string, y: number, data: Record<string, unknown>) => ({
    id,
    kind,
    position: { x: 220, y },
    data: {
      ...current.document.steps[0].data,
      name: data.name,
      type: data.type,
      label: data.label,
      icon: data.icon,
      action: data.action,
      actionlabel: data.action,
      fields: data.fields ?? [],
      testData: data.testData,
    },
  });
  const document = {
    ...current.document,
    name,
    steps: [
      step('hook', 'trigger', 40, {
        name: 'Catch Hook in Webhook',
        type: 'webhook',
        label: 'Webhook',
        icon: '/icons/webhook.svg',
        action: 'catchHook',
        testData: { amount: 12, email: 'ann@example.com' },
      }),
      step('call', 'action', 240, {
        name: 'Create new order',
        type: 'http',
        label: 'HTTP request',
        icon: '/icons/http.svg',
        action: 'customRequest',
        // Its required URL is set: activation checks required fields (editor-core 4.2).
        fields: [
          { name: 'requestType', value: 'POST' },
          { name: 'url', value: 'https://orders.example.com/api/orders' },
        ],
        testData: { status: 'ok' },
      }),
    ],
    links: [{ id: 'hook-call', source: 'hook', target: 'call', name: '', groups: [], delaySeconds: 0 }],
  };
  const saved = await fetch(`${baseUrl}/api/workflows/${grant.workflowId}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ document }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
}

