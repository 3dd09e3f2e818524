import { describe, expect, it } from 'vitest';
import {
  accountLabel,
  ageText,
  customRequestName,
  cutChip,
  filterFieldName,
  FILTER_NAME_MAX_LENGTH,
  filterName,
  filterNameProblem,
  pickCredential,
  savedFilterName,
  stepName,
  testSuccessText,
  typedFilterName,
} from './naming.js';
import type { Condition } from './types.js';

const row = (lhs: string): Condition => ({ lhs, conditionType: 'valueExists', rhs: '' });

describe('stepName', () => {
  it("reads '{event} in {app}'", () => {
    expect(stepName('New contact', 'Demo CRM')).toBe('New contact in Demo CRM');
  });
});

describe('customRequestName', () => {
  it('names each method with its verb and the singular last segment', () => {
    expect(customRequestName('GET', 'https://api.example.com/v1/contacts')).toBe('Find a contact');
    expect(customRequestName('PUT', 'https://api.example.com/v1/contacts/{id}')).toBe('Update a contact');
    expect(customRequestName('PATCH', '/people/{personId}')).toBe('Update a person');
    expect(customRequestName('POST', 'https://api.example.com/orders/')).toBe('Create new order');
    expect(customRequestName('DELETE', 'https://api.example.com/addresses/{id}?force=1')).toBe('Remove an address');
  });

  it('is case-insensitive on the method and ignores query, fragment, parameters and ids', () => {
    expect(customRequestName('get', 'https://x.io/users?page=2#top')).toBe('Find a user');
    expect(customRequestName('get', 'https://x.io/users/:id')).toBe('Find a user');
    expect(customRequestName('get', 'https://x.io/users/123')).toBe('Find a user');
    expect(customRequestName('get', 'https://x.io/users/${t1.id}')).toBe('Find a user');
  });

  it('splits kebab and snake case and singularises the last word', () => {
    expect(customRequestName('post', '/email-addresses')).toBe('Create new email address');
    expect(customRequestName('get', '/line_items')).toBe('Find a line item');
    expect(customRequestName('get', '/api/My%20Files')).toBe('Find a My File');
  });

  it("falls back to 'Custom Request'", () => {
    expect(customRequestName('HEAD', '/users')).toBe('Custom Request');
    expect(customRequestName('GET', 'https://api.example.com/')).toBe('Custom Request');
    expect(customRequestName('GET', '/{id}')).toBe('Custom Request');
  });
});

describe('Filter Name (editor-core 3 "Filter schema")', () => {
  const groups = [[{ lhs: '${t1.contact.vip}', conditionType: 'isTrue' as const, rhs: '' }]];

  it('saves the typed name, trimmed, else the automatic name of the rules', () => {
    expect(savedFilterName('  VIP only ', groups)).toBe('VIP only');
    expect(savedFilterName('   ', groups)).toBe('Filter: vip');
    expect(savedFilterName('', [])).toBe('');
    expect(savedFilterName('Everyone', [])).toBe('Everyone');
  });

  it('shows a typed name in the box again, and nothing for an automatic one', () => {
    expect(typedFilterName({ name: 'VIP only', groups })).toBe('VIP only');
    expect(typedFilterName({ name: 'Filter: vip', groups })).toBe('');
    expect(typedFilterName({ name: '', groups: [] })).toBe('');
  });

  it('refuses a name longer than the limit', () => {
    expect(filterNameProblem('a'.repeat(FILTER_NAME_MAX_LENGTH))).toBe('');
    expect(filterNameProblem(` ${'a'.repeat(FILTER_NAME_MAX_LENGTH)} `)).toBe('');
    expect(filterNameProblem('a'.repeat(FILTER_NAME_MAX_LENGTH + 1))).toBe(
      `A filter name is at most ${FILTER_NAME_MAX_LENGTH} characters.`,
    );
  });
});

describe('filterName', () => {
  it('joins field names by AND inside a group and groups by OR', () => {
    const groups = [[row('${t1.a}'), row('${t1.b}')], [row('${t1.c}')]];
    expect(filterName(groups)).toBe('Filter: a AND b OR c');
  });

  it('uses the last path key of a reference, or the text itself', () => {
    expect(filterName([[row('${t1.contact.email}'), row(' plain ')]])).toBe('Filter: email AND plain');
    expect(filterFieldName('${t1.items[0]}')).toBe('items');
    expect(filterFieldName('${t1}')).toBe('t1');
    expect(filterFieldName('x ${t1.a}')).toBe('x ${t1.a}');
  });

  it('skips empty rows and groups and gives no name without rows', () => {
    expect(filterName([[], [row('${t1.c}')], [row('')]])).toBe('Filter: c');
    expect(filterName([])).toBe('');
    expect(filterName([[row('')]])).toBe('');
  });
});

