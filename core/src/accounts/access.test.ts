import { describe, expect, it } from 'vitest';
import {
  decideSignUp,
  effectiveSignupPolicy,
  invitationState,
  isAtListedDomain,
  isSignupPolicy,
  parseSignupDomains,
} from './access.js';

describe('effectiveSignupPolicy', () => {
  it('takes the environment first, then the owner, then invitation only', () => {
    expect(effectiveSignupPolicy({ envPolicy: 'open', storedPolicy: 'invite', domains: [], hasOwner: true })).toEqual({
      policy: 'open',
      fixedByEnvironment: true,
    });
    expect(effectiveSignupPolicy({ storedPolicy: 'domains', domains: [], hasOwner: true })).toEqual({
      policy: 'domains',
      fixedByEnvironment: false,
    });
    expect(effectiveSignupPolicy({ domains: [], hasOwner: true })).toEqual({
      policy: 'invite',
      fixedByEnvironment: false,
    });
  });
});

describe('decideSignUp', () => {
  it('asks for the set-up page before an owner exists, unless the environment opens sign-up', () => {
    expect(decideSignUp('ada@a.com', { domains: [], hasOwner: false })).toEqual({
      allowed: false,
      reason: 'setup_required',
    });
    expect(decideSignUp('ada@a.com', { envPolicy: 'open', domains: [], hasOwner: false })).toEqual({ allowed: true });
  });

  it('refuses everyone under invitation only', () => {
    expect(decideSignUp('ada@a.com', { storedPolicy: 'invite', domains: ['a.com'], hasOwner: true })).toEqual({
      allowed: false,
      reason: 'closed',
    });
  });

  it('lets listed domains in under the domains policy', () => {
    const context = { storedPolicy: 'domains' as const, domains: ['a.com', 'b.org'], hasOwner: true };
    expect(decideSignUp(' Ada@A.COM ', context)).toEqual({ allowed: true });
    expect(decideSignUp('ada@sub.a.com', context)).toEqual({ allowed: false, reason: 'closed' });
    expect(decideSignUp('ada@evil-a.com', context)).toEqual({ allowed: false, reason: 'closed' });
  });
});

describe('domains', () => {
  it('matches a domain exactly, whatever its case', () => {
    expect(isAtListedDomain('x@B.org', ['b.org'])).toBe(true);
    expect(isAtListedDomain('x@b.org.evil.com', ['b.org'])).toBe(false);
    expect(isAtListedDomain('no-at-sign', ['b.org'])).toBe(false);
  });

  it('reads a list with commas or spaces, a leading @ and duplicates, and names a bad entry', () => {
    expect(parseSignupDomains('a.com, @B.org  a.com')).toEqual({ domains: ['a.com', 'b.org'] });
    expect(parseSignupDomains('')).toEqual({ domains: [] });
    expect(parseSignupDomains('a.com, nope')).toEqual({ error: "'nope' is not a domain (like example.com)." });
  });

  it('knows the policies', () => {
    expect(isSignupPolicy('domains')).toBe(true);
    expect(isSignupPolicy('closed')).toBe(false);
  });
});

describe('invitationState', () => {
  const expiresAt = '2026-01-08T00:00:00.000Z';
  it('is pending until it expires, and accepted or revoked for good', () => {
    expect(invitationState({ expiresAt }, '2026-01-07T00:00:00.000Z')).toBe('pending');
    expect(invitationState({ expiresAt }, expiresAt)).toBe('expired');
    expect(invitationState({ expiresAt, acceptedAt: '2026-01-02T00:00:00.000Z' }, '2026-01-09T00:00:00.000Z')).toBe(
      'accepted',
    );
    expect(invitationState({ expiresAt, revokedAt: '2026-01-02T00:00:00.000Z' }, '2026-01-03T00:00:00.000Z')).toBe(
      'revoked',
    );
  });
});
