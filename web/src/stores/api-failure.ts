/**
 * An API failure as the words a page shows (the dashboard pages, the account menu): core's
 * message table (`describeProblem`), one sentence per Problem code. A module of its own, so
 * first-load code that needs it does not bring the dashboard's calls along.
 */
import { describeProblem } from '@junction/core';

/** Returns an API failure as the user's text: the table's sentence, or the server's detail where the table shows it. */
export function failureText(error: unknown): string {
  return describeProblem(error).text;
}
