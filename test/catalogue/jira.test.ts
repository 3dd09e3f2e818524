/**
 * Jira contract: a local fake of the Jira Cloud REST API at the account's site
 * checks basic auth (e-mail and API token); every action sends the documented request and the
 * new-issue trigger dedupes across two polls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import type { HttpClient } from '../../server/src/security/http-client.js';
import {
  expectValidCatalogueApp,
  type FakeService,
  newKeysAcrossPolls,
  queryOf,
  rewritingClient,
  runAction,
  startFake,
} from './support.js';

const app = catalogueApp('jira');

const credential = { domain: 'acme', username: 'ada@example.com', password: 'ATATT3xFf' };
const BASIC = `Basic ${Buffer.from('ada@example.com:ATATT3xFf').toString('base64')}`;
let fake: FakeService;
let http: HttpClient;
const issues = [{ id: '10001', key: 'ENG-1', fields: { summary: 'First' } }];

beforeAll(async () => {
  fake = await startFake({
    auth: (r) => r.headers.authorization === BASIC,
    unauthorized: {
      status: 401,
      body: { errorMessages: ['Client must be authenticated to access this resource.'], errors: {} },
    },
  });
  // Only the account's own site goes to the fake.
  http = rewritingClient(fake, ['https://acme.atlassian.net']);
  fake.on('GET /rest/api/3/myself', () => ({ body: { accountId: 'acc1', displayName: 'Ada' } }));
  fake.on('GET /rest/api/3/project/search', () => ({
    body: { values: [{ id: '100', key: 'ENG', name: 'Engineering' }], isLast: true },
  }));
  fake.on('GET /rest/api/3/issuetype/project', () => ({ body: [{ id: '3', name: 'Task' }] }));
  fake.on('GET /rest/api/3/issue/:key/transitions', () => ({ body: { transitions: [{ id: '31', name: 'Done' }] } }));
  fake.on('GET /rest/api/3/search/jql', () => ({ body: { issues: [...issues].reverse(), isLast: true } }));
  fake.on('POST /rest/api/2/issue', () => ({
    status: 201,
    body: { id: '10002', key: 'ENG-2', self: 'https://acme.atlassian.net/rest/api/2/issue/10002' },
  }));
  fake.on('PUT /rest/api/2/issue/:key', () => ({ status: 204 }));
  fake.on('POST /rest/api/3/issue/:key/transitions', () => ({ status: 204 }));
  fake.on('PUT /rest/api/3/issue/:key/assignee', () => ({ status: 204 }));
  fake.on('POST /rest/api/2/issue/:key/comment', (r) => ({
    status: 201,
    body: { id: 'c1', body: (r.body as { body: string }).body },
  }));
});

afterAll(async () => {
  await http?.close();
  await fake?.close();
});

describe('Jira', () => {
  it('is a valid catalogue definition with e-mail + API token basic auth at the site', () => {
    expectValidCatalogueApp(app);
    expect(app.authInfo.basicFormFields?.map((f) => f.key)).toEqual(['domain', 'username', 'password']);
  });

  it('tests the connection at the account site; a wrong token is refused', async () => {
    const ok = await runAction(app, 'getMyself', {}, credential, http);
    expect(ok.ok).toBe(true);
    expect(fake.last().path).toBe('/rest/api/3/myself');
    expect((await runAction(app, 'getMyself', {}, { ...credential, password: 'wrong' }, http)).error?.status).toBe(401);
  });

  it('lists projects, issue types and transitions for the dropdowns', async () => {
    await runAction(app, 'listIssueTypes', { projectId: '100' }, credential, http);
    expect([fake.last().path, queryOf(fake.last())]).toEqual(['/rest/api/3/issuetype/project', { projectId: '100' }]);
    const transitions = await runAction(app, 'listTransitions', { issueIdOrKey: 'ENG-1' }, credential, http);
    expect((transitions.output as { transitions: unknown[] }).transitions).toHaveLength(1);
  });

  it('creates an issue with plain-text description (REST v2)', async () => {
    const result = await runAction(
      app,
      'createIssue',
      { projectId: '100', issueTypeId: '3', summary: 'Fix login', description: 'Steps: …' },
      credential,
      http,
    );
    expect((result.output as { key: string }).key).toBe('ENG-2');
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/rest/api/2/issue']);
    expect(fake.last().body).toEqual({
      fields: { project: { id: '100' }, issuetype: { id: '3' }, summary: 'Fix login', description: 'Steps: …' },
    });
  });

  it('updates, transitions, assigns and comments on an issue', async () => {
    const updated = await runAction(
      app,
      'updateIssue',
      { issueIdOrKey: 'ENG-1', summary: 'Renamed' },
      credential,
      http,
    );
    expect(updated.output).toEqual({ status_code: 204 });
    expect([fake.last().method, fake.last().path, fake.last().body]).toEqual([
      'PUT',
      '/rest/api/2/issue/ENG-1',
      { fields: { summary: 'Renamed' } },
    ]);
    await runAction(app, 'transitionIssue', { issueIdOrKey: 'ENG-1', transitionId: '31' }, credential, http);
    expect([fake.last().path, fake.last().body]).toEqual([
      '/rest/api/3/issue/ENG-1/transitions',
      { transition: { id: '31' } },
    ]);
    await runAction(app, 'assignIssue', { issueIdOrKey: 'ENG-1', accountId: 'acc1' }, credential, http);
    expect([fake.last().method, fake.last().path, fake.last().body]).toEqual([
      'PUT',
      '/rest/api/3/issue/ENG-1/assignee',
      { accountId: 'acc1' },
    ]);
    await runAction(app, 'addComment', { issueIdOrKey: 'ENG-1', body: 'On it' }, credential, http);
    expect([fake.last().path, fake.last().body]).toEqual(['/rest/api/2/issue/ENG-1/comment', { body: 'On it' }]);
  });

  it('finds issues with JQL', async () => {
    await runAction(app, 'findIssues', { jql: 'project = ENG AND status = Done' }, credential, http);
    expect(fake.last().path).toBe('/rest/api/3/search/jql');
    expect(queryOf(fake.last())).toMatchObject({ jql: 'project = ENG AND status = Done' });
  });

  it('New issue: the second poll yields exactly the new issues', async () => {
    const polls = await newKeysAcrossPolls(app, 'newIssue', { projectId: '100' }, credential, http, () => {
      issues.push({ id: '10002', key: 'ENG-2', fields: { summary: 'Second' } });
      issues.push({ id: '10003', key: 'ENG-3', fields: { summary: 'Third' } });
    });
    expect(polls.first).toEqual(['10001']);
    expect(polls.fresh).toEqual(['10002', '10003']);
    expect(queryOf(fake.last())).toMatchObject({ jql: 'project = 100 ORDER BY created DESC', maxResults: '50' });
    expect(queryOf(fake.last()).projectId).toBeUndefined();
  });
});
