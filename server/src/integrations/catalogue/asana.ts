/**
 * Asana: new task (in a project: polled, or instant through a project webhook whose
 * X-Hook-Secret handshake Junction's hook route answers and whose signatures it checks) and new
 * project triggers; create a task, update it,
 * complete it, comment on it, find tasks, create a project. Workspaces, projects and people
 * are listed for the dropdowns. Asana wraps request and response bodies in `data`.
 * API: https://developers.asana.com/reference/rest-api-reference
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { iconUrl } from '../builtin/types.js';
import { field, fixed, required } from './fields-a.js';

const API = 'https://app.asana.com/api/1.0';
const TASK_FIELDS = 'name,notes,completed,assignee.name,due_on,created_at,permalink_url';
const workspace = (where: 'path' | 'query') =>
  required('workspace', 'Workspace', 'The workspace (or organisation).', {
    in: where,
    dynamic: 'asana.Workspace.listWorkspaces.data.gid.name',
  });
const project = (where: 'path' | 'query', isRequired = true) =>
  field('string', 'project', 'Project', 'The project, picked from the workspace.', {
    in: where,
    required: isRequired,
    dynamic: 'asana.Project.listProjects.data.gid.name',
    params: ['workspace'],
  });
const task = required('task_gid', 'Task ID', 'The id (gid) of the task, e.g. from the trigger or Find tasks.', {
  in: 'path',
});
// Referenced inside the fixed `data` objects only ('path' without a placeholder is never sent on its own).
const inner = (
  name: string,
  title: string,
  description: string,
  options: { required?: boolean; dynamic?: string; params?: string[] } = {},
) => field(name === 'due_on' ? 'datetime' : 'string', name, title, description, { in: 'path', ...options });
const taskFields = (isRequired: boolean) => [
  inner('name', 'Name', 'The task name.', { required: isRequired }),
  inner('notes', 'Description', 'The task description (plain text).'),
  inner('assignee', 'Assignee', 'The person to assign it to.', {
    dynamic: 'asana.User.listUsers.data.gid.name',
    params: ['workspace'],
  }),
  inner('due_on', 'Due date', 'The due date, YYYY-MM-DD.'),
];

/** The Asana app. */
export const asanaApp: BuiltinAppDefinition = {
  appSlug: 'asana',
  appName: 'Asana',
  category: 'Project management',
  source: 'first100',
  iconURL: iconUrl('asana'),
  completionStatus: 'Complete',
  apiDocs: 'https://developers.asana.com/reference/rest-api-reference',
  authInfo: {
    apiType: 'oauth2',
    testAuth: 'getMe',
    oauthFormFields: [],
    auth_url: 'https://app.asana.com/-/oauth_authorize',
    token_url: 'https://app.asana.com/-/oauth_token',
    // Asana's full-permission scope for OAuth apps.
    scopes: 'default',
    response_type: 'code',
    grant_types: ['authorization_code', 'refresh_token'],
    authRequestConfig: { url: 'https://app.asana.com/-/oauth_authorize', params: [] },
    accessRequestConfig: { url: 'https://app.asana.com/-/oauth_token' },
    refreshRequestConfig: { url: 'https://app.asana.com/-/oauth_token' },
  },
  actions: {
    getMe: {
      title: 'Test connection',
      description: 'Reads the connected user.',
      hidden: true,
      method: 'get',
      url: `${API}/users/me`,
      fields: [],
    },
    listWorkspaces: {
      title: 'List workspaces',
      description: 'Lists your workspaces.',
      hidden: true,
      method: 'get',
      url: `${API}/workspaces`,
      fields: [],
    },
    listProjects: {
      title: 'List projects',
      description: 'Lists the projects of a workspace (the new-project trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${API}/projects`,
      fields: [workspace('query')],
      url_params: [{ key: 'archived', value: 'false' }],
    },
    listUsers: {
      title: 'List people',
      description: 'Lists the people of a workspace.',
      hidden: true,
      method: 'get',
      url: `${API}/users`,
      fields: [workspace('query')],
    },
    listTasks: {
      title: 'List open tasks',
      description: 'Lists the open tasks of a project (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${API}/tasks`,
      fields: [workspace('path'), project('query')],
      url_params: [
        { key: 'completed_since', value: 'now' },
        { key: 'opt_fields', value: TASK_FIELDS },
        { key: 'limit', value: '100' },
      ],
    },
    createTask: {
      title: 'Create task',
      description: 'Adds a task to a project.',
      method: 'post',
      url: `${API}/tasks`,
      fields: [
        workspace('path'),
        project('path'),
        ...taskFields(true),
        fixed(
          'data',
          {
            name: '${inputData.name}',
            notes: '${inputData.notes}',
            assignee: '${inputData.assignee}',
            due_on: '${inputData.due_on}',
            projects: ['${inputData.project}'],
          },
          'formData',
        ),
      ],
    },
    updateTask: {
      title: 'Update task',
      description: 'Changes the given details of a task; empty fields stay as they are.',
      method: 'put',
      url: `${API}/tasks/{task_gid}`,
      fields: [
        { ...workspace('path'), required: false },
        task,
        ...taskFields(false),
        fixed(
          'data',
          {
            name: '${inputData.name}',
            notes: '${inputData.notes}',
            assignee: '${inputData.assignee}',
            due_on: '${inputData.due_on}',
          },
          'formData',
        ),
      ],
    },
    completeTask: {
      title: 'Complete task',
      description: 'Marks a task complete.',
      method: 'put',
      url: `${API}/tasks/{task_gid}`,
      fields: [task, fixed('data', { completed: true }, 'formData')],
    },
    addComment: {
      title: 'Add comment to task',
      description: 'Comments on a task.',
      method: 'post',
      url: `${API}/tasks/{task_gid}/stories`,
      fields: [
        task,
        inner('text', 'Comment', 'The comment text.', { required: true }),
        fixed('data', { text: '${inputData.text}' }, 'formData'),
      ],
    },
    findTasks: {
      title: 'Find tasks',
      description: 'Finds tasks by name.',
      method: 'get',
      url: `${API}/workspaces/{workspace}/typeahead`,
      fields: [workspace('path'), required('query', 'Name contains', 'Text the task name contains.', { in: 'query' })],
      url_params: [
        { key: 'resource_type', value: 'task' },
        { key: 'opt_fields', value: TASK_FIELDS },
      ],
    },
    createProject: {
      title: 'Create project',
      description: 'Creates a project in a workspace.',
      method: 'post',
      url: `${API}/projects`,
      fields: [
        workspace('path'),
        inner('name', 'Name', 'The project name.', { required: true }),
        inner('notes', 'Description', 'What the project is about.'),
        fixed(
          'data',
          { name: '${inputData.name}', notes: '${inputData.notes}', workspace: '${inputData.workspace}' },
          'formData',
        ),
      ],
    },
    subscribeProject: {
      title: 'Create a project webhook',
      description: 'Asks Asana to send new tasks of the project to Junction (Asana first sends X-Hook-Secret).',
      hidden: true,
      method: 'post',
      // developers.asana.com/reference/createwebhook
      url: `${API}/webhooks`,
      fields: [
        { name: 'url', title: 'Webhook URL', hidden: true, required: true, schema: { type: 'string' } },
        { name: 'project', title: 'Project', hidden: true, required: true, in: 'path', schema: { type: 'string' } },
        // Only new tasks: Asana filters the events before it sends them.
        {
          name: 'filters',
          title: 'filters',
          hidden: true,
          in: 'path',
          value: [{ resource_type: 'task', action: 'added' }],
          schema: { type: 'array' },
        },
      ],
      body: [
        { key: 'data.resource', value: '${inputData.project}' },
        { key: 'data.target', value: '${inputData.url}' },
        { key: 'data.filters', value: '${inputData.filters}' },
      ],
    },
    deleteWebhook: {
      title: 'Delete a webhook',
      hidden: true,
      method: 'delete',
      // The subscription answer is { data: { gid, … } }.
      url: `${API}/webhooks/\${inputData.data.gid}`,
      fields: [],
    },
  },
  triggers: {
    newTaskInstant: {
      label: 'New task in project (instant)',
      description:
        'Triggers as soon as a task is added to a project. Asana sends the ids of the task and project (gid); add "Find tasks" or an HTTP step for the details.',
      type: 'webhook',
      fields: [workspace('path'), project('query')],
      performList: 'subscribeProject',
      unsubscribe: 'deleteWebhook',
      webhookKey: 'events',
      pollingParams: {},
    },
    newTask: {
      label: 'New task in project',
      description: 'Triggers when a task is added to a project.',
      type: 'polling',
      action: 'listTasks',
      fields: [workspace('path'), project('query')],
      pollingParams: { dedupe_key: 'gid', data_head: 'data' },
    },
    newProject: {
      label: 'New project',
      description: 'Triggers when a project is created in a workspace.',
      type: 'polling',
      action: 'listProjects',
      fields: [workspace('query')],
      pollingParams: { dedupe_key: 'gid', data_head: 'data' },
    },
  },
};
