import { describe, expect, it } from 'vitest';
import { credentialRedactor, REDACTED } from './redact.js';
import { RedactorCache } from './redactor-cache.js';

const apiKeyApp = { authInfo: { apiType: 'apikey' as const } };

describe('credentialRedactor reuse', () => {
  it('builds one redactor for the same secrets and hands it to every later caller', () => {
    const credential = { api_key: 'k_live_reused_0001' };
    const first = credentialRedactor(apiKeyApp, credential);
    // Another object with the same values, as the credential resolver answers for each step.
    const again = credentialRedactor(apiKeyApp, { ...credential });
    expect(again).toBe(first);
    expect(again.text('key=k_live_reused_0001')).toBe(`key=${REDACTED}`);
  });

  it("hides a rotated credential's new secret at once, and no longer treats the old one as the current", () => {
    const before = credentialRedactor(apiKeyApp, { api_key: 'k_live_before_rotation' });
    expect(before.text('k_live_before_rotation')).toBe(REDACTED);
    const after = credentialRedactor(apiKeyApp, { api_key: 'k_live_after_rotation' });
    expect(after).not.toBe(before);
    expect(after.text('sent k_live_after_rotation')).toBe(`sent ${REDACTED}`);
    expect(after.text('k_live_before_rotation')).toBe('k_live_before_rotation');
  });

  it('builds anew when the app marks a field public or secret differently', () => {
    const values = { username: 'ada-lovelace', password: 'hunter22' };
    const publicName = credentialRedactor(
      { authInfo: { apiType: 'basic', basicFormFields: [{ key: 'username', public: true }, { key: 'password' }] } },
      values,
    );
    const allSecret = credentialRedactor({ authInfo: { apiType: 'basic' } }, values);
    expect(publicName.text('ada-lovelace')).toBe('ada-lovelace');
    expect(allSecret.text('ada-lovelace')).toBe(REDACTED);
  });
});

describe('RedactorCache', () => {
  it('keeps at most its capacity, dropping the least recently used', () => {
    const cache = new RedactorCache<{ material: string }>({ capacity: 2 });
    let built = 0;
    const get = (material: string) =>
      cache.get(material, () => {
        built += 1;
        return { material };
      });
    get('a');
    get('b');
    get('a');
    get('c');
    expect(built).toBe(3);
    expect(cache.size).toBe(2);
    get('a');
    expect(built).toBe(3);
    get('b');
    expect(built).toBe(4);
    cache.clear();
  });

  it('drops a redactor unused for the idle time, with or without other traffic', () => {
    let now = 0;
    const cache = new RedactorCache<object>({ idleMs: 1_000, now: () => now });
    const kept = cache.get('secret', () => ({}));
    now = 900;
    expect(cache.get('secret', () => ({}))).toBe(kept);
    now = 1_500;
    cache.get('other', () => ({}));
    now = 1_950;
    cache.sweep();
    expect(cache.size).toBe(1);
    now = 3_000;
    cache.sweep();
    expect(cache.size).toBe(0);
    expect(cache.get('secret', () => ({}))).not.toBe(kept);
    cache.clear();
  });
});
