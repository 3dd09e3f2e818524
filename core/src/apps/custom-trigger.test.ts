import { describe, expect, it } from 'vitest';
import {
  buildCustomTrigger,
  customTriggerFieldProblems,
  dataHeadChoices,
  findFirstArray,
  firstArrayIn,
  NEW_FIELD_KEY,
} from './custom-trigger.js';
import { validateAppDefinition } from './rules.js';

describe('buildCustomTrigger', () => {
  const built = buildCustomTrigger({
    noun: 'invoice',
    url: 'https://billing.example/invoices',
    fields: [
      { key: 'status', label: 'Status', description: 'Only invoices in this state', type: 'string', location: 'query' },
      { key: 'account', label: 'Account', type: 'integer', location: 'path', required: true },
    ],
    dataHead: 'data',
    dedupeKey: 'id',
  });

  it('generates the hidden list action list{Noun}', () => {
    expect(built.actionKey).toBe('listInvoice');
    expect(built.action).toEqual({
      title: 'List Invoice',
      method: 'get',
      hidden: true,
      url: 'https://billing.example/invoices',
      fields: [
        {
          name: 'status',
          title: 'Status',
          description: 'Only invoices in this state',
          in: 'query',
          required: false,
          schema: { type: 'string' },
        },
        { name: 'account', title: 'Account', in: 'path', required: true, schema: { type: 'integer' } },
      ],
    });
  });

  it('generates the polling trigger new{Noun} with the spec texts', () => {
    expect(built.triggerKey).toBe('newInvoice');
    expect(built.trigger).toEqual({
      label: 'New Invoice',
      description: 'Triggers when a new Invoice is created',
      type: 'polling',
      action: 'listInvoice',
      pollingParams: { dedupe_key: 'id', data_head: 'data' },
    });
  });

  it('makes valid keys from a several-word noun, and a valid app', () => {
    const multi = buildCustomTrigger({ noun: 'support ticket', url: 'u', fields: [], dataHead: '0', dedupeKey: 'id' });
    expect([multi.actionKey, multi.triggerKey, multi.trigger.label]).toEqual([
      'listSupportTicket',
      'newSupportTicket',
      'New Support ticket',
    ]);
    const app = {
      appSlug: 'help',
      appName: 'Help',
      authInfo: {},
      actions: { [multi.actionKey]: multi.action },
      triggers: { [multi.triggerKey]: multi.trigger },
    };
    expect(validateAppDefinition(app).errors).toEqual([]);
  });
});

describe('first array and data-head choices', () => {
  it('takes the response itself when it is an array', () => {
    expect(findFirstArray([{ id: 1 }])).toEqual({ head: '0', items: [{ id: 1 }] });
  });

  it('searches breadth-first, earlier keys first', () => {
    const response = { meta: { deep: { list: [1] } }, data: { items: [{ id: 7, name: 'x' }] }, other: [2] };
    expect(findFirstArray(response)).toEqual({ head: 'other', items: [2] });
    expect(firstArrayIn({ meta: { deep: { list: [1] } }, data: { items: [3] } })).toEqual([3]);
  });

  it("offers the first item's keys", () => {
    expect(dataHeadChoices({ total: 1, invoices: [{ id: 1, total: 9 }, { other: 1 }] })).toEqual(['id', 'total']);
    expect(dataHeadChoices({ invoices: [] })).toEqual([]);
    expect(dataHeadChoices('text')).toEqual([]);
    expect(firstArrayIn({ a: 1 })).toBeNull();
  });
});

describe('customTriggerFieldProblems (onboarding 4, 5)', () => {
  const row = { key: 'status', label: 'Status', description: 'Only this state', type: 'string', location: 'query' };

  it('accepts a complete row whose key follows the key rule and is free', () => {
    expect(customTriggerFieldProblems(row, ['account'])).toEqual({});
    expect(customTriggerFieldProblems({ ...row, key: ' list_items-2 ' }, [])).toEqual({});
  });

  it('requires Key, Label, Helper Text, Type and Location', () => {
    expect(customTriggerFieldProblems({ key: '', label: ' ', type: 'date', location: 'header' }, [])).toEqual({
      key: 'Key is required.',
      label: 'Label is required.',
      description: 'Helper Text is required.',
      type: 'Type is required.',
      location: 'Location is required.',
    });
  });

  it('refuses a key outside the key rule, the placeholder new_new, and a key another row has', () => {
    expect(customTriggerFieldProblems({ ...row, key: 'my key' }, []).key).toBe(
      'Use only letters, numbers, hyphens and underscores.',
    );
    expect(customTriggerFieldProblems({ ...row, key: NEW_FIELD_KEY }, []).key).toBe('Choose a key.');
    expect(customTriggerFieldProblems(row, ['status']).key).toBe('This key is taken.');
  });
});
