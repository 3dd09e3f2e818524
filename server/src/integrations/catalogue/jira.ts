/**
 * Jira Cloud: new issue trigger (in a project); create, update, transition, assign
 * and comment on issues, find issues with JQL. Projects, issue types and transitions are listed
 * for the dropdowns. Auth: the account's e-mail and an API token (basic auth) against the
 * site `https://{domain}.atlassian.net`, as Atlassian documents for REST clients.
 * Plain-text writes use REST v2 (v3 takes Atlassian Document Format).
 * API: https://developer.atlassian.com/cloud/jira/platform/rest/v3/intro/
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { iconUrl } from '../builtin/types.js';
import { field, required, text } from './fields-a.js';

const SITE = 'https://${auth.domain}.atlassian.net/rest/api';
const project = required('projectId', 'Project', 'The project, picked from those you can see.', {
  in: 'path',
  dynamic: 'jira.Project.listProjects.values.id.name',
});
const issue = required('issueIdOrKey', 'Issue', 'The issue key (e.g. ENG-42) or id.', { in: 'path' });
const inner = (name: string, title: string, description: string, isRequired = false) =>
  field('string', name, title, description, { in: 'path', required: isRequired });

/** The Jira app. */
export const jiraApp: BuiltinAppDefinition = {
  appSlug: 'jira',
  appName: 'Jira',
  category: 'Project management',
  source: 'first100',
  iconURL: iconUrl('jira'),
  completionStatus: 'Complete',
  apiDocs: 'https://developer.atlassian.com/cloud/jira/platform/rest/v3/intro/',
  authInfo: {
    apiType: 'basic',
    testAuth: 'getMyself',
    basicFormFields: [
      {
        key: 'domain',
        title: 'Site',
        description: 'The part before .atlassian.net in your Jira address, e.g. acme.',
        public: true,
      },
      { key: 'username', title: 'E-mail', description: 'The e-mail address of your Atlassian account.', public: true },
      {
        key: 'password',
        title: 'API token',
        description: 'Create one at id.atlassian.com/manage-profile/security/api-tokens.',
      },
    ],
  },
  actions: {
    getMyself: {
      title: 'Test connection',
      description: 'Reads the connected account.',
      hidden: true,
      method: 'get',
      url: `${SITE}/3/myself`,
      fields: [],
    },
    listProjects: {
      title: 'List projects',
      description: 'Lists the projects you can see.',
      hidden: true,
      method: 'get',
      url: `${SITE}/3/project/search`,
      fields: [],
      url_params: [{ key: 'maxResults', value: '100' }],
    },
    listIssueTypes: {
      title: 'List issue types',
      description: 'Lists the issue types of a project.',
      hidden: true,
      method: 'get',
      url: `${SITE}/3/issuetype/project`,
      fields: [{ ...project, in: 'query' }],
    },
    listTransitions: {
      title: 'List transitions',
      description: 'Lists the transitions an issue can take now.',
      hidden: true,
      method: 'get',
      url: `${SITE}/3/issue/{issueIdOrKey}/transitions`,
      fields: [issue],
    },
    listNewIssues: {
      title: 'List new issues',
      description: 'Lists the newest issues of a project (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${SITE}/3/search/jql`,
      fields: [project],
      url_params: [
        { key: 'jql', value: 'project = ${inputData.projectId} ORDER BY created DESC' },
        { key: 'maxResults', value: '50' },
        { key: 'fields', value: 'summary,status,issuetype,assignee,reporter,created,priority' },
      ],
    },
    createIssue: {
      title: 'Create issue',
      description: 'Creates an issue in a project.',
      method: 'post',
      url: `${SITE}/2/issue`,
      fields: [
        project,
        required('issueTypeId', 'Issue type', 'The kind of issue (Task, Bug, Story…).', {
          in: 'path',
          dynamic: 'jira.IssueType.listIssueTypes.0.id.name',
          params: ['projectId'],
        }),
        inner('summary', 'Summary', 'A one-line title.', true),
        inner('description', 'Description', 'The details, in plain text.'),
      ],
      body: [
        { key: 'fields.project.id', value: '${inputData.projectId}' },
        { key: 'fields.issuetype.id', value: '${inputData.issueTypeId}' },
        { key: 'fields.summary', value: '${inputData.summary}' },
        { key: 'fields.description', value: '${inputData.description}' },
      ],
    },
    updateIssue: {
      title: 'Update issue',
      description: 'Changes the summary or description of an issue; empty fields stay as they are.',
      method: 'put',
      url: `${SITE}/2/issue/{issueIdOrKey}`,
      fields: [issue, inner('summary', 'Summary', 'A new title.'), inner('description', 'Description', 'New details.')],
      body: [
        { key: 'fields.summary', value: '${inputData.summary}' },
        { key: 'fields.description', value: '${inputData.description}' },
      ],
    },
    transitionIssue: {
      title: 'Change issue status',
      description: 'Moves an issue through its workflow, e.g. to Done.',
      method: 'post',
      url: `${SITE}/3/issue/{issueIdOrKey}/transitions`,
      fields: [
        issue,
        required('transitionId', 'Transition', 'The transition to apply.', {
          in: 'path',
          dynamic: 'jira.Transition.listTransitions.transitions.id.name',
          params: ['issueIdOrKey'],
        }),
      ],
      body: [{ key: 'transition.id', value: '${inputData.transitionId}' }],
    },
    assignIssue: {
      title: 'Assign issue',
      description: 'Assigns an issue to a person.',
      method: 'put',
      url: `${SITE}/3/issue/{issueIdOrKey}/assignee`,
      fields: [issue, required('accountId', 'Assignee', "The person's Atlassian account id.")],
    },
    addComment: {
      title: 'Add comment to issue',
      description: 'Comments on an issue.',
      method: 'post',
      url: `${SITE}/2/issue/{issueIdOrKey}/comment`,
      fields: [issue, required('body', 'Comment', 'The comment, in plain text.')],
    },
    findIssues: {
      title: 'Find issues',
      description: 'Finds issues with a JQL query.',
      method: 'get',
      url: `${SITE}/3/search/jql`,
      fields: [
        required('jql', 'JQL', 'A Jira query, e.g. project = ENG AND status = "In Progress".', { in: 'query' }),
        text('maxResults', 'At most', 'How many issues to answer (default 50).', { in: 'query' }),
      ],
      url_params: [{ key: 'fields', value: 'summary,status,issuetype,assignee,created' }],
    },
  },
  triggers: {
    newIssue: {
      label: 'New issue',
      description: 'Triggers when an issue is created in a project.',
      type: 'polling',
      action: 'listNewIssues',
      fields: [project],
      pollingParams: { dedupe_key: 'id', data_head: 'issues' },
    },
  },
};
