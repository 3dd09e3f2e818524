/**
 * The manual run of the trigger's step menu (onboarding 4, 6, 8): only an active workflow
 * runs ('Workflow must be ACTIVE'); while it runs the item reads 'Running...' and counts down
 * from 7 while the run is followed; then 'Manual run complete', or the server's message.
 */
import type { ApiClient } from '@junction/core';
import { failureText } from '../stores/api-failure.js';
import type { Status } from '../ui/theme.js';
import { FINISHED_STATUSES, type Sleep } from './execution-replay.js';

/** Texts of the manual run (onboarding 4, 8). */
export const MANUAL_RUN_TEXTS = {
  item: 'Run manually',
  running: 'Running...',
  mustBeActive: 'Workflow must be ACTIVE',
  complete: 'Manual run complete',
  stillRunning: 'The manual run is still going: open it in the run history to follow it.',
} as const;

/** The countdown's first value (onboarding 9). */
export const COUNTDOWN_START = 7;

/** How often the run is checked while the countdown runs. */
export const POLL_MS = 250;

/** How a manual run ended, for the toast. */
export interface ManualRunOutcome {
  status: Status;
  message: string;
  executionId: string | null;
}

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a manual run and follows it for up to {@link COUNTDOWN_START} seconds, calling
 * `onTick` with the seconds left (7, 6, … 1) as they change. An inactive workflow does not
 * call the server.
 */
export async function runManually(
  api: ApiClient,
  workflow: { id: string; active: boolean },
  { onTick = () => {}, sleep = realSleep }: { onTick?: (secondsLeft: number) => void; sleep?: Sleep } = {},
): Promise<ManualRunOutcome> {
  if (!workflow.active) return { status: 'warning', message: MANUAL_RUN_TEXTS.mustBeActive, executionId: null };
  let executionId: string;
  try {
    const accepted = await api.post('/api/workflows/{id}/runs', { params: { path: { id: workflow.id } }, body: {} });
    executionId = accepted.executionId;
  } catch (error) {
    return { status: 'error', message: failureText(error), executionId: null };
  }
  // Polled every POLL_MS so a quick run reports at once; the countdown moves once a second.
  let shown = 0;
  for (let elapsed = 0; elapsed < COUNTDOWN_START * 1000; elapsed += POLL_MS) {
    const left = COUNTDOWN_START - Math.floor(elapsed / 1000);
    if (left !== shown) {
      shown = left;
      onTick(left);
    }
    try {
      const execution = await api.get('/api/executions/{executionId}', { params: { path: { executionId } } });
      if (FINISHED_STATUSES.has(execution.status)) {
        if (execution.status === 'failed') {
          return { status: 'error', message: execution.error ?? 'The manual run failed.', executionId };
        }
        return { status: 'success', message: MANUAL_RUN_TEXTS.complete, executionId };
      }
    } catch (error) {
      return { status: 'error', message: failureText(error), executionId };
    }
    await sleep(POLL_MS);
  }
  return { status: 'info', message: MANUAL_RUN_TEXTS.stillRunning, executionId };
}
