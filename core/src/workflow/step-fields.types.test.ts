import type { FieldDef as ApiFieldDef, StepData as ApiStepData } from '@junction/api-spec';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { FieldDef } from '../apps/types.js';
import { STEP_DATA_FIELDS, STEP_DATA_KEYS, TRIGGER_ONLY_KEYS } from './step-fields.js';
import type { StepData } from './types.js';
import { createStepData } from './types.js';

// Checked by `tsc -b`: the table and the api-spec schema (openapi.yaml) cannot drift.
describe('step data declared once (editor-core 3 "Step data")', () => {
  it('has the keys, optional keys and value types of the api-spec StepData', () => {
    expectTypeOf<keyof StepData>().toEqualTypeOf<keyof ApiStepData>();
    expectTypeOf<StepData>().toMatchTypeOf<ApiStepData>();
    expectTypeOf<Omit<ApiStepData, 'fields'> & { fields: FieldDef[] }>().toMatchTypeOf<StepData>();
    expectTypeOf<FieldDef>().toMatchTypeOf<ApiFieldDef>();
  });

  it('gives every key its default, in the table order', () => {
    expect(Object.keys(createStepData())).toEqual(Object.keys(STEP_DATA_FIELDS));
    expect(createStepData()).toMatchObject({ name: '', credential: null, fields: [], testData: null, delay: 0 });
    expect(STEP_DATA_KEYS).toHaveLength(28);
    expect(TRIGGER_ONLY_KEYS).toContain('webhookKey');
    expect(TRIGGER_ONLY_KEYS).not.toContain('name');
  });
});
