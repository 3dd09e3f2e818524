import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPath, lastPathKey, lookupPath, parsePath, parseReferences, resolvePath, samplePaths } from './path.js';

describe('parsePath', () => {
  it('splits dots and bracket indices', () => {
    expect(parsePath('items[0].name')).toEqual(['items', '0', 'name']);
    expect(parsePath('a.0.b')).toEqual(['a', '0', 'b']);
    expect(parsePath('[1][2].x')).toEqual(['1', '2', 'x']);
    expect(parsePath('')).toEqual([]);
  });

  it('rejects malformed paths', () => {
    expect(parsePath('a..b')).toBeNull();
    expect(parsePath('a[0')).toBeNull();
    expect(parsePath('a[]')).toBeNull();
    expect(parsePath('a[0]x')).toBeNull();
  });
});

describe('resolvePath', () => {
  const sample = { user: { name: 'Ada', tags: ['x', 'y'] }, items: [{ id: 1 }, { id: 2 }], 'first name': 'A' };

  it('resolves dotted paths, bracket and dotted indices', () => {
    expect(resolvePath(sample, 'user.name')).toBe('Ada');
    expect(resolvePath(sample, 'items[1].id')).toBe(2);
    expect(resolvePath(sample, 'items.0.id')).toBe(1);
    expect(resolvePath(sample, 'user.tags[1]')).toBe('y');
    expect(resolvePath(sample, 'first name')).toBe('A');
    expect(resolvePath(sample, '')).toBe(sample);
  });

  it('gives undefined for missing keys and out-of-range indices', () => {
    expect(resolvePath(sample, 'user.email')).toBeUndefined();
    expect(resolvePath(sample, 'items[5].id')).toBeUndefined();
    expect(resolvePath(sample, 'user.name.first')).toBeUndefined();
    expect(resolvePath(null, 'a')).toBeUndefined();
  });

  it('never resolves __proto__, prototype, constructor or inherited members', () => {
    expect(resolvePath({}, '__proto__')).toBeUndefined();
    expect(resolvePath({}, 'constructor')).toBeUndefined();
    expect(resolvePath({}, 'constructor.name')).toBeUndefined();
    expect(resolvePath({}, 'toString')).toBeUndefined();
    expect(resolvePath({ f: () => 1 }, 'f.prototype')).toBeUndefined();
    expect(resolvePath(['a'], 'length')).toBeUndefined();
    expect(resolvePath(['a'], 'map')).toBeUndefined();
    // An own key literally named 'constructor' is refused as well.
    expect(resolvePath(JSON.parse('{"constructor": 1, "__proto__": 2}'), 'constructor')).toBeUndefined();
    expect(resolvePath(JSON.parse('{"__proto__": {"x": 1}}'), '__proto__.x')).toBeUndefined();
  });
});

describe('lookupPath and hasPath', () => {
  it('tells a present undefined or null from an absent key', () => {
    expect(lookupPath({ a: null }, 'a')).toEqual({ found: true, value: null });
    expect(lookupPath({ a: undefined }, 'a')).toEqual({ found: true, value: undefined });
    expect(lookupPath({}, 'a')).toEqual({ found: false, value: undefined });
    expect(hasPath({ a: [0] }, 'a[0]')).toBe(true);
    expect(hasPath({ a: [0] }, 'a[1]')).toBe(false);
    expect(hasPath({ a: 1 }, 'a..b')).toBe(false);
  });
});

describe('parseReferences', () => {
  it('finds each ${stepId.path} with its position', () => {
    const text = 'Hi ${t1.user.name}, order ${a2.items[0].id}';
    expect(parseReferences(text)).toEqual([
      { raw: '${t1.user.name}', stepId: 't1', path: 'user.name', start: 3, end: 18 },
      { raw: '${a2.items[0].id}', stepId: 'a2', path: 'items[0].id', start: 26, end: 43 },
    ]);
  });

  it('reads a bare step id, an index right after the id, and trims the body', () => {
    expect(parseReferences('${t1}')[0]).toMatchObject({ stepId: 't1', path: '' });
    expect(parseReferences('${t1[0].id}')[0]).toMatchObject({ stepId: 't1', path: '[0].id' });
    expect(parseReferences('${ t1.a }')[0]).toMatchObject({ stepId: 't1', path: 'a', raw: '${ t1.a }' });
  });

  it('ignores texts without references, empty bodies and nested braces', () => {
    expect(parseReferences('plain $ {x} {y}')).toEqual([]);
    expect(parseReferences('${}')).toEqual([]);
    expect(parseReferences('${.a}')).toEqual([]);
    expect(parseReferences('${a.{b}}')).toEqual([]);
  });

  it('agrees with the reference grammar /${([^{}]*)}/g on any text', () => {
    const pattern = /\$\{([^{}]*)\}/g;
    const piece = fc.constantFrom('$', '{', '}', '.', '[', ']', '0', 'a', 'b', ' ', '${', '${a.b}');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const expected = [...text.matchAll(pattern)]
          .filter((m) => /^[^.[]/.test(m[1].trim()))
          .map((m) => ({ raw: m[0], start: m.index }));
        expect(parseReferences(text).map((r) => ({ raw: r.raw, start: r.start }))).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  // A scan that went back over the text for every '${' would not finish within the test's limit.
  it('finds no reference in a long brace-heavy text', () => {
    const text = '${'.repeat(50_000) + '}';
    expect(parseReferences(text)).toHaveLength(0);
  });

  it('treats code-looking bodies as plain names, never evaluating them', () => {
    const [ref] = parseReferences('${process.exit(1)}');
    expect(ref).toMatchObject({ stepId: 'process', path: 'exit(1)' });
  });
});

describe('lastPathKey', () => {
  it('returns the last named key, skipping trailing indices', () => {
    expect(lastPathKey('contact.email')).toBe('email');
    expect(lastPathKey('items[0]')).toBe('items');
    expect(lastPathKey('items[0].name')).toBe('name');
    expect(lastPathKey('')).toBe('');
  });
});

describe('samplePaths (the one lister of every picker)', () => {
  it('lists every leaf with the path a reference uses, every array item, depth first', () => {
    expect(samplePaths({ a: { b: 1 }, list: [{ c: 2 }, { c: 3 }], empty: null })).toEqual([
      { path: 'a.b', value: 1 },
      { path: 'list[0].c', value: 2 },
      { path: 'list[1].c', value: 3 },
      { path: 'empty', value: null },
    ]);
  });

  it('leaves out keys no reference could name, so every path resolves', () => {
    const sample = JSON.parse('{"a.b": 1, "x[0]": 2, "__proto__": {"p": 1}, "ok key": {"v": true}}');
    const paths = samplePaths(sample);
    expect(paths).toEqual([{ path: 'ok key.v', value: true }]);
    for (const { path, value } of paths) expect(lookupPath(sample, path)).toEqual({ found: true, value });
  });

  it('stops at the depth and count limits', () => {
    expect(samplePaths({ a: { b: { c: 1 } } }, { maxDepth: 2 })).toEqual([{ path: 'a.b', value: { c: 1 } }]);
    expect(samplePaths(Array.from({ length: 500 }, (_, i) => i))).toHaveLength(200);
  });
});
