/** What dynamic dropdowns and trigger choices read from an app's answer: its items, the next page's link, the options (editor-core 7.1). */
import { firstArrayIn, lookupPath } from '@junction/core';
import type { RunnableApp } from '../integrations/registry.js';
import type { DropdownInput } from '../kernel/contracts/steps.js';

/** The items of a list answer: under `head` ('0' or '' for the answer itself or its first list). */
export function itemsUnder(body: unknown, head: string): unknown[] {
  if (head && head !== '0') {
    const found = lookupPath(body, head);
    if (found.found && Array.isArray(found.value)) return found.value;
  }
  if (Array.isArray(body)) return body;
  return firstArrayIn(body) ?? [];
}

/**
 * The next page's address from an answer's 'links' (editor-core 7.1: "The first 'links' href
 * is used for the next page"): a list of `{ href, rel }` (rel 'next' preferred, else the
 * first), or an object whose `next` is a URL or `{ href }`. Relative hrefs resolve against
 * the answering URL; an href on another origin is ignored, so the credential never travels.
 */
export function nextHref(body: unknown, from: string): string | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const links = (body as Record<string, unknown>).links;
  let href: unknown;
  if (Array.isArray(links)) {
    const withHref = links.filter(
      (l): l is { href: string; rel?: unknown } => typeof l === 'object' && l !== null && typeof l.href === 'string',
    );
    href = (withHref.find((l) => l.rel === 'next') ?? withHref[0])?.href;
  } else if (typeof links === 'object' && links !== null) {
    const next = (links as Record<string, unknown>).next;
    href =
      typeof next === 'string'
        ? next
        : typeof next === 'object' && next !== null
          ? (next as { href?: unknown }).href
          : undefined;
  }
  if (typeof href !== 'string' || href === '') return undefined;
  try {
    const url = new URL(href, from);
    return url.origin === new URL(from).origin ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** head, value key and label key of a dropdown: from `dynamic`, else the app field naming the action. */
export function dropdownSpec(app: RunnableApp, input: DropdownInput): { head: string; value: string; label: string } {
  const candidates = [input.dynamic, ...declaredDynamics(app)].filter((d): d is string => typeof d === 'string');
  for (const dynamic of candidates) {
    const parts = dynamic.split('.');
    if (parts.length >= 6 && parts[2] === input.action) {
      return { head: parts[3] ?? '', value: parts[4] || 'id', label: parts.slice(5).join('.') || parts[4] || 'id' };
    }
  }
  return { head: '', value: 'id', label: 'name' };
}

function declaredDynamics(app: RunnableApp): string[] {
  const fields = [
    ...Object.values(app.actions).flatMap((a) => a.fields ?? []),
    ...Object.values(app.triggers).flatMap((t) => t.fields ?? []),
  ];
  return fields.map((f) => f.schema?.dynamic).filter((d): d is string => typeof d === 'string');
}

export function toOptions(
  items: unknown[],
  spec: { value: string; label: string },
  search: string | undefined,
): { value: string; label: string }[] {
  const needle = (search ?? '').trim().toLowerCase();
  const options: { value: string; label: string }[] = [];
  for (const item of items) {
    const value = item !== null && typeof item === 'object' ? lookupPath(item, spec.value).value : item;
    if (value === undefined || value === null || value === '') continue;
    const label = item !== null && typeof item === 'object' ? lookupPath(item, spec.label).value : undefined;
    const option = {
      value: String(value),
      label: label === undefined || label === null ? String(value) : String(label),
    };
    // editor-core 5.4: search engages with more than 1 character, case-insensitive over all values.
    if (needle.length > 1 && !searchText(item, option).includes(needle)) continue;
    options.push(option);
  }
  return options;
}

function searchText(item: unknown, option: { value: string; label: string }): string {
  const values = item !== null && typeof item === 'object' ? Object.values(item) : [];
  return [option.label, option.value, ...values.filter((v) => v !== null && typeof v !== 'object').map(String)]
    .join('\u0000')
    .toLowerCase();
}
