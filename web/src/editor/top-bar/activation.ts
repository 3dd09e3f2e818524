/**
 * Switching a workflow ON or OFF (editor-core 4.2): save first, then PUT
 * /api/workflows/{id}/active, then take the stored workflow back (the trigger set-up may have
 * written its message, and the row's revision moved).
 */
import { failureText } from '../../stores/api-failure.js';
import type { Status } from '../../ui/theme.js';
import type { IEditorStore } from '../model/editor-store.js';

/** The toasts of editor-core 4.2 and 8. */
export const ACTIVATION_TEXTS = {
  active: 'Workflow status: ACTIVE',
  paused: 'Workflow status: PAUSED',
  activateFailed: 'Error: There was a problem activating the workflow.',
  pauseFailed: 'Error: There was a problem pausing the workflow.',
} as const;

/** What a switch ended with: the toast to show. */
export interface ActivationOutcome {
  ok: boolean;
  status: Status;
  message: string;
}

/**
 * Switches the open workflow ON or OFF and returns the toast to show. Pending edits are saved
 * first (a failed save stops the switch). On failure the switch stays where it was and the
 * message is the spec's, followed by the server's reason when it has one.
 *
 * @example
 * const outcome = await switchActivation(editor, true);
 * showToast({ status: outcome.status, message: outcome.message }); // 'Workflow status: ACTIVE'
 */
export async function switchActivation(editor: IEditorStore, active: boolean): Promise<ActivationOutcome> {
  const failed = active ? ACTIVATION_TEXTS.activateFailed : ACTIVATION_TEXTS.pauseFailed;
  const fail = (error: unknown): ActivationOutcome => {
    // The spec's sentence, then core's message table for the Problem's code.
    return { ok: false, status: 'error', message: failureText(error, failed) };
  };
  try {
    const isActive = await editor.switchActive(active);
    return isActive
      ? { ok: true, status: 'success', message: ACTIVATION_TEXTS.active }
      : { ok: true, status: 'warning', message: ACTIVATION_TEXTS.paused };
  } catch (error) {
    return fail(error);
  }
}
