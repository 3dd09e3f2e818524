/**
 * Runs for the run pictures and the runs page: a Webhook → Demo CRM workflow switched ON and
 * called once per first name, waited on until every run ended. A credential id that does not
 * exist makes every run fail at the Demo CRM step.
 */
import { expect } from 'vitest';
import { apiCall, type CrmGrant, hookToCrm } from './crm-fixtures.js';

const FINISHED = ['succeeded', 'failed', 'filtered', 'cancelled', 'not_run'];

/** Creates the workflow, runs it once per first name and answers its id once every run ended. */
export async function runHookWorkflow(
  baseUrl: string,
  grant: CrmGrant,
  name: string,
  credentialId: string,
  firstNames: readonly string[],
): Promise<string> {
  const call = <T>(method: string, route: string, token: string | null, body?: unknown) =>
    apiCall<T>(baseUrl, method, route, token, body);
  const document = hookToCrm(credentialId, name, ['email', 'firstName']);
  const created = await call<{ id: string }>('POST', '/api/workflows', grant.token, { name, document });
  expect(created.status).toBe(201);
  const id = created.json.id;
  const on = await call('PUT', `/api/workflows/${id}/active`, grant.token, { active: true });
  expect(on.status, JSON.stringify(on.json)).toBe(200);
  const hookUrl = await call<{ url: string }>('GET', `/api/workflows/${id}/hook`, grant.token);
  for (const firstName of firstNames) {
    const hook = await call('POST', new URL(hookUrl.json.url).pathname, null, { email: 'x@example.com', firstName });
    expect(hook.status).toBe(200);
  }
  for (let i = 0; i < 200; i += 1) {
    const list = await call<{ items: { status: string }[] }>('GET', `/api/workflows/${id}/executions`, grant.token);
    if (list.json.items.length === firstNames.length && list.json.items.every((r) => FINISHED.includes(r.status)))
      return id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the runs of ${name} did not finish`);
}
