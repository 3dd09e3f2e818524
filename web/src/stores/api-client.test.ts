import { describe, expect, it } from 'vitest';
import { buildApiUrl, createLocalApiClient } from './api-client.js';

describe('buildApiUrl', () => {
  it('fills and encodes path parameters and appends the defined query parameters', () => {
    expect(
      buildApiUrl('http://junction.test/', '/api/workflows/{id}', {
        path: { id: 'a b/c' },
        query: { page: 2, q: undefined },
      }),
    ).toBe('http://junction.test/api/workflows/a%20b%2Fc?page=2');
  });

  it('names the missing path parameter', () => {
    expect(() => buildApiUrl('', '/api/workflows/{id}')).toThrow('Missing path parameter "id"');
  });
});

describe('createLocalApiClient', () => {
  it('sends JSON and returns data on success', async () => {
    const seen: { url: string; init?: RequestInit }[] = [];
    const api = createLocalApiClient({
      baseUrl: 'http://junction.test',
      fetch: async (url, init) => {
        seen.push({ url: String(url), init });
        return new Response(JSON.stringify({ id: 'wf1' }), { status: 201 });
      },
    });
    const result = await api.POST('/api/workflows', { body: { name: 'Untitled' } });
    expect(result.data).toEqual({ id: 'wf1' });
    expect(result.error).toBeUndefined();
    expect(seen[0]?.url).toBe('http://junction.test/api/workflows');
    expect(seen[0]?.init?.method).toBe('POST');
    expect(seen[0]?.init?.body).toBe('{"name":"Untitled"}');
  });

  it('returns the problem body as error on a failure status', async () => {
    const problem = { type: 'about:blank', title: 'Not Found', status: 404 };
    const api = createLocalApiClient({
      baseUrl: 'http://junction.test',
      fetch: async () => new Response(JSON.stringify(problem), { status: 404 }),
    });
    const result = await api.GET('/api/workflows/{id}', { params: { path: { id: 'nope' } } });
    expect(result.data).toBeUndefined();
    expect(result.error).toEqual(problem);
    expect(result.response.status).toBe(404);
  });
});
