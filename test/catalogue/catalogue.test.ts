/**
 * The app catalogue through the API: GET /api/apps lists every catalogue app with
 * source 'first100' (what the editor's Popular tab shows, core's filterApps) and its icon as a
 * URL that answers an SVG; each whole definition passes core's validateAppDefinition and the
 * contract's response check (GET /api/apps/{slug} outside production); OAuth client secrets
 * never reach the browser.
 */
import { filterApps, POPULAR_BUILTIN_APPS, parseDynamicSpec, validateAppDefinition } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_APPS } from '../../server/src/integrations/catalogue/index.js';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';

const [sqlite] = openTestDatabases();

describe('app catalogue', () => {
  let h: ApiHarness;
  let a: Account;

  beforeAll(async () => {
    h = await openHarness(sqlite);
    a = await signUp(h, 'catalogue');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('ships definitions that pass core validation, with unique slugs', () => {
    expect(CATALOGUE_APPS.length).toBeGreaterThan(0);
    const slugs = CATALOGUE_APPS.map((app) => app.appSlug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const app of CATALOGUE_APPS) {
      expect(validateAppDefinition(app).errors, app.appSlug).toEqual([]);
      expect(app.source, app.appSlug).toBe('first100');
    }
  });

  it("points every dynamic dropdown at one of the app's own list actions, with its params among the action's fields", () => {
    const problems: string[] = [];
    for (const app of CATALOGUE_APPS) {
      const forms = [
        ...Object.entries(app.actions).map(([key, action]) => ({ key, fields: action.fields })),
        ...Object.entries(app.triggers).map(([key, trigger]) => ({ key, fields: trigger.fields ?? [] })),
      ];
      for (const { key, fields } of forms) {
        const names = new Set(fields.map((f) => f.name));
        for (const field of fields) {
          for (const schema of [field.schema, field.schema?.items]) {
            if (!schema?.dynamic) continue;
            const spec = parseDynamicSpec(schema.dynamic);
            const where = `${app.appSlug}.${key}.${field.name}`;
            if (!spec) problems.push(`${where}: unreadable spec ${schema.dynamic}`);
            else if (spec.app !== app.appSlug) problems.push(`${where}: spec names app ${spec.app}`);
            else if (!Object.hasOwn(app.actions, spec.action)) problems.push(`${where}: no action ${spec.action}`);
            for (const param of schema.params ?? []) {
              if (!names.has(param)) problems.push(`${where}: param ${param} is not a field of ${key}`);
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists the catalogue on the Popular tab, icons as URLs that answer SVG', async () => {
    const started = performance.now();
    const res = await h.call('GET', '/api/apps', { token: a.token });
    console.log(
      `GET /api/apps (first call, ${res.json.items.length} apps): ${(performance.now() - started).toFixed(1)} ms`,
    );
    expect(res.status).toBe(200);
    const items = res.json.items as { appSlug: string; source?: string; iconURL?: string; appName: string }[];
    const popular = filterApps(items, { tab: 'popular' });
    // Popular is the catalogue plus the built-in Demo CRM (core POPULAR_BUILTIN_APPS).
    expect(popular.map((app) => app.appSlug).sort()).toEqual(
      [...CATALOGUE_APPS.map((app) => app.appSlug), ...POPULAR_BUILTIN_APPS].sort(),
    );
    for (const app of popular) {
      expect(app.iconURL).toBe(`/icons/${app.appSlug}.svg`);
      const icon = await h.call('GET', app.iconURL!);
      expect(icon.status, app.appSlug).toBe(200);
      expect(icon.headers['content-type']).toContain('image/svg+xml');
      expect(icon.text.startsWith('<svg'), app.appSlug).toBe(true);
    }
    expect(res.text).not.toContain('data:image');
  });

  it('answers each whole definition within the contract, without client secrets', async () => {
    for (const app of CATALOGUE_APPS) {
      const res = await h.call('GET', `/api/apps/${app.appSlug}`, { token: a.token });
      expect(res.status, `${app.appSlug}: ${res.text.slice(0, 300)}`).toBe(200);
      expect(res.json.appSlug).toBe(app.appSlug);
      expect(res.json.authInfo.clientInfo?.client_secret ?? '').toBe('');
    }
  });

  it('keeps catalogue apps read-only in the developer portal', async () => {
    const [first] = CATALOGUE_APPS;
    const res = await h.call('PUT', `/api/apps/${first.appSlug}`, { token: a.token, body: { ...first } });
    expect(res.status).toBe(403);
  });
});
