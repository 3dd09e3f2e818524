// DESIGN "web": server state goes through one layer; models call it and nothing else calls the
// client. This pins the boundary as it stands: a module not listed below that reads the client
// from its environment (`self.api`, `env.api`, `api()`) fails, and a listed module that no
// longer does fails too, so the list only shrinks as modules move onto `self.server`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Modules that still call the client directly (to move onto the layer, then drop from here). */
const NOT_YET_ON_THE_LAYER: string[] = [];

/** Where the client itself is handed out: the layer's adapter and the stores' base. */
const THE_LAYER = ['stores/api-model.ts', 'stores/root-store.tsx', 'stores/server-state.ts'];

// Reading the client for a call (`self.api`, `env.api`, `api()`, `deps.api.get(…)`); handing it
// to the layer (`serverStateOf(env.api)`) and the session token (`setToken`, `getToken`) are not.
const DIRECT_CLIENT =
  /(?<!serverStateOf\([\w.]*)\b(?:self\.api|self\.env\.api|env\.api)\b(?!\.(?:setToken|getToken)\b)|\bapi\(\)|\.api\.(?:get|post|put|patch|delete)\(/;

// Around the client altogether: the platform's `fetch` of an API path (a raw request has no
// Problem, no session token and no place in the cache).
const RAW_API_FETCH = /\bfetch\(\s*[`'"]\/api\//;

// A read through the client: a GET of an API path called on the client a mutation's callback
// hands over (`server.mutate((client) => client.get('/api/…'))`) or a helper takes. Such a read
// bypasses the cache, its loading / error state and its cancellation: reads are `server.read`,
// `server.query` or `server.poll`.
const CLIENT_READ = /\.(?:get|raw\.GET)\(\s*[`'"]\/api\//;

/** GETs that are writes: the audit download records itself in the log (and its text is no cached state). */
const GETS_THAT_WRITE = ['dashboard/audit-store.ts'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name);
    return isSource && !/test-kit|fake-api|test-support/.test(entry.name) ? [full] : [];
  });
}

describe('the server-state boundary', () => {
  it('recognises a raw fetch of an API path as a direct call', () => {
    expect(RAW_API_FETCH.test("await fetch(`/api/apps/${slug}/icon`, { method: 'PUT' })")).toBe(true);
    expect(RAW_API_FETCH.test("self.env.fetch('/demo-crm/contacts')")).toBe(false);
  });

  it('recognises a GET through the client as a read around the layer', () => {
    expect(CLIENT_READ.test("server.mutate((client) => client.get('/api/auth/me'))")).toBe(true);
    expect(CLIENT_READ.test('await api.get(`/api/workflows/${id}`)')).toBe(true);
    expect(CLIENT_READ.test("self.server.read('/api/auth/me', undefined)")).toBe(false);
    expect(CLIENT_READ.test('runs.get(step.id)')).toBe(false);
  });

  it('lets no module read through the client: reads go through the layer', () => {
    const readers = sources(src)
      .map((file) => path.relative(src, file).split(path.sep).join('/'))
      .filter((file) => CLIENT_READ.test(readFileSync(path.join(src, file), 'utf8')))
      .filter((file) => !GETS_THAT_WRITE.includes(file))
      .sort();
    expect(readers).toEqual([]);
  });

  it('lets no new module call the API client directly, and the list of those that do only shrinks', () => {
    const all = sources(src).map((file) => path.relative(src, file).split(path.sep).join('/'));
    const direct = all
      .filter((file) => {
        const text = readFileSync(path.join(src, file), 'utf8');
        return DIRECT_CLIENT.test(text) || RAW_API_FETCH.test(text);
      })
      .filter((file) => !THE_LAYER.includes(file))
      .sort();
    // A listed module that is gone is no longer listed; one that exists must still be a direct caller.
    const listed = NOT_YET_ON_THE_LAYER.filter((file) => all.includes(file)).sort();
    expect(direct).toEqual(listed);
  });
});
