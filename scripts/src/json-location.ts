/**
 * Where a JSON text stops being JSON, as a line and column a person can jump to. Node's
 * `JSON.parse` names a position only for some errors ("Unexpected token '}', ... is not valid
 * JSON" has none), so the text is scanned again with jsonc-parser (comments and trailing
 * commas disallowed: plain JSON) for its first error. Called only after `JSON.parse` failed.
 */
import { type ParseError, type ParseErrorCode, parse, printParseErrorCode } from 'jsonc-parser';

/** A JSON syntax error's place (1-based line and column, in characters) and a short reason. */
export interface JsonErrorPlace {
  line: number;
  column: number;
  offset: number;
  reason: string;
}

const REASONS: Partial<Record<string, string>> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'a property name in double quotes was expected',
  ValueExpected: 'a value was expected',
  ColonExpected: "':' was expected",
  CommaExpected: "',' was expected",
  CloseBraceExpected: "'}' was expected",
  CloseBracketExpected: "']' was expected",
  EndOfFileExpected: 'unexpected text after the end of the document',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'control character in a string',
};

function reasonFor(code: ParseErrorCode, text: string, offset: number): string {
  const name = printParseErrorCode(code);
  const base = REASONS[name] ?? name;
  if (offset >= text.length) return `${base} (the file ends here)`;
  const found = text.slice(offset, offset + 1);
  const isPlain = /\s/.test(found) || name === 'InvalidCharacter' || name.includes('Comment');
  return isPlain ? base : `${base}, found ${JSON.stringify(found)}`;
}

/** The 1-based line and column of a character offset (a CRLF counts as one line break). */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Finds the first syntax error of a text `JSON.parse` rejected, or null when none is found
 * (then `parseMessage`'s "at position N", when present, is used).
 *
 * @example
 * locateJsonError('{\n  "a": }', msg); // { line: 2, column: 8, offset: 9, reason: 'a value was expected, found "}"' }
 */
export function locateJsonError(text: string, parseMessage = ''): JsonErrorPlace | null {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors.sort((a, b) => a.offset - b.offset)[0];
  if (first)
    return {
      ...lineAndColumn(text, first.offset),
      offset: first.offset,
      reason: reasonFor(first.error, text, first.offset),
    };
  const at = /at position (\d+)/.exec(parseMessage);
  if (!at) return null;
  const offset = Number(at[1]);
  return { ...lineAndColumn(text, offset), offset, reason: parseMessage.replace(/ in JSON at position \d+.*$/, '') };
}
