/**
 * The manual run of the trigger's step menu (onboarding 4, 6, 8): only an active workflow
 * runs ('Workflow must be ACTIVE'); while it runs the item reads 'Running...' and counts down
 * from 7 while the run is followed; then 'Manual run complete', or the server's message.
 */
import type { ServerState } from '@junction/core';
import { failureText } from '../stores/api-failure.js';
import type { Status } from '../ui/theme.js';
import { FINISHED_STATUSES, type FollowOptions, invalidateAll } from './execution-replay.js';

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

/**
 * Starts a manual run (a mutation) and follows it through the server-state layer (a polled
 * read) for up to {@link COUNTDOWN_START} seconds, calling `onTick` with the seconds left
 * (7, 6, … 1) as they change. An inactive workflow does not call the server.
 */
export async function runManually(
  server: ServerState,
  workflow: { id: string; active: boolean },
  { onTick = () => {}, invalidates, signal }: { onTick?: (secondsLeft: number) => void } & FollowOptions = {},
): Promise<ManualRunOutcome> {
  if (!workflow.active) return { status: 'warning', message: MANUAL_RUN_TEXTS.mustBeActive, executionId: null };
  let executionId: string;
  try {
    const accepted = await server.mutate(
      (api) => api.post('/api/workflows/{id}/runs', { params: { path: { id: workflow.id } }, body: {} }),
      { invalidates },
    );
    executionId = accepted.executionId;
  } catch (error) {
    return { status: 'error', message: failureText(error), executionId: null };
  }
  // Read every POLL_MS so a quick run reports at once; the countdown moves once a second.
  let shown = 0;
  let execution: { status: string; error?: string };
  try {
    execution = await server.poll(
      '/api/executions/{executionId}',
      { params: { path: { executionId } } },
      {
        until: (run) => FINISHED_STATUSES.has(run.status),
        everyMs: POLL_MS,
        tries: (COUNTDOWN_START * 1000) / POLL_MS,
        onRound: (round) => {
          const left = COUNTDOWN_START - Math.floor((round * POLL_MS) / 1000);
          if (left === shown) return;
          shown = left;
          onTick(left);
        },
        signal,
      },
    );
  } catch (error) {
    return { status: 'error', message: failureText(error), executionId };
  }
  await invalidateAll(server, invalidates);
  if (!FINISHED_STATUSES.has(execution.status)) {
    return { status: 'info', message: MANUAL_RUN_TEXTS.stillRunning, executionId };
  }
  if (execution.status === 'failed') {
    return { status: 'error', message: execution.error ?? 'The manual run failed.', executionId };
  }
  return { status: 'success', message: MANUAL_RUN_TEXTS.complete, executionId };
}
