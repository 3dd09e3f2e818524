/**
 * GitLab (REST API v4 on gitlab.com): OAuth 2.0, issues, notes, merge requests and project
 * webhooks for instant triggers. https://docs.gitlab.com/api/rest/
 */
import type { ActionDef } from '@junction/core';
import { type BuiltinAppDefinition, iconUrl } from '../builtin/types.js';
import { boolean, fixed, hiddenPath, hookUrl, integer, list, text } from './fields-b.js';

const API = 'https://gitlab.com/api/v4';

const project = text('project_id', 'Project', 'The project: its numeric ID, or its path such as group/project.', {
  required: true,
  dynamic: 'gitlab.Projects.listProjects.0.id.path_with_namespace',
});

const NEWEST_FIRST = [
  { key: 'order_by', value: 'created_at' },
  { key: 'sort', value: 'desc' },
  { key: 'per_page', value: '100' },
];

/** POST /projects/:id/hooks for one kind of event (push events are on by default, so off here unless asked). */
function subscribe(eventFlag: string, title: string): ActionDef {
  return {
    title,
    hidden: true,
    method: 'post',
    url: `${API}/projects/{project_id}/hooks`,
    fields: [
      project,
      hookUrl(),
      fixed(eventFlag, true, 'boolean'),
      ...(eventFlag === 'push_events' ? [] : [fixed('push_events', false, 'boolean')]),
    ],
  };
}

export const gitlabApp: BuiltinAppDefinition = {
  appSlug: 'gitlab',
  appName: 'GitLab',
  category: 'Developer tools',
  source: 'first100',
  iconURL: iconUrl('gitlab'),
  completionStatus: 'Complete',
  apiDocs: 'https://docs.gitlab.com/api/rest/',
  authInfo: {
    apiType: 'oauth2',
    testAuth: 'getUser',
    auth_url: 'https://gitlab.com/oauth/authorize',
    token_url: 'https://gitlab.com/oauth/token',
    scopes: 'api read_user',
    response_type: 'code',
    grant_types: ['authorization_code', 'refresh_token'],
    clientInfo: { client_id: '', client_secret: '' },
    oauthFormFields: [],
  },
  actions: {
    getUser: {
      title: 'Get the signed-in user',
      hidden: true,
      method: 'get',
      url: `${API}/user`,
      fields: [],
    },
    listProjects: {
      title: 'List projects',
      description: 'Projects the user is a member of, most recently active first.',
      hidden: true,
      method: 'get',
      url: `${API}/projects`,
      url_params: [
        { key: 'membership', value: 'true' },
        { key: 'simple', value: 'true' },
        { key: 'order_by', value: 'last_activity_at' },
        { key: 'per_page', value: '100' },
      ],
      fields: [],
    },
    listIssues: {
      title: 'List issues',
      hidden: true,
      method: 'get',
      url: `${API}/projects/{project_id}/issues`,
      url_params: NEWEST_FIRST,
      fields: [project],
    },
    listMergeRequests: {
      title: 'List merge requests',
      hidden: true,
      method: 'get',
      url: `${API}/projects/{project_id}/merge_requests`,
      url_params: NEWEST_FIRST,
      fields: [project],
    },
    createIssue: {
      title: 'Create issue',
      description: 'Opens an issue in a project.',
      method: 'post',
      url: `${API}/projects/{project_id}/issues`,
      fields: [
        project,
        text('title', 'Title', 'The title of the issue.', { required: true }),
        text('description', 'Description', 'The text of the issue (Markdown).'),
        text('labels', 'Labels', 'Label names separated by commas, e.g. bug,backend.'),
        list('assignee_ids', 'Assignee IDs', 'Numeric IDs of the users to assign.', { itemType: 'integer' }),
        text('due_date', 'Due date', 'The due date, as YYYY-MM-DD.'),
        boolean('confidential', 'Confidential', 'Only project members can see a confidential issue.'),
      ],
    },
    createIssueNote: {
      title: 'Create issue comment',
      description: 'Adds a comment (note) to an issue.',
      method: 'post',
      url: `${API}/projects/{project_id}/issues/{issue_iid}/notes`,
      fields: [
        project,
        integer('issue_iid', 'Issue number', 'The number of the issue inside the project (its IID), e.g. 12.', {
          required: true,
        }),
        text('body', 'Comment', 'The text of the comment (Markdown).', { required: true }),
      ],
    },
    subscribeIssues: subscribe('issues_events', 'Subscribe to issue events'),
    subscribeMergeRequests: subscribe('merge_requests_events', 'Subscribe to merge request events'),
    subscribePush: subscribe('push_events', 'Subscribe to push events'),
    unsubscribeHook: {
      title: 'Delete a project webhook',
      hidden: true,
      method: 'delete',
      url: `${API}/projects/{project_id}/hooks/{id}`,
      fields: [project, hiddenPath('id')],
    },
  },
  triggers: {
    newIssue: {
      label: 'New issue',
      description: 'Triggers when an issue is opened in a project (checks every few minutes).',
      type: 'polling',
      action: 'listIssues',
      fields: [project],
      pollingParams: { dedupe_key: 'id', data_head: '0' },
    },
    newMergeRequest: {
      label: 'New merge request',
      description: 'Triggers when a merge request is opened in a project (checks every few minutes).',
      type: 'polling',
      action: 'listMergeRequests',
      fields: [project],
      pollingParams: { dedupe_key: 'id', data_head: '0' },
    },
    issueEvent: {
      label: 'Issue event (instant)',
      description: 'Triggers when an issue is opened, updated or closed; "object_attributes.action" names the change.',
      type: 'webhook',
      fields: [project],
      performList: 'subscribeIssues',
      unsubscribe: 'unsubscribeHook',
      webhookKey: '0',
      pollingParams: {},
    },
    mergeRequestEvent: {
      label: 'Merge request event (instant)',
      description: 'Triggers when a merge request is opened, updated, merged or closed.',
      type: 'webhook',
      fields: [project],
      performList: 'subscribeMergeRequests',
      unsubscribe: 'unsubscribeHook',
      webhookKey: '0',
      pollingParams: {},
    },
    push: {
      label: 'New push (instant)',
      description: 'Triggers when commits are pushed to a project.',
      type: 'webhook',
      fields: [project],
      performList: 'subscribePush',
      unsubscribe: 'unsubscribeHook',
      webhookKey: '0',
      pollingParams: {},
    },
  },
};
