import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineRepo } from '../../server/src/store/repos/engine.js';
import { createDb, type DbHandle } from '../../server/src/store/create-db.js';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';

/** A two-section form: a required text, checkboxes, a choice and a file question. */
const content = (title = 'Job application') => [
  { form: { title, description: 'Tell us about you' } },
  [
    { question: 'Name', type: 'input', required: true },
    { question: 'Skills', type: 'checkboxes', checkbox_options: ['TS', 'Go'] },
  ],
  [
    {
      section: [
        { question: 'Start', type: 'multiple_choice', multiple_choice_options: ['Now', 'Later'] },
        { question: 'CV', type: 'file', required: true },
      ],
    },
  ],
  true,
  false,
];

const UPLOAD_LIMIT = 64 * 1024;

describe.each(openTestDatabases())('public forms API on $dialect', (testDb) => {
  let h: ApiHarness;
  let owner: Account;
  let other: Account;
  let formId: string;
  let db: DbHandle;

  const upload = (name: string, bytes: Buffer | string, type = 'application/pdf', id = formId, question = 'CV') =>
    h.call('POST', `/api/public/forms/${id}/uploads?filename=${encodeURIComponent(name)}&question=${question}`, {
      raw: bytes,
      headers: { 'content-type': type },
    });

  beforeAll(async () => {
    h = await openHarness(testDb, { bodyLimit: UPLOAD_LIMIT });
    db = createDb(h.config);
    owner = await signUp(h, 'form-owner');
    other = await signUp(h, 'form-other');
    const res = await h.call('POST', '/api/forms', {
      token: owner.token,
      body: { name: 'Applications', workflowId: owner.workflowId, content: content() },
    });
    expect(res.status, res.text).toBe(201);
    formId = res.json.id;
  });
  afterAll(async () => {
    await db?.close();
    await h?.close();
  });

  it('creates, lists, reads, updates and serves a form to anonymous visitors', async () => {
    const list = await h.call('GET', `/api/forms?workflowId=${owner.workflowId}`, { token: owner.token });
    expect(list.json.items.map((f: { id: string }) => f.id)).toEqual([formId]);
    const renamed = await h.call('PUT', `/api/forms/${formId}`, { token: owner.token, body: { name: 'Hiring' } });
    expect(renamed.json).toMatchObject({ name: 'Hiring', workflowId: owner.workflowId });
    const pub = await h.call('GET', `/api/public/forms/${formId}`);
    expect(pub.status).toBe(200);
    expect(pub.json).toEqual({ id: formId, content: content() });
    expect(pub.text).not.toContain(owner.workflowId);
    // Forms are addressed by their own id only: the workflow's id (public in templates) opens nothing.
    const byWorkflow = await h.call('GET', `/api/public/forms/${owner.workflowId}`);
    expect(byWorkflow.status).toBe(404);
  });

  it("hides a form from another tenant (404) and refuses a workflow that isn't the caller's", async () => {
    for (const [method, url] of [
      ['GET', `/api/forms/${formId}`],
      ['DELETE', `/api/forms/${formId}`],
      ['GET', `/api/forms/${formId}/submissions`],
    ] as const) {
      expect((await h.call(method, url, { token: other.token })).status).toBe(404);
    }
    expect((await h.call('GET', '/api/forms', { token: other.token })).json.items).toEqual([]);
    const res = await h.call('POST', '/api/forms', {
      token: other.token,
      body: { name: 'Steal', workflowId: owner.workflowId, content: content() },
    });
    expect(res.status).toBe(422);
    expect(res.json.field).toBe('workflowId');
  });

  it('answers 422 naming the path of a bad definition', async () => {
    const bad: unknown[] = content();
    bad[1] = [{ question: 'Pick', type: 'checkboxes' }];
    const res = await h.call('POST', '/api/forms', { token: owner.token, body: { name: 'x', content: bad } });
    expect(res.status).toBe(422);
    expect(res.json.field).toBe('content[1][0].checkbox_options');
    expect(res.json.errors[0].message).toBe('A checkboxes question needs a list of options.');
  });

  it('stores an XSS title as text and serves it as JSON, never as markup', async () => {
    const title = '<img src=x onerror=alert(1)>';
    const res = await h.call('POST', '/api/forms', {
      token: owner.token,
      body: { name: title, content: content(title) },
    });
    expect(res.status).toBe(201);
    const pub = await h.call('GET', `/api/public/forms/${res.json.id}`);
    expect(pub.headers['content-type']).toMatch(/^application\/json/);
    expect(pub.json.content[0].form.title).toBe(title);
  });

  it('stores an upload under a generated id, never the client name, and downloads it byte-identical', async () => {
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x0a]);
    const res = await upload('../../etc/passwd.pdf', bytes);
    expect(res.status, res.text).toBe(201);
    expect(res.json.url).toBe(`${h.config.publicUrl}/api/public/files/${res.json.key}`);
    expect(res.json.key).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await readdir(path.join(h.config.dataDir, 'uploads'));
    expect(stored).toContain(res.json.key);
    expect(stored.some((f) => f.includes('passwd'))).toBe(false);

    const file = await h.app.inject({ method: 'GET', url: `/api/public/files/${res.json.key}` });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a name without an accepted extension, a scriptable type and a mismatched type (415)', async () => {
    const passwd = await upload('../../etc/passwd', 'root:x:0:0');
    expect(passwd.status).toBe(415);
    expect(passwd.json).toMatchObject({ field: 'filename' });
    expect(passwd.json.detail).toMatch(/^Files without an extension are not accepted\. Accepted files: pdf, txt/);
    const html = await upload('page.html', '<script>alert(1)</script>', 'text/html');
    expect(html.json).toMatchObject({
      status: 415,
      field: 'filename',
      detail: expect.stringContaining('.html files are not accepted'),
    });
    const disguised = await upload('photo.png', '<svg onload=alert(1)>', 'image/svg+xml');
    expect(disguised.json).toMatchObject({ status: 415, field: 'filename' });
    expect(disguised.json.detail).toContain('named .png but was sent as image/svg+xml');
  });

  it('refuses an oversized file (413) and an empty one (422)', async () => {
    const big = await upload('big.pdf', Buffer.alloc(UPLOAD_LIMIT + 1, 1));
    expect(big.status).toBe(413);
    expect(big.json.field).toBe('body');
    const empty = await upload('empty.pdf', Buffer.alloc(0));
    expect([empty.status, empty.json.field]).toEqual([422, 'body']);
  });

  it('refuses a JSON body that pretends to be a file list, and multipart bodies (415)', async () => {
    const json = await h.call('POST', `/api/public/forms/${formId}/uploads?filename=cv.pdf&question=CV`, {
      body: { files: [{ name: 'cv.pdf', url: 'file:///etc/passwd' }] },
    });
    expect(json.status).toBe(415);
    expect(json.json.field).toBe('body');
    const multipart = await upload('cv.pdf', '--x\r\n\r\n--x--', 'multipart/form-data; boundary=x');
    expect([multipart.status, multipart.json.field]).toEqual([415, 'content-type']);
    // …and as answers: a list, or a URL the form never stored, for a file question.
    const list = await h.call('POST', `/api/public/forms/${formId}/submissions`, {
      body: { answers: { Name: 'Ada', CV_0: ['/etc/passwd', 'file:///etc/shadow'] } },
    });
    expect([list.status, list.json.field]).toEqual([422, 'answers.CV_0']);
    const foreign = await h.call('POST', `/api/public/forms/${formId}/submissions`, {
      body: { answers: { Name: 'Ada', CV_0: 'file:///etc/passwd' } },
    });
    expect(foreign.json).toMatchObject({ status: 422, field: 'answers.CV_0' });
  });

  it('answers 404 for an unknown form and file', async () => {
    expect((await h.call('GET', '/api/public/forms/nope')).status).toBe(404);
    expect((await upload('a.pdf', 'x', 'application/pdf', 'nope')).status).toBe(404);
    expect((await h.call('GET', '/api/public/files/nope')).status).toBe(404);
  });

  it('enforces required questions and options with a message per question (422)', async () => {
    const res = await h.call('POST', `/api/public/forms/${formId}/submissions`, {
      body: { answers: { Name: '  ', Skills: ['Rust'], Start: 'Never', Extra: 'x' } },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([
      { field: 'answers.Skills', message: "'Rust' is not one of the options." },
      { field: 'answers.Start', message: "'Never' is not one of the options." },
      { field: 'answers.Extra', message: "This form has no question 'Extra'." },
      { field: 'answers.Name', message: 'This is a required question' },
      { field: 'answers.CV', message: 'This is a required question' },
    ]);
  });

  it('records a submission of an OFF workflow as one not_run execution holding the answers and file URL', async () => {
    const cv = await upload('cv.pdf', '%PDF-1.4 hello');
    const answers = { Name: 'Ada', Skills: ['TS', 'Go'], CV_0: cv.json.url };
    const res = await h.call('POST', `/api/public/forms/${formId}/submissions`, { body: { answers } });
    expect(res.status, res.text).toBe(202);
    expect(res.json.submissionId).toEqual(expect.any(String));

    const subs = await h.call('GET', `/api/forms/${formId}/submissions`, { token: owner.token });
    expect(subs.json.items).toHaveLength(1);
    const [sub] = subs.json.items;
    expect(sub.answers).toEqual({ Name: 'Ada', Skills: ['TS', 'Go'], Start: '', CV_0: cv.json.url });
    const execution = await createEngineRepo(db.db).get(sub.executionId, owner.tenantId);
    expect(execution).toMatchObject({ status: 'not_run', trigger: 'form', workflowId: owner.workflowId });
    expect(execution?.triggerData).toEqual(sub.answers);
    // The author sees it in the workflow's executions list, as not run.
    const list = await h.call('GET', `/api/workflows/${owner.workflowId}/executions`, { token: owner.token });
    expect(list.status, list.text).toBe(200);
    expect(list.json.items).toEqual([
      expect.objectContaining({ id: sub.executionId, status: 'not_run', trigger: 'form' }),
    ]);

    // A stored file answers one submission only.
    const again = await h.call('POST', `/api/public/forms/${formId}/submissions`, { body: { answers } });
    expect([again.status, again.json.field]).toEqual([422, 'answers.CV_0']);
  });

  it('records a submission of an unbound form without an execution', async () => {
    const created = await h.call('POST', '/api/forms', {
      token: owner.token,
      body: { name: 'Loose', content: [{}, [{ question: 'Q', type: 'input' }]] },
    });
    const res = await h.call('POST', `/api/public/forms/${created.json.id}/submissions`, { body: { answers: {} } });
    expect(res.status).toBe(202);
    const subs = await h.call('GET', `/api/forms/${created.json.id}/submissions`, { token: owner.token });
    expect(subs.json.items[0]).toMatchObject({ answers: { Q: '' }, executionId: null });
  });

  it('deletes a form with its stored files', async () => {
    const created = await h.call('POST', '/api/forms', {
      token: owner.token,
      body: { name: 'Temp', content: [{}, [{ question: 'F', type: 'file' }]] },
    });
    const file = await upload('a.txt', 'hello', 'text/plain', created.json.id, 'F');
    expect(file.status).toBe(201);
    expect((await h.call('DELETE', `/api/forms/${created.json.id}`, { token: owner.token })).status).toBe(204);
    expect((await h.call('GET', `/api/public/files/${file.json.key}`)).status).toBe(404);
    expect(await readdir(path.join(h.config.dataDir, 'uploads'))).not.toContain(file.json.key);
  });
});

