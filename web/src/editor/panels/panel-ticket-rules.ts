/**
 * Which automatic ticket a step panel files (editor-core 8): the rules, apart from the filing in
 * `panel-tickets.ts` (the editor store's, so first-load code), since only the panel chunk uses them.
 */
import type { ActionDef, AppDefinition } from '@junction/core';
import { ACTION_DROPDOWN_EMPTY, ACTION_INCOMPLETE, type AutoTicket } from './panel-tickets.js';

/**
 * Returns the ticket an app's action list calls for: 'Action Dropdown Empty' for an app with no
 * shown action. Junction's own built-in apps (trigger-only Webhook, Schedule…) never file one.
 */
export function emptyActionsTicket(app: AppDefinition): AutoTicket | null {
  if (app.source === 'builtin') return null;
  const shown = Object.values(app.actions ?? {}).filter((action) => !action.hidden);
  return shown.length === 0 ? { title: ACTION_DROPDOWN_EMPTY, app: app.appSlug, event: '' } : null;
}

/** Returns the ticket a chosen action calls for: 'Action Incomplete' when it has no url. */
export function incompleteActionTicket(app: AppDefinition, key: string, action: ActionDef): AutoTicket | null {
  if (app.source === 'builtin' || (action.url ?? '').trim() !== '') return null;
  return { title: ACTION_INCOMPLETE, app: app.appSlug, event: key };
}
