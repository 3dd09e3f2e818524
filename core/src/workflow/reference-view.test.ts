import { describe, expect, it } from 'vitest';
import { createLink } from './graph.js';
import { parseReferences } from './path.js';
import {
  describeReference,
  describeText,
  pickerSources,
  readablePath,
  readableText,
  referenceSamples,
} from './reference-view.js';
import { createStepData, type WorkflowData } from './types.js';

const samples = new Map([
  ['t1', { name: 'New order', sample: { name: 'Ada', items: [{ sku: 'A-1' }], note: 'x'.repeat(80) } }],
  ['t2', { name: 'Untested', sample: undefined }],
]);
const view = (text: string) => describeReference(parseReferences(text)[0], samples);

describe('reference view', () => {
  it('names a reference "Step · field" with its sample value', () => {
    expect(view('${t1.name}')).toMatchObject({ label: 'New order · name', value: 'Ada', stepName: 'New order' });
    expect(view('${t1.items[0].sku}')).toMatchObject({ label: 'New order · items 1 › sku', value: 'A-1' });
    expect(view('${t1.name}').problem).toBeUndefined();
  });

  it('cuts long values to 50 characters plus ...', () => {
    expect(view('${t1.note}').value).toBe(`${'x'.repeat(50)}...`);
  });

  it('says why a reference does not resolve', () => {
    expect(view('${t1.email}').problem).toBe('"email" is not in the test data of "New order".');
    expect(view('${t2.id}').problem).toMatch(/has no test data yet/);
    expect(view('${gone.id}')).toMatchObject({ label: 'Unknown Reference · id' });
    expect(view('${gone.id}').problem).toMatch(/^Unknown Reference/);
  });

  it('reads paths in words and splits texts', () => {
    expect(readablePath('data.items[2].email')).toBe('data › items 3 › email');
    expect(describeText('Hi ${t1.name}!', samples).map((s) => s.kind)).toEqual(['text', 'reference', 'text']);
    expect(readableText('${t1.name} bought ${t1.items[0].sku}', samples)).toBe(
      '[New order · name] bought [New order · items 1 › sku]',
    );
  });
});

describe('pickerSources (the one lister of every data picker, editor-core 2.11)', () => {
  const wf: WorkflowData = {
    id: 'wf',
    name: 'x',
    active: false,
    steps: [
      {
        id: 't',
        kind: 'trigger',
        position: { x: 0, y: 0 },
        data: createStepData({ name: 'Webhook', testData: { amount: 12, contact: { email: 'a@b.c' }, 'a.b': 1 } }),
      },
      {
        id: 'a',
        kind: 'action',
        position: { x: 0, y: 200 },
        data: createStepData({ name: 'Lookup', testData: { items: [{ id: 7 }, { id: 8 }] } }),
      },
      { id: 'b', kind: 'action', position: { x: 0, y: 400 }, data: createStepData({ name: 'Send' }) },
    ],
    links: [createLink({ id: 'l1', source: 't', target: 'a' }), createLink({ id: 'l2', source: 'a', target: 'b' })],
  };

  it('lists every earlier step nearest first, every array item, only keys a reference can name', () => {
    const sources = pickerSources(wf, 'b');
    expect(sources.map((s) => [s.stepId, s.hasData])).toEqual([
      ['a', true],
      ['t', true],
    ]);
    expect(sources.flatMap((s) => s.entries.map((e) => e.reference))).toEqual([
      '${a.items[0].id}',
      '${a.items[1].id}',
      '${t.amount}',
      '${t.contact.email}',
    ]);
    expect(sources[1].entries[1]).toEqual({ path: 'contact.email', reference: '${t.contact.email}', preview: 'a@b.c' });
  });

  it('says when an earlier step has no data, and every listed reference describes as known', () => {
    expect(pickerSources(wf, 'a')[0]).toMatchObject({ stepId: 't', hasData: true });
    const empty = { ...wf, steps: wf.steps.map((s) => ({ ...s, data: { ...s.data, testData: null } })) };
    expect(pickerSources(empty, 'a')).toEqual([{ stepId: 't', name: 'Webhook', hasData: false, entries: [] }]);
    const samples = referenceSamples(wf, 'b');
    for (const entry of pickerSources(wf, 'b').flatMap((s) => s.entries)) {
      const [segment] = describeText(entry.reference, samples);
      expect(segment.kind === 'reference' && segment.view.problem).toBe(undefined);
    }
  });
});
