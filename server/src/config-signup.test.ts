import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { ConfigError } from './env.js';

describe('SIGNUP_POLICY and SIGNUP_DOMAINS', () => {
  it('are absent by default: set-up page first, then the owner chooses', () => {
    const config = loadConfig({});
    expect(config.signupPolicy).toBeUndefined();
    expect(config.signupDomains).toEqual([]);
  });

  it('read a policy and a domain list', () => {
    const config = loadConfig({ SIGNUP_POLICY: 'domains', SIGNUP_DOMAINS: 'a.com, @B.org' });
    expect(config.signupPolicy).toBe('domains');
    expect(config.signupDomains).toEqual(['a.com', 'b.org']);
  });

  it('refuse an unknown policy, a bad domain, and domains without a list, naming the variable', () => {
    expect(() => loadConfig({ SIGNUP_POLICY: 'closed' })).toThrow(/SIGNUP_POLICY/);
    expect(() => loadConfig({ SIGNUP_DOMAINS: 'a.com, nope' })).toThrow(ConfigError);
    expect(() => loadConfig({ SIGNUP_DOMAINS: 'a.com, nope' })).toThrow(/SIGNUP_DOMAINS: 'nope' is not a domain/);
    expect(() => loadConfig({ SIGNUP_POLICY: 'domains' })).toThrow(/SIGNUP_POLICY=domains needs SIGNUP_DOMAINS/);
  });
});
