/**
 * The editor's address parameters and session token (editor-core 2.1, onboarding 2 "Editor
 * canvas"): reading `id`, `u`, `t`, `c`, `template_id`, keeping the token in local storage and
 * taking the one-time `c` out of the address.
 */
import type { ServerState } from '@junction/core';

/** The local-storage key of the session token. */
export const TOKEN_STORAGE_KEY = 'junction.token';

/** What the editor reads from its address (editor-core 2.1). */
export interface EditorAddress {
  /** Workflow id; null when missing (a new workflow is created). */
  id: string | null;
  /** User id. */
  userId: string | null;
  /** Tenant id. */
  tenantId: string | null;
  /** One-time auth token, exchanged once for a session. */
  exchangeToken: string | null;
  /** A shared template to accept. */
  templateId: string | null;
  /** An invitation to a workspace, sent with the sign-up (onboarding 3 "Sign-up payload"). */
  invitationToken: string | null;
}

/**
 * The parts of `Storage` the session uses; injected so tests pass a Map-backed fake. Declared
 * here (not `Pick<Storage, …>`) so the file compiles in projects without the DOM library.
 */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The parts of `window` the browser platform uses (no DOM library needed to compile). */
export interface SessionWindow {
  localStorage: TokenStorage;
  location: { search: string; pathname: string; hash: string };
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string | null): void };
}

/**
 * Reads the editor's parameters from a query string; empty values count as missing.
 *
 * @example
 * readEditorAddress('?id=wf1&c=abc').exchangeToken; // 'abc'
 */
export function readEditorAddress(search: string): EditorAddress {
  const params = new URLSearchParams(search);
  const read = (key: string) => {
    const value = params.get(key);
    return value === null || value.trim() === '' ? null : value;
  };
  return {
    id: read('id'),
    userId: read('u'),
    tenantId: read('t'),
    exchangeToken: read('c'),
    templateId: read('template_id'),
    invitationToken: read('invitationToken'),
  };
}

/** What the editor shows first; see {@link editorGate}. */
export type EditorGate = 'session' | 'sign-up' | 'log-in' | 'template';

/**
 * What the editor shows first (onboarding 2 "Editor canvas", 6):
 * - 'session': a token is at hand (`c`, stored or the client's own), the editor loads;
 * - 'sign-up': no session, no `u` and no `template_id`: the sign-up modal opens (the spec's rule);
 * - 'log-in': no session but `u` names a user: they have an account, so the modal's log-in opens;
 * - 'template': no session, no `u`, a `template_id`: the spec opens no sign-up modal, so the
 *   shared template is presented first and its 'Use this template' leads to sign-up or log-in
 *   (accepting a template needs an account).
 *
 * @example
 * editorGate(readEditorAddress('?template_id=t1'), false); // 'template'
 */
export function editorGate(address: EditorAddress, hasSession: boolean): EditorGate {
  if (hasSession || address.exchangeToken) return 'session';
  if (address.userId) return 'log-in';
  if (address.templateId) return 'template';
  return 'sign-up';
}

/**
 * Returns `search` with `key` set to `value` (or removed when `value` is null), other
 * parameters kept in their order; '' when nothing is left.
 *
 * @example
 * withParam('?id=1&c=x', 'c', null); // '?id=1'
 */
export function withParam(search: string, key: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(key);
  else params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Returns the address of the dashboard's workflow list with the token (editor-core 2.1 exit button). */
export function exitHref(token: string | null): string {
  return token ? `/workflows${withParam('', 'c', token)}` : '/workflows';
}

/** Where the session lives in the browser: storage for the token, and the address bar. */
export interface SessionPlatform {
  storage: TokenStorage;
  /** The current query string, e.g. '?id=1'. */
  readSearch(): string;
  /** Replaces the query string without a navigation (history.replaceState). */
  replaceSearch(search: string): void;
}

/**
 * Establishes the API session for the editor: a `c` in the address is exchanged once via
 * POST /api/auth/exchange, the session token stored, and `c` removed from the address
 * (editor-core 2.1); otherwise the stored token is used. Returns the token, or null when
 * there is none. A failed exchange throws the `ApiError` and leaves `c` in place. The exchange is
 * a write of the server-state layer; the token is set on the layer's client.
 */
export async function establishSession(server: ServerState, platform: SessionPlatform): Promise<string | null> {
  const { api } = server;
  const { exchangeToken } = readEditorAddress(platform.readSearch());
  if (exchangeToken) {
    const grant = await server.mutate((client) =>
      client.post('/api/auth/exchange', { body: { token: exchangeToken } }),
    );
    platform.storage.setItem(TOKEN_STORAGE_KEY, grant.token);
    // The one-time token must not stay in the address bar, history or a shared link.
    platform.replaceSearch(withParam(platform.readSearch(), 'c', null));
    api.setToken(grant.token);
    return grant.token;
  }
  const stored = platform.storage.getItem(TOKEN_STORAGE_KEY);
  if (stored) api.setToken(stored);
  return stored ?? api.getToken();
}

/** The browser's session platform: localStorage and history.replaceState on `window`. */
export function browserSessionPlatform(win: SessionWindow = globalThis as unknown as SessionWindow): SessionPlatform {
  return {
    storage: win.localStorage,
    readSearch: () => win.location.search,
    replaceSearch: (search) => {
      const { pathname, hash } = win.location;
      win.history.replaceState(win.history.state, '', `${pathname}${search}${hash}`);
    },
  };
}
