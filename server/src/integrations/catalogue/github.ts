/**
 * GitHub (REST API v3, version 2022-11-28): OAuth 2.0 (OAuth app), issues, comments and
 * repository webhooks for instant triggers. https://docs.github.com/en/rest
 */
import { type BuiltinAppDefinition, iconUrl } from '../builtin/types.js';
import { fixed, hiddenPath, hookUrl, integer, list, text } from './fields-b.js';

const API = 'https://api.github.com';
const REPO_DROPDOWN = 'github.Repositories.listRepos.0.name.full_name';

const owner = text('owner', 'Owner', 'The user or organisation that owns the repository, e.g. octocat.', {
  required: true,
});
const repo = text('repo', 'Repository', 'The repository name (without the owner), e.g. hello-world.', {
  required: true,
  dynamic: REPO_DROPDOWN,
});

/** A repository webhook subscription for one event (POST /repos/{owner}/{repo}/hooks). */
function subscribe(event: string) {
  return {
    title: `Subscribe to ${event} events`,
    hidden: true,
    method: 'post' as const,
    url: `${API}/repos/{owner}/{repo}/hooks`,
    fields: [owner, repo, hookUrl(), fixed('events', [event], 'array')],
    body: [
      { key: 'name', value: 'web' },
      { key: 'events', value: '${inputData.events}' },
      { key: 'config.url', value: '${inputData.url}' },
      { key: 'config.content_type', value: 'json' },
    ],
  };
}

export const githubApp: BuiltinAppDefinition = {
  appSlug: 'github',
  appName: 'GitHub',
  category: 'Developer tools',
  source: 'first100',
  iconURL: iconUrl('github'),
  completionStatus: 'Complete',
  apiDocs: 'https://docs.github.com/en/rest',
  authInfo: {
    apiType: 'oauth2',
    testAuth: 'getUser',
    auth_url: 'https://github.com/login/oauth/authorize',
    token_url: 'https://github.com/login/oauth/access_token',
    scopes: 'repo admin:repo_hook read:user',
    response_type: 'code',
    grant_types: ['authorization_code', 'refresh_token'],
    clientInfo: { client_id: '', client_secret: '' },
    oauthFormFields: [],
    requestConfig: {
      headers: [
        { key: 'Accept', value: 'application/vnd.github+json' },
        { key: 'X-GitHub-Api-Version', value: '2022-11-28' },
        { key: 'User-Agent', value: 'Junction' },
      ],
    },
  },
  actions: {
    getUser: {
      title: 'Get the signed-in user',
      description: 'The account the connection belongs to.',
      hidden: true,
      method: 'get',
      url: `${API}/user`,
      fields: [],
    },
    listRepos: {
      title: 'List repositories',
      description: 'Repositories the signed-in user can access, recently updated first.',
      hidden: true,
      method: 'get',
      url: `${API}/user/repos`,
      url_params: [
        { key: 'per_page', value: '100' },
        { key: 'sort', value: 'updated' },
      ],
      fields: [],
    },
    listIssues: {
      title: 'List issues',
      description: 'Issues and pull requests of a repository, newest first.',
      hidden: true,
      method: 'get',
      url: `${API}/repos/{owner}/{repo}/issues`,
      url_params: [
        { key: 'state', value: 'all' },
        { key: 'sort', value: 'created' },
        { key: 'direction', value: 'desc' },
        { key: 'per_page', value: '100' },
      ],
      fields: [owner, repo],
    },
    createIssue: {
      title: 'Create issue',
      description: 'Opens an issue in a repository.',
      method: 'post',
      url: `${API}/repos/{owner}/{repo}/issues`,
      fields: [
        owner,
        repo,
        text('title', 'Title', 'The title of the issue.', { required: true }),
        text('body', 'Body', 'The text of the issue (Markdown).'),
        list('labels', 'Labels', 'Label names to add; labels that do not exist are created.'),
        list('assignees', 'Assignees', 'Logins of the users to assign, e.g. octocat.'),
      ],
    },
    createIssueComment: {
      title: 'Create issue comment',
      description: 'Comments on an issue or a pull request.',
      method: 'post',
      url: `${API}/repos/{owner}/{repo}/issues/{issue_number}/comments`,
      fields: [
        owner,
        repo,
        integer('issue_number', 'Issue number', 'The number of the issue or pull request, e.g. 42.', {
          required: true,
        }),
        text('body', 'Comment', 'The text of the comment (Markdown).', { required: true }),
      ],
    },
    updateIssue: {
      title: 'Update issue',
      description: 'Changes the title, body or state of an issue; empty fields stay as they are.',
      method: 'patch',
      url: `${API}/repos/{owner}/{repo}/issues/{issue_number}`,
      fields: [
        owner,
        repo,
        integer('issue_number', 'Issue number', 'The number of the issue, e.g. 42.', { required: true }),
        text('title', 'Title', 'The new title.'),
        text('body', 'Body', 'The new text (Markdown).'),
        text('state', 'State', 'Open or close the issue.', { enum: ['open', 'closed'], enumNames: ['Open', 'Closed'] }),
      ],
    },
    subscribeIssues: subscribe('issues'),
    subscribePush: subscribe('push'),
    unsubscribeHook: {
      title: 'Delete a repository webhook',
      hidden: true,
      method: 'delete',
      url: `${API}/repos/{owner}/{repo}/hooks/{id}`,
      fields: [owner, repo, hiddenPath('id')],
    },
  },
  triggers: {
    newIssue: {
      label: 'New issue',
      description: 'Triggers when an issue or pull request is opened in a repository (checks every few minutes).',
      type: 'polling',
      action: 'listIssues',
      fields: [owner, repo],
      pollingParams: { dedupe_key: 'id', data_head: '0' },
    },
    issueEvent: {
      label: 'Issue event (instant)',
      description:
        'Triggers when an issue is opened, edited, closed, labelled or assigned; the event names the change in "action".',
      type: 'webhook',
      fields: [owner, repo],
      performList: 'subscribeIssues',
      unsubscribe: 'unsubscribeHook',
      webhookKey: '0',
      pollingParams: {},
    },
    push: {
      label: 'New push (instant)',
      description: 'Triggers when commits are pushed to a repository.',
      type: 'webhook',
      fields: [owner, repo],
      performList: 'subscribePush',
      unsubscribe: 'unsubscribeHook',
      webhookKey: '0',
      pollingParams: {},
    },
  },
};
