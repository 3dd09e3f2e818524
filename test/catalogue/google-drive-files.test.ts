/**
 * The Drive file picker (editor-core 7.5) against a local fake of the Drive v3 files
 * API: pages of 200 by nextPageToken, trashed files and other kinds left out by the query,
 * every drive, shortcuts resolved to their targets (from the list, or by GET files/{id}),
 * search sent to Drive as `name contains`, a failing list answered as an empty list by the
 * service, and the request carrying the user's bearer token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { executeStep } from '../../server/src/integrations/executor.js';
import {
  DRIVE_MIME,
  DRIVE_PAGE_SIZE,
  driveFilesAction,
  driveQuery,
  isDriveFilesAction,
  listDriveFiles,
} from '../../server/src/integrations/catalogue/google-drive-files.js';
import type { ActionDef } from '@junction/core';
import type { HttpClient } from '../../server/src/security/http-client.js';
import { type FakeRequest, type FakeService, queryOf, rewritingClient, startFake } from './support.js';

const googleSheetsApp = catalogueApp('google-sheets');

const TOKEN = 'ya29.drive-token';

interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  trashed?: boolean;
  shortcutDetails?: { targetId: string; targetMimeType: string };
}

const files: DriveFile[] = [];
// 430 spreadsheets, 10 trashed, 20 documents, 2 folders, and shortcuts.
for (let i = 0; i < 440; i += 1) {
  files.push({ id: `sheet-${i}`, name: `Sheet ${i}`, mimeType: DRIVE_MIME.spreadsheet, trashed: i >= 430 });
}
for (let i = 0; i < 20; i += 1) files.push({ id: `doc-${i}`, name: `Doc ${i}`, mimeType: DRIVE_MIME.document });
files.push({ id: 'folder-1', name: 'Folder', mimeType: DRIVE_MIME.folder });
files.push({
  id: 'short-1',
  name: 'Shared budget (shortcut)',
  mimeType: DRIVE_MIME.shortcut,
  shortcutDetails: { targetId: 'team-sheet', targetMimeType: DRIVE_MIME.spreadsheet },
});
files.push({
  id: 'short-2',
  name: 'A doc shortcut',
  mimeType: DRIVE_MIME.shortcut,
  shortcutDetails: { targetId: 'doc-0', targetMimeType: DRIVE_MIME.document },
});
// A shortcut whose details the list leaves out: resolved with GET files/{id}.
files.push({ id: 'short-3', name: 'Old plan (shortcut)', mimeType: DRIVE_MIME.shortcut });
const shortcut3Target = { targetId: 'old-plan', targetMimeType: DRIVE_MIME.spreadsheet };

/** Evaluates the subset of the Drive query language the picker sends. */
function matchesQuery(file: DriveFile, q: string): boolean {
  const kinds = [...q.matchAll(/mimeType='([^']+)'/g)].map((m) => m[1]);
  const excluded = [...q.matchAll(/mimeType!='([^']+)'/g)].map((m) => m[1]);
  const positive = kinds.filter((k) => !excluded.includes(k));
  if (positive.length > 0 && !positive.includes(file.mimeType)) return false;
  if (excluded.includes(file.mimeType)) return false;
  if (/trashed=false/.test(q) && file.trashed) return false;
  const contains = /name contains '((?:\\.|[^'\\])*)'/.exec(q);
  if (contains) {
    const needle = contains[1].replace(/\\(.)/g, '$1').toLowerCase();
    if (!file.name.toLowerCase().includes(needle)) return false;
  }
  return true;
}

let fake: FakeService;
let http: HttpClient;
let failNext = false;

beforeAll(async () => {
  fake = await startFake({ auth: (r) => r.headers.authorization === `Bearer ${TOKEN}` });
  http = rewritingClient(fake, ['https://www.googleapis.com']);
  fake.on('GET /drive/v3/files', (r: FakeRequest) => {
    if (failNext) {
      failNext = false;
      return { status: 500, body: { error: { code: 500, message: 'Internal error' } } };
    }
    const query = queryOf(r);
    const size = Math.min(Number(query.pageSize ?? 100), 1000);
    const start = query.pageToken ? Number(query.pageToken.replace('tok-', '')) : 0;
    const matching = files.filter((f) => matchesQuery(f, query.q ?? ''));
    const page = matching.slice(start, start + size).map((f) => {
      const { trashed: _t, ...shown } = f;
      return shown;
    });
    const next = start + size < matching.length ? `tok-${start + size}` : undefined;
    return { body: { kind: 'drive#fileList', ...(next ? { nextPageToken: next } : {}), files: page } };
  });
  fake.on('GET /drive/v3/files/:id', (r) => {
    if (r.params.id !== 'short-3') return { status: 404, body: { error: { code: 404, message: 'File not found' } } };
    return {
      body: {
        id: 'short-3',
        name: 'Old plan (shortcut)',
        mimeType: DRIVE_MIME.shortcut,
        shortcutDetails: shortcut3Target,
      },
    };
  });
});

