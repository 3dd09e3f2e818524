/**
 * An API failure as the words a screen shows: core's message table (`describeProblem`), one
 * sentence per Problem code, after the screen's own lead naming what failed ('The accounts
 * could not be loaded.'). A server that cannot be reached is the table's one sentence alone.
 * A module of its own, so first-load code that needs it does not bring the dashboard's calls
 * along.
 */
import { describeProblem, isApiError, isUnreachable } from '@junction/core';

/**
 * Returns an API failure as the user's text: the table's sentence (or the server's detail
 * where the table shows it), after `lead` when given. Any other Error reads as its message
 * (screens throw their own sentences).
 *
 * @example
 * failureText(error, 'The app list could not be loaded.');
 * // 'The app list could not be loaded. This is not available on this server yet.'
 */
export function failureText(error: unknown, lead?: string): string {
  // A screen's own refusal (an Error it threw with a sentence, e.g. an import that is no workflow).
  if (!isApiError(error) && error instanceof Error && error.message) return error.message;
  const text = describeProblem(error).text;
  return lead && !isUnreachable(error) ? `${lead} ${text}` : text;
}
