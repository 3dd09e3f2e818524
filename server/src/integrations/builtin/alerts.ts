/**
 * Workflow alerts by Junction: the trigger "When another workflow fails" (docs/failure-alerts.md).
 * An alert workflow sends the failure on with the catalogue's apps (Slack, a ticket system). It
 * needs no account; the server's failure alerts start it, never for a failure of an alert
 * workflow itself (alerts never loop).
 */
import { type BuiltinAppDefinition, iconUrl } from './types.js';

/** The app's slug (core's `JUNCTION_ENDPOINT_TRIGGERS` maps it to the 'failure' trigger kind). */
export const ALERTS_APP_SLUG = 'junction-alerts';

/** The trigger's field naming the workflows it listens to. */
export const WATCHED_WORKFLOWS_FIELD = 'workflowIds';

/** Workflow alerts: one trigger. */
export const alertsApp: BuiltinAppDefinition = {
  appSlug: ALERTS_APP_SLUG,
  appName: 'Workflow alerts',
  category: 'Built-in',
  source: 'builtin',
  iconURL: iconUrl(ALERTS_APP_SLUG),
  completionStatus: 'Complete',
  disableAuth: true,
  authInfo: {},
  actions: {},
  triggers: {
    workflowFailed: {
      label: 'When another workflow fails',
      description:
        'Triggers when a run of another workflow of this workspace fails: its workflow, step, error and replay link.',
      type: 'webhook',
      webhookKey: '0',
      pollingParams: {},
      fields: [
        {
          name: WATCHED_WORKFLOWS_FIELD,
          title: 'Only these workflows',
          description: 'Workflow ids separated by commas. Leave empty to hear every workflow of the workspace.',
          schema: { type: 'string' },
        },
      ],
    },
  },
};
