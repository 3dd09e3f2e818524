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
