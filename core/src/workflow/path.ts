/**
 * Safe paths into sample data and `${stepId.path}` references (editor-core 2.7, 5.3).
 *
 * Nothing here is ever evaluated: a reference is parsed as text and looked up with own
 * properties only, so `${step.__proto__}` or `${step.constructor.name}` never reach the
 * prototype chain.
 */

/** Keys that never resolve, whatever the object holds (prototype-pollution guard). */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'prototype', 'constructor']);

/** One `${stepId.path}` reference found in a text. */
export interface Reference {
  /** The whole reference as written, e.g. '${abc.items[0].name}'. */
  raw: string;
  /** The referenced step id (the text before the first '.' or '['). */
  stepId: string;
  /** The path inside that step's output, e.g. 'items[0].name'; '' for the whole output. */
  path: string;
  /** Index of '$' in the text. */
  start: number;
  /** Index just past the closing '}'. */
  end: number;
}

/**
 * Splits a path such as `a.b[0].c` or `a.0.c` into its keys.
 *
 * Returns null when the path is malformed (an unclosed or empty bracket, an empty
 * segment such as `a..b`). The empty path gives an empty list.
 *
 * @example
 * parsePath('items[0].name'); // ['items', '0', 'name']
 */
export function parsePath(path: string): string[] | null {
  if (path === '') return [];
  const keys: string[] = [];
  for (const segment of path.split('.')) {
    // 'items[0][1]' -> 'items', '0', '1'; a segment may start with a bracket ('[0]').
    const open = segment.indexOf('[');
    const head = open === -1 ? segment : segment.slice(0, open);
    if (head === '' && open !== 0) return null;
    if (head !== '') keys.push(head);
    if (open === -1) continue;
    let rest = segment.slice(open);
    while (rest !== '') {
      const match = /^\[([^[\]]+)\]/.exec(rest);
      if (!match) return null;
      keys.push(match[1].trim());
      rest = rest.slice(match[0].length);
    }
  }
  return keys;
}

/** Whether `key` is an own, allowed property of `value` (arrays only by integer index). */
function hasOwnKey(value: unknown, key: string): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (FORBIDDEN_KEYS.has(key)) return false;
  if (Array.isArray(value)) {
    // 'length' and methods are own or inherited array members, not data.
    return /^(0|[1-9]\d*)$/.test(key) && Number(key) < value.length;
  }
  return Object.hasOwn(value, key);
}

/**
 * Looks up a path in `value` over own properties only and says whether it was found.
 *
 * `found` is false when any key is missing, forbidden (`__proto__`, `prototype`,
 * `constructor`) or the path is malformed; this tells "absent" from "present but undefined".
 */
export function lookupPath(value: unknown, path: string | readonly string[]): { found: boolean; value: unknown } {
  const keys = typeof path === 'string' ? parsePath(path) : path;
  if (keys === null) return { found: false, value: undefined };
  let current = value;
  for (const key of keys) {
    if (!hasOwnKey(current, key)) return { found: false, value: undefined };
    current = (current as Record<string, unknown>)[key];
  }
  return { found: true, value: current };
}

/**
 * Reads a value at a dotted path (`a.b`, `a[0].b`, `a.0.b`) over own properties only.
 *
 * Returns undefined when the path does not resolve. `__proto__`, `prototype` and
 * `constructor` never resolve; arrays resolve only by index.
 *
 * @example
 * resolvePath({ items: [{ name: 'Ada' }] }, 'items[0].name'); // 'Ada'
 * resolvePath({}, 'constructor'); // undefined
 */
export function resolvePath(value: unknown, path: string): unknown {
  return lookupPath(value, path).value;
}

/** Whether a path resolves in `value` (own properties only; see {@link lookupPath}). */
export function hasPath(value: unknown, path: string): boolean {
  return lookupPath(value, path).found;
}

/**
 * Finds every `${stepId.path}` reference in a text, in order.
 *
 * The step id is the text before the first '.' or '['; the rest is the path. Bodies are
 * trimmed; an empty body (`${}`) is not a reference. Nothing is evaluated.
 *
 * @example
 * parseReferences('Hi ${t1.user.name}!');
 * // [{ raw: '${t1.user.name}', stepId: 't1', path: 'user.name', start: 3, end: 18 }]
 */
