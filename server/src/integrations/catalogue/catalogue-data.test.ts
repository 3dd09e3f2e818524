/**
 * The catalogue as data: every `apps/<slug>.json` is loaded (none left out of index.ts),
 * passes core's validateAppDefinition under its own file name, and a file that breaks the
 * format stops the load naming the file and the path at fault.
 */
import { readdirSync } from 'node:fs';
import { validateAppDefinition } from '@junction/core';
import { describe, expect, it } from 'vitest';
import { catalogueHook } from './hooks.js';
import { CATALOGUE_APPS, catalogueApp, loadCatalogueApp } from './index.js';

const files = readdirSync(new URL('./apps/', import.meta.url)).filter((f) => f.endsWith('.json'));

describe('catalogue data', () => {
  it('loads every app file, each valid and named by its slug', () => {
    expect(CATALOGUE_APPS.map((a) => `${a.appSlug}.json`).sort()).toEqual([...files].sort());
    for (const app of CATALOGUE_APPS) {
      expect(validateAppDefinition(app)).toEqual({ ok: true, errors: [] });
      expect(app.source).toBe('first100');
    }
  });

  it('refuses a file that breaks the format, naming the file and the path', () => {
    const broken = structuredClone(catalogueApp('slack')) as unknown as { triggers: Record<string, { type: string }> };
    Object.values(broken.triggers)[0].type = 'push';
    expect(() => loadCatalogueApp('slack', broken)).toThrow(
      /catalogue\/apps\/slack\.json is not a valid app definition: triggers\.\w+\.type: Trigger type must be/,
    );
    expect(() => loadCatalogueApp('discord', catalogueApp('slack'))).toThrow(
      "Catalogue app server/src/integrations/catalogue/apps/discord.json declares appSlug 'slack'.",
    );
  });

  it('keeps code hooks only for apps that exist, by slug', () => {
    expect(
      catalogueHook('google-sheets', 'optionsPager')?.handles(catalogueApp('google-sheets').actions.listSpreadsheets),
    ).toBe(true);
    expect(catalogueHook('slack', 'optionsPager')).toBeUndefined();
    expect(catalogueHook('__proto__', 'optionsPager')).toBeUndefined();
    for (const slug of ['google-sheets', 'google-drive', 'google-docs', 'google-forms', 'google-slides']) {
      expect(() => catalogueApp(slug)).not.toThrow();
    }
  });
});
