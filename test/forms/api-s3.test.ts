import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

// The SigV4 signatures themselves are checked in server/src/forms (documented vectors and a
// fake store that recomputes them); this suite checks the wiring through the real app.
describe.each(openTestDatabases().slice(0, 1))('form uploads into an S3-compatible bucket on $dialect', (testDb) => {
  const objects = new Map<string, Buffer>();
  const store = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://store').pathname;
    if (req.method === 'PUT') objects.set(path, body);
    if (req.method === 'GET' && objects.has(path)) return void res.writeHead(200).end(objects.get(path));
    res.writeHead(req.method === 'PUT' ? 200 : 404).end();
  });
  let h: ApiHarness;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
    const env = {
      UPLOADS_S3_ENDPOINT: `http://127.0.0.1:${(store.address() as AddressInfo).port}`,
      UPLOADS_S3_BUCKET: 'forms',
      UPLOADS_S3_ACCESS_KEY_ID: 'AKIDTEST',
      UPLOADS_S3_SECRET_ACCESS_KEY: 'secret',
    };
    for (const [name, value] of Object.entries(env)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
    h = await openHarness(testDb);
  });
  afterAll(async () => {
    await h?.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await new Promise<void>((resolve) => store.close(() => resolve()));
  });

  it('stores the upload in the bucket under its generated id and redirects downloads to a presigned address', async () => {
    const owner = await signUp(h, 's3-owner');
    const form = await h.call('POST', '/api/forms', {
      token: owner.token,
      body: { name: 'S3', content: [{}, [{ question: 'F', type: 'file' }]] },
    });
    const bytes = Buffer.from('%PDF-1.4 in a bucket');
    const upload = await h.call('POST', `/api/public/forms/${form.json.id}/uploads?filename=../../cv.pdf&question=F`, {
      raw: bytes,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(upload.status, upload.text).toBe(201);
    expect([...objects.keys()]).toEqual([`/forms/uploads/${upload.json.key}`]);
    const download = await h.call('GET', `/api/public/files/${upload.json.key}`);
    expect(download.status).toBe(302);
    const location = String(download.headers.location);
    expect(location).toMatch(/X-Amz-Signature=[0-9a-f]{64}/);
    const fetched = await fetch(location);
    expect(Buffer.compare(Buffer.from(await fetched.arrayBuffer()), bytes)).toBe(0);
  });
});
