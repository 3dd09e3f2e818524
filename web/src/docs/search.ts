/**
 * Full-text search over the user guide: every word of the query must appear in a page; pages
 * whose title matches come first; each hit carries a short excerpt around the first match.
 */
import type { GuidePage } from './guide.js';

/** One search hit. */
export interface GuideHit {
  slug: string;
  title: string;
  /** Plain text around the first occurrence of the query's first word. */
  excerpt: string;
}

const EXCERPT_RADIUS = 60;

/** Markdown reduced to the words a reader sees (no markup, images or link targets). */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function excerptAround(text: string, word: string): string {
  const at = text.toLowerCase().indexOf(word);
  if (at < 0) return text.slice(0, EXCERPT_RADIUS * 2);
  const start = Math.max(0, at - EXCERPT_RADIUS);
  const end = Math.min(text.length, at + word.length + EXCERPT_RADIUS);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/**
 * The pages that contain every word of `query` (case-insensitive), title matches first, then in
 * reading order. A query shorter than two characters finds nothing.
 *
 * @example searchGuide(guidePages(), 'filter number')
 */
export function searchGuide(pages: readonly GuidePage[], query: string): GuideHit[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.join('').length < 2) return [];
  const hits: (GuideHit & { inTitle: boolean; order: number })[] = [];
  pages.forEach((page, order) => {
    const text = plainText(page.markdown);
    const haystack = text.toLowerCase();
    if (!words.every((word) => haystack.includes(word))) return;
    const inTitle = words.some((word) => page.title.toLowerCase().includes(word));
    hits.push({ slug: page.slug, title: page.title, excerpt: excerptAround(text, words[0]), inTitle, order });
  });
  hits.sort((a, b) => Number(b.inTitle) - Number(a.inTitle) || a.order - b.order);
  return hits.map(({ slug, title, excerpt }) => ({ slug, title, excerpt }));
}
