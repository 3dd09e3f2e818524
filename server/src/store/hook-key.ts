/** Webhook keys: the `{key}` of `/hooks/{key}`. */
import { randomBytes } from 'node:crypto';

/**
 * A new webhook key: 24 random bytes (192 bits) as base64url, 32 characters. Unguessable and
 * unrelated to the workflow id, so knowing a workflow's id (a template, a link) starts nothing.
 */
export function newHookKey(): string {
  return randomBytes(24).toString('base64url');
}

/** Whether a text could be a webhook key (cheap refusal before any query). */
export function isHookKeyShape(text: string): boolean {
  return /^[A-Za-z0-9_-]{32}$/.test(text);
}
