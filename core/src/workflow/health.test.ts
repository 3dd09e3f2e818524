import { describe, expect, it } from 'vitest';
import { actionHealth, HEALTH_COLORS, stepHealth, triggerHealth } from './health.js';
import { createStepData, type Step, type StepData, type StepKind } from './types.js';

const step = (kind: StepKind, patch: Partial<StepData> = {}): Step => ({
  id: 's',
  kind,
  position: { x: 0, y: 0 },
  data: createStepData({ type: 'demo-crm', action: 'createContact', ...patch }),
});

describe('actionHealth', () => {
  it('is error when auth is needed and there is no credential, even with test data', () => {
    expect(actionHealth(step('action', { hasauth: true, testData: { ok: 1 } }))).toBe('error');
  });

  it('is warning without test data and ok otherwise', () => {
    expect(actionHealth(step('action', { hasauth: true, credential: 'c1' }))).toBe('warning');
    expect(actionHealth(step('action', { testData: {} }))).toBe('ok');
    expect(actionHealth(step('action', { hasauth: true, credential: 'c1', testData: [] }))).toBe('ok');
  });
});

describe('triggerHealth', () => {
  const good: Partial<StepData> = { triggerChoices: [{ id: 1 }], testData: { id: 1 } };

  it('is ok with an event, choices or a message, and test data', () => {
    expect(triggerHealth(step('trigger', good))).toBe('ok');
    expect(triggerHealth(step('trigger', { triggerMessage: 'Listening', testData: { id: 1 } }))).toBe('ok');
  });

  it('is error for each missing piece', () => {
    expect(triggerHealth(step('trigger', { ...good, hasauth: true }))).toBe('error');
    expect(triggerHealth(step('trigger', { ...good, action: '' }))).toBe('error');
    expect(triggerHealth(step('trigger', { ...good, triggerChoices: [], triggerMessage: '' }))).toBe('error');
    expect(triggerHealth(step('trigger', { ...good, testData: null }))).toBe('error');
  });
});

describe('stepHealth', () => {
  it('dispatches on kind and gives ok for filters and loop ends', () => {
    expect(stepHealth(step('action'))).toBe('warning');
    expect(stepHealth(step('trigger'))).toBe('error');
    expect(stepHealth(step('filter'))).toBe('ok');
    expect(stepHealth(step('loopEnd'))).toBe('ok');
  });

  it('maps health to the badge colours', () => {
    expect(HEALTH_COLORS).toEqual({ error: 'red', warning: 'orange', ok: 'green' });
  });
});
