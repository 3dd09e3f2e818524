import { describe, expect, it } from 'vitest';
import { lineAndColumn, locateJsonError } from './json-location.js';

/** Locates the error JSON.parse reports for `text`. */
function locate(text: string) {
  try {
    JSON.parse(text);
  } catch (err) {
    return locateJsonError(text, (err as Error).message);
  }
  throw new Error('the text parsed');
}

describe('locateJsonError', () => {
  it('finds errors Node reports without a position', () => {
    expect(locate('{\n  "a": }')).toEqual({ line: 2, column: 8, offset: 9, reason: 'a value was expected, found "}"' });
    expect(locate('[1, 2,]')).toMatchObject({ line: 1, column: 7, reason: 'a value was expected, found "]"' });
    expect(locate("{'a': 1}")).toMatchObject({ line: 1, column: 2 });
  });

  it('names the end of the file, trailing text and comments', () => {
    expect(locate('{"a": [1, 2')).toMatchObject({
      line: 1,
      column: 12,
      reason: "']' was expected (the file ends here)",
    });
    expect(locate('')).toMatchObject({ line: 1, column: 1 });
    expect(locate('{"a": 1}\n{"b": 2}')).toMatchObject({
      line: 2,
      column: 1,
      reason: 'unexpected text after the end of the document, found "{"',
    });
    expect(locate('{\n  // note\n  "a": 1\n}')).toMatchObject({
      line: 2,
      column: 3,
      reason: 'comments are not allowed in JSON',
    });
  });

  it('counts a CRLF as one line break and columns in characters', () => {
    expect(lineAndColumn('ab\r\ncd', 5)).toEqual({ line: 2, column: 2 });
    expect(locate('{\r\n  "é": "ü",\r\n  "b" 2\r\n}')).toMatchObject({
      line: 3,
      column: 7,
      reason: '\':\' was expected, found "2"',
    });
  });
});