export function parseReferences(text: string): Reference[] {
  const found: Reference[] = [];
  // A hand-written scan instead of a global regex: issues run it on every field of 1,000
  // steps. Same grammar as /\$\{([^{}]*)\}/g: a body holds no brace, so `${a.{b}}` is not a
  // reference, and each character is looked at a bounded number of times.
  let from = text.indexOf('${');
  while (from !== -1) {
    let end = from + 2;
    let code = text.charCodeAt(end);
    while (end < text.length && code !== 123 && code !== 125) {
      end += 1;
      code = text.charCodeAt(end);
    }
    if (end >= text.length) break;
    if (code === 123) {
      // '{' inside the body: no reference starts here; retry from the brace ('$' before it).
      from = text.indexOf('${', end - 1);
      continue;
    }
    const ref = toReference(text, from, end + 1);
    if (ref) found.push(ref);
    from = text.indexOf('${', end + 1);
  }
  return found;
}

function toReference(text: string, start: number, end: number): Reference | null {
  const body = text.slice(start + 2, end - 1).trim();
  if (body === '') return null;
  let cut = 0;
  while (cut < body.length && body[cut] !== '.' && body[cut] !== '[') cut += 1;
  if (cut === 0) return null;
  const stepId = body.slice(0, cut);
  const path = cut === body.length ? '' : body[cut] === '.' ? body.slice(cut + 1) : body.slice(cut);
  return { raw: text.slice(start, end), stepId, path, start, end };
}

/** The last named key of a reference path ('items[0].name' -> 'name'); '' for the whole output. */
export function lastPathKey(path: string): string {
  const keys = parsePath(path);
  if (keys === null) return path;
  // Skip trailing indices: '${s.items[0]}' is better named 'items' than '0'.
  for (let i = keys.length - 1; i >= 0; i -= 1) {
    if (!/^\d+$/.test(keys[i])) return keys[i];
  }
  return keys.length > 0 ? keys[keys.length - 1] : '';
}

/** How far {@link samplePaths} walks and how many leaves it lists at most. */
export const SAMPLE_PATH_LIMITS = { maxDepth: 8, maxPaths: 200 } as const;

// A key a `${step.path}` reference can name: no '.', brackets or braces, not a guarded key.
function isNameableKey(key: string): boolean {
  return key !== '' && !/[.[\]{}]/.test(key) && !FORBIDDEN_KEYS.has(key);
}

/**
 * Lists the leaves of a step's sample with the paths a `${stepId.path}` reference uses for
 * them (`items[0].name`), depth first, every array item, at most `maxPaths`, down to
 * `maxDepth` (a deeper value is listed whole). Keys no reference could name (holding '.',
 * brackets or braces, or `__proto__`-like) are left out, so every listed path resolves with
 * {@link lookupPath}. The one lister behind every picker (Insert Data, filter fields).
 *
 * @example samplePaths({ a: { b: 1 }, list: [{ c: 2 }] }) // [{ path: 'a.b', value: 1 }, { path: 'list[0].c', value: 2 }]
 */
export function samplePaths(
  sample: unknown,
  limits: { maxDepth?: number; maxPaths?: number } = {},
): { path: string; value: unknown }[] {
  const maxDepth = limits.maxDepth ?? SAMPLE_PATH_LIMITS.maxDepth;
  const maxPaths = limits.maxPaths ?? SAMPLE_PATH_LIMITS.maxPaths;
  const out: { path: string; value: unknown }[] = [];
  const visit = (value: unknown, path: string, depth: number): void => {
    if (out.length >= maxPaths) return;
    if (value === null || typeof value !== 'object' || depth >= maxDepth) {
      if (path !== '') out.push({ path, value });
      return;
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length && out.length < maxPaths; i += 1) visit(value[i], `${path}[${i}]`, depth + 1);
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      if (out.length >= maxPaths) return;
      if (isNameableKey(key)) visit(item, path === '' ? key : `${path}.${key}`, depth + 1);
    }
  };
  visit(sample, '', 0);
  return out;
}
