import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionLabel, isAuditAction } from './audit-actions.js';

describe('audit actions', () => {
  it('give every recorded action its words', () => {
    expect(AUDIT_ACTIONS).toContain('workflow.draft_discarded');
    for (const action of AUDIT_ACTIONS) expect(auditActionLabel(action)).not.toBe('Other event');
    expect(auditActionLabel('workflow.draft_discarded')).toBe('Discarded a draft');
  });

  it('show an unknown action as words, never its key', () => {
    expect(auditActionLabel('something.new')).toBe('Other event');
    expect(isAuditAction('something.new')).toBe(false);
    expect(isAuditAction('toString')).toBe(false);
    expect(isAuditAction('auth.signed_in')).toBe(true);
  });
});
