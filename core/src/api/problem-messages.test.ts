// The message table against every code the contract, the code list and the server's throwers name.
// biome-ignore lint/style/noRestrictedImports: a test reads files from disk; the rule guards core's sources.
import { readdirSync, readFileSync } from 'node:fs';
// biome-ignore lint/style/noRestrictedImports: a test reads files from disk; the rule guards core's sources.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiError, createNetworkError, createResponseError } from './api-error.js';
import {
  CLIENT_ERROR_CODE,
  describeProblem,
  isUnreachable,
  PROBLEM_MESSAGES,
  problemText,
  UNREACHABLE_TEXT,
} from './problem-messages.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const CODE = /^[a-z][a-z_]*(\.[a-z][a-z_]*)+$/;
// Backticked words in openapi.yaml that look like codes but are not.
const NOT_CODES = new Set(['window.opener']);

function codesOfYaml(): Set<string> {
  const text = readFileSync(path.join(root, 'api-spec/openapi.yaml'), 'utf8');
  const codes = new Set<string>();
  // A backticked dotted word is a Problem code where its line speaks of a status or a code (audit
  // actions such as `auth.signed_in` are dotted too, and are not).
  for (const line of text.split('\n')) {
    if (!/\b[45]\d\d\b|\bcode\b/i.test(line)) continue;
    for (const [, word] of line.matchAll(/`([a-z][a-z_]*(?:\.[a-z][a-z_]*)+)`/g))
      if (!NOT_CODES.has(word)) codes.add(word);
  }
  for (const [, word] of text.matchAll(/\bcode: ['"]?([a-z][a-z_]*(?:\.[a-z][a-z_]*)+)['"]?\s*$/gm)) codes.add(word);
  return codes;
}

function codesOfProblemCodes(): Set<string> {
  const text = readFileSync(path.join(here, 'problem-codes.ts'), 'utf8');
  return new Set([...text.matchAll(/'([a-z][a-z_]*(?:\.[a-z][a-z_]*)+)'/g)].map(([, code]) => code));
}

function codesOfServerThrowers(): Set<string> {
  const codes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        const text = readFileSync(full, 'utf8');
        for (const [, code] of text.matchAll(/\bcode: '([a-z][a-z_]*(?:\.[a-z][a-z_]*)+)'/g)) codes.add(code);
      }
    }
  };
  walk(path.join(root, 'server/src'));
  return codes;
}

const problem = (status: number, code: string, extra: Record<string, unknown> = {}) =>
  createResponseError(
    { type: 'about:blank', title: 'Title', status, code, ...extra },
    { status, statusText: '', headers: { get: () => null } },
  );

describe('one message per Problem code', () => {
  it('has a sentence for every code the contract, the code list and the server name', () => {
    const codes = new Set([...codesOfYaml(), ...codesOfProblemCodes(), ...codesOfServerThrowers()]);
    expect(codes.size).toBeGreaterThan(20);
    const missing = [...codes].filter((code) => !(code in PROBLEM_MESSAGES)).sort();
    expect(missing, 'add a sentence to PROBLEM_MESSAGES (core/src/api/problem-messages.ts) for').toEqual([]);
  });

  it('holds only well-formed codes with a sentence that ends like one', () => {
    for (const [code, message] of Object.entries(PROBLEM_MESSAGES)) {
      expect(code).toMatch(CODE);
      expect(message.text).toMatch(/^[A-Z].*[.!]$/);
    }
  });

  it('says one sentence, with Try again, when the server cannot be reached', () => {
    const shown = describeProblem(createNetworkError(new TypeError('fetch failed')));
    expect(shown).toEqual({ code: 'network.unreachable', text: UNREACHABLE_TEXT, canRetry: true });
    expect(isUnreachable(createNetworkError(new Error('refused')))).toBe(true);
    expect(isUnreachable(problem(503, 'server.unavailable'))).toBe(false);
  });

  it("shows the server's detail only for codes whose detail is written for users, naming the field", () => {
    const invalid = problem(400, 'request.invalid', { detail: 'E-mail must contain @.', field: 'email' });
    expect(describeProblem(invalid)).toMatchObject({ text: 'E-mail must contain @.', field: 'email', canRetry: false });

    const crash = problem(500, 'server.internal', { detail: 'TypeError: x is undefined' });
    expect(problemText(crash)).toBe(PROBLEM_MESSAGES['server.internal'].text);

    const conflict = problem(409, 'workflow.revision_conflict', { detail: 'Expected revision 3, found 4.' });
    expect(problemText(conflict)).toBe('Someone else saved this workflow first. Reload the page to see their changes.');
    const rule = problem(422, 'rule.failed', { errors: [{ field: 'steps[0].name', message: 'required' }] });
    expect(describeProblem(rule)).toMatchObject({ text: PROBLEM_MESSAGES['rule.failed'].text, field: 'steps[0].name' });
  });

  it("reads an unknown code as its status family's, and passes Retry-After on", () => {
    expect(problemText(problem(404, 'report.unknown_kind'))).toBe(PROBLEM_MESSAGES['resource.not_found'].text);
    expect(describeProblem(problem(429, 'limit.rate', { retryAfter: 30 }))).toMatchObject({
      canRetry: true,
      retryAfter: 30,
    });
  });

  it('reads a failure that is no API error as a page error', () => {
    expect(describeProblem(new Error('boom')).code).toBe(CLIENT_ERROR_CODE);
    expect(problemText(new ApiError({ type: 'about:blank', title: 'x', status: 418, code: 'request.invalid' }))).toBe(
      PROBLEM_MESSAGES['request.invalid'].text,
    );
  });
});
