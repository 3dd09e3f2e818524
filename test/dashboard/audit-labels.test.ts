/**
 * The audit page names every action the server records in words: a new action in
 * AUDIT_ACTIONS needs its label on the page.
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../server/src/kernel/contracts/audit.js';
import { AUDIT_ACTION_LABELS } from '../../web/src/dashboard/AuditPage.js';

describe('the audit page labels', () => {
  it('name every recorded action', () => {
    expect(AUDIT_ACTIONS.filter((action) => !AUDIT_ACTION_LABELS[action])).toEqual([]);
    expect(AUDIT_ACTION_LABELS['workflow.draft_discarded']).toBe('Discarded a draft');
  });
});
