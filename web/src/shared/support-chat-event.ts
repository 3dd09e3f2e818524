/**
 * Opening the support chat from anywhere (editor-core 2.9 'Request a new trigger via chat
 * (bottom right)'; onboarding-and-extras 7 "A chat script loads on screens wider than 719 px"):
 * a window event, so a feature asks the chat to open without importing it. The chat launcher
 * (dashboard/SupportChatLauncher.tsx) listens in every signed-in frame.
 */

/** The window event that opens the support chat; its detail is {@link SupportChatRequest}. */
export const SUPPORT_CHAT_EVENT = 'junction:support-chat';

/** What an opener hands the chat. */
export interface SupportChatRequest {
  /** Text put in the message box ('' leaves what the user had typed). */
  draft: string;
}

/**
 * Opens the support chat with `draft` in its message box.
 *
 * @example openSupportChat('New trigger request: Formatter');
 */
export function openSupportChat(draft = ''): void {
  window.dispatchEvent(new CustomEvent<SupportChatRequest>(SUPPORT_CHAT_EVENT, { detail: { draft } }));
}

/** Calls `listener` each time the chat is asked to open; returns the unsubscribe. */
export function onSupportChatRequest(listener: (request: SupportChatRequest) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<SupportChatRequest>).detail ?? { draft: '' });
  window.addEventListener(SUPPORT_CHAT_EVENT, handle);
  return () => window.removeEventListener(SUPPORT_CHAT_EVENT, handle);
}
