import { describe, expect, it } from 'vitest';
import {
  canContinueSection,
  firstSection,
  isSectionDone,
  isSectionEnabled,
  nextSection,
  stepSections,
} from './step-sections.js';
import { recordTestResult } from './test-state.js';
import { createStepData, type StepData } from './types.js';

const crm = (patch: Partial<StepData> = {}): StepData =>
  createStepData({ type: 'crm', label: 'CRM', hasauth: true, ...patch });

describe('step panel sections (editor-core 2.8, 4.8, 5.2)', () => {
  it('shows Account only for an app that needs one, and opens where the step stands', () => {
    expect(stepSections(crm())).toEqual(['app', 'event', 'account', 'setup', 'test']);
    expect(stepSections(createStepData({ type: 'webhook' }))).toEqual(['app', 'event', 'setup', 'test']);
    expect(firstSection(createStepData())).toBe('app');
    expect(firstSection(crm())).toBe('event');
    expect(firstSection(crm({ action: 'create' }))).toBe('setup');
  });

  it('enables each section once the ones before it are chosen', () => {
    const placeholder = createStepData();
    expect(isSectionEnabled(placeholder, 'app')).toBe(true);
    expect(isSectionEnabled(placeholder, 'event')).toBe(false);
    expect(isSectionEnabled(crm(), 'account')).toBe(false);
    expect(isSectionEnabled(crm({ action: 'create' }), 'account')).toBe(true);
    expect(isSectionEnabled(crm({ action: 'create' }), 'setup')).toBe(false);
    expect(isSectionEnabled(crm({ action: 'create', credential: 'c1' }), 'setup')).toBe(true);
    expect(nextSection(crm({ action: 'create' }), 'event')).toBe('account');
    expect(nextSection(crm({ action: 'create' }), 'account')).toBeUndefined();
  });

  it('allows Continue only with a choice made, and not while a test runs', () => {
    expect(canContinueSection(createStepData(), 'app')).toBe(false);
    expect(canContinueSection(crm(), 'event')).toBe(false);
    expect(canContinueSection(crm({ action: 'create' }), 'account')).toBe(false);
    expect(canContinueSection(crm(), 'setup', true)).toBe(false);
    expect(canContinueSection(crm(), 'setup')).toBe(true);
  });

  it('marks the test done only with a current, good sample; set-up with every required field', () => {
    const step = crm({ action: 'create', credential: 'c1', fields: [{ name: 'email', required: true, value: '' }] });
    expect(isSectionDone(step, 'setup')).toBe(false);
    const filled = { ...step, fields: [{ name: 'email', required: true, value: 'a@b.c' }] };
    expect(isSectionDone(filled, 'setup')).toBe(true);
    const tested = { ...filled, ...recordTestResult(filled, { ok: true, output: { id: 1 }, testedAt: 1 }) };
    expect(isSectionDone(tested, 'test')).toBe(true);
    const failed = { ...filled, ...recordTestResult(filled, { ok: false, error: 'Not Found', testedAt: 2 }) };
    expect(isSectionDone(failed, 'test')).toBe(false);
    const stale = { ...tested, fields: [{ name: 'email', required: true, value: 'other@b.c' }] };
    expect(isSectionDone(stale, 'test')).toBe(false);
  });
});
