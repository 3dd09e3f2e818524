import { describe, expect, it } from 'vitest';
import { findIssues } from './issues.js';
import { recordSample, recordTestResult, sampleKey, testErrorMessage, testStateOf } from './test-state.js';
import { createStepData, type StepData, type WorkflowData } from './types.js';

const data = (patch: Partial<StepData> = {}): StepData =>
  createStepData({
    name: 'Call',
    type: 'http',
    action: 'customRequest',
    fields: [{ name: 'url', required: true, value: 'https://x.test/a' }],
    ...patch,
  });
const tested = (d: StepData) => ({ ...d, ...recordTestResult(d, { ok: true, output: { id: 1 }, testedAt: 5 }) });
const issuesOf = (d: StepData) => {
  const wf: WorkflowData = {
    id: 'w',
    name: 'W',
    active: false,
    steps: [{ id: 'a', kind: 'action', position: { x: 0, y: 0 }, data: d }],
    links: [],
  };
  return findIssues(wf).map((i) => i.text);
};

describe('testStateOf (editor-core 4.8, 5.1)', () => {
  it('is untested, then tested after a good test', () => {
    expect(testStateOf(data())).toEqual({ status: 'untested' });
    const d = tested(data());
    expect(d.actionTestTime).toBe(5);
    expect(testStateOf(d)).toEqual({ status: 'tested' });
    expect(issuesOf(d)).toEqual([]);
  });

  it("replaces the old sample with the failure: 'Test data error.'", () => {
    const good = tested(data());
    const failed = {
      ...good,
      ...recordTestResult(good, { ok: false, error: 'Request failed with status 500', testedAt: 9 }),
    };
    expect(failed.testData).toEqual({ error: 'Request failed with status 500' });
    expect(testStateOf(failed)).toEqual({ status: 'failed', error: 'Request failed with status 500' });
    expect(issuesOf(failed)).toEqual(['Test data error.']);
    const withOutput = recordTestResult(good, {
      ok: false,
      error: 'x',
      output: { status_code: 401, body: {} },
      testedAt: 9,
    });
    expect(withOutput.testData).toEqual({ status_code: 401, body: {} });
  });

  it('goes stale when the request, the event or the account changes, not on a rename', () => {
    const good = tested(data());
    const url = { ...good, fields: [{ name: 'url', required: true, value: 'https://x.test/b' }] };
    expect(testStateOf(url)).toEqual({ status: 'stale' });
    expect(issuesOf(url)).toEqual(['Test data is out of date: test this step again.']);
    expect(testStateOf({ ...good, action: 'other' }).status).toBe('stale');
    expect(testStateOf({ ...good, credential: 'c2' }).status).toBe('stale');
    expect(testStateOf({ ...good, name: 'Renamed', customName: true, delay: 30 }).status).toBe('tested');
    // Changing it back makes the sample current again.
    expect(testStateOf({ ...url, fields: good.fields }).status).toBe('tested');
  });

  it('counts a sample of unknown origin as current', () => {
    expect(testStateOf(data({ testData: { id: 1 }, sampleKey: '' })).status).toBe('tested');
  });

  it('records a chosen sample with its fingerprint', () => {
    const d = data();
    expect(recordSample(d, { id: 2 })).toEqual({ testData: { id: 2 }, sampleKey: sampleKey(d) });
  });

  it('reads the error message of a failed output', () => {
    expect(testErrorMessage({ error: 'Boom' })).toBe('Boom');
    expect(testErrorMessage({ error: { message: 'Nested' } })).toBe('Nested');
    expect(testErrorMessage({ status_code: 404 })).toBe('The request answered 404.');
    expect(testErrorMessage('x')).toBe('The test failed.');
  });
});
