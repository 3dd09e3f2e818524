/**
 * The support chat's rules (editor-core 2.9 'Request a new trigger via chat (bottom right)';
 * onboarding-and-extras 7 and 9 "chat script above 719"): a chat message is a support ticket
 * of the ticket panel (onboarding 3, 4) — its first line is the ticket's event, so its title —
 * filed through the same `submitTicket` and the same server rule and limits as the Support page.
 */
import { canSubmitTicket, TICKET_TEXTS, type TicketDraft } from './dashboard-tickets.js';

/** Longest event (and so title) a chat message is filed under; the server takes 200. */
export const CHAT_EVENT_MAX_CHARS = 120;

/** Texts of the chat launcher and panel. */
export const CHAT_TEXTS = {
  launcher: 'Chat with support',
  title: 'Chat with support',
  intro: "Write to this instance's support team. Your message is filed as a support ticket.",
  messageLabel: 'Message',
  send: 'Send',
  sending: 'Sending message',
  sent: TICKET_TEXTS.success,
  another: 'Write another message',
  failureLead: 'The message could not be sent.',
  loadName: 'The support chat',
} as const;

/** The answer state after a message went out: where the reply will come. */
export function chatReplyText(email: string): string {
  return email ? `We'll reply by e-mail to ${email}.` : "We'll reply by e-mail.";
}

/** Returns true when the message may be sent: it holds more than blanks. */
export function canSendChat(text: string): boolean {
  const draft = chatTicketDraft(text, '');
  return canSubmitTicket(draft.event, draft.message);
}

/**
 * The ticket a chat message files: the first non-blank line (cut at
 * {@link CHAT_EVENT_MAX_CHARS}) as the event, the whole message as the content, no app.
 *
 * @example
 * chatTicketDraft('New trigger request: Formatter', url).event; // 'New trigger request: Formatter'
 */
export function chatTicketDraft(text: string, editorUrl: string): TicketDraft {
  const message = text.trim();
  const firstLine = message.split('\n', 1)[0].trim();
  const event =
    firstLine.length > CHAT_EVENT_MAX_CHARS ? `${firstLine.slice(0, CHAT_EVENT_MAX_CHARS - 1)}…` : firstLine;
  return { app: '', event, message, editorUrl };
}
