/**
 * Activation, schedules and polling with dedupe. Implemented
 * in `server/src/engine/triggers/index.ts`.
 */
import type { WorkflowDocument } from '@junction/core';
import type { AuthContext } from '../views.js';
import type { WorkflowVersionView } from './releases.js';

/** PUT /api/workflows/{id}/active answer. */
export interface ActivationView {
  active: boolean;
  /** What the trigger set-up reported, shown on the trigger step. */
  triggerMessage?: string;
}

/** GET /api/workflows/{id}/active answer: the activation plus the trigger's health. */
export interface ActivationStatus extends ActivationView {
  /** The last schedule or poll failure (a poll the app refused, a removed account…); absent after a success. */
  lastError?: string;
  lastErrorAt?: string;
  /** When the trigger last ran and runs next (schedules and polls, in-process scheduler). */
  lastRunAt?: string;
  nextRunAt?: string;
}

/** GET /api/workflows/{id}/hook answer: the webhook URL the trigger panel shows. */
export interface WorkflowHookView {
  /** `{publicUrl}/hooks/{key}`; the key is random (192 bits), never the workflow id. */
  url: string;
}

/** The triggers service. */
export interface TriggersService {
  /**
   * Switches a workflow ON (creates its trigger: webhook subscribe, polling, schedule) or OFF
   * (deletes it). A trigger that cannot be set up answers 422 with the reason in `detail` and
   * leaves the workflow as it was.
   */
  setActive(ctx: AuthContext, workflowId: string, active: boolean): Promise<ActivationView>;
  /** The workflow's activation and its trigger's last error (404 for another tenant's workflow). */
  getActivation(ctx: AuthContext, workflowId: string): Promise<ActivationStatus>;
  /** The workflow's webhook URL (404 for another tenant's workflow). */
  getHook(ctx: AuthContext, workflowId: string): Promise<WorkflowHookView>;
  /**
   * Replaces the webhook key: the old URL stops working at once. 409 while an app's instant
   * trigger is ON (the app keeps sending to the URL it was given: switch OFF first).
   */
  rotateHook(ctx: AuthContext, workflowId: string): Promise<WorkflowHookView>;
  /**
   * Publishes the draft of a workflow that is ON (DESIGN "A workflow's life"): the activation
   * checks on the draft (422 naming the steps), the trigger set up anew only when its step, app,
   * event, account or fields change (the webhook URL, schedule and polling cursor stay
   * otherwise), the draft made the document that runs, and a new version recorded. 409 when OFF
   * or when `expectedRevision` is stale.
   */
  publishDraft(
    ctx: AuthContext,
    workflowId: string,
    input: { draft: WorkflowDocument; expectedRevision: number; note?: string },
  ): Promise<{ version: WorkflowVersionView; rearmed: boolean }>;
}
