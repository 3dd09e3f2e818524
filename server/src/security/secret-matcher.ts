/**
 * A linear-time search for many secrets in a text, in any of the spellings an echoing API may
 * give back (raw, percent-encoded, JSON-escaped, `+` and space for each other), without a
 * backtracking engine: secrets are user-supplied (a connection's values) and a regular
 * expression built from them costs text length × secret length or worse.
 *
 * One Aho–Corasick automaton over the secrets' characters (code points, space folded into
 * `+`) reads the text twice, each pass deterministic:
 * - raw: every code point as itself;
 * - decoded: a `%XX` sequence (either hex case) that is one whole UTF-8 character, a JSON
 *   escape (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\uXXXX` incl. surrogate pairs) as
 *   the character it stands for, anything else as itself.
 * Each pass costs O(text length) automaton steps (amortised over failure links) after an
 * O(total secret length) build. Every match, in either pass, becomes a span of the text; spans
 * that overlap are joined (see {@link SpanSet}).
 */

/** A key of the automaton: a code point, or a lone UTF-16 surrogate; space is read as `+`. */
const SPACE = 0x20;
const PLUS = 0x2b;
const fold = (key: number) => (key === SPACE ? PLUS : key);

/** A half-open range of the text, `[start, end)`. */
export interface Span {
  start: number;
  end: number;
}

/**
 * Spans in the order of their ends, joined while they overlap; spans that only touch stay
 * apart, so two secrets side by side are two replacements as a regular expression gives.
 */
export class SpanSet {
  readonly spans: Span[] = [];

  add(start: number, end: number): void {
    let from = start;
    let to = end;
    // Earlier spans that this one overlaps are swallowed; each span is swallowed once.
    while (this.spans.length > 0) {
      const last = this.spans[this.spans.length - 1]!;
      if (last.end <= from) break;
      from = Math.min(from, last.start);
      to = Math.max(to, last.end);
      this.spans.pop();
    }
    this.spans.push({ start: from, end: to });
  }
}

/** Joins span lists that are each sorted and apart into one list, as {@link SpanSet} would. */
export function joinSpans(lists: Span[][]): Span[] {
  const all = lists.flat().sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Span[] = [];
  for (const span of all) {
    const last = out[out.length - 1];
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
  }
  return out;
}

const hexValue = (code: number) =>
  code >= 48 && code <= 57
    ? code - 48
    : code >= 65 && code <= 70
      ? code - 55
      : code >= 97 && code <= 102
        ? code - 87
        : -1;

/** The byte of `%XX` at `at`, or -1. */
function percentByte(text: string, at: number): number {
  if (at + 2 >= text.length || text.charCodeAt(at) !== 0x25) return -1;
  const high = hexValue(text.charCodeAt(at + 1));
  const low = hexValue(text.charCodeAt(at + 2));
  return high < 0 || low < 0 ? -1 : high * 16 + low;
}

/** The four hex digits of `\uXXXX` at `at` as a UTF-16 unit, or -1. */
function unicodeEscape(text: string, at: number): number {
  if (at + 5 >= text.length || text.charCodeAt(at) !== 0x5c || text.charCodeAt(at + 1) !== 0x75) return -1;
  let unit = 0;
  for (let i = at + 2; i < at + 6; i += 1) {
    const digit = hexValue(text.charCodeAt(i));
    if (digit < 0) return -1;
    unit = unit * 16 + digit;
  }
  return unit;
}

const JSON_ESCAPES: Record<number, number> = { 34: 0x22, 92: 0x5c, 47: 0x2f, 98: 8, 102: 12, 110: 10, 114: 13, 116: 9 };

/**
 * Reads one character of the text at `at`, decoding an escape that starts there. Returns the
 * character's key and where the next one starts (written into `next[0]`).
 */
export function readDecoded(text: string, at: number, next: Int32Array): number {
  const code = text.charCodeAt(at);
  if (code === 0x25) {
    const first = percentByte(text, at);
    if (first >= 0 && first < 0x80) {
      next[0] = at + 3;
      return fold(first);
    }
    // A whole UTF-8 character: no overlong form, no surrogate, at most U+10FFFF.
    const more =
      first >= 0xc2 && first <= 0xdf ? 1 : first >= 0xe0 && first <= 0xef ? 2 : first >= 0xf0 && first <= 0xf4 ? 3 : 0;
    if (more > 0) {
      let point = first & (0x3f >> more);
      let ok = true;
      for (let k = 1; k <= more && ok; k += 1) {
        const byte = percentByte(text, at + 3 * k);
        if (byte < 0x80 || byte > 0xbf) ok = false;
        else point = point * 64 + (byte & 0x3f);
      }
      const least = [0, 0x80, 0x800, 0x10000][more]!;
      if (ok && point >= least && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff)) {
        next[0] = at + 3 * (more + 1);
        return fold(point);
      }
    }
  } else if (code === 0x5c && at + 1 < text.length) {
    const simple = JSON_ESCAPES[text.charCodeAt(at + 1)];
    if (simple !== undefined) {
      next[0] = at + 2;
      return simple;
    }
    const unit = unicodeEscape(text, at);
    if (unit >= 0) {
      const low = unit >= 0xd800 && unit <= 0xdbff ? unicodeEscape(text, at + 6) : -1;
      if (low >= 0xdc00 && low <= 0xdfff) {
        next[0] = at + 12;
        return (unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
      }
      next[0] = at + 6;
      return fold(unit);
    }
  }
  return readRaw(text, at, next);
}

