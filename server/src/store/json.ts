/**
 * JSON columns: `text` in SQLite, `jsonb` in PostgreSQL. Repositories write with
 * `writeJson` and read with `readJson`, so no caller sees the difference.
 */

/** A JSON column as it is read back: a string in SQLite, a parsed value in PostgreSQL. */
export type JsonColumn = unknown;

/**
 * Serialises a value for a JSON column.
 *
 * Always a string: node-postgres would turn a JS array into a PostgreSQL array literal,
 * and jsonb accepts JSON text anyway. Strings holding U+0000 or a lone surrogate are encoded
 * (see below) so PostgreSQL stores them; {@link readJson} decodes them.
 */
export function writeJson(value: unknown): string {
  const text = JSON.stringify(value);
  // Fast path: JSON.stringify writes NUL and lone surrogates as \u escapes; the marker as itself.
  if (text === undefined || !ODD_IN_JSON_TEXT.test(text)) return text;
  return JSON.stringify(encodeOdd(value));
}

/*
 * PostgreSQL's jsonb (and text) cannot hold U+0000 nor a lone surrogate, which webhook bodies
 * and API answers may carry; SQLite can. So that both keep them losslessly, a string (value or
 * key) holding one of them — or the marker itself — is stored as MARK + the string with `%`
 * written `%25` and each such code unit `%uXXXX`, and decoded on read. A stored string starts
 * with MARK only when it was encoded, so decoding is exact.
 */
const MARK = '\uFDD0j1:';
const ODD_IN_JSON_TEXT = /\\u0000|\\ud[89a-f][0-9a-f]{2}|\uFDD0/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is what is encoded.
const ODD_CHAR = /\u0000|\uFDD0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is what is encoded.
const ODD_CHARS = /%|\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const ENCODED = /%25|%u([0-9a-f]{4})/g;

function encodeString(text: string): string {
  if (!ODD_CHAR.test(text)) return text;
  return (
    MARK + text.replace(ODD_CHARS, (c) => (c === '%' ? '%25' : `%u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))
  );
}

function decodeString(text: string): string {
  if (!text.startsWith(MARK)) return text;
  return text
    .slice(MARK.length)
    .replace(ENCODED, (_whole, hex: string | undefined) => (hex ? String.fromCharCode(Number.parseInt(hex, 16)) : '%'));
}

function encodeOdd(value: unknown): unknown {
  if (typeof value === 'string') return encodeString(value);
  if (Array.isArray(value)) return value.map(encodeOdd);
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
    // fromEntries defines own properties, so a '__proto__' key stays a key.
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [encodeString(k), encodeOdd(v)]));
  }
  return value;
}

// Answers the same object when nothing in it was encoded (the usual case: no copy).
function decodeOdd(value: unknown): unknown {
  if (typeof value === 'string') return decodeString(value);
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((item, i) => {
      const decoded = decodeOdd(item);
      if (decoded === item) return;
      out ??= [...value];
      out[i] = decoded;
    });
    return out ?? value;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    let changed = false;
    const decoded = entries.map(([k, v]) => {
      const key = decodeString(k);
      const item = decodeOdd(v);
      if (key !== k || item !== v) changed = true;
      return [key, item] as const;
    });
    return changed ? Object.fromEntries(decoded) : value;
  }
  return value;
}

/**
 * Reads a JSON column back: SQLite gives the stored text, node-postgres gives jsonb
 * already parsed. Our JSON columns always hold objects or arrays, so a string is always raw text.
 */
export function readJson<T>(value: unknown): T {
  if (typeof value === 'string') {
    const parsed: unknown = JSON.parse(value);
    return (value.includes(MARK) ? decodeOdd(parsed) : parsed) as T;
  }
  return decodeOdd(value) as T;
}
