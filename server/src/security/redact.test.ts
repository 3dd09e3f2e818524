import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRedactor, credentialRedactor, REDACTED, secretForms } from './redact.js';

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

  it('hands back what it is given, the same object, when there is no secret at all', () => {
    const value = { token: 'abcdef', list: ['x'] };
    for (const redact of [createRedactor([]), credentialRedactor(undefined, undefined), createRedactor(['ab'])]) {
      expect(redact.isEmpty).toBe(true);
      expect(redact.value(value)).toBe(value);
      expect(redact.text('Bearer abcdef')).toBe('Bearer abcdef');
      expect(redact.spans('abcdef')).toEqual([]);
    }
  });
});

/**
 * The former redactor's regular expression, kept here only as the oracle: each secret
 * character raw or in one of its encodings, secrets longest first, then the base64 forms.
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const hexDigit = (digit: string) => (/[a-f]/i.test(digit) ? `[${digit.toLowerCase()}${digit.toUpperCase()}]` : digit);
function oldCharacterPattern(char: string): string {
  const ways = new Set<string>([escapeRegExp(char)]);
  const bytes = [...Buffer.from(char, 'utf8')];
  ways.add(bytes.map((b) => `%${[...b.toString(16).padStart(2, '0')].map(hexDigit).join('')}`).join(''));
  const json = JSON.stringify(char).slice(1, -1);
  if (json !== char) ways.add(escapeRegExp(json));
  if (char === '/') ways.add(escapeRegExp('\\/'));
  const units = Array.from({ length: char.length }, (_, i) => char.charCodeAt(i));
  ways.add(units.map((u) => `\\\\u${[...u.toString(16).padStart(4, '0')].map(hexDigit).join('')}`).join(''));
  if (char === ' ') ways.add('\\+');
  if (char === '+') ways.add(' ');
  return ways.size === 1 ? [...ways][0]! : `(?:${[...ways].join('|')})`;
}
function oldPattern(secrets: readonly string[]): RegExp | undefined {
  const texts = [...new Set(secrets.filter((s) => s.length >= 4))];
  const forms = new Set<string>();
  for (const secret of texts) for (const f of secretForms(secret)) forms.add(f);
  const ordered = [
    ...texts.sort((x, y) => y.length - x.length).map((s) => [...s].map(oldCharacterPattern).join('')),
    ...[...forms].sort((x, y) => y.length - x.length).map(escapeRegExp),
  ];
  return ordered.length === 0 ? undefined : new RegExp(ordered.join('|'), 'g');
}
/** The text positions the former redactor replaced. */
function oldCovered(secrets: readonly string[], text: string): number[] {
  const covered: number[] = [];
  const pattern = oldPattern(secrets);
  if (!pattern) return covered;
  for (const match of text.matchAll(pattern)) {
    for (let i = match.index; i < match.index + match[0].length; i += 1) covered.push(i);
  }
  return covered;
}
/** The text positions the redactor replaces. */
function newCovered(secrets: readonly string[], text: string): Set<number> {
  const covered = new Set<number>();
  for (const { start, end } of createRedactor([...secrets]).spans(text)) for (let i = start; i < end; i += 1) covered.add(i);
  return covered;
}

/** One way of spelling each character, as the former expression allowed it. */
function spellings(char: string): string[] {
  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
  const ways = [char];
  ways.push([...Buffer.from(char, 'utf8')].map((b) => `%${hex(b, 2)}`).join(''));
  ways.push([...Buffer.from(char, 'utf8')].map((b) => `%${hex(b, 2).toUpperCase()}`).join(''));
  const json = JSON.stringify(char).slice(1, -1);
  if (json !== char) ways.push(json);
  if (char === '/') ways.push('\\/');
  const units = Array.from({ length: char.length }, (_, i) => char.charCodeAt(i));
  ways.push(units.map((u) => `\\u${hex(u, 4)}`).join(''), units.map((u) => `\\u${hex(u, 4).toUpperCase()}`).join(''));
  if (char === ' ') ways.push('+');
  if (char === '+') ways.push(' ');
  return ways;
}

