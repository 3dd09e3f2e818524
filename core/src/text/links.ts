/**
 * Links inside a short help text written as data (an app definition's field description):
 * `[words](address)` shows the words as a link. Only a web address (`http:`/`https:`) or a
 * path of Junction itself (`/…`, not `//…`) becomes a link; anything else stays text as written,
 * so a definition cannot make a `javascript:` link.
 */

/** A piece of a help text: plain words, or words that link to `href`. */
export type TextPart = { text: string; href?: undefined } | { text: string; href: string };

/** True for an address a help text may link to: http(s) or a path on Junction's own origin. */
export function isSafeHelpHref(href: string): boolean {
  if (/^https?:\/\/[^\s/]/i.test(href)) return !/\s/.test(href);
  return href.startsWith('/') && !href.startsWith('//') && !/[\s\\]/.test(href);
}

/**
 * Splits `text` into plain parts and link parts (`[words](address)`), in order. A bracket
 * that is not a complete, safe link stays in the text as it was written. One forward scan.
 *
 * @example
 * textParts('Create one in [Settings → API](/demo-crm?tab=api).');
 * // [{ text: 'Create one in ' }, { text: 'Settings → API', href: '/demo-crm?tab=api' }, { text: '.' }]
 */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = '';
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('[', at);
    if (open < 0) break;
    const close = text.indexOf('](', open + 1);
    const end = close < 0 ? -1 : text.indexOf(')', close + 2);
    // No '](…)' after this bracket: none after a later one either (the rest is text).
    if (end < 0) break;
    const words = text.slice(open + 1, close);
    const href = text.slice(close + 2, end);
    if (words === '' || words.includes('[') || !isSafeHelpHref(href)) {
      plain += text.slice(at, open + 1);
      at = open + 1;
      continue;
    }
    plain += text.slice(at, open);
    if (plain) parts.push({ text: plain });
    plain = '';
    parts.push({ text: words, href });
    at = end + 1;
  }
  plain += text.slice(at);
  if (plain) parts.push({ text: plain });
  return parts;
}

/**
 * The help text as it reads without links: each `[words](address)` is its words.
 *
 * @example plainText('See [Settings → API](/demo-crm?tab=api).') // 'See Settings → API.'
 */
export function plainText(text: string): string {
  return textParts(text)
    .map((part) => part.text)
    .join('');
}
