/**
 * The support-ticket panel's rules (onboarding 2, 3, 4, 5): the title is the app label, a dash,
 * then the event text; submit is enabled only when the event and the message are filled; the
 * success text is 'A ticket was successfully created.'.
 */
import type { Schema } from '@junction/api-spec';
import type { QueryKey, ServerState } from '@junction/core';

/** Texts of the ticket panel (onboarding 4 "Support ticket"). */
export const TICKET_TEXTS = {
  success: 'A ticket was successfully created.',
  close: 'Close',
  eventLabel: 'Event',
  messageLabel: 'Message',
  submit: 'Submit',
} as const;

/**
 * Returns a ticket's title (onboarding 3): 'App - event', or the event alone without an app.
 *
 * @example
 * ticketTitle('Demo CRM', 'New invoice'); // 'Demo CRM - New invoice'
 */
export function ticketTitle(app: string, event: string): string {
  const a = app.trim();
  const e = event.trim();
  return a ? `${a} - ${e}` : e;
}

/** Returns true when the panel may submit: both the event and the message are filled (onboarding 5). */
export function canSubmitTicket(event: string, message: string): boolean {
  return event.trim() !== '' && message.trim() !== '';
}

/** What the panel sends. */
export interface TicketDraft {
  app: string;
  event: string;
  message: string;
  /** The page the user was on (onboarding 3 editor_url). */
  editorUrl: string;
}

/**
 * Files a ticket with the signed-in user's e-mail (POST /api/tickets, a mutation invalidating
 * `invalidates`); the e-mail is a read of the layer. Throws the ApiError on failure.
 */
export async function submitTicket(
  server: ServerState,
  draft: TicketDraft,
  invalidates: QueryKey[],
): Promise<{ id: string }> {
  const me = await server.read('/api/auth/me', undefined);
  const app = draft.app.trim();
  return server.mutate(
    (api) =>
      api.post('/api/tickets', {
        body: {
          editor_url: draft.editorUrl,
          email: me.email,
          title: ticketTitle(app, draft.event),
          content: draft.message.trim(),
          ...(app ? { app } : {}),
          event: draft.event.trim(),
        },
      }),
    { invalidates },
  );
}

/** A ticket as the support page lists it: the contract's stored ticket (an operator reads several workspaces'). */
export type TicketRow = Schema<'TicketDetail'>;

/** Loads the tickets the caller may read: their workspace's, or all for an operator. */
export async function listTickets(server: ServerState): Promise<TicketRow[]> {
  return (await server.read('/api/tickets', undefined)).items;
}
