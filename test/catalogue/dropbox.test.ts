import { findTestAction } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { checkDefinition, checkPollDedupe, type Fake, startFake, stepRunner } from './support-b.js';

const dropboxApp = catalogueApp('dropbox');

const TOKEN = 'sl.u.AFexampleShortLivedAccessToken0123456789';

let fake: Fake;
let entries = [
  { '.tag': 'file', id: 'id:a4ayc_80_OEAAAAAAAAAXw', name: 'a.pdf', path_lower: '/invoices/a.pdf' },
  { '.tag': 'folder', id: 'id:a4ayc_80_OEAAAAAAAAAYa', name: 'old', path_lower: '/invoices/old' },
];
const { run, covered } = stepRunner(dropboxApp, () => fake, { access_token: TOKEN });
const meta = (path: string) => ({
  body: { metadata: { '.tag': 'file', id: 'id:new', path_lower: path.toLowerCase() } },
});

beforeAll(async () => {
  fake = await startFake({
    auth: (req) => req.headers.authorization === `Bearer ${TOKEN}`,
    unauthorized: {
      status: 401,
      body: { error_summary: 'invalid_access_token/...', error: { '.tag': 'invalid_access_token' } },
    },
    routes: {
      'GET /2/openid/userinfo': () => ({
        body: { email: 'ada@example.com', email_verified: true, iss: 'https://www.dropbox.com', sub: 'dbid:AAH4f99' },
      }),
      'POST /2/users/get_current_account': (req) =>
        req.rawBody === ''
          ? { body: { account_id: 'dbid:AAH4f99', email: 'ada@example.com' } }
          : { status: 400, body: 'Error in call' },
      'POST /2/files/list_folder': (req) => {
        const path = (req.body as { path?: string }).path;
        if (path === undefined)
          return { status: 400, body: 'Error in call to API function "files/list_folder": missing path' };
        return {
          body: {
            entries:
              path === '' ? [{ '.tag': 'folder', id: 'id:inv', name: 'invoices', path_lower: '/invoices' }] : entries,
            has_more: false,
            cursor: 'c1',
          },
        };
      },
      'POST /2/files/create_folder_v2': (req) => ({
        body: { metadata: { name: 'x', path_lower: (req.body as { path: string }).path } },
      }),
      'POST /2/files/save_url': () => ({ body: { '.tag': 'async_job_id', async_job_id: 'job1' } }),
      'POST /2/sharing/create_shared_link_with_settings': (req) => ({
        body: { url: 'https://www.dropbox.com/scl/fi/abc/a.pdf?dl=0', path_lower: (req.body as { path: string }).path },
      }),
      'POST /2/files/search_v2': () => ({
        body: { matches: [{ metadata: { '.tag': 'metadata', metadata: entries[0] } }], has_more: false },
      }),
      'POST /2/files/move_v2': (req) => meta((req.body as { to_path: string }).to_path),
      'POST /2/files/delete_v2': (req) => meta((req.body as { path: string }).path),
    },
  });
});
afterAll(() => fake.close());

describe('Dropbox contract', () => {
  it('is a valid first100 definition asking for offline access', () => {
    checkDefinition(dropboxApp);
    expect(dropboxApp.authInfo.authRequestConfig?.params).toEqual([{ key: 'token_access_type', value: 'offline' }]);
  });

  it('tests the connection with its documented POST users/get_current_account, sent without a body', async () => {
    expect(dropboxApp.authInfo.testAuth).toBe('getCurrentAccount');
    const test = findTestAction(dropboxApp);
    expect(test?.key).toBe('getCurrentAccount');
    expect(test?.action).toMatchObject({
      method: 'post',
      url: 'https://api.dropboxapi.com/2/users/get_current_account',
    });
    expect((await run('getCurrentAccount')).output).toMatchObject({ account_id: 'dbid:AAH4f99' });
    expect(fake.last()).toMatchObject({
      method: 'POST',
      url: 'https://api.dropboxapi.com/2/users/get_current_account',
    });
    expect(fake.last().rawBody).toBe('');
    expect(fake.last().headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('reads the user (OpenID userinfo) and the account with a body-less POST', async () => {
    expect((await run('getUserInfo')).output).toMatchObject({ email: 'ada@example.com' });
    expect(fake.last()).toMatchObject({ method: 'GET', url: 'https://api.dropboxapi.com/2/openid/userinfo' });
    expect((await run('getCurrentAccount')).output).toMatchObject({ account_id: 'dbid:AAH4f99' });
    expect(fake.last()).toMatchObject({ method: 'POST', rawBody: '' });
    expect(fake.last().headers['content-type']).toBeUndefined();
  });

  it('lists the top level as "" for the folder dropdown', async () => {
    const root = await run('listRootFolder');
    expect(root.output).toMatchObject({ entries: [{ path_lower: '/invoices' }] });
    expect(fake.last().body).toEqual({ path: '' });
  });

  it('creates a folder, saves a URL, shares, searches, moves and deletes with the documented JSON', async () => {
    await run('createFolder', { path: '/projects/2025', autorename: 'yes' });
    expect(fake.last()).toMatchObject({
      path: '/2/files/create_folder_v2',
      body: { path: '/projects/2025', autorename: true },
    });
    const saved = await run('saveUrl', { path: '/invoices/b.pdf', url: 'https://example.com/b.pdf' });
    expect(saved.output).toEqual({ '.tag': 'async_job_id', async_job_id: 'job1' });
    expect(fake.last().body).toEqual({ path: '/invoices/b.pdf', url: 'https://example.com/b.pdf' });
    await run('createSharedLink', { path: '/invoices/a.pdf' });
    expect(fake.last().body).toEqual({ path: '/invoices/a.pdf' });
    await run('search', { query: 'invoice', path: '/invoices' });
    // dropbox.com/developers/documentation/http/documentation#files-search
    expect(fake.last().body).toEqual({ query: 'invoice', options: { path: '/invoices' } });
    const moved = await run('move', { from_path: '/invoices/a.pdf', to_path: '/archive/A.pdf' });
    expect(moved.output).toEqual({ metadata: { '.tag': 'file', id: 'id:new', path_lower: '/archive/a.pdf' } });
    expect(fake.last().body).toEqual({ from_path: '/invoices/a.pdf', to_path: '/archive/A.pdf' });
    await run('deleteFile', { path: '/archive/a.pdf' });
    expect(fake.last()).toMatchObject({ path: '/2/files/delete_v2', body: { path: '/archive/a.pdf' } });
  });

  it('polls new files of a folder by their stable id without duplicates or drops', async () => {
    await checkPollDedupe(dropboxApp, 'newFile', run, { path: '/invoices' }, () => {
      // list_folder has no order: the new entry lands in the middle.
      entries = [
        entries[0],
        { '.tag': 'file', id: 'id:a4ayc_80_OEAAAAAAAAAZb', name: 'b.pdf', path_lower: '/invoices/b.pdf' },
        entries[1],
      ];
      return ['id:a4ayc_80_OEAAAAAAAAAZb'];
    });
    expect(fake.last().body).toEqual({ path: '/invoices' });
  });

  it('exercised every action', () => {
    expect([...covered].sort()).toEqual(Object.keys(dropboxApp.actions).sort());
  });
});
