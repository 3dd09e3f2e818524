import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, readS3Settings, type S3Settings } from './s3-storage.js';
import { presignGet, signHeaders } from './sigv4.js';

const KEY = '0f8f1f6a-4b61-4e7b-9d8e-3a7c2b1d0e9f';

/** Reads an `x-amz-date` ('20260101T000000Z') back into a Date. */
const parseAmzDate = (text: string) =>
  new Date(
    `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T${text.slice(9, 11)}:${text.slice(11, 13)}:${text.slice(13, 15)}Z`,
  );

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

/**
 * A minimal S3-compatible server: PUT/GET/DELETE of objects, each request's SigV4 signature
 * recomputed from what arrived on the wire (method, host, path, headers, body).
 */
function startFakeS3(settings: () => S3Settings) {
  const objects = new Map<string, { bytes: Buffer; type: string }>();
  const refused: string[] = [];
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const s = settings();
    let isSigned = false;
    if (req.method === 'GET') {
      const date = parseAmzDate(url.searchParams.get('X-Amz-Date') ?? '');
      const bare = new URL(url.href);
      for (const name of [...bare.searchParams.keys()]) if (name.startsWith('X-Amz-')) bare.searchParams.delete(name);
      const expected = presignGet(s, date, bare.href, Number(url.searchParams.get('X-Amz-Expires')));
      isSigned = new URL(expected).searchParams.get('X-Amz-Signature') === url.searchParams.get('X-Amz-Signature');
    } else {
      const date = parseAmzDate(String(req.headers['x-amz-date']));
      const type = req.headers['content-type'];
      const expected = signHeaders(s, date, {
        method: req.method ?? '',
        url: url.href,
        headers: type ? { 'content-type': type } : {},
        payload: body,
      });
      isSigned = expected.authorization === req.headers.authorization;
    }
    if (!isSigned) {
      refused.push(`${req.method} ${url.pathname}`);
      res.writeHead(403).end('SignatureDoesNotMatch');
      return;
    }
    if (req.method === 'PUT') {
      objects.set(url.pathname, { bytes: body, type: String(req.headers['content-type']) });
      res.writeHead(200).end();
    } else if (req.method === 'GET') {
      const object = objects.get(url.pathname);
      if (!object) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': object.type }).end(object.bytes);
    } else {
      objects.delete(url.pathname);
      res.writeHead(204).end();
    }
  });
  return { server, objects, refused };
}

describe('the S3-compatible storage', () => {
  let settings: S3Settings;
  let fake: ReturnType<typeof startFakeS3>;
  let server: Server;

  beforeAll(async () => {
    fake = startFakeS3(() => settings);
    server = fake.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    settings = readS3Settings({
      UPLOADS_S3_ENDPOINT: `http://127.0.0.1:${port}/`,
      UPLOADS_S3_BUCKET: 'junction-files',
      UPLOADS_S3_ACCESS_KEY_ID: 'AKIDTEST',
      UPLOADS_S3_SECRET_ACCESS_KEY: 'secret/with+chars',
    }) as S3Settings;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads its settings from the environment and insists on the whole set', () => {
    expect(settings).toMatchObject({ bucket: 'junction-files', region: 'us-east-1', prefix: 'uploads/' });
    expect(readS3Settings({})).toBeUndefined();
    expect(() => readS3Settings({ UPLOADS_S3_BUCKET: 'b' })).toThrow(
      'UPLOADS_S3_BUCKET is set but UPLOADS_S3_ENDPOINT, UPLOADS_S3_ACCESS_KEY_ID, UPLOADS_S3_SECRET_ACCESS_KEY is not.',
    );
  });

  it('PUTs a file under its generated key, hands out a presigned address that serves it, and DELETEs it', async () => {
    const storage = createS3Storage(settings);
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    await storage.put(KEY, bytes, 'application/pdf');
    expect([...fake.objects.keys()]).toEqual([`/junction-files/uploads/${KEY}`]);
    const stored = await storage.read(KEY);
    if (!stored || !('redirect' in stored)) throw new Error('expected a redirect');
    const download = await fetch(stored.redirect);
    expect(download.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), bytes)).toBe(0);
    await storage.remove(KEY);
    expect(fake.objects.size).toBe(0);
    expect(fake.refused).toEqual([]);
  });

  it('reports a refusing store as an error and never builds a path from a bad key', async () => {
    const storage = createS3Storage({ ...settings, secretAccessKey: 'wrong' });
    await expect(storage.put(KEY, Buffer.from('x'), 'text/plain')).rejects.toThrow(/answered 403 to PUT uploads\//);
    await expect(storage.put('../etc', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
  });
});
