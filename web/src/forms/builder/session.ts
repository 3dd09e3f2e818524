/**
 * The signed-in session the builder needs when it opens outside the editor: the token kept
 * in local storage (web/src/stores/session.ts), handed to the API client once.
 */
import { useEffect, useState } from 'react';
import { useApi } from '../../stores/root-store.js';
import { TOKEN_STORAGE_KEY } from '../../stores/session.js';

/** Returns the session token (setting it on the API client), or null when signed out. */
export function useSessionToken(): string | null {
  const api = useApi();
  const [token] = useState(() => api.getToken() ?? readStoredToken());
  useEffect(() => {
    if (token && !api.getToken()) api.setToken(token);
  }, [api, token]);
  if (token && !api.getToken()) api.setToken(token);
  return token;
}

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode, sandboxed frames): treat as signed out.
    return null;
  }
}
