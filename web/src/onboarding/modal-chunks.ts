/**
 * Onboarding's two modals over the editor as chunks of their own (BENCHMARKS.md "Editor"): a
 * signed-in visit loads neither. The sign-up modal is a visitor's first screen, so the app's
 * entry (main.tsx) waits for its chunk before the first render when the address opens it
 * ({@link opensSignUp}); the code modal comes after a sign-up or the account's answer.
 */
import { editorGate, readEditorAddress } from '../stores/session.js';
import { lazyChunk } from '../ui/lazy-chunk.js';

/** The sign-up and log-in modal (onboarding 2, 4). */
export const signUpModalChunk = lazyChunk(() => import('./SignUpModal.js'));

/** The four-digit code modal (onboarding 4). */
export const codeModalChunk = lazyChunk(() => import('./CodeModal.js'));

/**
 * True when the editor's first screen is the sign-up modal: the editor's address without a
 * session (`hasSession`: a stored token), a `c` to exchange or a shared template.
 *
 * @example
 * opensSignUp('/', '?u=ann', false); // true: the modal's log-in
 */
export function opensSignUp(pathname: string, search: string, hasSession: boolean): boolean {
  if (pathname !== '/') return false;
  const gate = editorGate(readEditorAddress(search), hasSession);
  return gate === 'sign-up' || gate === 'log-in';
}
