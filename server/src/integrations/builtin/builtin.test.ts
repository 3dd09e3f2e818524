import { findTestAction, validateAppDefinition } from '@junction/core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { builtinIconsPlugin, readBuiltinIcon } from '../icons.js';
import { getBuiltinApp, isBuiltinApp, listBuiltinApps, toAppDefinition } from './index.js';

describe('built-in app catalogue', () => {
  it('lists the nine built-in apps in catalogue order, then the app catalogue', () => {
    const apps = listBuiltinApps();
    expect(apps.slice(9).every((app) => app.source === 'first100')).toBe(true);
    expect(apps.slice(0, 9).map((app) => app.appSlug)).toEqual([
      'schedule',
      'webhook',
      'junction-forms',
      'junction-alerts',
      'http',
      'filter',
      'delay',
      'formatter',
      'demo-crm',
    ]);
    expect(getBuiltinApp('junction-forms')?.appName).toBe('Forms by Junction');
    expect(getBuiltinApp('nope')).toBeUndefined();
    expect(isBuiltinApp('http')).toBe(true);
  });

  it.each(listBuiltinApps().map((app) => [app.appSlug, app] as const))(
    '%s passes validateAppDefinition',
    (_slug, app) => {
      expect(validateAppDefinition(JSON.parse(JSON.stringify(app)))).toEqual({ ok: true, errors: [] });
    },
  );

  it.each(listBuiltinApps().map((app) => [app.appSlug, app] as const))(
    '%s has an icon under /icons/{slug}.svg',
    (slug, app) => {
      expect(app.iconURL).toBe(`/icons/${slug}.svg`);
      expect(readBuiltinIcon(slug)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    },
  );

  it('marks in-process actions with their executor key', () => {
    expect(getBuiltinApp('formatter')?.actions.text.builtin).toBe('formatter');
    expect(getBuiltinApp('filter')?.actions.onlyContinueIf.builtin).toBe('filter');
    expect(getBuiltinApp('delay')?.actions.delayFor.builtin).toBe('delay');
    expect(getBuiltinApp('http')?.actions.customRequest.builtin).toBe('http');
    expect(getBuiltinApp('demo-crm')?.actions.createContact.builtin).toBeUndefined();
  });

  it('toAppDefinition drops the executor keys and leaves the catalogue untouched', () => {
    const formatter = getBuiltinApp('formatter')!;
    const plain = toAppDefinition(formatter);
    expect(Object.values(plain.actions).filter((action) => 'builtin' in action)).toEqual([]);
    expect(plain.actions.text.title).toBe('Text');
    expect(formatter.actions.text.builtin).toBe('formatter');
  });

  it('gives the Demo CRM API-key auth tested with listContacts and both New contact triggers', () => {
    const crm = getBuiltinApp('demo-crm')!;
    expect(crm.authInfo.apiType).toBe('apikey');
    expect(findTestAction(crm)?.key).toBe('listContacts');
    expect(Object.keys(crm.actions)).toEqual(
      expect.arrayContaining(['createContact', 'findContact', 'updateContact', 'listContacts']),
    );
    expect(crm.actions.listContacts.hidden).toBe(true);
    expect(crm.triggers.newContact).toMatchObject({
      type: 'polling',
      action: 'listContacts',
      pollingParams: { dedupe_key: 'id', data_head: 'contacts' },
    });
    expect(crm.triggers.newContactHook).toMatchObject({
      type: 'webhook',
      performList: 'subscribeHook',
      unsubscribe: 'unsubscribeHook',
    });
  });
});

describe('builtinIconsPlugin', () => {
  it('serves a built-in icon as SVG and 404s anything else', async () => {
    const app = Fastify();
    await app.register(builtinIconsPlugin);
    const icon = await app.inject({ method: 'GET', url: '/icons/demo-crm.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.body).toContain('aria-label="Demo CRM"');
    for (const url of ['/icons/unknown.svg', '/icons/demo-crm.png', '/icons/..%2Fexecutor.ts']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    await app.close();
  });
});
