/**
 * The JSON body parser: rejects documents nested deeper than {@link MAX_JSON_DEPTH} before
 * `JSON.parse` ever sees them, then parses with Fastify's prototype-poisoning guard.
 */
import type { FastifyInstance } from 'fastify';
import { Problem } from '../kernel/errors.js';

/** Deepest nesting of arrays and objects a request body may have. */
export const MAX_JSON_DEPTH = 64;

/**
 * Measures how deeply arrays and objects nest in a JSON text, stopping as soon as the depth
 * passes `limit`. Iterative, so a 100,000-deep document costs one pass and no stack.
 *
 * @example
 * measureJsonDepth('{"a":[1,{"b":2}]}'); // 3
 */
export function measureJsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // Skip the escaped character, so `"\""` does not end the string early.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

function isPlainJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Bodies of `/hooks/…` requests as received: Asana signs the exact bytes (HMAC). */
const rawHookBodies = new WeakMap<object, string>();

/** The body of a `/hooks/…` request exactly as received, when it had one. */
export function rawHookBody(request: object): string | undefined {
  return rawHookBodies.get(request);
}

const isHookUrl = (url: string | undefined) => typeof url === 'string' && url.startsWith('/hooks/');

/** The 400 answered for a body that is not JSON or is nested too deeply. */
function invalidJson(detail: string): Problem {
  return new Problem(400, 'Bad Request', { detail, field: 'body' });
}

/**
 * Replaces Fastify's body parsers with one JSON parser that checks nesting depth first, treats an empty
 * body as no body (the operation's schema then decides), and refuses `__proto__` and
 * `constructor.prototype` keys with a 400.
 */
export function registerJsonParser(app: FastifyInstance, bodyLimit: number): void {
  const parseSafely = app.getDefaultJsonParser('error', 'error');
  // Only JSON is accepted (Fastify would also take text/plain); anything else is a 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json(\s*;.*)?$/i,
    { parseAs: 'string', bodyLimit },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (isHookUrl(request.url)) rawHookBodies.set(request, text);
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      if (measureJsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
        done(invalidJson(`The body nests deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
        return;
      }
      parseSafely(request, text, (err, value) => {
        if (!err) return done(null, value);
        // Fastify's parser hides why it failed: text that plain JSON.parse accepts was refused
        // for a __proto__ or constructor.prototype key.
        const poisoned = isPlainJson(text);
        done(
          invalidJson(
            poisoned
              ? 'The body must not contain __proto__ or constructor.prototype keys.'
              : 'The body is not valid JSON.',
          ),
          undefined,
        );
      });
    },
  );
  // Microsoft Graph validates a notification URL with an empty text/plain POST; `/hooks/…`
  // takes text (kept as received, never parsed), upload routes get their bytes as their own
  // parser would, every other route answers 415.
  app.addContentTypeParser(/^text\/plain(\s*;.*)?$/i, { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    if (request.routeOptions.config?.isRawBody) {
      done(null, body);
      return;
    }
    if (!isHookUrl(request.url)) {
      done(
        new Problem(415, 'Unsupported Media Type', {
          detail: 'Send the request body as application/json.',
          field: 'content-type',
        }),
        undefined,
      );
      return;
    }
    rawHookBodies.set(request, typeof body === 'string' ? body : body.toString('utf8'));
    done(null, undefined);
  });
}
