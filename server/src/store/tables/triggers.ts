/** Tables of the triggers: the armed trigger of each active workflow. */
import type { JsonColumn } from '../json.js';

/**
 * `trigger_subscriptions`: one row per workflow that is ON, written in the same transaction
 * that sets `workflows.active = 1` and deleted in the one that sets it to 0. Polling seen keys
 * are not here: they are the engine's dedupe keys (`poll:{stepId}:{key}`), committed by
 * `ingest` together with the executions they create.
 */
export interface TriggerSubscriptionsTable {
  workflow_id: string;
  tenant_id: string;
  /** The trigger step the subscription was made for. */
  step_id: string;
  /** 'webhook' | 'form' | 'schedule' | 'polling' | 'app-webhook'. */
  kind: string;
  /** App slug and trigger key at activation. */
  app: string;
  event: string;
  /** Kind-specific JSON: the schedule spec, the app's subscription answer… */
  state: JsonColumn;
  trigger_message: string;
  /** Schedules: the next tick; polling: the next poll (ISO). Null for kinds that never tick. */
  next_run_at: string | null;
  /** The last tick or poll that ran (ISO). */
  last_run_at: string | null;
  /** The last poll or tick failure, shown to the user; null after a success. */
  last_error: string | null;
  last_error_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Tables of the triggers. */
export interface TriggerTables {
  trigger_subscriptions: TriggerSubscriptionsTable;
}