describe.each(openTestDatabases())('public form rate limits on $dialect', (testDb) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await openHarness(testDb, { rateLimits: true });
  });
  afterAll(() => h?.close());

  it('answers 429 with Retry-After once one address submits more than 60 times a minute', async () => {
    const owner = await signUp(h, 'limited');
    const created = await h.call('POST', '/api/forms', {
      token: owner.token,
      body: { name: 'Busy', content: [{}, [{ question: 'Q', type: 'input' }]] },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) {
      const res = await h.call('POST', `/api/public/forms/${created.json.id}/submissions`, { body: { answers: {} } });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json.detail).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
      }
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(60);
    expect(statuses.slice(60)).toEqual([429, 429]);
  });

  it('limits one form over all addresses (2,000 reads a minute), while other forms stay open', async () => {
    const owner = await signUp(h, 'popular');
    const make = async (name: string) =>
      (
        await h.call('POST', '/api/forms', {
          token: owner.token,
          body: { name, content: [{}, [{ question: 'Q', type: 'input' }]] },
        })
      ).json.id as string;
    const popular = await make('Popular');
    const quiet = await make('Quiet');
    const read = (formId: string, ip: string) =>
      h.app.inject({ method: 'GET', url: `/api/public/forms/${formId}`, remoteAddress: ip });
    const started = Date.now();
    // 20 addresses × 100 reads: each address stays under its own 120 a minute.
    for (let a = 0; a < 20; a++) {
      const answers = await Promise.all(Array.from({ length: 100 }, () => read(popular, `10.0.${a}.1`)));
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    }
    console.info(`2,000 public form reads in ${Date.now() - started} ms`);
    const refused = await read(popular, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same new address may still read another form.
    expect((await read(quiet, '10.9.9.9')).statusCode).toBe(200);
  }, 60_000);
});
