/**
 * The sign-in pop-up of an app account (editor-core 7.3, 9, 2.5): its address with a single-use
 * ticket, opening it inside the click, and reading what it reports. The connection panel, the
 * dashboard's Connections page and the portal's Authentication test all open it.
 */

/** The pop-up window's size (editor-core 9). */
export const SIGN_IN_WINDOW = { width: 600, height: 700 } as const;

/**
 * The sign-in pop-up's address (editor-core 7.3): `/auth/{app}?uid&ticket`, optionally `update`
 * and `c_id`. The pop-up cannot send a bearer header, and a session token must never travel in
 * a URL: `ticket` is single-use and lives 60 s (`POST /api/auth/popup-ticket`).
 */
export function signInUrl(input: {
  origin: string;
  appSlug: string;
  userId: string;
  ticket: string;
  credentialId?: string;
}): string {
  const params = new URLSearchParams({ uid: input.userId, ticket: input.ticket });
  if (input.credentialId) {
    params.set('update', 'true');
    params.set('c_id', input.credentialId);
  }
  return `${input.origin.replace(/\/$/, '')}/auth/${encodeURIComponent(input.appSlug)}?${params.toString()}`;
}

/** The part of a pop-up window the sign-in needs (a browser `Window` fits). */
export interface SignInWindow {
  location: { href: string };
  close(): void;
}

/** Opens a window; answers null when the browser blocked it (`window.open`'s shape). */
export type OpenWindow = (url: string, name: string, features: string) => SignInWindow | null;

/**
 * Opens the sign-in pop-up (editor-core 7.3) without a session token in any URL: the window
 * opens blank at once — call this inside the click handler, before anything is awaited, so
 * pop-up blockers allow it — then goes to `address(ticket)` once the server gave a ticket.
 * Answers 'blocked' when the browser refused the window; when the ticket cannot be had the
 * window is closed and the error thrown.
 */
export async function openSignInWindow(input: {
  open: OpenWindow;
  name: string;
  fetchTicket: () => Promise<string>;
  address: (ticket: string) => string;
}): Promise<'opened' | 'blocked'> {
  const popup = input.open('about:blank', input.name, signInFeatures());
  if (!popup) return 'blocked';
  try {
    const ticket = await input.fetchTicket();
    popup.location.href = input.address(ticket);
    return 'opened';
  } catch (error) {
    popup.close();
    throw error;
  }
}

/** The `features` text of `window.open` for the sign-in pop-up. */
export function signInFeatures(): string {
  return `popup=yes,width=${SIGN_IN_WINDOW.width},height=${SIGN_IN_WINDOW.height}`;
}

/** What a sign-in pop-up reported. */
export type SignInMessage = { ok: true; credentialId: string } | { ok: false; message: string };

/**
 * Reads a message event from the sign-in pop-up. Returns null for messages from any origin
 * outside `trustedOrigins` (editor-core 2.5) and for messages that are not sign-in results.
 * Accepts `{ type: 'junction:credential', credentialId }`, `{ type: 'junction:credential-error',
 * message }` and `{ type: 'junction:oauth', ok, credentialId | message }`.
 */
export function readSignInMessage(
  event: { origin: string; data: unknown },
  trustedOrigins: readonly string[],
): SignInMessage | null {
  if (!trustedOrigins.includes(event.origin)) return null;
  const data = event.data as Record<string, unknown> | null;
  if (data === null || typeof data !== 'object') return null;
  const message = typeof data.message === 'string' ? data.message : 'Connecting the account failed.';
  if (data.type === 'junction:credential-error') return { ok: false, message };
  if (data.type !== 'junction:credential' && data.type !== 'junction:oauth') return null;
  if (data.ok === false) return { ok: false, message };
  return typeof data.credentialId === 'string' ? { ok: true, credentialId: data.credentialId } : null;
}
