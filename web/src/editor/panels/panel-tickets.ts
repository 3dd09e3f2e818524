/**
 * Automatic support tickets from the step panels (editor-core 8): 'Action Incomplete' when a
 * chosen event has no url, 'Action Dropdown Empty' when an app offers no actions. Each item is
 * filed once per browser, remembered in local storage under 'tickets'.
 */
import type { ApiClient } from '@junction/core';
import { serverStateOf } from '../../stores/server-state.js';

/** The local-storage key of the filed tickets (editor-core 8). */
export const TICKETS_STORAGE_KEY = 'tickets';

/** Ticket titles (editor-core 8). */
export const ACTION_INCOMPLETE = 'Action Incomplete';
export const ACTION_DROPDOWN_EMPTY = 'Action Dropdown Empty';

/** An automatic ticket. */
export interface AutoTicket {
  title: typeof ACTION_INCOMPLETE | typeof ACTION_DROPDOWN_EMPTY;
  app: string;
  event: string;
}

/** The key a ticket is remembered by: its title, app and event. */
export function ticketKey(ticket: AutoTicket): string {
  return `${ticket.title}|${ticket.app}|${ticket.event}`;
}

/** The parts of the browser's `Storage` the tickets use (typed here: core and server code has no DOM library). */
export interface TicketStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function filedKeys(storage: TicketStorage): string[] {
  try {
    const parsed = JSON.parse(storage.getItem(TICKETS_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Files a ticket once (POST /api/tickets with the user's e-mail); returns true when it was filed
 * now, false when it was filed before. A failure throws, and the ticket is tried again next time.
 * Both requests go through the server-state layer of `deps.api` (the profile read is the cached
 * GET /api/auth/me every screen shares).
 */
export async function fileTicketOnce(
  ticket: AutoTicket,
  deps: { api: ApiClient; storage: TicketStorage; editorUrl: string },
): Promise<boolean> {
  const key = ticketKey(ticket);
  if (filedKeys(deps.storage).includes(key)) return false;
  const server = serverStateOf(deps.api);
  const me = await server.read('/api/auth/me', undefined);
  await server.mutate((api) =>
    api.post('/api/tickets', {
      body: {
        editor_url: deps.editorUrl,
        email: me.email,
        title: ticket.title,
        content:
          ticket.title === ACTION_INCOMPLETE
            ? `The event ${ticket.event} of ${ticket.app} has no URL.`
            : `The app ${ticket.app} offers no actions.`,
        app: ticket.app,
        ...(ticket.event ? { event: ticket.event } : {}),
      },
    }),
  );
  deps.storage.setItem(TICKETS_STORAGE_KEY, JSON.stringify([...filedKeys(deps.storage), key]));
  return true;
}
