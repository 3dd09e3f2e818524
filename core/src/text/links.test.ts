import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeHelpHref, plainText, textParts } from './links.js';

describe('textParts', () => {
  it('splits a help text into words and links', () => {
    expect(textParts('Create one in [Settings → API in the Demo CRM](/demo-crm?tab=api).')).toEqual([
      { text: 'Create one in ' },
      { text: 'Settings → API in the Demo CRM', href: '/demo-crm?tab=api' },
      { text: '.' },
    ]);
    expect(textParts('[Docs](https://example.com/a) and [more](/b)')).toEqual([
      { text: 'Docs', href: 'https://example.com/a' },
      { text: ' and ' },
      { text: 'more', href: '/b' },
    ]);
  });

  it('keeps a text without links as it is', () => {
    expect(textParts('Settings → API in the Demo CRM.')).toEqual([{ text: 'Settings → API in the Demo CRM.' }]);
    expect(textParts('')).toEqual([]);
    expect(textParts('a [b] c (d)')).toEqual([{ text: 'a [b] c (d)' }]);
  });

  it('never links an unsafe address: the brackets stay text', () => {
    for (const href of ['javascript:alert(1)', '//evil.example', 'data:text/html,x', 'ftp://x', '/a b']) {
      expect(textParts(`[click](${href})`)).toEqual([{ text: `[click](${href})` }]);
    }
    expect(textParts('[x](javascript:1) then [ok](/ok)')).toEqual([
      { text: '[x](javascript:1) then ' },
      { text: 'ok', href: '/ok' },
    ]);
  });

  it('reads back to the text when links are written out (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const written = textParts(text)
          .map((part) => (part.href === undefined ? part.text : `[${part.text}](${part.href})`))
          .join('');
        expect(written).toBe(text);
        for (const part of textParts(text)) if (part.href !== undefined) expect(isSafeHelpHref(part.href)).toBe(true);
      }),
    );
  });

  it('scans a long run of brackets in linear time', () => {
    const text = `${'['.repeat(100_000)}x`;
    expect(textParts(text)).toEqual([{ text }]);
  });
});

describe('plainText', () => {
  it('reads a link as its words', () => {
    expect(plainText('See [Settings → API](/demo-crm?tab=api).')).toBe('See Settings → API.');
  });
});
