import { describe, expect, it } from 'vitest';
import { prepareTestPayload, resolveFieldValue, resolveReferencesInText, textFormatOf } from './payload.js';

const hostile = 'x","injected":"yes';
const outputs = { trigger: { v: hostile, n: 7, list: [1, 'a'], obj: { k: 'q"' }, nul: 'a\u0000b', none: null } };

describe('resolveReferencesInText (JSON bodies)', () => {
  it('escapes a reference inside quotes as string content, so a value cannot add keys', () => {
    const text = resolveReferencesInText('{"v":"${trigger.v}"}', outputs, 'json') as string;
    expect(JSON.parse(text)).toEqual({ v: hostile });
    expect(JSON.parse(resolveReferencesInText('{"v":"a ${trigger.obj} b"}', outputs, 'json') as string)).toEqual({
      v: 'a {"k":"q\\""} b',
    });
    expect(JSON.parse(resolveReferencesInText('{"v":"${trigger.nul}"}', outputs, 'json') as string)).toEqual({
      v: 'a\u0000b',
    });
  });

  it('writes a reference outside quotes as a JSON value', () => {
    const text = resolveReferencesInText(
      '{"v":${trigger.v},"n":${trigger.n},"l":${trigger.list},"o":${trigger.obj},"z":${trigger.none},"m":${trigger.missing}}',
      outputs,
      'json',
    ) as string;
    expect(JSON.parse(text)).toEqual({ v: hostile, n: 7, l: [1, 'a'], o: { k: 'q"' }, z: null, m: null });
  });

  it('tracks escaped quotes inside strings', () => {
    const text = resolveReferencesInText('{"a":"say \\"${trigger.v}\\"","b":${trigger.n}}', outputs, 'json') as string;
    expect(JSON.parse(text)).toEqual({ a: `say "${hostile}"`, b: 7 });
  });

  it('keeps the type of a text that is exactly one reference', () => {
    expect(resolveReferencesInText('${trigger.list}', outputs, 'json')).toEqual([1, 'a']);
  });
});

describe('resolveReferencesInText (form-encoded and plain text)', () => {
  it('percent-encodes values in a form-encoded body', () => {
    const text = resolveReferencesInText('a=${trigger.v}&b=${trigger.obj}', outputs, 'form') as string;
    expect(Object.fromEntries(new URLSearchParams(text))).toEqual({ a: hostile, b: '{"k":"q\\""}' });
    expect(resolveReferencesInText('a=1&x=${trigger.missing}', outputs, 'form')).toBe('a=1&x=');
  });

  it('leaves text bodies as written', () => {
    expect(resolveReferencesInText('v=${trigger.v}', outputs, 'text')).toBe(`v=${hostile}`);
  });
});

describe('textFormatOf and resolveFieldValue', () => {
  it('treats the HTTP request body and JSON text in object or array fields as JSON', () => {
    expect(textFormatOf({ name: 'stringBody', schema: { type: 'string' } }, '{}')).toBe('json');
    expect(textFormatOf({ name: 'data', schema: { type: 'object' } }, ' {"a":1}')).toBe('json');
    expect(textFormatOf({ name: 'tags', schema: { type: 'array' } }, '["a"]')).toBe('json');
    // A comma-separated list is split, not parsed: its references stay text.
    expect(textFormatOf({ name: 'tags', schema: { type: 'array' } }, 'a, ${t.b}')).toBe('text');
    expect(textFormatOf({ name: 'note', schema: { type: 'string' } }, '{"a":1}')).toBe('text');
  });

  it('resolves a step field by its format, in the runner and in step tests alike', () => {
    const field = { name: 'stringBody', title: 'Body', value: '{"v":"${trigger.v}"}' };
    expect(JSON.parse(resolveFieldValue(field, outputs) as string)).toEqual({ v: hostile });
    expect(JSON.parse(prepareTestPayload([field], outputs).stringBody as string)).toEqual({ v: hostile });
    expect(resolveFieldValue({ name: 'note', value: 'Hi ${trigger.v}' }, outputs)).toBe(`Hi ${hostile}`);
  });
});
