/**
 * Connections' owners: a private connection is its creator's alone (core's connectionRefusal);
 * the credentials service, step tests, dropdowns and connection checks all ask here.
 */
import { type ConnectionVisibility, connectionRefusal, PROBLEM_CODES } from '@junction/core';
import { Problem, unprocessable } from '../kernel/errors.js';
import type { CredentialRecord } from '../store/repos/index.js';

/** Whether `userId` may open, use and test the connection. */
export function isUsableBy(record: Pick<CredentialRecord, 'visibility' | 'userId'>, userId: string): boolean {
  return connectionRefusal({ visibility: record.visibility ?? 'workspace', ownerId: record.userId }, userId) === null;
}

/** Throws 403 `connection.private` when the caller may not use another member's private connection. */
export function assertUsable(record: Pick<CredentialRecord, 'visibility' | 'userId'>, ctx: { userId: string }): void {
  const refusal = connectionRefusal({ visibility: record.visibility ?? 'workspace', ownerId: record.userId }, ctx.userId);
  if (refusal) {
    throw new Problem(403, 'Forbidden', { detail: refusal, field: 'credential', code: PROBLEM_CODES.connectionPrivate });
  }
}

/** A visibility from a request body, or undefined when none was given; anything else is a 422. */
export function checkVisibility(value: unknown): ConnectionVisibility | undefined {
  if (value === undefined) return undefined;
  if (value === 'private' || value === 'workspace') return value;
  throw unprocessable('Choose private or workspace.', 'visibility');
}
