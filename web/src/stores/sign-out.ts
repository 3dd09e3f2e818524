/**
 * Signing out of the browser: the server ends the session (or every session of the account),
 * then the token leaves local storage and the client, and the server-state layer forgets every
 * answer it holds (nothing read for this account may show to the next). The sign-in screen
 * comes next.
 */
import { isApiError, STATUS_PROBLEM_CODES, type ServerState } from '@junction/core';
import { TOKEN_STORAGE_KEY, type TokenStorage, withParam } from './session.js';

/** Which sessions to end: this browser's, or every session of the account. */
export type SignOutScope = 'this-browser' | 'everywhere';

/**
 * Ends the session on the server and forgets the token here; answers the address of the
 * sign-in screen (the editor's log-in, naming the account when `userId` is known).
 * A session the server already ended (401) still counts as signed out; any other failure
 * throws and the token stays, so the user can try again.
 *
 * @example
 * window.location.assign(await signOut(server, localStorage, 'this-browser', me.id));
 */
export async function signOut(
  server: ServerState,
  storage: TokenStorage,
  scope: SignOutScope,
  userId?: string,
): Promise<string> {
  try {
    if (scope === 'everywhere') await server.mutate((api) => api.delete('/api/auth/sessions'));
    else await server.mutate((api) => api.post('/api/auth/log-out'));
  } catch (error) {
    // Already signed out: the session had ended.
    if (!isApiError(error) || error.code !== STATUS_PROBLEM_CODES[401]) throw error;
  }
  storage.removeItem(TOKEN_STORAGE_KEY);
  server.api.setToken(null);
  server.cache.clear();
  return `/${userId ? withParam('', 'u', userId) : ''}`;
}
