/** Failure alerts' tables (migration 0019-failure-alerts). */

/**
 * `failure_alerts`: per workspace (`workflow_id` '*': the workspace's settings) and per workflow
 * (its own switch and the alert state core's `decideFailureAlert` keeps between runs).
 */
export interface FailureAlertsTable {
  tenant_id: string;
  workflow_id: string;
  /** 1: alerts on (the default), 0: turned off. */
  enabled: number;
  /** Minutes between two mails about one failing workflow; null: the default (an hour). */
  interval_minutes: number | null;
  /** 1 while a failure was mailed and no success came since. */
  failing: number;
  last_mail_at: string | null;
  unsent: number;
  /** The secret of the mail's "turn these alerts off" link (random, unique). */
  off_token: string;
  updated_at: string;
}

/** The failure alert tables. */
export interface AlertTables {
  failure_alerts: FailureAlertsTable;
}
