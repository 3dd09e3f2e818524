import { describe, expect, it } from 'vitest';
import {
  isErrorResult,
  jsonBytes,
  prepareTestPayload,
  resolveFieldsWithin,
  resolveFieldValue,
  resolveReferences,
  stringifyReferenceValue,
  truncateResults,
  truncationMessage,
} from './payload.js';

const outputs = {
  t1: { id: 7, name: 'Ada', tags: ['a', 'b'], profile: { city: 'Oslo' }, ok: true, none: null },
};

describe('resolveReferences', () => {
  it('keeps the type of a whole-string single reference', () => {
    expect(resolveReferences('${t1.id}', outputs)).toBe(7);
    expect(resolveReferences('${t1.tags}', outputs)).toEqual(['a', 'b']);
    expect(resolveReferences('${t1.ok}', outputs)).toBe(true);
    expect(resolveReferences('${t1}', outputs)).toEqual(outputs.t1);
  });

  it('stringifies embedded references', () => {
    expect(resolveReferences('User ${t1.name} (#${t1.id})', outputs)).toBe('User Ada (#7)');
    expect(resolveReferences('p=${t1.profile}', outputs)).toBe('p={"city":"Oslo"}');
    expect(resolveReferences('x${t1.none}y${t1.missing}z', outputs)).toBe('xyz');
  });

  it('gives undefined for an unresolved whole reference', () => {
    expect(resolveReferences('${t9.id}', outputs)).toBeUndefined();
    expect(resolveReferences('${t1.constructor}', outputs)).toBeUndefined();
    expect(resolveReferences('${__proto__.x}', outputs)).toBeUndefined();
  });

  it('walks arrays and objects and leaves other values alone', () => {
    expect(resolveReferences({ to: ['${t1.name}', 'x'], n: 3 }, outputs)).toEqual({ to: ['Ada', 'x'], n: 3 });
    expect(resolveReferences(5, outputs)).toBe(5);
    expect(resolveReferences(null, outputs)).toBeNull();
  });

  it('reads outputs from a Map as well', () => {
    expect(resolveReferences('${s.a}', new Map([['s', { a: 1 }]]))).toBe(1);
  });
});

describe('resolveFieldsWithin (a step input byte budget)', () => {
  const big = { t1: { big: 'x'.repeat(1024 * 1024), items: Array.from({ length: 100_000 }, (_, i) => ({ i })) } };
  const field = (name: string, value: unknown) => ({ name, value });

  it('answers the same values as resolveFieldValue when they fit', () => {
    const fields = [
      field('to', ['${t1.name}', 'x']),
      field('text', 'User ${t1.name} (#${t1.id})'),
      field('whole', '${t1}'),
      field('stringBody', '{"name":"${t1.name}","id":${t1.id}}'),
    ];
    expect(resolveFieldsWithin(fields, outputs, 10_000)).toEqual({
      ok: true,
      values: Object.fromEntries(fields.map((f) => [f.name, resolveFieldValue(f, outputs)])),
    });
  });

  it('refuses thirty copies of a 1 MiB value against a 4 MiB budget, as text and as a JSON body', () => {
    const repeated = '${t1.big}'.repeat(30);
    for (const f of [field('note', repeated), field('stringBody', `{"a":"${repeated}"}`)]) {
      expect(resolveFieldsWithin([f], big, 4 * 1024 * 1024)).toEqual({ ok: false, maxBytes: 4 * 1024 * 1024 });
    }
  });

  it('counts a whole reference to a large object, and across fields', () => {
    expect(resolveFieldsWithin([field('a', '${t1.items}')], big, 100_000).ok).toBe(false);
    const fields = Array.from({ length: 5 }, (_, i) => field(`f${i}`, '${t1.big}'));
    expect(resolveFieldsWithin(fields, big, 4 * 1024 * 1024).ok).toBe(false);
    expect(resolveFieldsWithin(fields, big, 6 * 1024 * 1024).ok).toBe(true);
  });
});

describe('jsonBytes', () => {
  it('is the UTF-8 length of the JSON text for plain values', () => {
    for (const value of [{ a: [1, 'é', null, true], b: { c: 'xyz' } }, 'plain', [], {}, 12.5]) {
      expect(jsonBytes(value)).toBe(new TextEncoder().encode(JSON.stringify(value)).length);
    }
  });

  it('stops counting past its cap', () => {
    const huge = Array.from({ length: 1000 }, () => 'x'.repeat(10_000));
    expect(jsonBytes(huge, 50_000)).toBeGreaterThan(50_000);
    expect(jsonBytes(huge, 50_000)).toBeLessThan(100_000);
  });
});

