/**
 * Hostile pass, anonymous disk fill (RELIABILITY.md "Security regressions (hostile pass)"): a
 * form without a file question accepted uploads, and one address could store ~600 MB a minute.
 * Uploads now go only to a file question of the form, within byte quotas per visitor address
 * and per form (429 + Retry-After), a total uploads quota (507) and a file count per question.
 * In-process server on each test database, small quotas; each visitor is its own address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from '../../api/harness.js';
import { report } from '../support/report.js';

/** One upload from `ip` to a form's question. */
async function upload(h: ApiHarness, formId: string, question: string | undefined, bytes: number, ip: string) {
  const query = question === undefined ? '' : `&question=${encodeURIComponent(question)}`;
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/public/forms/${formId}/uploads?filename=cv.pdf${query}`,
    headers: { 'content-type': 'application/pdf' },
    payload: Buffer.concat([Buffer.from('%PDF-1.4 '), Buffer.alloc(Math.max(0, bytes - 9), 65)]),
    remoteAddress: ip,
  });
  return { status: res.statusCode, headers: res.headers, json: res.body ? JSON.parse(res.body) : undefined };
}

async function createForm(h: ApiHarness, token: string, questions: unknown[]): Promise<string> {
  const res = await h.call('POST', '/api/forms', { token, body: { name: 'Uploads', content: [{}, questions] } });
  if (res.status !== 201) throw new Error(`create form answered ${res.status}: ${res.text}`);
  return res.json.id as string;
}

describe.each(openTestDatabases())('form uploads on $dialect', (testDb) => {
  let h: ApiHarness;
  let token: string;

  beforeAll(async () => {
    h = await openHarness(testDb, {
      formUploadAddressQuota: 3000,
      formUploadFormQuota: 5000,
      uploadsTotalQuota: 9000,
      formUploadMaxFiles: 2,
    });
    ({ token } = await signUp(h, 'uploads'));
  }, 180_000);
  afterAll(async () => {
    await h?.close();
  });

  it('takes files only for a file question of the form', async () => {
    const noFiles = await createForm(h, token, [{ question: 'Name', type: 'input' }]);
    const refused = await upload(h, noFiles, 'Name', 100, '203.0.113.1');
    expect([refused.status, refused.json.detail]).toEqual([422, 'This form has no file question: it takes no files.']);
    expect((await upload(h, noFiles, undefined, 100, '203.0.113.1')).status).toBe(400);

    const withFile = await createForm(h, token, [
      { question: 'Name', type: 'input' },
      { question: 'CV', type: 'file' },
    ]);
    const wrong = await upload(h, withFile, 'Name', 100, '203.0.113.1');
    expect([wrong.status, wrong.json.detail, wrong.json.field]).toEqual([
      422,
      "'Name' is not a file question of this form.",
      'question',
    ]);
    expect((await upload(h, withFile, 'CV', 100, '203.0.113.1')).status).toBe(201);
  });

  it('keeps byte quotas per address (429), per form (429) and in total (507), and files per question', async () => {
    const form = await createForm(h, token, [{ question: 'CV', type: 'file' }]);
    const answers: Record<string, number> = {};
    const note = (what: string, status: number) => {
      answers[what] = status;
      return status;
    };
    // One address: 3 × 1,000 bytes fit its 3,000-byte hour, the fourth does not.
    for (let i = 0; i < 3; i++) expect(note(`address A file ${i + 1}`, (await upload(h, form, 'CV', 1000, '203.0.113.10')).status)).toBe(201);
    const overAddress = await upload(h, form, 'CV', 1000, '203.0.113.10');
    note('address A file 4', overAddress.status);
    expect(overAddress.status).toBe(429);
    expect(Number(overAddress.headers['retry-after'])).toBeGreaterThan(0);
    expect(overAddress.json.detail).toContain('FORM_UPLOAD_ADDRESS_QUOTA');

    // Other addresses fill the form's 5,000-byte hour.
    expect(note('address B', (await upload(h, form, 'CV', 1500, '203.0.113.11')).status)).toBe(201);
    const overForm = await upload(h, form, 'CV', 1000, '203.0.113.12');
    note('address C (form full)', overForm.status);
    expect(overForm.status).toBe(429);
    expect(overForm.json.detail).toContain('FORM_UPLOAD_FORM_QUOTA');

    // Another form from other addresses: the total of 9,000 bytes is reached (4,600 were stored before).
    const second = await createForm(h, token, [{ question: 'F', type: 'file' }]);
    expect(note('second form, address D', (await upload(h, second, 'F', 2500, '203.0.113.13')).status)).toBe(201);
    const full = await upload(h, second, 'F', 2500, '203.0.113.14');
    note('second form, address E (total full)', full.status);
    expect(full.status).toBe(507);
    expect(full.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(full.json.detail).toContain('UPLOADS_TOTAL_QUOTA');
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
    report(`upload quotas (${testDb.dialect}; 3,000 B per address, 5,000 B per form, 9,000 B in total)`, [answers]);
  });

  it('takes at most FORM_UPLOAD_MAX_FILES files for one question in a submission', async () => {
    const form = await createForm(h, token, [{ question: 'Pics', type: 'file' }]);
    // Up to the limit of two a submission is taken; three files for the question are refused.
    const urls: string[] = [];
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const res = await upload(h, form, 'Pics', 20, ip);
      expect(res.status).toBe(201);
      urls.push(res.json.url);
    }
    const two = await h.call('POST', `/api/public/forms/${form}/submissions`, {
      body: { answers: { Pics_0: urls[0], Pics_1: urls[1] } },
    });
    expect(two.status).toBe(202);
    const three = await h.call('POST', `/api/public/forms/${form}/submissions`, {
      body: { answers: { Pics_0: urls[2], Pics_1: urls[0], Pics_2: urls[1] } },
    });
    expect(three.status).toBe(422);
    expect(three.json.detail).toContain("At most 2 files can answer 'Pics'.");
  });
});