const ALPHABET = ['a', 'b', 'x', '2', 'F', '+', ' ', '/', '=', '%', '\\', '"', 'é', '😀'];
const secretArb = fc.array(fc.constantFrom(...ALPHABET), { minLength: 4, maxLength: 8 }).map((c) => c.join(''));

describe('the credential redactor against hostile secrets', () => {
  // Each case takes the former expression seconds per field (4.0 s, 3.4 s, and more than
  // 300 s as measured); an answer of ten such fields runs past the test's time limit.
  const tenFields = (text: string) => Array.from({ length: 10 }, (_, i) => ({ [`field${i}`]: text }));

  it('redacts one 1,000-character secret a…ab over 10,000 a at once, in ten fields', () => {
    const secret = `${'a'.repeat(999)}b`;
    const text = `${'a'.repeat(10_000)}${secret}!`;
    expect(createRedactor([secret]).value(tenFields(text))).toEqual(tenFields(`${'a'.repeat(10_000)}${REDACTED}!`));
  });

  it('redacts ten 100-character secrets over 10,000 characters at once, in ten fields', () => {
    const secrets = [...'bcdefghijk'].map((last) => `${'a'.repeat(99)}${last}`);
    const text = `${'a'.repeat(10_000)}${encodeURIComponent(secrets[3]!)}`;
    expect(createRedactor(secrets).value(tenFields(text))).toEqual(tenFields(`${'a'.repeat(10_000)}${REDACTED}`));
  });

  it('redacts ten 1,000-character secrets over 10,000 characters at once', () => {
    const secrets = [...'bcdefghijk'].map((last) => `${'a'.repeat(998)}/${last}`);
    const text = `${'a'.repeat(9_000)}${JSON.stringify(secrets[9]!).slice(1, -1).replace('/', '\\/')}`;
    expect(createRedactor(secrets).text(text)).toBe(`${'a'.repeat(9_000)}${REDACTED}`);
  });

  // The spellings an encoder gives: each character raw or in one of its encodings, but `%` and
  // `\` raw only when the whole occurrence is raw (every URL and JSON encoder escapes them).
  // The former expression also matched mixes no encoder writes (a raw `\` before an escaped
  // character, an occurrence starting inside another escape, as a raw `a\` right before
  // `\u0022`); the redactor does not. Occurrences here are apart by at least one `~`.
  const FILLER = ALPHABET.filter((char) => char !== '%' && char !== '\\');
  const fillerArb = fc.array(fc.constantFrom(...FILLER), { maxLength: 6 }).map((c) => c.join(''));
  const spelledArb = (secret: string) =>
    fc.oneof(
      fc.constant(secret),
      fc
        .tuple(
          ...[...secret].map((char) =>
            fc.constantFrom(...spellings(char).filter((way) => way !== '%' && way !== '\\')),
          ),
        )
        .map((ways) => ways.join('')),
    );

  it('redacts every place the former expression did, on random secrets and spellings', () => {
    const caseArb = fc
      .tuple(secretArb, secretArb)
      .chain(([secret, other]) =>
        fc.tuple(fc.constant([secret, other]), fillerArb, spelledArb(secret), fillerArb, spelledArb(other), fillerArb),
      );
    fc.assert(
      fc.property(caseArb, ([secrets, ...parts]) => {
        const text = parts.join('~');
        const covered = newCovered(secrets, text);
        expect(oldCovered(secrets, text).filter((i) => !covered.has(i))).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the former output where occurrences do not overlap', () => {
    // With `%` or `\\` in a secret the former expression could stop early (raw `\\` before
    // `u005c`); the redactor then replaces the whole escape.
    const plainArb = secretArb.filter((secret) => !/[%\\\\]/.test(secret));
    const caseArb = plainArb.chain((secret) =>
      fc.tuple(
        fc.constant(secret),
        fc.array(fc.tuple(fc.constantFrom('-', '.', '~'), spelledArb(secret)), { maxLength: 4 }),
      ),
    );
    fc.assert(
      fc.property(caseArb, ([secret, pieces]) => {
        const text = pieces.map(([gap, spelled]) => `${gap}${spelled}${gap}`).join('');
        const pattern = oldPattern([secret])!;
        expect(createRedactor([secret]).text(text)).toBe(text.replace(pattern, REDACTED));
      }),
      { numRuns: 1000 },
    );
  });
});
