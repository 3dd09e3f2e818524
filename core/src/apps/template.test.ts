import { describe, expect, it } from 'vitest';
import { lookupReference, resolveTemplateString, resolveTemplateValue, type TemplateScope } from './template.js';

const scope: TemplateScope = {
  auth: { api_key: 'k1', nested: { region: 'eu' } },
  inputData: { tags: ['a', 'b'], count: 3, contact: { email: 'ada@example.com' } },
};

describe('template references', () => {
  it('looks paths up over own properties only', () => {
    expect(lookupReference('auth.nested.region', scope)).toEqual({ found: true, value: 'eu' });
    expect(lookupReference('inputData.missing.deeper', scope)).toEqual({ found: true, value: undefined });
    expect(lookupReference('inputData.toString', scope)).toEqual({ found: true, value: undefined });
    expect(lookupReference('step1.output', scope)).toEqual({ found: false });
  });

  it('resolves references inside text, leaving unknown roots literal', () => {
    expect(resolveTemplateString('key=${auth.api_key}&n=${inputData.count}&s=${step1.id}', scope)).toBe(
      'key=k1&n=3&s=${step1.id}',
    );
    expect(resolveTemplateString('${inputData.contact}', scope)).toBe('{"email":"ada@example.com"}');
    expect(resolveTemplateString('${inputData.nothing}!', scope)).toBe('!');
  });

  it('keeps the value itself when the whole template is one reference', () => {
    expect(resolveTemplateValue('${inputData.tags}', scope)).toEqual(['a', 'b']);
    expect(resolveTemplateValue('${inputData.count}', scope)).toBe(3);
    expect(resolveTemplateValue('n: ${inputData.count}', scope)).toBe('n: 3');
    expect(resolveTemplateValue(7, scope)).toBe(7);
  });
});
