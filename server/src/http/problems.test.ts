/** A database outage answers 503 + Retry-After and a full disk 507, never a bare 500. */
import { describe, expect, it } from 'vitest';
import { Problem } from '../kernel/errors.js';
import { DATABASE_RETRY_AFTER, STORAGE_RETRY_AFTER, storageProblem, toProblem } from './problems.js';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('storageProblem', () => {
  it.each([
    ['a refused connection', coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a connection reset', coded('read ECONNRESET', 'ECONNRESET')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('timeout exceeded when trying to connect')],
    ['an administrator shutdown', coded('terminating connection due to administrator command', '57P01')],
    ['a database starting up', coded('the database system is starting up', '57P03')],
    ['a connection exception', coded('connection failure', '08006')],
    [
      'both addresses refused (AggregateError)',
      Object.assign(new AggregateError([coded('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''), {
        code: 'ECONNREFUSED',
      }),
    ],
    ['a wrapped cause', new Error('query failed', { cause: coded('connect ECONNREFUSED', 'ECONNREFUSED') })],
  ])('answers %s with 503 and Retry-After', (_name, err) => {
    const problem = toProblem(err, 1024);
    expect(problem.status).toBe(503);
    expect(problem.retryAfter).toBe(DATABASE_RETRY_AFTER);
    expect(problem.detail).not.toMatch(/5432|ECONN|127\.0/);
  });

  it.each([
    ['SQLite full', coded('database or disk is full', 'SQLITE_FULL')],
    ['no space on the device', coded('ENOSPC: no space left on device, write', 'ENOSPC')],
    ['a file-size limit', coded('EFBIG: file too large, write', 'EFBIG')],
  ])('answers %s with 507 Insufficient Storage', (_name, err) => {
    const problem = toProblem(err, 1024);
    expect(problem.status).toBe(507);
    expect(problem.title).toBe('Insufficient Storage');
    expect(problem.retryAfter).toBe(STORAGE_RETRY_AFTER);
  });

  it('leaves other errors a 500 and Problems as they are', () => {
    expect(toProblem(new Error('boom'), 1024).status).toBe(500);
    expect(storageProblem(coded('duplicate key', '23505'))).toBeUndefined();
    expect(toProblem(new Problem(404, 'Not Found'), 1024).status).toBe(404);
  });
});
