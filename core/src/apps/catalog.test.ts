import { describe, expect, it } from 'vitest';
import {
  APP_OPTIONS_LIMIT,
  type CatalogApp,
  eventsByGroup,
  filterApps,
  hasTriggers,
  isPremiumApp,
  MESSAGING_CATEGORY,
  messagingApps,
  needsAuth,
  visibleTriggers,
} from './catalog.js';
import type { AppDefinition } from './types.js';

const apps: CatalogApp[] = [
  { appSlug: 'demo-crm', appName: 'Demo CRM', source: 'first100', authInfo: { apiType: 'apikey' } },
  { appSlug: 'webhook', appName: 'Webhook', authInfo: {} },
  { appSlug: 'schedule', appName: 'Schedule', source: 'first100', disableAuth: true, authInfo: { apiType: 'basic' } },
  { appSlug: 'crm-two', appName: 'Another crm', authInfo: { apiType: 'oauth2' } },
];

const slugs = (list: CatalogApp[]) => list.map((a) => a.appSlug);

describe('filterApps', () => {
  it("shows source 'first100' on Popular", () => {
    expect(slugs(filterApps(apps, { tab: 'popular' }))).toEqual(['demo-crm', 'schedule']);
  });

  it('shows apps needing no auth on Tools', () => {
    expect(slugs(filterApps(apps, { tab: 'tools' }))).toEqual(['webhook', 'schedule']);
  });

  it('matches anywhere in the name, case-insensitive', () => {
    expect(slugs(filterApps(apps, { tab: 'all', query: 'CRM' }))).toEqual(['demo-crm', 'crm-two']);
    expect(slugs(filterApps(apps, { tab: 'all', query: 'hook' }))).toEqual(['webhook']);
  });

  it('shows at most 50', () => {
    const many = Array.from({ length: 70 }, (_, i) => ({ appSlug: `app-${i}`, appName: `App ${i}` }));
    expect(filterApps(many)).toHaveLength(APP_OPTIONS_LIMIT);
    expect(APP_OPTIONS_LIMIT).toBe(50);
  });
});

describe('apps that have triggers (editor-core 2.9)', () => {
  const trigger = { label: 'New contact', type: 'polling' as const, fields: [] };
  const definitions: Array<Pick<AppDefinition, 'appSlug' | 'triggers'>> = [
    { appSlug: 'webhook', triggers: { catch: { ...trigger, type: 'webhook' } } },
    { appSlug: 'http', triggers: {} },
    { appSlug: 'filter', triggers: {} },
    { appSlug: 'hidden-only', triggers: { old: { ...trigger, hidden: true } } },
  ];

  it('a definition has triggers when one of them is shown', () => {
    expect(definitions.map((app) => hasTriggers(app))).toEqual([true, false, false, false]);
  });

  it('a catalogue entry has triggers when it says so; an entry without the word has none', () => {
    expect(hasTriggers({ hasTriggers: true })).toBe(true);
    expect(hasTriggers({ hasTriggers: false })).toBe(false);
    expect(hasTriggers({})).toBe(false);
  });

  it('a trigger lists only apps with triggers, on every tab', () => {
    const entries: CatalogApp[] = [
      { appSlug: 'webhook', appName: 'Webhook', hasTriggers: true },
      { appSlug: 'http', appName: 'HTTP request', hasTriggers: false },
      { appSlug: 'filter', appName: 'Filter', hasTriggers: false },
      { appSlug: 'delay', appName: 'Delay', hasTriggers: false },
      { appSlug: 'formatter', appName: 'Formatter', hasTriggers: false },
      {
        appSlug: 'demo-crm',
        appName: 'Demo CRM',
        source: 'builtin',
        hasTriggers: true,
        authInfo: { apiType: 'apikey' },
      },
    ];
    expect(slugs(filterApps(entries, { kind: 'trigger' }))).toEqual(['webhook', 'demo-crm']);
    // A service with an account but no trigger yet stays: a custom trigger can be added to it.
    const billing: CatalogApp = { appSlug: 'billing', appName: 'Billing', authInfo: { apiType: 'apikey' } };
    expect(slugs(filterApps([...entries, billing], { kind: 'trigger' }))).toEqual(['webhook', 'demo-crm', 'billing']);
    expect(slugs(filterApps(entries, { kind: 'trigger', tab: 'tools' }))).toEqual(['webhook']);
    expect(slugs(filterApps(entries, { kind: 'action' }))).toHaveLength(6);
  });

  it('Popular includes the Demo CRM built-in', () => {
    const entries: CatalogApp[] = [
      { appSlug: 'webhook', appName: 'Webhook', source: 'builtin' },
      { appSlug: 'demo-crm', appName: 'Demo CRM', source: 'builtin' },
      { appSlug: 'slack', appName: 'Slack', source: 'first100' },
    ];
    expect(slugs(filterApps(entries, { tab: 'popular' }))).toEqual(['demo-crm', 'slack']);
  });

  it('Formatter is the premium app', () => {
    expect(isPremiumApp('formatter')).toBe(true);
    expect(isPremiumApp('http')).toBe(false);
  });
});

describe('messagingApps (editor-core 1: the palette offers a messaging action)', () => {
  it('lists the Communication apps in catalogue order and nothing else', () => {
    const catalogue: CatalogApp[] = [
      { appSlug: 'slack', category: MESSAGING_CATEGORY },
      { appSlug: 'notion', category: 'Productivity' },
      { appSlug: 'telegram', category: MESSAGING_CATEGORY },
      { appSlug: 'webhook' },
      { appSlug: 'discord', category: MESSAGING_CATEGORY },
    ];
    expect(slugs(messagingApps(catalogue))).toEqual(['slack', 'telegram', 'discord']);
    expect(messagingApps([])).toEqual([]);
  });
});

describe('needsAuth', () => {
  it('is true only when a scheme is set and auth is not disabled', () => {
    expect(apps.map(needsAuth)).toEqual([true, false, false, true]);
  });
});

describe('eventsByGroup and visibleTriggers', () => {
  const app: Pick<AppDefinition, 'actions' | 'triggers'> = {
    actions: {
      listContacts: { title: 'List contacts', method: 'get', hidden: true, url: '', fields: [] },
      findContact: { title: 'Find contact', method: 'get', url: '', fields: [] },
      updateContact: { title: 'Update contact', method: 'put', url: '', fields: [] },
      createContact: {
        title: 'Create contact',
        description: 'Creates a contact.',
        method: 'post',
        url: '',
        fields: [],
      },
      removeContact: { title: 'Remove contact', method: 'delete', url: '', fields: [] },
    },
    triggers: {
      newContact: { label: 'New contact', type: 'polling' },
      internal: { label: 'Internal', type: 'webhook', hidden: true },
    },
  };

  it('groups shown actions into CREATE, SEARCH, UPDATE', () => {
    expect(eventsByGroup(app)).toEqual([
      {
        group: 'CREATE',
        events: [{ key: 'createContact', title: 'Create contact', description: 'Creates a contact.' }],
      },
      { group: 'SEARCH', events: [{ key: 'findContact', title: 'Find contact' }] },
      {
        group: 'UPDATE',
        events: [
          { key: 'updateContact', title: 'Update contact' },
          { key: 'removeContact', title: 'Remove contact' },
        ],
      },
    ]);
  });

  it('leaves out empty groups and hidden triggers', () => {
    expect(eventsByGroup({ actions: { a: { title: 'A', method: 'post', url: '', fields: [] } } })).toHaveLength(1);
    expect(visibleTriggers(app)).toEqual([{ key: 'newContact', title: 'New contact' }]);
  });
});
