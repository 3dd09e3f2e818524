import { describe, expect, it } from 'vitest';
import { matchAppRoute, ROUTE_PATTERNS } from './route-table.js';

describe('matchAppRoute', () => {
  it('matches every route of forms-dp 2.1 exactly, with its parameters', () => {
    expect(matchAppRoute('/')).toEqual({ pattern: '/', params: {} });
    expect(matchAppRoute('/shopify/admin/oauth/redirect_to_install')?.pattern).toBe(
      '/shopify/admin/oauth/redirect_to_install',
    );
    expect(matchAppRoute('/executions/exec-42')).toEqual({
      pattern: '/executions/:execID',
      params: { execID: 'exec-42' },
    });
    expect(matchAppRoute('/develop/demo-crm/actions/createContact/input/__new__')).toEqual({
      pattern: '/develop/:appSlug/actions/:actionKey/input/:id',
      params: { appSlug: 'demo-crm', actionKey: 'createContact', id: '__new__' },
    });
    expect(matchAppRoute('/develop/demo-crm/triggers/newContact/settings')?.params).toEqual({
      appSlug: 'demo-crm',
      triggerKey: 'newContact',
    });
  });

  it('prefers the static /develop/new over an app called "new"', () => {
    expect(matchAppRoute('/develop/new')).toEqual({ pattern: '/develop/new', params: {} });
    expect(matchAppRoute('/develop/newsletter')?.pattern).toBe('/develop/:appSlug');
  });

  it('serves the picker at /develop/ and /develop', () => {
    expect(matchAppRoute('/develop/')?.pattern).toBe('/develop/');
    expect(matchAppRoute('/develop')?.pattern).toBe('/develop/');
  });

  it('serves a new action and the trigger editor through the action routes', () => {
    expect(matchAppRoute('/develop/demo-crm/actions/__new__/settings')?.params.actionKey).toBe('__new__');
    expect(matchAppRoute('/develop/demo-crm/actions/newContact/input')?.pattern).toBe(
      '/develop/:appSlug/actions/:actionKey/input',
    );
  });

  it('matches nothing for paths outside the table, so they go to /404', () => {
    for (const path of [
      '/nope',
      '/workflows/extra',
      '/Workflows',
      '/executions',
      '/develop/demo-crm/actions/createContact',
      '/develop/demo-crm/triggers/newContact',
      '/form',
      '/shopify/admin',
    ]) {
      expect(matchAppRoute(path), path).toBeNull();
    }
  });

  it('lists each route once', () => {
    expect(new Set(ROUTE_PATTERNS).size).toBe(ROUTE_PATTERNS.length);
  });
});
