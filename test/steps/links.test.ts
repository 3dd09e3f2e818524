/**
 * The 'links' pagination rule (editor-core 7.1: "The first 'links' href is used for the next
 * page"): the shapes APIs use, relative hrefs, and hrefs on another origin ignored so a
 * credential never travels to a host the app did not call.
 */
import { describe, expect, it } from 'vitest';
import { nextHref } from '../../server/src/services/dropdown-options.js';

const FROM = 'https://api.example.com/v1/items?page=1';

describe('nextHref', () => {
  it('takes the first href of a list, preferring rel next', () => {
    expect(nextHref({ links: [{ href: '/v1/items?page=2' }, { href: '/v1/other' }] }, FROM)).toBe(
      'https://api.example.com/v1/items?page=2',
    );
    expect(
      nextHref(
        {
          links: [
            { rel: 'self', href: '/v1/items?page=1' },
            { rel: 'next', href: '?page=2' },
          ],
        },
        FROM,
      ),
    ).toBe('https://api.example.com/v1/items?page=2');
  });

  it('reads links.next as text or as { href }', () => {
    expect(nextHref({ links: { next: 'https://api.example.com/v1/items?page=3' } }, FROM)).toBe(
      'https://api.example.com/v1/items?page=3',
    );
    expect(nextHref({ links: { next: { href: '/v1/items?page=4' } } }, FROM)).toBe(
      'https://api.example.com/v1/items?page=4',
    );
  });

  it('answers nothing on the last page, for other shapes, and for another origin', () => {
    expect(nextHref({ links: [] }, FROM)).toBeUndefined();
    expect(nextHref({ items: [] }, FROM)).toBeUndefined();
    expect(nextHref([{ links: [{ href: '/x' }] }], FROM)).toBeUndefined();
    expect(nextHref({ links: [{ href: 'https://evil.example/steal' }] }, FROM)).toBeUndefined();
    expect(nextHref({ links: [{ href: '//evil.example/steal' }] }, FROM)).toBeUndefined();
    expect(nextHref({ links: [{ href: 'http://api.example.com/v1/items?page=2' }] }, FROM)).toBeUndefined();
  });
});