describe('stringifyReferenceValue', () => {
  it('renders each kind of value', () => {
    expect(stringifyReferenceValue(undefined)).toBe('');
    expect(stringifyReferenceValue(null)).toBe('');
    expect(stringifyReferenceValue(1.5)).toBe('1.5');
    expect(stringifyReferenceValue([1])).toBe('[1]');
  });
});

describe('prepareTestPayload', () => {
  it('drops empty values and hidden fields and resolves references', () => {
    const payload = prepareTestPayload(
      [
        { name: 'to', value: '${t1.name}' },
        { name: 'cc', value: '' },
        { name: 'bcc' },
        { name: 'nothing', value: null },
        { name: 'secret', value: 'x', hidden: true },
        { name: 'count', value: '${t1.id}' },
        { name: 'gone', value: '${t1.missing}' },
        { name: 'zero', value: 0 },
        { name: 'no', value: false },
      ],
      outputs,
    );
    expect(payload).toEqual({ to: 'Ada', count: 7, zero: 0, no: false });
  });

  it('removes empty object entries and drops objects left empty', () => {
    const payload = prepareTestPayload([
      { name: 'address', value: { city: 'Oslo', zip: '', extra: { a: null } } },
      { name: 'empty', value: { a: '', b: undefined } },
    ]);
    expect(payload).toEqual({ address: { city: 'Oslo' } });
  });

  it('cuts long array values to 250 characters plus ...', () => {
    const long = Array.from({ length: 100 }, (_, i) => `item-${i}`);
    const payload = prepareTestPayload(
      [
        { name: 'long', value: '${t1.list}' },
        { name: 'short', value: ['a', 'b'] },
      ],
      { t1: { list: long } },
    );
    const text = payload.long as string;
    expect(text).toBe(`${JSON.stringify(long).slice(0, 250)}...`);
    expect(text).toHaveLength(253);
    expect(payload.short).toEqual(['a', 'b']);
  });
});

describe('truncateResults', () => {
  it('cuts arrays over 50 and adds the message with the original length', () => {
    const result = { items: Array.from({ length: 60 }, (_, i) => i), meta: { page: 1 } };
    const out = truncateResults(result);
    expect(out.items).toHaveLength(50);
    expect(out.items[49]).toBe(49);
    expect((out as Record<string, unknown>).Message).toBe('Results were truncated to show only 50 of 60');
    expect(result.items).toHaveLength(60);
  });

  it('cuts nested arrays and reports the longest', () => {
    const out = truncateResults({ a: { b: Array(70).fill(0) }, c: Array(55).fill(1) }) as Record<string, unknown>;
    expect((out.a as { b: unknown[] }).b).toHaveLength(50);
    expect(out.c).toHaveLength(50);
    expect(out.Message).toBe(truncationMessage(70));
  });

  it('leaves short results alone and keeps a root array an array', () => {
    const small = { items: [1, 2, 3] };
    expect(truncateResults(small)).toEqual(small);
    const rows = truncateResults(Array(51).fill({ id: 1 }));
    expect(Array.isArray(rows)).toBe(true);
    expect(rows).toHaveLength(50);
    expect(truncateResults(Array(50).fill(0))).toHaveLength(50);
  });
});

describe('isErrorResult', () => {
  it('sees an error field or a status_code of 400 or more', () => {
    expect(isErrorResult({ error: 'boom' })).toBe(true);
    expect(isErrorResult({ error: { message: 'x' } })).toBe(true);
    expect(isErrorResult({ status_code: 400 })).toBe(true);
    expect(isErrorResult({ status_code: '503' })).toBe(true);
  });

  it('accepts successes, empty error fields and non-objects', () => {
    expect(isErrorResult({ status_code: 399 })).toBe(false);
    expect(isErrorResult({ error: null, data: 1 })).toBe(false);
    expect(isErrorResult({ error: false })).toBe(false);
    expect(isErrorResult({ status_code: 'abc' })).toBe(false);
    expect(isErrorResult([{ error: 'x' }])).toBe(false);
    expect(isErrorResult('error')).toBe(false);
    expect(isErrorResult(null)).toBe(false);
  });
});
