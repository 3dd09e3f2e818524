/**
 * A step's test state (editor-core 4.8, 5.1; onboarding 4): untested, tested, failed (with the
 * error) or stale (an edit changed the request, the event or the account since the sample was
 * taken). findIssues reports it, the health badge shows it, and the activation rule refuses
 * anything but 'tested', all through {@link testStateOf}: they can never disagree.
 */
import { isErrorResult } from './payload.js';
import type { StepData } from './types.js';

/** What a step's sample is worth now. */
export type TestState =
  | { status: 'untested' }
  | { status: 'tested' }
  | { status: 'failed'; error: string }
  | { status: 'stale' };

// FNV-1a, 32 bits: a short, stable fingerprint (not a security measure).
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

// JSON with object keys sorted, so an equal value always gives the same text.
function stableJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/**
 * The fingerprint of what a test of the step sends: its app, event, account and every field
 * value. Names, positions, labels and delays are not part of it (renaming never makes a
 * sample stale).
 */
export function sampleKey(data: Pick<StepData, 'type' | 'action' | 'credential' | 'fields'>): string {
  const values = (data.fields ?? []).map((f) => [f.name, f.value ?? null]);
  return `v1:${fnv1a(stableJson([data.type, data.action, data.credential ?? null, values]))}`;
}

/** The message of a failed test's output: its `error`, `message` or status; a generic text otherwise. */
export function testErrorMessage(output: unknown): string {
  if (output !== null && typeof output === 'object' && !Array.isArray(output)) {
    const record = output as Record<string, unknown>;
    for (const key of ['error', 'message'] as const) {
      const value = record[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
      if (value !== null && typeof value === 'object') {
        const inner = (value as Record<string, unknown>).message;
        if (typeof inner === 'string' && inner.trim() !== '') return inner;
      }
    }
    const status = record.status_code ?? record.status;
    if (typeof status === 'number') return `The request answered ${status}.`;
  }
  return 'The test failed.';
}

/**
 * The test state of a step: 'untested' without a sample, 'failed' when the sample is an error
 * result (see `isErrorResult`), 'stale' when the step changed since the sample was recorded
 * (its `sampleKey` no longer matches; a sample of unknown origin counts as current),
 * 'tested' otherwise.
 */
export function testStateOf(data: StepData): TestState {
  if (data.testData === null || data.testData === undefined) return { status: 'untested' };
  if (isErrorResult(data.testData)) return { status: 'failed', error: testErrorMessage(data.testData) };
  if (data.sampleKey && data.sampleKey !== sampleKey(data)) return { status: 'stale' };
  return { status: 'tested' };
}

/** A finished step test, as the editor receives it from the server. */
export type TestOutcome =
  | { ok: true; output: unknown; testedAt: number }
  | { ok: false; error: string; output?: unknown; testedAt: number };

/**
 * The step data a finished test writes (editor-core 4.8): the output as the sample, the test
 * time, and the fingerprint of what was tested. A failed test replaces the old sample with its
 * error, so the step reads 'Test data error.' and cannot be switched ON until tested again.
 *
 * @example wf.updateStep(id, recordTestResult(step.data, { ok: false, error: 'Not Found', testedAt: now }))
 */
export function recordTestResult(data: StepData, outcome: TestOutcome): Partial<StepData> {
  const key = sampleKey(data);
  if (outcome.ok) {
    const output = outcome.output ?? {};
    return { testData: output, actionTestTime: outcome.testedAt, sampleKey: key };
  }
  const output = isErrorResult(outcome.output) ? outcome.output : { error: outcome.error || 'The test failed.' };
  return { testData: output, actionTestTime: outcome.testedAt, sampleKey: key };
}

/**
 * Records a sample taken another way (a trigger's chosen item, a pasted JSON sample): the
 * sample and the fingerprint of the step it belongs to.
 */
export function recordSample(data: StepData, sample: unknown): Partial<StepData> {
  return { testData: sample, sampleKey: sampleKey(data) };
}
