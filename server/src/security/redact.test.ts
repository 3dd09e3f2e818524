import { describe, expect, it } from 'vitest';
import { createRedactor, credentialRedactor, REDACTED } from './redact.js';

describe('the credential redactor', () => {
  const secret = 'pa"ss\\w/rd+é 42';

  it('removes the raw, percent-encoded, form-encoded and JSON-escaped forms', () => {
    const redact = createRedactor([secret]);
    for (const form of [
      secret,
      encodeURIComponent(secret),
      encodeURIComponent(secret).toLowerCase(),
      new URLSearchParams({ v: secret }).toString().slice(2),
      JSON.stringify(secret).slice(1, -1),
    ]) {
      expect(redact.text(`before ${form} after`), form).toBe(`before ${REDACTED} after`);
    }
  });

  it('removes the base64 form alone and inside a longer encoded text, at every alignment', () => {
    const redact = createRedactor([secret]);
    for (const prefix of ['', 'x', 'xy', 'xyz']) {
      const encoded = Buffer.from(`${prefix}${secret}-tail`).toString('base64');
      expect(redact.text(encoded), prefix).toContain(REDACTED);
      const urlSafe = encoded.replace(/\+/g, '-').replace(/\//g, '_');
      expect(redact.text(urlSafe), prefix).toContain(REDACTED);
    }
    expect(redact.text(Buffer.from(secret).toString('base64'))).toBe(REDACTED);
  });

  it("removes Basic auth's user:pass even when the user name is public", () => {
    const app = {
      authInfo: {
        apiType: 'basic' as const,
        basicFormFields: [{ key: 'username', public: true }, { key: 'password' }],
      },
    };
    const redact = credentialRedactor(app, { username: 'ACabc', password: 'hunter22' });
    const basic = Buffer.from('ACabc:hunter22').toString('base64');
    expect(redact.value({ headers: { authorization: `Basic ${basic}` }, sid: 'ACabc' })).toEqual({
      headers: { authorization: `Basic ${REDACTED}` },
      sid: 'ACabc',
    });
  });

  it('treats every value the app does not mark public as secret, and redacts keys too', () => {
    const redact = credentialRedactor({ authInfo: { apiType: 'apikey' } }, { passphrase: 'open sesame', pin: '4711' });
    expect(redact.value({ 'open sesame': 'x', q: 'pin=4711' })).toEqual({ [REDACTED]: 'x', q: `pin=${REDACTED}` });
  });

  it('leaves values shorter than 4 characters and texts without secrets alone', () => {
    const redact = createRedactor(['abc']);
    expect(redact.isEmpty).toBe(true);
    expect(redact.text('abc')).toBe('abc');
  });
});
