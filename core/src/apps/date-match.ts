/**
 * Matching a text against a strptime-style pattern without a backtracking regular expression.
 * The pattern is user-built (a Formatter step's format), so the matcher must stay linear in
 * pattern × text: a regular expression built from thirteen `%f` took minutes on 40 characters
 * and held the server's event loop all that time.
 *
 * The answer is the one the former regular expression `^…$` (flag `i`) gave: each directive
 * tries its widths in the same order (longest digit run first, names in the listed order), and
 * the first complete match in that order wins. A memo of (piece, position) pairs known to fail
 * makes the search O(pieces × text length × widths).
 */

/** One pattern token: a `%` directive letter, or literal text. */
export type PatternToken = { directive: string } | { literal: string };

/** Splits a strptime-style pattern into directives and literal text ('%' at the very end is literal). */
export function tokenizePattern(pattern: string): PatternToken[] {
  const tokens: PatternToken[] = [];
  let literal = '';
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '%' && i + 1 < pattern.length) {
      if (literal) tokens.push({ literal });
      literal = '';
      tokens.push({ directive: pattern[++i] });
    } else literal += pattern[i];
  }
  if (literal) tokens.push({ literal });
  return tokens;
}

/** Longest text `matchPattern` reads, after trimming; longer texts do not match. */
export const DATE_TEXT_MAX_LENGTH = 256;
/** Longest pattern `matchPattern` reads; longer patterns match nothing. */
export const DATE_PATTERN_MAX_LENGTH = 256;

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

type Piece =
  | { kind: 'space' }
  | { kind: 'text'; text: string }
  | { kind: 'digits'; directive: string; min: number; max: number }
  | { kind: 'names'; directive: string; names: readonly string[] }
  | { kind: 'zone'; directive: string };

const digits = (directive: string, min: number, max: number): Piece => ({ kind: 'digits', directive, min, max });
const names = (directive: string, list: readonly string[]): Piece => ({ kind: 'names', directive, names: list });
const short = (list: string[]) => list.map((name) => name.slice(0, 3));

/** What each directive reads (strptime's widths; names in the order they are tried). */
const DIRECTIVES: Record<string, Piece> = {
  Y: digits('Y', 4, 4),
  y: digits('y', 2, 2),
  m: digits('m', 1, 2),
  d: digits('d', 1, 2),
  H: digits('H', 1, 2),
  I: digits('I', 1, 2),
  M: digits('M', 1, 2),
  S: digits('S', 1, 2),
  f: digits('f', 1, 6),
  j: digits('j', 1, 3),
  p: names('p', ['AM', 'PM']),
  b: names('b', short(MONTHS)),
  B: names('B', MONTHS),
  a: names('a', short(WEEKDAYS)),
  A: names('A', WEEKDAYS),
  z: { kind: 'zone', directive: 'z' },
};

const WHITESPACE = /\s/;
const isSpace = (ch: string) => WHITESPACE.test(ch);
const isDigit = (code: number) => code >= 48 && code <= 57;

/** Case folding of a regular expression with flag `i` and no `u` (ECMAScript Canonicalize). */
function fold(ch: string): string {
  const upper = ch.toUpperCase();
  if (upper.length !== 1) return ch;
  if (ch.charCodeAt(0) >= 128 && upper.charCodeAt(0) < 128) return ch;
  return upper;
}

/** Whether `word` is written at `pos` of `text`, ignoring case. */
function hasAt(text: string, pos: number, word: string): boolean {
  if (pos + word.length > text.length) return false;
  for (let i = 0; i < word.length; i++) {
    const a = text[pos + i];
    const b = word[i];
    if (a !== b && fold(a) !== fold(b)) return false;
  }
  return true;
}

function toPieces(tokens: PatternToken[]): Piece[] {
  const pieces: Piece[] = [];
  for (const token of tokens) {
    if ('literal' in token) {
      for (const part of token.literal.split(/(\s+)/)) {
        if (part === '') continue;
        pieces.push(isSpace(part[0]) ? { kind: 'space' } : { kind: 'text', text: part });
      }
    } else if (token.directive === '%') pieces.push({ kind: 'text', text: '%' });
    else pieces.push(DIRECTIVES[token.directive] ?? { kind: 'text', text: `%${token.directive}` });
  }
  return pieces;
}

/** Most end positions one piece can offer (the twelve month names). */
const MAX_ENDS = 12;

/**
 * Writes the end positions a piece can reach from `pos` into `out` from `at`, in the order the
 * former expression tried them; returns how many.
 */
