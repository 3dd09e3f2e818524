import { describe, expect, it } from 'vitest';
import { runStateSentence } from './run-status.js';

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
