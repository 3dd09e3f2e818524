/**
 * Google Drive contract: a local fake of the Drive v3 API checks the bearer token
 * and answers the documented shapes; every action sends the documented request and the
 * three triggers dedupe across two polls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { DRIVE_MIME } from '../../server/src/integrations/catalogue/google-drive-files.js';
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

const app = catalogueApp('google-drive');

const TOKEN = 'ya29.drive';
const credential = { access_token: TOKEN };
let fake: FakeService;
let http: HttpClient;
interface File {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
}
const files: File[] = [
  { id: 'f1', name: 'Report.pdf', mimeType: 'application/pdf', parents: ['root'] },
  { id: 'd1', name: 'Invoices', mimeType: DRIVE_MIME.folder, parents: ['root'] },
];

beforeAll(async () => {
  fake = await startFake({ auth: (r) => r.headers.authorization === `Bearer ${TOKEN}` });
  http = rewritingClient(fake, ['https://www.googleapis.com']);
  fake.on('GET /drive/v3/about', () => ({ body: { user: { displayName: 'Ada' } } }));
  fake.on('GET /drive/v3/files', (r) => {
    const q = queryOf(r).q ?? '';
    const inFolder = /'([^']+)' in parents/.exec(q)?.[1];
    const kind = /mimeType(!?=)'([^']+)'/.exec(q);
    const list = files.filter((f) => {
      if (inFolder && !f.parents.includes(inFolder)) return false;
      if (kind && (kind[1] === '=' ? f.mimeType !== kind[2] : f.mimeType === kind[2])) return false;
      const contains = /name contains '([^']*)'/.exec(q)?.[1];
      return !contains || f.name.includes(contains);
    });
    return { body: { kind: 'drive#fileList', files: [...list].reverse() } };
  });
  fake.on('POST /drive/v3/files', (r) => {
    const body = r.body as { name: string; mimeType: string; parents?: string[] };
    const created = {
      id: `new-${files.length}`,
      name: body.name,
      mimeType: body.mimeType,
      parents: body.parents ?? ['root'],
    };
    files.push(created);
    return { body: { kind: 'drive#file', ...created } };
  });
  fake.on('POST /drive/v3/files/:id/copy', (r) => ({
    body: { kind: 'drive#file', id: `copy-of-${r.params.id}`, name: (r.body as { name?: string }).name ?? 'Copy' },
  }));
  fake.on('POST /drive/v3/files/:id/permissions', (r) => ({
    body: { kind: 'drive#permission', id: 'perm1', type: 'user', role: (r.body as { role: string }).role },
  }));
  fake.on('PATCH /drive/v3/files/:id', (r) => ({ body: { kind: 'drive#file', id: r.params.id, trashed: true } }));
  fake.on('GET /drive/v3/files/:id', (r) => ({ body: { id: r.params.id, name: 'Report.pdf' } }));
});

afterAll(async () => {
  await http?.close();
  await fake?.close();
});

describe('Google Drive', () => {
  it('is a valid catalogue definition with the Drive scope', () => {
    expectValidCatalogueApp(app);
    expect(app.authInfo.scopes).toBe('https://www.googleapis.com/auth/drive');
  });

  it('tests the connection', async () => {
    expect((await runAction(app, 'testAuth', {}, credential, http)).ok).toBe(true);
    expect((await runAction(app, 'testAuth', {}, { access_token: 'x' }, http)).error?.status).toBe(401);
  });

  it('creates a folder inside another folder', async () => {
    const result = await runAction(app, 'createFolder', { name: 'Receipts', parents: 'd1' }, credential, http);
    expect(result.ok).toBe(true);
    const req = fake.last();
    expect([req.method, req.path]).toEqual(['POST', '/drive/v3/files']);
    expect(queryOf(req)).toEqual({ supportsAllDrives: 'true' });
    expect(req.body).toEqual({ name: 'Receipts', mimeType: DRIVE_MIME.folder, parents: ['d1'] });
  });

  it('copies, shares, trashes and reads a file', async () => {
    expect((await runAction(app, 'copyFile', { fileId: 'f1', name: 'Report (2)' }, credential, http)).ok).toBe(true);
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/drive/v3/files/f1/copy']);
    expect(fake.last().body).toEqual({ name: 'Report (2)' });

    const share = await runAction(
      app,
      'shareFile',
      { fileId: 'f1', emailAddress: 'grace@example.com', role: 'writer', sendNotificationEmail: 'no' },
      credential,
      http,
    );
    expect(share.ok).toBe(true);
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/drive/v3/files/f1/permissions']);
    expect(queryOf(fake.last())).toEqual({ supportsAllDrives: 'true', sendNotificationEmail: 'false' });
    expect(fake.last().body).toEqual({ emailAddress: 'grace@example.com', role: 'writer', type: 'user' });

    expect((await runAction(app, 'trashFile', { fileId: 'f1' }, credential, http)).ok).toBe(true);
    expect([fake.last().method, fake.last().path]).toEqual(['PATCH', '/drive/v3/files/f1']);
    expect(fake.last().body).toEqual({ trashed: true });

    expect((await runAction(app, 'getFile', { fileId: 'f1' }, credential, http)).ok).toBe(true);
    expect([fake.last().method, fake.last().path]).toEqual(['GET', '/drive/v3/files/f1']);
    expect(queryOf(fake.last()).fields).toContain('webViewLink');
  });

  it('finds files by name', async () => {
    const result = await runAction(app, 'findFiles', { name: 'Report' }, credential, http);
    expect(result.ok).toBe(true);
    expect(queryOf(fake.last()).q).toBe("name contains 'Report' and trashed=false");
    expect(queryOf(fake.last()).name).toBeUndefined();
    expect((result.output as { files: File[] }).files.map((f) => f.id)).toEqual(['f1']);
  });

  it('New file / New folder / New file in folder: the second poll yields exactly the new items', async () => {
    const add = (f: File) => () => {
      files.push(f);
    };
    const newFile = await newKeysAcrossPolls(
      app,
      'newFile',
      {},
      credential,
      http,
      add({
        id: 'f9',
        name: 'Slides.pdf',
        mimeType: 'application/pdf',
        parents: ['root'],
      }),
    );
    expect(newFile.fresh).toEqual(['f9']);
    expect(queryOf(fake.last()).q).toBe(`mimeType!='${DRIVE_MIME.folder}' and trashed=false`);

    const newFolder = await newKeysAcrossPolls(
      app,
      'newFolder',
      {},
      credential,
      http,
      add({
        id: 'd9',
        name: 'Archive',
        mimeType: DRIVE_MIME.folder,
        parents: ['root'],
      }),
    );
    expect(newFolder.fresh).toEqual(['d9']);

    const inFolder = await newKeysAcrossPolls(
      app,
      'newFileInFolder',
      { folderId: 'd1' },
      credential,
      http,
      add({
        id: 'f10',
        name: 'March.pdf',
        mimeType: 'application/pdf',
        parents: ['d1'],
      }),
    );
    expect(inFolder.fresh).toEqual(['f10']);
    expect(queryOf(fake.last()).q).toBe("'d1' in parents and trashed=false");
    expect(queryOf(fake.last()).folderId).toBeUndefined();
  });
});