function writeEnds(piece: Piece, text: string, pos: number, out: Int32Array, at: number): number {
  switch (piece.kind) {
    case 'space': {
      // A run of whitespace is taken whole: no piece can start with whitespace (literal text is
      // split at whitespace, directives read digits, names or zones), so a shorter run never
      // leads to a match and the longest one is the only end worth trying.
      if (pos >= text.length || !isSpace(text[pos])) return 0;
      let end = pos + 1;
      while (end < text.length && isSpace(text[end])) end++;
      out[at] = end;
      return 1;
    }
    case 'text':
      if (!hasAt(text, pos, piece.text)) return 0;
      out[at] = pos + piece.text.length;
      return 1;
    case 'digits': {
      let run = 0;
      while (run < piece.max && pos + run < text.length && isDigit(text.charCodeAt(pos + run))) run++;
      let count = 0;
      for (let width = run; width >= piece.min; width--) out[at + count++] = pos + width;
      return count;
    }
    case 'names': {
      let count = 0;
      for (const name of piece.names) if (hasAt(text, pos, name)) out[at + count++] = pos + name.length;
      return count;
    }
    case 'zone': {
      const end = zoneEnd(text, pos);
      if (end < 0) return 0;
      out[at] = end;
      return 1;
    }
  }
}

/** Where a zone written at `pos` ends: 'Z', then '+hh:mm', then '+hhmm'; -1 when none is. */
function zoneEnd(text: string, pos: number): number {
  if (hasAt(text, pos, 'Z')) return pos + 1;
  if (text[pos] !== '+' && text[pos] !== '-') return -1;
  const digitsAt = (...offsets: number[]) => offsets.every((o) => isDigit(text.charCodeAt(pos + o)));
  if (!digitsAt(1, 2)) return -1;
  if (text[pos + 3] === ':' && digitsAt(4, 5)) return pos + 6;
  return digitsAt(3, 4) ? pos + 5 : -1;
}

/**
 * Matches the whole of `text` against `pattern`; returns the text each directive read (the
 * last one when a directive appears twice), or null when it does not match. Whitespace in the
 * pattern matches any run of whitespace; names and literal text ignore case; unknown
 * directives are literal text.
 *
 * @example matchPattern('Sep 30 2013', '%b %d %Y') // { b: 'Sep', d: '30', Y: '2013' }
 */
export function matchPattern(text: string, pattern: string): Record<string, string> | null {
  if (text.length > DATE_TEXT_MAX_LENGTH || pattern.length > DATE_PATTERN_MAX_LENGTH) return null;
  const pieces = toPieces(tokenizePattern(pattern));
  // Every piece reads at least one character.
  if (pieces.length > text.length) return null;
  const ends = search(pieces, text);
  if (!ends) return null;
  const found: Record<string, string> = {};
  pieces.forEach((piece, i) => {
    if ('directive' in piece) found[piece.directive] = text.slice(ends[i], ends[i + 1]);
  });
  return found;
}

/**
 * Depth-first search over (piece, position) in priority order, without recursion; a pair
 * explored to the end without a match is remembered and never explored again. Returns the
 * start of each piece (and the text length last) for the first match.
 */
function search(pieces: Piece[], text: string): number[] | null {
  const m = pieces.length;
  const n = text.length;
  if (m === 0) return n === 0 ? [0] : null;
  // One flag per (piece, position): explored to the end without a match.
  const failed = new Uint8Array(m * (n + 1));
  const starts = new Int32Array(m + 1);
  const ends = new Int32Array(m * MAX_ENDS);
  const count = new Int32Array(m);
  const cursor = new Int32Array(m);
  const enter = (depth: number) => {
    const pos = starts[depth];
    count[depth] = failed[depth * (n + 1) + pos] ? 0 : writeEnds(pieces[depth], text, pos, ends, depth * MAX_ENDS);
    cursor[depth] = 0;
  };
  let depth = 0;
  enter(0);
  for (;;) {
    if (cursor[depth] < count[depth]) {
      const end = ends[depth * MAX_ENDS + cursor[depth]++];
      if (depth + 1 === m) {
        if (end === n) {
          starts[m] = n;
          return [...starts];
        }
        continue;
      }
      depth += 1;
      starts[depth] = end;
      enter(depth);
    } else {
      failed[depth * (n + 1) + starts[depth]] = 1;
      if (depth === 0) return null;
      depth -= 1;
    }
  }
}
