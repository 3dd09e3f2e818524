import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionLabel, auditDetailWords, isAuditAction } from './audit-actions.js';

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

describe('auditDetailWords', () => {
  it('words flags by their meaning and values by their key, never key: true', () => {
    expect(auditDetailWords({ role: 'editor', newAccount: true })).toEqual(['role: editor', 'as a new account']);
    expect(auditDetailWords({ everywhere: true, sessions: 3 })).toEqual(['on every device', '3 sessions']);
    expect(auditDetailWords({ method: 'link' })).toEqual(['with a sign-in link']);
    expect(auditDetailWords({ visibility: 'shared', app: 'slack' })).toEqual([
      'shared with the workspace',
      'app: slack',
    ]);
  });

  it('leaves out false flags and nested values, and spaces an unknown key', () => {
    expect(auditDetailWords({ newAccount: false, extra: { a: 1 }, someCount: 2, otherFlag: true })).toEqual([
      'some count: 2',
      'other flag',
    ]);
  });
});
