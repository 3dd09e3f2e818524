/**
 * Failure alerts' contract (services/failure-alerts.ts): the workspace's alert settings, a
 * workflow's own switch, the test alert and the mail's "turn off" link.
 */
import type { AuthContext } from '../views.js';

/** A workspace's alert settings. */
export interface FailureAlertSettingsView {
  enabled: boolean;
  intervalMinutes: number;
}

/** A workflow's alert switch. */
export interface WorkflowAlertsView {
  workflowId: string;
  enabled: boolean;
}

/** Failure alerts. */
export interface FailureAlertsService {
  getSettings(ctx: AuthContext): Promise<FailureAlertSettingsView>;
  updateSettings(ctx: AuthContext, input: Partial<FailureAlertSettingsView>): Promise<FailureAlertSettingsView>;
  getWorkflowAlerts(ctx: AuthContext, workflowId: string): Promise<WorkflowAlertsView>;
  setWorkflowAlerts(ctx: AuthContext, workflowId: string, enabled: boolean): Promise<WorkflowAlertsView>;
  /** Mails a test alert about a workflow to every recipient; answers how many it went to and how (SMTP or the log). */
  sendTestAlert(ctx: AuthContext, workflowId: string): Promise<{ recipients: number; delivery: 'smtp' | 'log' }>;
  /** The mail's link: turns the alerts of its workflow off. */
  turnOff(token: string): Promise<{ workflowName: string; enabled: false }>;
}
