/**
 * The session of the dashboard pages and the replay viewer. The editor's Exit sends the
 * session token in `c` (editor-core 2.1); a sign-in link sends a one-time token there. Either
 * way it is taken out of the address, kept in local storage and checked with GET /api/auth/me.
 * The exchange and the check go through the server-state layer; the token is set on its client.
 */
import { isApiError, STATUS_PROBLEM_CODES, type ServerState } from '@junction/core';
import { readEditorAddress, type SessionPlatform, TOKEN_STORAGE_KEY, withParam } from './session.js';

/** True when a call was refused because the session (or the exchanged token) has ended. */
const isSessionEnded = (error: unknown) => isApiError(error) && error.code === STATUS_PROBLEM_CODES[401];

/** The signed-in user as GET /api/auth/me answers. */
export type Me = Awaited<ReturnType<typeof getMe>>;

function getMe(server: ServerState) {
  return server.read('/api/auth/me', undefined);
}

/**
 * Establishes the session from the address or local storage and answers the user, or null
 * when nobody is signed in. A `c` is first tried as a one-time sign-in token, then as the
 * session token the editor's Exit passes.
 */
export async function establishDashboardSession(server: ServerState, platform: SessionPlatform): Promise<Me | null> {
  const { api } = server;
  const { exchangeToken } = readEditorAddress(platform.readSearch());
  if (exchangeToken) {
    // Out of the address first: a token must not stay in history or a shared link.
    platform.replaceSearch(withParam(platform.readSearch(), 'c', null));
    try {
      const grant = await server.mutate((client) =>
        client.post('/api/auth/exchange', { body: { token: exchangeToken } }),
      );
      api.setToken(grant.token);
      platform.storage.setItem(TOKEN_STORAGE_KEY, grant.token);
    } catch (error) {
      if (!isSessionEnded(error)) throw error;
      api.setToken(exchangeToken);
      try {
        const me = await getMe(server);
        platform.storage.setItem(TOKEN_STORAGE_KEY, exchangeToken);
        return me;
      } catch (inner) {
        if (!isSessionEnded(inner)) throw inner;
        api.setToken(null);
      }
    }
  }
  const stored = platform.storage.getItem(TOKEN_STORAGE_KEY);
  if (stored && !api.getToken()) api.setToken(stored);
  if (!api.getToken()) return null;
  try {
    return await getMe(server);
  } catch (error) {
    if (isSessionEnded(error)) return null;
    throw error;
  }
}