describe('cutChip', () => {
  it('cuts values over 50 characters to 50 plus ...', () => {
    expect(cutChip('x'.repeat(50))).toBe('x'.repeat(50));
    expect(cutChip('x'.repeat(51))).toBe(`${'x'.repeat(50)}...`);
  });

  it('never splits an emoji', () => {
    const out = cutChip('😀'.repeat(60));
    expect(out).toBe(`${'😀'.repeat(50)}...`);
  });
});

describe('accountLabel', () => {
  it("reads '{app} - {name}#{index+1}' with 'unnamed'", () => {
    expect(accountLabel('Slack', 'Work', 0)).toBe('Slack - Work#1');
    expect(accountLabel('Slack', '', 2)).toBe('Slack - unnamed#3');
    expect(accountLabel('Slack', null, 1)).toBe('Slack - unnamed#2');
    expect(accountLabel('Slack', '  ', 0)).toBe('Slack - unnamed#1');
  });
});

describe('pickCredential', () => {
  it('chooses the most recently used', () => {
    const list = [
      { id: 'a', lastUsed: '2024-01-02T00:00:00Z' },
      { id: 'b', lastUsed: '2024-03-01T00:00:00Z' },
      { id: 'c', lastUsed: null },
    ];
    expect(pickCredential(list)?.id).toBe('b');
    expect(
      pickCredential([
        { id: 'a', lastUsed: 5 },
        { id: 'b', lastUsed: new Date(4) },
      ])?.id,
    ).toBe('a');
  });

  it('falls back to the last one when none was used, and handles an empty list', () => {
    expect(pickCredential([{ id: 'a' }, { id: 'b', lastUsed: 'not a date' }])?.id).toBe('b');
    expect(pickCredential([])).toBeUndefined();
  });

  it('prefers the later one on a tie', () => {
    expect(
      pickCredential([
        { id: 'a', lastUsed: 1 },
        { id: 'b', lastUsed: 1 },
      ])?.id,
    ).toBe('b');
  });
});

describe('ageText', () => {
  const s = 1000;
  const day = 86_400_000;
  it("says 'just now' under 10 seconds, then seconds to years, singular for 1", () => {
    expect(ageText(0, 0)).toBe('just now');
    expect(ageText(0, 9 * s)).toBe('just now');
    expect(ageText(0, 10 * s)).toBe('about 10 seconds ago');
    expect(ageText(0, 59 * s)).toBe('about 59 seconds ago');
    expect(ageText(0, 60 * s)).toBe('about 1 minute ago');
    expect(ageText(0, 150 * s)).toBe('about 2 minutes ago');
    expect(ageText(0, 3600 * s)).toBe('about 1 hour ago');
    expect(ageText(0, 23 * 3600 * s)).toBe('about 23 hours ago');
    expect(ageText(0, day)).toBe('about 1 day ago');
    expect(ageText(0, 29 * day)).toBe('about 29 days ago');
    expect(ageText(0, 30 * day)).toBe('about 1 month ago');
    expect(ageText(0, 362 * day)).toBe('about 12 months ago');
    expect(ageText(0, 365 * day)).toBe('about 1 year ago');
    expect(ageText(0, 800 * day)).toBe('about 2 years ago');
  });

  it("reads a future or unreadable time as 'just now'", () => {
    expect(ageText(10_000, 0)).toBe('just now');
    expect(ageText(Number.NaN, 0)).toBe('just now');
  });
});

describe('testSuccessText', () => {
  it("reads 'A request to X was done in Y about N ago'", () => {
    expect(testSuccessText({ app: 'Demo CRM', event: 'Create contact', testedAtMs: 0, nowMs: 15_000 })).toBe(
      'A request to Demo CRM was done in Create contact about 15 seconds ago',
    );
  });

  it('names a request app once and says where its request went, never "a request to HTTP request"', () => {
    const http = { app: 'HTTP request', event: 'Custom Request', testedAtMs: 0 };
    expect(
      testSuccessText({ ...http, nowMs: 0, request: { method: 'post', url: 'http://127.0.0.1:4000/orders/?x=1' } }),
    ).toBe('The HTTP request was done just now: POST 127.0.0.1:4000/orders');
    expect(
      testSuccessText({ ...http, nowMs: 90_000, request: { url: 'https://api.example.com/users/${step.id}/tags' } }),
    ).toBe('The HTTP request was done about 1 minute ago: GET api.example.com/users');
    // No readable address (a reference, or none): the request is named alone.
    expect(testSuccessText({ ...http, nowMs: 0, request: { method: 'GET', url: '${trigger.url}' } })).toBe(
      'The HTTP request was done just now',
    );
    expect(testSuccessText({ ...http, nowMs: 0 })).toBe('The HTTP request was done just now');
    const long = `https://api.example.com/${'a'.repeat(80)}`;
    expect(testSuccessText({ ...http, nowMs: 0, request: { url: long } })).toBe(
      `The HTTP request was done just now: GET ${`api.example.com/${'a'.repeat(80)}`.slice(0, 50)}...`,
    );
  });
});
