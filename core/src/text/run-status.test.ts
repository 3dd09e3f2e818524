import { describe, expect, it } from 'vitest';
import { runDurationText, runStateSentence } from './run-status.js';

describe('runStateSentence', () => {
  it('says in words what an ended run has done', () => {
    expect(runStateSentence('succeeded')).toBe('This run has already succeeded.');
    expect(runStateSentence('failed')).toBe('This run has already failed.');
    expect(runStateSentence('cancelled')).toBe('This run was already cancelled.');
    expect(runStateSentence('not_run')).toBe('This run did not run: the workflow was OFF.');
  });

  it('never shows a raw status code, even one it does not know', () => {
    for (const status of ['queued', 'running', 'waiting', 'filtered', 'not_run', 'archived']) {
      const sentence = runStateSentence(status);
      expect(sentence).toMatch(/^This run [a-z :A-Z]+\.$/);
      expect(sentence).not.toContain('_');
    }
    expect(runStateSentence('archived')).toBe('This run has already ended.');
  });
});

describe('runDurationText', () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 10, 24, 18, 0, 0) + ms).toISOString();

  it('says how long an ended run took, in units a user reads', () => {
    expect(runDurationText(at(0), at(1200))).toBe('Finished in 1.2 s');
    expect(runDurationText(at(0), at(40))).toBe('Finished in under 0.1 s');
    expect(runDurationText(at(0), at(3000))).toBe('Finished in 3 s');
    expect(runDurationText(at(0), at(42_400))).toBe('Finished in 42 s');
    expect(runDurationText(at(0), at(125_000))).toBe('Finished in 2 min 5 s');
    expect(runDurationText(at(0), at(180_000))).toBe('Finished in 3 min');
    expect(runDurationText(at(0), at(3_780_000))).toBe('Finished in 1 h 3 min');
  });

  it('says nothing for a run that has not finished or a time that is not a date', () => {
    expect(runDurationText(at(0), null)).toBe('');
    expect(runDurationText(at(0), undefined)).toBe('');
    expect(runDurationText('soon', at(0))).toBe('');
    expect(runDurationText(at(5000), at(0))).toBe('');
  });
});
