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

  it('removes every spelling of a secret with + / = and a space that URLs, forms and JSON give back', () => {
    const plus = 'k+y/v=a l+9é';
    const redact = createRedactor([plus]);
    const forms = [
      plus,
      encodeURIComponent(plus),
      encodeURI(plus),
      // encodeURIComponent-like, with + left as is and / and = percent-encoded.
      encodeURIComponent(plus).replace(/%2B/g, '+'),
      encodeURIComponent(plus).replace(/%2B/g, '+').toLowerCase(),
      new URLSearchParams({ v: plus }).toString().slice(2),
      // + read back as a space (a form decoder given a raw +).
      plus.replace(/\+/g, ' '),
      encodeURIComponent(plus).replace(/%2B/g, '+').replace(/%20/g, '+'),
      JSON.stringify(plus).slice(1, -1),
      JSON.stringify(plus).slice(1, -1).replace(/\//g, '\\/'),
      [...plus].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
      Buffer.from(plus).toString('base64'),
      Buffer.from(plus).toString('base64url'),
    ];
    for (const form of forms) {
      expect(redact.text(`before ${form} after`), form).toBe(`before ${REDACTED} after`);
      expect(redact.value({ q: `x=${form}&y=1` }), form).toEqual({ q: `x=${REDACTED}&y=1` });
    }
    expect(redact.text('k-y/v=a l-9é is not it')).toBe('k-y/v=a l-9é is not it');
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