/** Reads one code point of the text at `at` as itself (a lone surrogate as itself). */
export function readRaw(text: string, at: number, next: Int32Array): number {
  const point = text.codePointAt(at)!;
  next[0] = at + (point > 0xffff ? 2 : 1);
  return fold(point);
}

/** An Aho–Corasick automaton over word keys; `longest[node]` is the longest word ending there. */
export class SecretMatcher {
  /** A node's first child: its key (-1: none) and the child; further children in `many`. */
  private readonly single: Int32Array;
  private readonly singleChild: Int32Array;
  private readonly many = new Map<number, Map<number, number>>();
  private readonly depth: Int32Array;
  private count = 1;
  private readonly fail: Int32Array;
  /** Keys in the longest word that is a suffix of the node's string (0: none). */
  private readonly longest: Int32Array;
  private readonly maxDepth: number;
  /** The root's moves on the basic plane, looked up directly (most keys leave from the root). */
  private readonly rootNext = new Int32Array(0x10000);

  /** Builds the automaton of `words` in O(total length). */
  constructor(words: string[]) {
    // A word has at most as many keys as UTF-16 units: arrays sized once.
    let capacity = 1;
    for (const word of words) capacity += word.length;
    this.single = new Int32Array(capacity).fill(-1);
    this.singleChild = new Int32Array(capacity);
    this.depth = new Int32Array(capacity);
    this.fail = new Int32Array(capacity);
    this.longest = new Int32Array(capacity);
    let maxDepth = 0;
    for (const word of words) {
      let node = 0;
      for (let at = 0; at < word.length; ) {
        const point = word.codePointAt(at)!;
        at += point > 0xffff ? 2 : 1;
        const key = fold(point);
        let child = this.child(node, key);
        if (child < 0) {
          child = this.count;
          this.count += 1;
          this.depth[child] = this.depth[node]! + 1;
          this.link(node, key, child);
        }
        node = child;
      }
      this.longest[node] = this.depth[node]!;
      maxDepth = Math.max(maxDepth, this.depth[node]!);
    }
    this.maxDepth = maxDepth;
    // Breadth first, so a node's failure target is done before the node.
    const queue = new Int32Array(this.count);
    let tail = 0;
    const visit = (node: number, key: number, child: number) => {
      if (node === 0) {
        if (key < 0x10000) this.rootNext[key] = child;
      } else {
        let target = this.fail[node]!;
        while (target !== 0 && this.child(target, key) < 0) target = this.fail[target]!;
        this.fail[child] = Math.max(0, this.child(target, key));
      }
      if (this.longest[child] === 0) this.longest[child] = this.longest[this.fail[child]!]!;
      queue[tail] = child;
      tail += 1;
    };
    queue[tail] = 0;
    tail += 1;
    for (let head = 0; head < tail; head += 1) {
      const node = queue[head]!;
      if (this.single[node] !== -1) visit(node, this.single[node]!, this.singleChild[node]!);
      const more = this.many.get(node);
      if (more) for (const [key, child] of more) visit(node, key, child);
    }
  }

  /** Whether there is no word to find. */
  get isEmpty(): boolean {
    return this.maxDepth === 0;
  }

  /**
   * The spans of `text` where a word occurs in one pass (`decoded` or raw), added to `spans`.
   * Each key costs amortised O(1): the automaton's depth rises by at most one per key.
   */
  scan(text: string, decoded: boolean, spans: SpanSet): void {
    if (this.isEmpty) return;
    const starts = new Int32Array(Math.min(this.maxDepth + 1, text.length + 1));
    const ring = starts.length;
    const next = new Int32Array(1);
    const { rootNext, fail, longest } = this;
    const length = text.length;
    let node = 0;
    let slot = 0;
    let at = 0;
    while (at < length) {
      const code = text.charCodeAt(at);
      let key: number;
      let after: number;
      if (decoded && (code === 0x25 || code === 0x5c)) {
        key = readDecoded(text, at, next);
        after = next[0]!;
      } else if (code >= 0xd800 && code <= 0xdbff) {
        key = readRaw(text, at, next);
        after = next[0]!;
      } else {
        key = code === SPACE ? PLUS : code;
        after = at + 1;
      }
      starts[slot] = at;
      slot = slot + 1 === ring ? 0 : slot + 1;
      let child = node === 0 ? -1 : this.child(node, key);
      while (child < 0 && node !== 0) {
        node = fail[node]!;
        child = node === 0 ? -1 : this.child(node, key);
      }
      node = child >= 0 ? child : key < 0x10000 ? rootNext[key]! : Math.max(this.child(0, key), 0);
      const found = longest[node]!;
      if (found > 0) {
        const first = slot - found;
        spans.add(starts[first < 0 ? first + ring : first]!, after);
      }
      at = after;
    }
  }

  private child(node: number, key: number): number {
    if (this.single[node] === key) return this.singleChild[node]!;
    return this.many.get(node)?.get(key) ?? -1;
  }

  private link(node: number, key: number, child: number): void {
    if (this.single[node] === -1) {
      this.single[node] = key;
      this.singleChild[node] = child;
      return;
    }
    let map = this.many.get(node);
    if (!map) {
      map = new Map();
      this.many.set(node, map);
    }
    map.set(key, child);
  }
}
