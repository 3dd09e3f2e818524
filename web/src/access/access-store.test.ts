/**
 * The access store asks for the member's role only with a session: before the page's token is
 * known it sends nothing (a tokenless GET /api/auth/me would only answer 401).
 */
import { createApiClient } from '@junction/core';
import { describe, expect, it } from 'vitest';
import { AccessStoreModel } from './access-store.js';

describe('AccessStore.load', () => {
  it('sends no request without a token, and reads the role once the token is set', async () => {
    const sent: { url: string; authorization: string | null }[] = [];
    const api = createApiClient({
      baseUrl: 'http://127.0.0.1:9',
      fetch: async (request: Request) => {
        sent.push({ url: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
        const me = { currentTenantId: 't1', tenants: [{ role: 'viewer', tenant: { id: 't1' } }] };
        return new Response(JSON.stringify(me), { headers: { 'content-type': 'application/json' } });
      },
    });
    const access = AccessStoreModel.create({}, { api });
    await access.load();
    expect(sent).toEqual([]);
    expect(access.permission('workflow.switch').allowed).toBe(true);

    api.setToken('session-token');
    await access.load(true);
    expect(sent).toEqual([{ url: '/api/auth/me', authorization: 'Bearer session-token' }]);
    expect(access.role).toBe('viewer');
  });
});
