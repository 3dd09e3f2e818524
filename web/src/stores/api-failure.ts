/**
 * An API failure as the words a screen shows: core's message table (`describeProblem`), one
 * sentence per Problem code, after the screen's own lead naming what failed ('The accounts
 * could not be loaded.'). A server that cannot be reached is the table's one sentence alone.
 * A module of its own, so first-load code that needs it does not bring the dashboard's calls
 * along.
 */
import { describeProblem, isUnreachable } from '@junction/core';

/**
 * Returns an API failure as the user's text: the table's sentence (or the server's detail
 * where the table shows it), after `lead` when given.
 *
 * @example
 * failureText(error, 'The app list could not be loaded.');
 * // 'The app list could not be loaded. This is not available on this server yet.'
 */
export function failureText(error: unknown, lead?: string): string {
  const text = describeProblem(error).text;
  return lead && !isUnreachable(error) ? `${lead} ${text}` : text;
}
