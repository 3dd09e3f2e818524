/**
 * What the portal and form screen tests set up through the API: an app with an action and
 * account fields, and a public form with a theme colour.
 */
import { expect } from 'vitest';
import type { Grant } from './workflow-fixtures.js';

/** Declares the 'Orders' app: API-key auth with two account fields, a 'Create order' POST action. */
export async function declareOrdersApp(baseUrl: string, grant: Grant): Promise<void> {
  const created = await fetch(`${baseUrl}/api/apps`, {
    method: 'post',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${grant.token}` },
    body: JSON.stringify({
      appSlug: 'orders',
      appName: 'Orders',
      category: 'Commerce',
      actions: {
        create_order: {
          title: 'Create order',
          description: 'Creates an order in the shop.',
          method: 'post',
          url: 'https://orders.example/api/orders',
          fields: [{ name: 'item', title: 'Item', required: true, schema: { type: 'string' } }],
          headers: [{ key: 'X-Client', value: 'junction' }],
          body: [{ key: 'item', value: '${inputData.item}' }],
        },
      },
      triggers: {},
      authInfo: {
        apiType: 'apikey',
        apikeyFormFields: [
          { key: 'api_key', title: 'API key', description: 'Found under Settings → API.' },
          { key: 'shop', title: 'Shop name', public: true },
        ],
        requestConfig: { headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] },
      },
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
}

/** Creates a three-question 'Job application' form in purple; answers its id. */
export async function createSampleForm(baseUrl: string, grant: Grant): Promise<string> {
  const created = await fetch(`${baseUrl}/api/forms`, {
    method: 'post',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${grant.token}` },
    body: JSON.stringify({
      name: 'Job application',
      content: [
        { form: { title: 'Job application', description: 'Tell us about you.' }, color: { theme: '#7b2cbf' } },
        [
          { question: 'Name', type: 'input', required: true },
          { question: 'Skills', type: 'checkboxes', checkbox_options: ['TypeScript', 'Go'] },
          { question: 'Start', type: 'multiple_choice', multiple_choice_options: ['Now', 'Later'] },
        ],
      ],
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}
