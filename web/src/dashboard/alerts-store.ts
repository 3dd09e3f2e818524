/**
 * The failure-alert screens' calls (docs/failure-alerts.md): the workspace's settings on
 * /settings (GET/PUT /api/alerts), one workflow's switch and its test alert from the workflow
 * list's row menu (GET/PUT /api/workflows/{id}/alerts, POST …/alerts/test). A page store of the
 * root, over the server-state layer: reads are cached resources, writes name what they change
 * and the switches move at once, moving back when the server refuses.
 */
import { apiKey, type ServerState, type TestAlertAnswer } from '@junction/core';
import { ApiModel } from '../stores/api-model.js';
import { type Resource, resourceOf } from '../stores/server-state.js';

const SETTINGS_KEY = apiKey('/api/alerts');
const workflowKey = (id: string) => apiKey('/api/workflows/{id}/alerts', { path: { id } });

const settingsQuery = (server: ServerState) => server.query('/api/alerts', undefined);
const workflowQuery = (server: ServerState, id: string) =>
  server.query('/api/workflows/{id}/alerts', { params: { path: { id } } });

/** The workspace's alert settings as GET /api/alerts answers them. */
export type AlertSettings = NonNullable<ReturnType<typeof settingsQuery>['state']['data']>;
/** One workflow's switch as GET /api/workflows/{id}/alerts answers it. */
export type WorkflowAlerts = NonNullable<ReturnType<typeof workflowQuery>['state']['data']>;

/** The failure alerts' calls, through the server-state layer of the root's environment. */
export const AlertsStoreModel = ApiModel.named('AlertsStore')
  .views((self) => ({
    /** The workspace's settings as a resource (read inside an observer). */
    get settings(): Resource<AlertSettings> {
      return resourceOf(settingsQuery(self.server));
    },
    /** One workflow's switch as a resource. */
    workflow(id: string): Resource<WorkflowAlerts> {
      return resourceOf(workflowQuery(self.server, id));
    },
  }))
  .actions((self) => ({
    /** Turns the workspace's alerts on or off, or sets the interval; the card shows it at once. */
    async updateSettings(input: Partial<AlertSettings>): Promise<AlertSettings> {
      return self.server.mutate((api) => api.put('/api/alerts', { body: input }), {
        optimistic: [{ key: SETTINGS_KEY, update: (old: unknown) => ({ ...(old as AlertSettings), ...input }) }],
        invalidates: [SETTINGS_KEY],
      });
    },
    /** Turns one workflow's alerts on or off; the switch moves at once. */
    async setWorkflowAlerts(id: string, enabled: boolean): Promise<WorkflowAlerts> {
      return self.server.mutate(
        (api) => api.put('/api/workflows/{id}/alerts', { params: { path: { id } }, body: { enabled } }),
        {
          optimistic: [{ key: workflowKey(id), update: () => ({ workflowId: id, enabled }) }],
          invalidates: [workflowKey(id)],
        },
      );
    },
    /** Mails a test alert about a workflow; answers how many people and how it left. */
    sendTestAlert(id: string): Promise<TestAlertAnswer> {
      return self.server.mutate((api) => api.post('/api/workflows/{id}/alerts/test', { params: { path: { id } } }), {
        invalidates: [],
      });
    },
  }));
