/**
 * Asana contract: a local fake of the Asana API checks the bearer token; every
 * action sends the documented request (bodies wrapped in `data`) and both triggers dedupe
 * across two polls.
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

const app = catalogueApp('asana');

const TOKEN = '1/asana-token';
const credential = { access_token: TOKEN };
let fake: FakeService;
let http: HttpClient;
const tasks = [{ gid: '1001', name: 'Draft plan' }];
const projects = [{ gid: '2001', name: 'Launch' }];

beforeAll(async () => {
  fake = await startFake({
    auth: (r) => r.headers.authorization === `Bearer ${TOKEN}`,
    unauthorized: { status: 401, body: { errors: [{ message: 'Not Authorized' }] } },
  });
  http = rewritingClient(fake, ['https://app.asana.com']);
  fake.on('GET /api/1.0/users/me', () => ({ body: { data: { gid: '1', name: 'Ada' } } }));
  fake.on('GET /api/1.0/workspaces', () => ({ body: { data: [{ gid: '9', name: 'Acme' }] } }));
  fake.on('GET /api/1.0/projects', () => ({ body: { data: [...projects] } }));
  fake.on('GET /api/1.0/users', () => ({ body: { data: [{ gid: '1', name: 'Ada' }] } }));
  fake.on('GET /api/1.0/tasks', () => ({ body: { data: [...tasks], next_page: null } }));
  fake.on('POST /api/1.0/tasks', (r) => ({
    status: 201,
    body: { data: { gid: '1002', ...(r.body as { data: object }).data } },
  }));
  fake.on('PUT /api/1.0/tasks/:gid', (r) => ({
    body: { data: { gid: r.params.gid, ...(r.body as { data: object }).data } },
  }));
  fake.on('POST /api/1.0/tasks/:gid/stories', (r) => ({
    status: 201,
    body: { data: { gid: 's1', ...(r.body as { data: object }).data } },
  }));
  fake.on('GET /api/1.0/workspaces/:ws/typeahead', () => ({ body: { data: [...tasks] } }));
  fake.on('POST /api/1.0/projects', (r) => ({
    status: 201,
    body: { data: { gid: '2002', ...(r.body as { data: object }).data } },
  }));
});

afterAll(async () => {
  await http?.close();
  await fake?.close();
});

describe('Asana', () => {
  it('is a valid catalogue definition with Asana OAuth', () => {
    expectValidCatalogueApp(app);
    expect(app.authInfo.auth_url).toBe('https://app.asana.com/-/oauth_authorize');
    expect(app.authInfo.token_url).toBe('https://app.asana.com/-/oauth_token');
  });

  it('tests the connection', async () => {
    expect((await runAction(app, 'getMe', {}, credential, http)).ok).toBe(true);
    expect((await runAction(app, 'getMe', {}, { access_token: 'no' }, http)).error?.status).toBe(401);
  });

  it('creates a task in a project, wrapped in data', async () => {
    const result = await runAction(
      app,
      'createTask',
      { workspace: '9', project: '2001', name: 'Ship', notes: 'Friday', due_on: '2026-11-28' },
      credential,
      http,
    );
    expect(result.ok).toBe(true);
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/api/1.0/tasks']);
    expect(fake.last().body).toEqual({
      data: { name: 'Ship', notes: 'Friday', due_on: '2026-11-28', projects: ['2001'] },
    });
  });

  it('updates, completes and comments on a task', async () => {
    await runAction(app, 'updateTask', { task_gid: '1001', assignee: '1' }, credential, http);
    expect([fake.last().method, fake.last().path, fake.last().body]).toEqual([
      'PUT',
      '/api/1.0/tasks/1001',
      { data: { assignee: '1' } },
    ]);
    await runAction(app, 'completeTask', { task_gid: '1001' }, credential, http);
    expect(fake.last().body).toEqual({ data: { completed: true } });
    await runAction(app, 'addComment', { task_gid: '1001', text: 'Nice' }, credential, http);
    expect([fake.last().path, fake.last().body]).toEqual(['/api/1.0/tasks/1001/stories', { data: { text: 'Nice' } }]);
  });

  it('finds tasks and creates a project', async () => {
    await runAction(app, 'findTasks', { workspace: '9', query: 'plan' }, credential, http);
    expect(fake.last().path).toBe('/api/1.0/workspaces/9/typeahead');
    expect(queryOf(fake.last())).toMatchObject({ resource_type: 'task', query: 'plan' });
    await runAction(app, 'createProject', { workspace: '9', name: 'Hiring' }, credential, http);
    expect(fake.last().body).toEqual({ data: { name: 'Hiring', workspace: '9' } });
  });

  it('New task in project / New project: the second poll yields exactly the new items', async () => {
    const newTask = await newKeysAcrossPolls(
      app,
      'newTask',
      { workspace: '9', project: '2001' },
      credential,
      http,
      () => {
        tasks.push({ gid: '1003', name: 'Review' });
      },
    );
    expect(newTask.fresh).toEqual(['1003']);
    expect(fake.last().path).toBe('/api/1.0/tasks');
    expect(queryOf(fake.last())).toMatchObject({ project: '2001', completed_since: 'now', limit: '100' });
    expect(queryOf(fake.last()).workspace).toBeUndefined();
    const newProject = await newKeysAcrossPolls(app, 'newProject', { workspace: '9' }, credential, http, () => {
      projects.push({ gid: '2003', name: 'Ops' });
    });
    expect(newProject.fresh).toEqual(['2003']);
    expect(queryOf(fake.last())).toEqual({ archived: 'false', workspace: '9' });
  });
});
