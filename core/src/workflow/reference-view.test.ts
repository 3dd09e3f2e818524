import { describe, expect, it } from 'vitest';
import { parseReferences } from './path.js';
import { describeReference, describeText, readablePath, readableText } from './reference-view.js';

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
