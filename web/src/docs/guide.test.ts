import { describe, expect, it } from 'vitest';
import { GUIDE_ORDER, guidePages, screenshotUrl } from './guide.js';
import { guideHref, renderGuidePage } from './render.js';
import { plainText, searchGuide } from './search.js';

describe('the user guide', () => {
  it('has every page of the reading order, each titled by its first heading', () => {
    const pages = guidePages();
    expect(pages.map((p) => p.slug)).toEqual([...GUIDE_ORDER]);
    expect(pages[0].title).toBe('Getting started');
    expect(pages.find((p) => p.slug === 'command-line')?.title).toBe('The command line');
  });

  it('refers only to screenshots the browser tests took, and to pages that exist', () => {
    for (const page of guidePages()) {
      for (const [, reference] of page.markdown.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)) {
        expect(screenshotUrl(reference), `${page.slug}: ${reference}`).toBeDefined();
      }
      for (const [, target] of page.markdown.matchAll(/[^!]\[[^\]]*\]\(([a-z][\w-]*)\)/g)) {
        expect(GUIDE_ORDER as readonly string[], `${page.slug} links to ${target}`).toContain(target);
      }
    }
  });

  it('renders links between pages as /docs addresses and screenshots as their built URLs', () => {
    const html = renderGuidePage('See [Forms](forms) and ![A form](screenshots/forms-review.png).', (ref) =>
      ref === 'screenshots/forms-review.png' ? '/assets/forms-review-abc.png' : undefined,
    );
    expect(html).toContain('<a href="/docs/forms">Forms</a>');
    expect(html).toContain('<img src="/assets/forms-review-abc.png" alt="A form">');
    expect(guideHref('https://example.com/x')).toBe('https://example.com/x');
  });

  it('shows raw HTML in a page as text, never as markup', () => {
    const html = renderGuidePage('<img src=x onerror="alert(1)">\n\nText');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('finds pages holding every word, title matches first, with an excerpt', () => {
    const pages = guidePages();
    const hits = searchGuide(pages, 'filter');
    expect(hits[0].title).toBe('Data pills and filters');
    expect(hits.length).toBeGreaterThan(1);
    expect(hits[0].excerpt.toLowerCase()).toContain('filter');
    expect(searchGuide(pages, 'webhook nonexistentword')).toEqual([]);
    expect(searchGuide(pages, 'a')).toEqual([]);
  });

  it('searches the words a reader sees, not link targets or image names', () => {
    expect(plainText('**Bold** [Forms](forms-page) ![x](screenshots/a.png) `code`')).toBe('Bold Forms code');
  });
});
