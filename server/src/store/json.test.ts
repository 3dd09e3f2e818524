import { describe, expect, it } from 'vitest';
import { readJson, writeJson } from './json.js';

describe('JSON columns', () => {
  const odd = {
    nul: 'a\u0000b',
    lone: 'x\ud800y',
    tail: '\udc00',
    pair: '😀',
    percent: '100% \u0000',
    'key\u0000': [1, '\u0000', { 'deep\ud83d': 'ok' }],
    mark: '\ufdd0j1:not mine',
    plain: 'nothing odd %u0041',
  };

  it('stores NUL and lone surrogates as text PostgreSQL accepts, and reads them back exactly', () => {
    const text = writeJson(odd);
    expect(text).not.toMatch(/\\u0000|\\ud[89a-f][0-9a-f]{2}/i);
    expect(readJson(text)).toEqual(odd);
    // node-postgres hands jsonb back parsed.
    expect(readJson(JSON.parse(text))).toEqual(odd);
  });

  it('leaves ordinary values untouched (same text as JSON.stringify, same object on read)', () => {
    const plain = { a: 'b', n: 1, list: ['x', { y: null }], pair: '😀', percent: '%u0041%25' };
    expect(writeJson(plain)).toBe(JSON.stringify(plain));
    expect(readJson(writeJson(plain))).toEqual(plain);
    expect(readJson(plain)).toBe(plain);
  });

  it('keeps a __proto__ key a key', () => {
    const value = JSON.parse('{"__proto__":{"x":"\\u0000"}}');
    const back = readJson<Record<string, unknown>>(writeJson(value));
    expect(Object.hasOwn(back, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
