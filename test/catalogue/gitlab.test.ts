import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { subscribeApp, unsubscribeApp } from '../../server/src/engine/triggers/subscriptions.js';
import { checkDefinition, checkPollDedupe, type Fake, startFake, stepRunner } from './support-b.js';

const gitlabApp = catalogueApp('gitlab');

const TOKEN = 'glpat-oauth-0123456789abcdef';
const HOOK = 'https://junction.example.com/hooks/wh_2';

let fake: Fake;
let issues = [
  { id: 84, iid: 2 },
  { id: 83, iid: 1 },
];
let mergeRequests = [{ id: 501, iid: 1 }];
const hooks = new Map<number, unknown>();
const { run, covered } = stepRunner(gitlabApp, () => fake, { access_token: TOKEN });

beforeAll(async () => {
  fake = await startFake({
    // docs.gitlab.com/api/rest/authentication: OAuth 2.0 tokens go in 'Authorization: Bearer'.
    auth: (req) => req.headers.authorization === `Bearer ${TOKEN}`,
    unauthorized: { status: 401, body: { message: '401 Unauthorized' } },
    routes: {
      'GET /api/v4/user': () => ({ body: { id: 1, username: 'ada' } }),
      'GET /api/v4/projects': () => ({ body: [{ id: 42, path_with_namespace: 'acme/web' }] }),
      'GET /api/v4/projects/:id/issues': () => ({ body: issues }),
      'GET /api/v4/projects/:id/merge_requests': () => ({ body: mergeRequests }),
      'POST /api/v4/projects/:id/issues': (req) => ({ status: 201, body: { id: 90, iid: 3, ...(req.body as object) } }),
      'POST /api/v4/projects/:id/issues/:iid/notes': (req) => ({
        status: 201,
        body: { id: 7, body: (req.body as { body: string }).body },
      }),
      'POST /api/v4/projects/:id/hooks': (req) => {
        const id = 1000 + hooks.size;
        hooks.set(id, req.body);
        return { status: 201, body: { id, project_id: 42, ...(req.body as object) } };
      },
      'DELETE /api/v4/projects/:id/hooks/:hook': (req) =>
        hooks.delete(Number(req.params.hook)) ? { status: 204 } : { status: 404, body: { message: '404 Not found' } },
    },
  });
});
afterAll(() => fake.close());

describe('GitLab contract', () => {
  it('is a valid first100 definition', () => {
    checkDefinition(gitlabApp);
  });

  it('tests the connection and lists projects for the dropdown', async () => {
    expect((await run('getUser')).output).toEqual({ id: 1, username: 'ada' });
    expect(fake.last().url).toBe('https://gitlab.com/api/v4/user');
    const projects = await run('listProjects');
    expect(projects.output).toEqual([{ id: 42, path_with_namespace: 'acme/web' }]);
    expect(fake.last().query).toEqual({
      membership: 'true',
      simple: 'true',
      order_by: 'last_activity_at',
      per_page: '100',
    });
  });

  it('creates an issue in a project named by its path (URL-encoded)', async () => {
    const result = await run('createIssue', {
      project_id: 'acme/web',
      title: 'Broken link',
      description: 'On the home page',
      labels: 'bug,frontend',
      assignee_ids: '5, 6',
      confidential: 'no',
    });
    expect(result.ok).toBe(true);
    const req = fake.last();
    expect(req.url).toBe('https://gitlab.com/api/v4/projects/acme%2Fweb/issues');
    expect(req.body).toEqual({
      title: 'Broken link',
      description: 'On the home page',
      labels: 'bug,frontend',
      assignee_ids: [5, 6],
      confidential: false,
    });
  });

  it('comments on an issue', async () => {
    await run('createIssueNote', { project_id: 42, issue_iid: 3, body: 'Fixed in !12' });
    expect(fake.last()).toMatchObject({
      method: 'POST',
      path: '/api/v4/projects/42/issues/3/notes',
      body: { body: 'Fixed in !12' },
    });
  });

  it('polls new issues and new merge requests without duplicates or drops', async () => {
    await checkPollDedupe(gitlabApp, 'newIssue', run, { project_id: 42 }, () => {
      issues = [{ id: 85, iid: 3 }, ...issues];
      return ['85'];
    });
    expect(fake.last().query).toEqual({ order_by: 'created_at', sort: 'desc', per_page: '100' });
    await checkPollDedupe(gitlabApp, 'newMergeRequest', run, { project_id: 42 }, () => {
      mergeRequests = [{ id: 503, iid: 3 }, { id: 502, iid: 2 }, ...mergeRequests];
      return ['502', '503'];
    });
  });

  it('subscribes project webhooks for each event kind and deletes them on unsubscribe', async () => {
    const call = { app: gitlabApp, credential: { access_token: TOKEN }, base: '', http: fake.http };
    const cases = [
      ['subscribeIssues', { url: HOOK, issues_events: true, push_events: false }],
      ['subscribeMergeRequests', { url: HOOK, merge_requests_events: true, push_events: false }],
      ['subscribePush', { url: HOOK, push_events: true }],
    ] as const;
    for (const [action, body] of cases) {
      covered.add(action).add('unsubscribeHook');
      const sub = await subscribeApp(call, action, { project_id: 42 }, HOOK);
      expect(sub.ok).toBe(true);
      // docs.gitlab.com/api/project_webhooks/#add-a-webhook-to-a-project
      expect(fake.last()).toMatchObject({ method: 'POST', path: '/api/v4/projects/42/hooks' });
      expect(fake.last().body).toEqual(body);
      const unsub = await unsubscribeApp(call, 'unsubscribeHook', sub.ok ? sub.answer : {}, { project_id: 42 }, HOOK);
      expect(unsub.ok).toBe(true);
      expect(fake.last().method).toBe('DELETE');
      expect(fake.last().path).toMatch(/^\/api\/v4\/projects\/42\/hooks\/\d+$/);
    }
    expect(hooks.size).toBe(0);
  });

  it('exercised every action', () => {
    expect([...covered].sort()).toEqual(Object.keys(gitlabApp.actions).sort());
  });
});
