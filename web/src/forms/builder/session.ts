/**
 * The signed-in session the builder needs when it opens outside the editor: the token kept
 * in local storage (web/src/stores/session.ts), handed to the API client once.
 */
import { useEffect, useState } from 'react';
import { AccountStoreModel } from '../../account/account-store.js';
import { usePageStore } from '../../stores/root-store.js';
import { TOKEN_STORAGE_KEY } from '../../stores/session.js';

/** Returns the session token (setting it on the API client), or null when signed out. */
export function useSessionToken(): string | null {
  const account = usePageStore(AccountStoreModel);
  const [token] = useState(() => account.token ?? readStoredToken());
  useEffect(() => {
    if (token) account.adoptToken(token);
  }, [account, token]);
  if (token) account.adoptToken(token);
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
