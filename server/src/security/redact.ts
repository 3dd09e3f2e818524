/**
 * The one redactor of credential secrets: removes every secret value of a connected account
 * from what is stored or answered (execution records, step-test and test-auth answers, an
 * app's stored test response, error messages), in each form an echoing API may give it back:
 * raw, base64 (alone at any alignment, and `user:pass` as Basic auth sends it; standard and
 * URL-safe alphabets), and any spelling in which each character is itself, percent-encoded
 * (either hex case), JSON-escaped, or — for `+` and space — the other (form encoding writes a
 * space as `+`, and a form decoder reads a raw `+` back as a space). That covers
 * encodeURIComponent, encodeURI, URLSearchParams and every partial encoding between them (for
 * instance `+` left as is while `/` and `=` are encoded). Which values are secret is core's
 * rule (`splitCredentialValues`): all but the fields the app marks public.
 *
 * Secrets are user-supplied, so no regular expression is built from them: one Aho–Corasick
 * automaton (`secret-matcher.ts`) reads each text raw and decoded, linear in the text. Not
 * matched: mixes no encoder writes (a raw `%` or `\` kept while another character of the same
 * occurrence is escaped, an occurrence starting inside another escape sequence).
 */
import { type AppDefinition, splitCredentialValues } from '@junction/core';
import { RedactorCache } from './redactor-cache.js';
import { joinSpans, SecretMatcher, type Span, SpanSet } from './secret-matcher.js';

/** What replaces a secret. */
export const REDACTED = '[redacted]';

/** Shorter secrets are not searched for: they would blank out ordinary text. */
const MIN_SECRET_LENGTH = 4;
/** Shorter base64 fragments of a secret are not searched for, for the same reason. */
const MIN_FRAGMENT_LENGTH = 6;

/** Replaces secrets in texts and, at any depth, in JSON values (strings and keys). */
export interface Redactor {
  /** Whether there is anything to hide. */
  readonly isEmpty: boolean;
  text(text: string): string;
  value<T>(value: T): T;
  /** Where `text` holds a secret: sorted, apart, each replaced by one {@link REDACTED}. */
  spans(text: string): Span[];
}

/** The redactor of no secrets: hands everything back as it is. */
const NOTHING_TO_HIDE: Redactor = { isEmpty: true, text: (text) => text, value: (value) => value, spans: () => [] };

const toUrlSafe = (b64: string) => b64.replace(/\+/g, '-').replace(/\//g, '_');

/**
 * The base64 texts that always appear when `bytes` are encoded inside a longer message: for
 * each of the 3 alignments, the characters that depend on these bytes alone.
 */
function base64Fragments(bytes: Buffer): string[] {
  const out: string[] = [];
  for (let shift = 0; shift < 3; shift += 1) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    const start = Math.ceil((shift * 8) / 6);
    const end = Math.floor(((shift + bytes.length) * 8) / 6);
    const fragment = encoded.slice(start, end);
    if (fragment.length >= MIN_FRAGMENT_LENGTH) out.push(fragment, toUrlSafe(fragment));
  }
  // The whole encoding, padding included, when the value is encoded on its own.
  const whole = bytes.toString('base64');
  const unpadded = whole.replace(/=+$/, '');
  out.push(whole, toUrlSafe(whole), unpadded, toUrlSafe(unpadded));
  return out;
}

/**
 * The base64 forms of one secret to search for (the text spellings are the matcher's, `secret-matcher.ts`).
 *
 * @example
 * secretForms('p@ss word'); // ['cEBzcyB3b3Jk', …]
 */
export function secretForms(secret: string): string[] {
  if (secret.length < MIN_SECRET_LENGTH) return [];
  return [...new Set(base64Fragments(Buffer.from(secret, 'utf8')))].filter((f) => f.length >= MIN_SECRET_LENGTH);
}

/**
 * A redactor for secret texts, plus `pairs` that are sent joined as `a:b` (Basic auth's
 * `user:pass`, whose base64 is not the base64 of either half).
 */
export function createRedactor(secrets: string[], pairs: [string, string][] = []): Redactor {
  const forms = new Set<string>();
  const texts = [...new Set(secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH))];
  for (const secret of texts) for (const f of secretForms(secret)) forms.add(f);
  for (const [a, b] of pairs) {
    const joined = `${a}:${b}`;
    const encoded = Buffer.from(joined, 'utf8').toString('base64');
    forms.add(encoded).add(toUrlSafe(encoded)).add(encoded.replace(/=+$/, ''));
  }
  // Nothing to hide (a step without a connected account, the common case on the run path): no
  // automaton, whose root table alone is 256 KB to allocate and zero for every redactor.
  if (texts.length === 0 && forms.size === 0) return NOTHING_TO_HIDE;
  // One automaton over every spelling, read raw and decoded: linear in the text (no RegExp
  // built from user values). Overlapping matches are replaced whole, by one [redacted].
  const matcher = new SecretMatcher([...texts, ...forms]);
  const spans = (input: string): Span[] => {
    if (matcher.isEmpty || input === '') return [];
    const raw = new SpanSet();
    const decoded = new SpanSet();
    matcher.scan(input, false, raw);
    matcher.scan(input, true, decoded);
    return joinSpans([raw.spans, decoded.spans]);
  };
  const text = (input: string) => {
    const found = spans(input);
    if (found.length === 0) return input;
    let out = '';
    let at = 0;
    for (const span of found) {
      out += input.slice(at, span.start) + REDACTED;
      at = span.end;
    }
    return out + input.slice(at);
  };
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [text(key), walk(item)]));
    }
    return value;
  };
  return {
    isEmpty: matcher.isEmpty,
    text,
    spans,
    value: <T>(value: T) => (matcher.isEmpty ? value : (walk(value) as T)),
  };
}

/** Connected accounts' redactors, reused while their values are unchanged. */
const credentialRedactors = new RedactorCache<Redactor>();

/**
 * The redactor of one connected account: its secret values (all but the fields `app` marks
 * public), and every `a:b` pair of its values in which at least one is secret.
 *
 * @example
 * const redact = credentialRedactor(app, { username: 'ada', password: 'hunter22' });
 * redact.text('Basic YWRhOmh1bnRlcjIy'); // 'Basic [redacted]'
 */
export function credentialRedactor(
  app: Pick<AppDefinition, 'authInfo'> | undefined,
  credential: Record<string, unknown> | undefined,
): Redactor {
  // No connected account (most steps): nothing to split or look up.
  if (credential === undefined) return NOTHING_TO_HIDE;
  const texts: Record<string, string> = {};
  for (const [key, value] of Object.entries(credential ?? {})) if (typeof value === 'string') texts[key] = value;
  const { secrets, publicValues } = splitCredentialValues(app, texts);
  const secretSet = new Set(Object.values(secrets).filter((v) => v !== ''));
  // Every pair holds a secret: no secret, nothing to hide.
  if (secretSet.size === 0) return NOTHING_TO_HIDE;
  const all = [...secretSet, ...Object.values(publicValues).filter((v) => v !== '')];
  // The secrets and the public values are all the redactor is built from: the same ones (the
  // same account for each step, until it changes) get the same redactor (./redactor-cache.ts).
  return credentialRedactors.get(JSON.stringify([secretSet.size, all]), () => {
    const secretList = [...secretSet].filter((v) => v.length >= MIN_SECRET_LENGTH);
    const pairs: [string, string][] = [];
    for (const a of all) for (const b of all) if (secretSet.has(a) || secretSet.has(b)) pairs.push([a, b]);
    return createRedactor(secretList, pairs);
  });
}

