import { describe, expect, it } from 'vitest';
import { CATALOGUE_APPS as FROM_TS } from '../../server/src/integrations/catalogue/index.js';
import { CATALOGUE_APPS as FROM_DATA } from '../../server/src/integrations/catalogue/catalogue-data.js';

describe('catalogue data equals the TypeScript definitions', () => {
  it('same apps, same order, deep-equal', () => {
    expect(FROM_DATA.map((a) => a.appSlug)).toEqual(FROM_TS.map((a) => a.appSlug));
    for (let i = 0; i < FROM_TS.length; i++) expect(FROM_DATA[i]).toStrictEqual(JSON.parse(JSON.stringify(FROM_TS[i])));
    for (let i = 0; i < FROM_TS.length; i++) expect(FROM_DATA[i]).toEqual(FROM_TS[i]);
  });
});
