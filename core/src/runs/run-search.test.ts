import { describe, expect, it } from 'vitest';
import { bulkProgressText, NO_RUN_FILTERS, runSearchQuery } from './run-search.js';

describe('runSearchQuery', () => {
  it('leaves out every empty filter', () => {
    expect(runSearchQuery(NO_RUN_FILTERS)).toEqual({});
  });

  it('reads days as UTC, the end day included, and trims the text', () => {
    expect(
      runSearchQuery({ status: 'failed', from: '2026-11-01', to: '2026-11-30', workflowId: 'wf-1', text: '  ada ' }),
    ).toEqual({
      status: 'failed',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
      workflowId: 'wf-1',
      text: 'ada',
    });
  });

  it('keeps the text within the 200 characters the API takes', () => {
    expect(runSearchQuery({ ...NO_RUN_FILTERS, text: 'x'.repeat(300) }).text).toHaveLength(200);
  });
});

describe('bulkProgressText', () => {
  it('says how far a re-run is', () => {
    expect(bulkProgressText({ action: 'rerun', status: 'running', total: 10, done: 4, succeeded: 3, failed: 1 })).toBe(
      'Re-running 10 runs: 4 done (3 started again, 1 could not be).',
    );
  });

  it('says when a cancel finished, and when nothing matched', () => {
    expect(bulkProgressText({ action: 'cancel', status: 'finished', total: 2, done: 2, succeeded: 1, failed: 1 })).toBe(
      'Cancel finished for 2 runs (1 cancelled, 1 could not be).',
    );
    expect(bulkProgressText({ action: 'cancel', status: 'finished', total: 0, done: 0, succeeded: 0, failed: 0 })).toBe(
      'No run matched: nothing was done.',
    );
  });
});