afterAll(async () => {
  await http?.close();
  await fake?.close();
});

/** Sends an action as the steps service does: executeStep with the user's credential. */
const run = (action: ActionDef, values: Record<string, unknown>) =>
  executeStep({
    app: { ...googleSheetsApp, actions: { ...googleSheetsApp.actions, __drive: action } },
    actionKey: '__drive',
    values,
    credential: { access_token: TOKEN },
    base: 'https://unused.invalid',
    http,
  });

describe('Drive file picker', () => {
  const action = driveFilesAction('List spreadsheets', DRIVE_MIME.spreadsheet);

  it('is what the Google apps use as their file dropdown source', () => {
    expect(isDriveFilesAction(googleSheetsApp.actions.listSpreadsheets)).toBe(true);
    expect(isDriveFilesAction(googleSheetsApp.actions.addRow)).toBe(false);
    const spreadsheetField = googleSheetsApp.actions.addRow.fields.find((f) => f.name === 'spreadsheetId');
    expect(spreadsheetField?.schema?.dynamic).toBe('google-sheets.Spreadsheet.listSpreadsheets.files.id.name');
  });

  it('lists every spreadsheet page by page (200 a page), trashed and other kinds left out, shortcuts resolved', async () => {
    const seen: { value: string; label: string }[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    const started = performance.now();
    do {
      const page = await listDriveFiles({ action, pageToken, run });
      if (!page.ok) throw new Error('the list failed');
      seen.push(...page.options);
      pageToken = page.nextPageToken;
      pages += 1;
    } while (pageToken);
    console.log(`Drive picker: ${seen.length} files in ${pages} pages, ${(performance.now() - started).toFixed(1)} ms`);

    const listRequests = fake.requests.filter((r) => r.path === '/drive/v3/files');
    expect(listRequests.length).toBe(3);
    for (const req of listRequests) {
      expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(queryOf(req)).toMatchObject({
        pageSize: String(DRIVE_PAGE_SIZE),
        q: driveQuery(DRIVE_MIME.spreadsheet),
        supportsAllDrives: 'true',
        includeItemsFromAllDrives: 'true',
        corpora: 'allDrives',
      });
      expect(queryOf(req).fields).toContain('nextPageToken');
      expect(queryOf(req).fields).toContain('shortcutDetails');
    }
    expect(queryOf(listRequests[0]).pageToken).toBeUndefined();
    expect(queryOf(listRequests[1]).pageToken).toBe('tok-200');
    expect(queryOf(listRequests[2]).pageToken).toBe('tok-400');

    const values = seen.map((o) => o.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values.filter((v) => v.startsWith('sheet-')).length).toBe(430);
    expect(values).not.toContain('sheet-435'); // trashed
    expect(values.some((v) => v.startsWith('doc-'))).toBe(false);
    expect(values).not.toContain('short-2'); // a shortcut to a document
    expect(seen).toContainEqual({ value: 'team-sheet', label: 'Shared budget (shortcut)' });
    expect(seen).toContainEqual({ value: 'old-plan', label: 'Old plan (shortcut)' });
    expect(fake.requests.some((r) => r.path === '/drive/v3/files/short-3')).toBe(true);
    expect(seen.length).toBe(432);
  });

  it('sends a search to Drive as a name filter, quotes escaped', async () => {
    const page = await listDriveFiles({ action, search: 'Sheet 12', run });
    expect(page.ok && page.options.map((o) => o.value).sort()).toEqual(
      [
        'sheet-12',
        'sheet-120',
        'sheet-121',
        'sheet-122',
        'sheet-123',
        'sheet-124',
        'sheet-125',
        'sheet-126',
        'sheet-127',
        'sheet-128',
        'sheet-129',
      ].sort(),
    );
    expect(queryOf(fake.last()).q).toBe(`${driveQuery(DRIVE_MIME.spreadsheet)} and name contains 'Sheet 12'`);
    await listDriveFiles({ action, search: "Ada's", run });
    expect(queryOf(fake.last()).q).toContain("name contains 'Ada\\'s'");
    await listDriveFiles({ action, search: 'x', run });
    expect(queryOf(fake.last()).q).toBe(driveQuery(DRIVE_MIME.spreadsheet));
  });

  it('answers a failed list as a failure the service turns into an empty list', async () => {
    failNext = true;
    const page = await listDriveFiles({ action, run });
    expect(page.ok).toBe(false);
  });

  it('is an ordinary files list when run as a plain action', async () => {
    const result = await run(action, {});
    expect(result.ok).toBe(true);
    expect((result.output as { files: unknown[] }).files.length).toBe(200);
  });
});
