/**
 * An API failure as the words a page shows (the dashboard pages, the account menu). A module of
 * its own, so first-load code that needs it does not bring the dashboard's calls along.
 */
import { isApiError } from '@junction/core';

/** Returns an API failure as the user's text (a 422 names the first bad path). */
export function failureText(error: unknown): string {
  if (isApiError(error)) {
    const problem = error.problem as {
      detail?: string;
      title: string;
      errors?: { field?: string; message?: string }[];
    };
    const first = problem.errors?.[0];
    const base = problem.detail || problem.title;
    return first?.field ? `${base} (${first.field}${first.message ? `: ${first.message}` : ''})` : base;
  }
  return error instanceof Error ? error.message : String(error);
}
