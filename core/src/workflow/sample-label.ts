/**
 * How a trigger sample is named in the editor's sample list (editor-core 2.9 "Find new
 * records", 2.11): by its values, '1. Ada · 42', never its raw JSON. Name-like values come
 * first; identifiers (keys such as `id` or `contactId`, UUIDs, long hex or digit strings) and
 * timestamps ('2026-11-26T17:49:01Z') only when nothing else is there.
 */
import { cutChip } from './naming.js';
import { samplePaths } from './path.js';

/** At most this many values name a sample. */
export const SAMPLE_LABEL_VALUES = 3;

// Keys whose values read as a name, in order of preference.
const NAME_KEYS = ['name', 'fullname', 'title', 'firstname', 'lastname', 'email', 'subject', 'label'];
const ID_KEY = /(^|_)id$|[a-z]Id$|^uuid$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const ID_VALUE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$|^[0-9a-f]{16,}$|^\d{12,}$/i;

interface Leaf {
  key: string;
  text: string;
  isMinor: boolean;
  rank: number;
  order: number;
}

function leafKey(path: string): string {
  const last = path.split('.').pop() ?? path;
  return last.replace(/\[\d+\]/g, '');
}

/**
 * The words that name a sample: up to three of its values (nested ones too), name-like first,
 * joined by ' · ' and cut to 50 characters; '(empty)' when it holds no value.
 *
 * @example sampleText({ id: '5f0c…', name: 'Ada', amount: 42 }) // 'Ada · 42'
 */
export function sampleText(sample: unknown): string {
  if (sample === null || sample === undefined) return '(empty)';
  if (typeof sample !== 'object') return cutChip(String(sample)) || '(empty)';
  const leaves: Leaf[] = [];
  for (const [order, { path, value }] of samplePaths(sample, { maxPaths: 50 }).entries()) {
    if (value === null || value === undefined || typeof value === 'object') continue;
    const text = String(value).trim();
    if (text === '') continue;
    const key = leafKey(path);
    const rank = NAME_KEYS.indexOf(key.toLowerCase().replace(/[_-]/g, ''));
    const isMinor = ID_KEY.test(key) || (typeof value === 'string' && (ID_VALUE.test(text) || TIMESTAMP.test(text)));
    leaves.push({ key, text, isMinor, rank: rank < 0 ? NAME_KEYS.length : rank, order });
  }
  const readable = leaves.filter((leaf) => !leaf.isMinor);
  const chosen = (readable.length > 0 ? readable : leaves)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, SAMPLE_LABEL_VALUES);
  if (chosen.length === 0) return '(empty)';
  return cutChip(chosen.map((leaf) => leaf.text).join(' · '));
}

/**
 * The label of the sample at `index` in a list: its place from 1 and {@link sampleText}.
 *
 * @example sampleLabel({ name: 'Ada', amount: 42 }, 0) // '1. Ada · 42'
 */
export function sampleLabel(sample: unknown, index: number): string {
  return `${index + 1}. ${sampleText(sample)}`;
}
