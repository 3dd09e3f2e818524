/**
 * Turns a guide page's Markdown into HTML: links between pages become /docs addresses,
 * screenshots their built URLs, and raw HTML in the Markdown is shown as text, never run.
 */
import { Marked, type Token } from 'marked';
import { screenshotUrl } from './guide.js';

/** Where a link of a guide page leads: another page (`forms`) → `/docs/forms`; others unchanged. */
export function guideHref(href: string): string {
  if (/^[a-z][\w-]*$/.test(href)) return `/docs/${href}`;
  return href;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Renders one page; `imageUrl` maps a `screenshots/<name>.png` reference to its address. */
export function renderGuidePage(
  markdown: string,
  imageUrl: (reference: string) => string | undefined = screenshotUrl,
): string {
  const marked = new Marked({
    gfm: true,
    walkTokens(token: Token) {
      if (token.type === 'link') token.href = guideHref(token.href);
      if (token.type === 'image') token.href = imageUrl(token.href) ?? token.href;
    },
    renderer: {
      html({ text }) {
        return escapeHtml(text);
      },
    },
  });
  return marked.parse(markdown, { async: false });
}
