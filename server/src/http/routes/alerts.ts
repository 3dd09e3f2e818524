/** Failure alerts: the workspace's settings, a workflow's switch, the test alert and the mail's off link. */
import { requireAuth } from '../auth.js';
import type { OperationHandlers } from '../types.js';

/** Handlers by operationId. */
export const alertHandlers: OperationHandlers = {
  async getAlertSettings(input) {
    return { status: 200, body: await input.services.alerts.getSettings(requireAuth(input)) };
  },
  async updateAlertSettings(input) {
    const body = input.body as { enabled?: boolean; intervalMinutes?: number };
    return { status: 200, body: await input.services.alerts.updateSettings(requireAuth(input), body) };
  },
  async setAlertsOff(input) {
    const { token } = input.query as { token: string };
    return { status: 200, body: await input.services.alerts.turnOff(token) };
  },
  async getWorkflowAlerts(input) {
    return { status: 200, body: await input.services.alerts.getWorkflowAlerts(requireAuth(input), input.params.id) };
  },
  async setWorkflowAlerts(input) {
    const { enabled } = input.body as { enabled: boolean };
    const body = await input.services.alerts.setWorkflowAlerts(requireAuth(input), input.params.id, enabled);
    return { status: 200, body };
  },
  async sendTestAlert(input) {
    return { status: 200, body: await input.services.alerts.sendTestAlert(requireAuth(input), input.params.id) };
  },
};
