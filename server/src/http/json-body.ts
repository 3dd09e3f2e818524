/**
 * The JSON body parser: reads the body as it arrives and rejects documents larger, nested deeper
 * than {@link MAX_JSON_DEPTH} or holding more members than JSON_MAX_MEMBERS before `JSON.parse`
 * ever sees them (parsing 446,000 keys holds the event loop for most of a second), then parses
 * with Fastify's prototype-poisoning guard.
 */
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_LIMITS } from '@junction/core';
import { Problem } from '../kernel/errors.js';

/** Deepest nesting of arrays and objects a request body may have. */
export const MAX_JSON_DEPTH = 64;

/** Members and elements a JSON body may hold in total, by default (JSON_MAX_MEMBERS). */
export const DEFAULT_JSON_MAX_MEMBERS = 20_000;

/**
 * Reads the shape of a JSON text chunk by chunk, without parsing it: how deeply arrays and
 * objects nest and about how many members and elements it holds (one per container and per
 * comma outside strings). Structural characters are ASCII, so bytes of UTF-8 are read as they
 * come, even with a character split between two chunks.
 *
 * @example
 * const shape = new JsonShape();
 * shape.feed(Buffer.from('{"a":[1,'));
 * shape.feed(Buffer.from('2]}'));
 * shape.deepest; // 2
 * shape.members; // 4
 */
export class JsonShape {
  /** Deepest nesting seen so far. */
  deepest = 0;
  /** Containers opened plus commas outside strings, so far. */
  members = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;

  /** Reads `bytes`; stops early once the depth passes `maxDepth` or the members pass `maxMembers`. */
  feed(bytes: Uint8Array, maxDepth = Number.POSITIVE_INFINITY, maxMembers = Number.POSITIVE_INFINITY): void {
    let { depth, deepest, members, inString, escaped } = this;
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i];
      if (inString) {
        // Skip the escaped character, so `"\""` does not end the string early.
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x22) inString = false;
        continue;
      }
      if (c === 0x22) inString = true;
      else if (c === 0x2c) {
        if (++members > maxMembers) break;
      } else if (c === 0x7b || c === 0x5b) {
        depth++;
        if (++members > maxMembers) break;
        if (depth > deepest) {
          deepest = depth;
          if (deepest > maxDepth) break;
        }
      } else if (c === 0x7d || c === 0x5d) depth--;
    }
    Object.assign(this, { depth, deepest, members, inString, escaped });
  }
}

/**
 * Measures how deeply arrays and objects nest in a JSON text, stopping as soon as the depth
 * passes `limit`. Iterative, so a 100,000-deep document costs one pass and no stack.
 *
 * @example
 * measureJsonDepth('{"a":[1,{"b":2}]}'); // 3
 */
export function measureJsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  const shape = new JsonShape();
  shape.feed(Buffer.from(text, 'utf8'), limit);
  return shape.deepest;
}

function isPlainJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Bodies with more members than this are parsed one per event-loop turn (see {@link inOwnTurn}). */
const TURN_MEMBERS = 1_000;

const turns: Array<() => void> = [];
let isDraining = false;

/**
 * Runs `work` in an event-loop turn of its own, after the I/O that arrived meanwhile: sixteen
 * 20,000-member bodies that end together are parsed one per turn, so a health check waits for
 * at most one parse instead of all sixteen.
 */
