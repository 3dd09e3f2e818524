import { describe, expect, it } from 'vitest';
import { parseReferences } from '../workflow/path.js';
import { describeAppReference } from './app-reference.js';

const sources = {
  fields: [
    { name: 'item', title: 'Item', schema: { type: 'string' as const } },
    { name: 'qty', title: '', schema: { type: 'number' as const } },
  ],
  authInfo: { apiType: 'apikey' as const, apikeyFormFields: [{ key: 'region', title: 'Region' }] },
};
const describe1 = (text: string) => describeAppReference(parseReferences(text)[0], sources);

describe('describeAppReference (forms-dp 2.10: the portal shows references as pills)', () => {
  it("names a form field by its title, else its name, after 'Input'", () => {
    expect(describe1('${inputData.item}')).toMatchObject({ label: 'Input · Item', raw: '${inputData.item}' });
    expect(describe1('${inputData.qty}').label).toBe('Input · qty');
    expect(describe1('${inputData.item}').problem).toBeUndefined();
  });

  it("names an account value after 'Account': the form's title, or the scheme's own key", () => {
    expect(describe1('${auth.region}').label).toBe('Account · Region');
    expect(describe1('${auth.api_key}').label).toBe('Account · api_key');
    expect(describe1('${auth.region}').problem).toBeUndefined();
  });

  it('says why a reference names nothing', () => {
    expect(describe1('${inputData.nope}').problem).toBe('"nope" is not a field of this action\'s Form Design.');
    expect(describe1('${auth.nope}').problem).toBe('"nope" is not a value of this app\'s account form.');
    expect(describe1('${t1.name}')).toMatchObject({ label: 't1.name' });
    expect(describe1('${t1.name}').problem).toMatch(/^Only/);
  });
});
