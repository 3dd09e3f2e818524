import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { subscribeApp, unsubscribeApp } from '../../server/src/engine/triggers/subscriptions.js';
import { checkDefinition, checkPollDedupe, type Fake, startFake, stepRunner } from './support-b.js';

const githubApp = catalogueApp('github');

const TOKEN = 'gho_16C7e42F292c6912E7710c838347Ae178B4a';
const HOOK = 'https://junction.example.com/hooks/wh_1';

let fake: Fake;
let issues: { id: number; number: number; title: string }[] = [
  { id: 1002, number: 2, title: 'Second' },
  { id: 1001, number: 1, title: 'First' },
];
const hooks = new Map<number, unknown>();
const { run, covered } = stepRunner(githubApp, () => fake, { access_token: TOKEN });

beforeAll(async () => {
  fake = await startFake({
    // docs.github.com/rest/authentication: a token in 'Authorization: Bearer', a User-Agent on every request.
    auth: (req) => req.headers.authorization === `Bearer ${TOKEN}` && req.headers['user-agent'] === 'Junction',
    unauthorized: {
      status: 401,
      body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' },
    },
    routes: {
      'GET /user': () => ({ body: { login: 'octocat', id: 1 } }),
      'GET /user/repos': () => ({ body: [{ id: 7, name: 'hello-world', full_name: 'octocat/hello-world' }] }),
      'GET /repos/:owner/:repo/issues': () => ({ body: issues }),
      'POST /repos/:owner/:repo/issues': (req) => ({
        status: 201,
        body: { id: 2001, number: 3, ...(req.body as object) },
      }),
      'PATCH /repos/:owner/:repo/issues/:number': (req) => ({
        body: { id: 1001, number: Number(req.params.number), ...(req.body as object) },
      }),
      'POST /repos/:owner/:repo/issues/:number/comments': (req) => ({
        status: 201,
        body: { id: 3001, body: (req.body as { body: string }).body },
      }),
      'POST /repos/:owner/:repo/hooks': (req) => {
        const id = 12345678 + hooks.size;
        hooks.set(id, req.body);
        const url = `https://api.github.com/repos/${req.params.owner}/${req.params.repo}/hooks/${id}`;
        return { status: 201, body: { id, url, active: true, ...(req.body as object) } };
      },
      'DELETE /repos/:owner/:repo/hooks/:id': (req) =>
        hooks.delete(Number(req.params.id)) ? { status: 204 } : { status: 404, body: { message: 'Not Found' } },
    },
  });
});
afterAll(() => fake.close());

describe('GitHub contract', () => {
  it('is a valid first100 definition', () => {
    checkDefinition(githubApp);
    expect(githubApp.authInfo).toMatchObject({
      auth_url: 'https://github.com/login/oauth/authorize',
      token_url: 'https://github.com/login/oauth/access_token',
    });
  });

  it('tests the connection with GET /user and the documented headers', async () => {
    const result = await run('getUser');
    expect(result.output).toEqual({ login: 'octocat', id: 1 });
    const req = fake.last();
    expect(req.url).toBe('https://api.github.com/user');
    expect(req.headers.accept).toBe('application/vnd.github+json');
    expect(req.headers['x-github-api-version']).toBe('2022-11-28');
  });

  it('answers a wrong token with the failure GitHub gives', async () => {
    const { executeStep } = await import('../../server/src/integrations/executor.js');
    const result = await executeStep({
      app: githubApp,
      actionKey: 'getUser',
      values: {},
      credential: { access_token: 'wrong' },
      base: '',
      http: fake.http,
    });
    expect(result.ok).toBe(false);
    expect(result.error).toMatchObject({ code: 'http-status', status: 401 });
  });

  it('lists repositories for the repository dropdown', async () => {
    const result = await run('listRepos');
    expect(result.output).toEqual([{ id: 7, name: 'hello-world', full_name: 'octocat/hello-world' }]);
    expect(fake.last().query).toEqual({ per_page: '100', sort: 'updated' });
  });

  it('creates an issue with labels and assignees as lists', async () => {
    const result = await run('createIssue', {
      owner: 'octocat',
      repo: 'hello-world',
      title: 'Found a bug',
      body: 'Steps to reproduce',
      labels: 'bug, triage',
      assignees: ['octocat'],
    });
    expect(result.ok).toBe(true);
    const req = fake.last();
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://api.github.com/repos/octocat/hello-world/issues');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({
      title: 'Found a bug',
      body: 'Steps to reproduce',
      labels: ['bug', 'triage'],
      assignees: ['octocat'],
    });
  });

  it('comments on an issue and updates one', async () => {
    await run('createIssueComment', { owner: 'octocat', repo: 'hello-world', issue_number: '42', body: 'Thanks!' });
    expect(fake.last()).toMatchObject({
      method: 'POST',
      path: '/repos/octocat/hello-world/issues/42/comments',
      body: { body: 'Thanks!' },
    });
    const updated = await run('updateIssue', {
      owner: 'octocat',
      repo: 'hello-world',
      issue_number: 1,
      state: 'closed',
    });
    expect(updated.output).toMatchObject({ number: 1, state: 'closed' });
    expect(fake.last()).toMatchObject({ method: 'PATCH', path: '/repos/octocat/hello-world/issues/1' });
    expect(fake.last().body).toEqual({ state: 'closed' });
  });

  it('polls new issues without duplicates or drops', async () => {
    await checkPollDedupe(githubApp, 'newIssue', run, { owner: 'octocat', repo: 'hello-world' }, () => {
      issues = [{ id: 1004, number: 4, title: 'Fourth' }, { id: 1003, number: 3, title: 'Third' }, ...issues];
      return ['1003', '1004'];
    });
    expect(fake.last().query).toEqual({ state: 'all', sort: 'created', direction: 'desc', per_page: '100' });
  });

  it('subscribes a repository webhook for issue and push events and deletes it on unsubscribe', async () => {
    const call = { app: githubApp, credential: { access_token: TOKEN }, base: '', http: fake.http };
    const values = { owner: 'octocat', repo: 'hello-world' };
    for (const [action, event] of [
      ['subscribeIssues', 'issues'],
      ['subscribePush', 'push'],
    ] as const) {
      covered.add(action);
      const sub = await subscribeApp(call, action, values, HOOK);
      expect(sub.ok).toBe(true);
      const req = fake.last();
      expect(req.method).toBe('POST');
      expect(req.path).toBe('/repos/octocat/hello-world/hooks');
      // docs.github.com/rest/repos/webhooks#create-a-repository-webhook
      expect(req.body).toEqual({ name: 'web', events: [event], config: { url: HOOK, content_type: 'json' } });
      covered.add('unsubscribeHook');
      const unsub = await unsubscribeApp(call, 'unsubscribeHook', sub.ok ? sub.answer : {}, values, HOOK);
      expect(unsub.ok).toBe(true);
      expect(fake.last().method).toBe('DELETE');
      expect(fake.last().path).toMatch(/^\/repos\/octocat\/hello-world\/hooks\/\d+$/);
    }
    expect(hooks.size).toBe(0);
  });

  it('exercised every action', () => {
    expect([...covered].sort()).toEqual(Object.keys(githubApp.actions).sort());
  });
});