function inOwnTurn(work: () => void): void {
  turns.push(work);
  if (isDraining) return;
  isDraining = true;
  const drain = () => {
    turns.shift()?.();
    if (turns.length > 0) setImmediate(drain);
    else isDraining = false;
  };
  setImmediate(drain);
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

/** The 413 of a body past one of its bounds. */
function tooLarge(detail: string): Problem {
  return new Problem(413, 'Content Too Large', { detail, field: 'body' });
}

/**
 * Members a workflow document's body may hold: core's document rules already bound its size
 * (DOCUMENT_LIMITS: 5,000 steps, 1,000,000 free-form JSON values), so the largest document they
 * accept must not be refused earlier by the generic member bound. Routes that take a document
 * set it as their `jsonMaxMembers` (see {@link DOCUMENT_BODY_OPERATIONS}).
 */
export const DOCUMENT_BODY_MAX_MEMBERS = DOCUMENT_LIMITS.maxJsonNodes;

/** The operations whose body carries a whole workflow document (create and save). */
export const DOCUMENT_BODY_OPERATIONS: ReadonlySet<string> = new Set(['createWorkflow', 'updateWorkflow']);

/** A route's own member bound, when it takes a workflow document; else the default applies. */
export function jsonMembersFor(operationId: string, maxMembers: number): { jsonMaxMembers: number } | undefined {
  return DOCUMENT_BODY_OPERATIONS.has(operationId)
    ? { jsonMaxMembers: Math.max(maxMembers, DOCUMENT_BODY_MAX_MEMBERS) }
    : undefined;
}

/** Bounds of a JSON body (BODY_LIMIT, JSON_MAX_MEMBERS; depth is {@link MAX_JSON_DEPTH}). */
export interface JsonBodyLimits {
  /** Largest body in bytes, unless its route sets its own. */
  bodyLimit: number;
  /** Members and elements in total. */
  maxMembers: number;
}

type Done = (error: Error | null, body?: unknown) => void;

/**
 * Reads a JSON body as it arrives, checking its shape chunk by chunk: a body past its byte
 * limit, its depth or its member count is refused as soon as the bound is passed (so a
 * 446,000-key body costs a scan of its first members, not a parse), and the rest is drained
 * unread. Answers the text, or undefined after calling `done` with the refusal.
 */
function collectJson(
  payload: NodeJS.ReadableStream,
  declared: number,
  limits: { bytes: number; maxMembers: number },
  done: Done,
  onText: (text: string) => void,
): void {
  if (declared > limits.bytes) {
    done(tooLarge(`The request body must be at most ${limits.bytes} bytes.`));
    return;
  }
  const shape = new JsonShape();
  const chunks: Buffer[] = [];
  let received = 0;
  const stop = (problem: Error) => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onError);
    // Drop what is still coming: Fastify answers with `Connection: close`.
    payload.on('error', () => undefined);
    payload.resume();
    done(problem);
  };
  const onData = (data: Buffer | string) => {
    const chunk = typeof data === 'string' ? Buffer.from(data) : data;
    received += chunk.length;
    if (received > limits.bytes) return stop(tooLarge(`The request body must be at most ${limits.bytes} bytes.`));
    chunks.push(chunk);
    shape.feed(chunk, MAX_JSON_DEPTH, limits.maxMembers);
    if (shape.deepest > MAX_JSON_DEPTH)
      return stop(invalidJson(`The body nests deeper than ${MAX_JSON_DEPTH} levels.`));
    if (shape.members > limits.maxMembers) {
      return stop(tooLarge(`The body holds more than ${limits.maxMembers} members and elements in total.`));
    }
  };
  const onEnd = () => {
    payload.removeListener('data', onData);
    payload.removeListener('error', onError);
    if (!Number.isNaN(declared) && received !== declared) {
      done(
        new Problem(400, 'Bad Request', {
          detail: 'The Content-Length header does not match the body.',
          field: 'content-length',
        }),
      );
      return;
    }
    const text = () => onText(Buffer.concat(chunks, received).toString('utf8'));
    if (shape.members > TURN_MEMBERS) inOwnTurn(text);
    else text();
  };
  const onError = (error: Error & { statusCode?: number }) => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
    done(error);
  };
  payload.on('data', onData);
  payload.once('end', onEnd);
  payload.once('error', onError);
  payload.resume();
}

/**
 * Replaces Fastify's body parsers with one JSON parser that reads the body as it arrives and
 * refuses it once it passes its byte limit, {@link MAX_JSON_DEPTH} levels or `maxMembers`
 * members (400 for depth, 413 `limit.exceeded` naming the body otherwise), treats an empty
 * body as no body (the operation's schema then decides), and refuses `__proto__` and
 * `constructor.prototype` keys with a 400.
 */
export function registerJsonParser(app: FastifyInstance, limits: JsonBodyLimits): void {
  const { bodyLimit } = limits;
  const parseSafely = app.getDefaultJsonParser('error', 'error');
  // Only JSON is accepted (Fastify would also take text/plain); anything else is a 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(/^application\/([\w.+-]+\+)?json(\s*;.*)?$/i, (request, payload, done) => {
    const bytes = request.routeOptions.bodyLimit ?? bodyLimit;
    collectJson(
      payload,
      Number(request.headers['content-length']),
      {
        bytes,
        maxMembers:
          (request.routeOptions.config as { jsonMaxMembers?: number } | undefined)?.jsonMaxMembers ?? limits.maxMembers,
      },
      done,
      (text) => {
        if (isHookUrl(request.url)) rawHookBodies.set(request, text);
        if (text.trim() === '') {
          done(null, undefined);
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
  });
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
