/**
 * The Drive file picker through the steps service (editor-core 7.5): the dynamic
 * dropdown of Google Sheets' spreadsheet field, loaded with a stored account's token, pages by
 * a sealed cursor carrying Drive's nextPageToken (Load More), sends a search to Drive, and
 * answers a failing Drive list as an empty list. The service sends through a client that
 * points Google's origin at a local fake of Drive.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialResolver } from '../../server/src/integrations/auth/credential-resolver.js';
import { DRIVE_MIME } from '../../server/src/integrations/catalogue/google-drive-files.js';
import { createAppRegistry } from '../../server/src/integrations/registry.js';
import { createMailer } from '../../server/src/mail/mailer.js';
import { createVault, loadVaultKeys } from '../../server/src/security/vault.js';
import type { ServiceDeps } from '../../server/src/deps.js';
import { createLogger } from '../../server/src/log.js';
import { createStepsService } from '../../server/src/services/steps.js';
import type { AuthContext } from '../../server/src/kernel/types.js';
import type { HttpClient } from '../../server/src/security/http-client.js';
import { createDb, type DbHandle } from '../../server/src/store/create-db.js';
import { createRepos } from '../../server/src/store/repos/index.js';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { type FakeService, queryOf, rewritingClient, startFake } from './support.js';

const TOKEN = 'ya29.picker';
const sheets = Array.from({ length: 250 }, (_, i) => ({
  id: `s${i}`,
  name: i === 7 ? 'Budget 2026' : `Sheet ${i}`,
  mimeType: DRIVE_MIME.spreadsheet,
}));

describe('Drive file picker through the steps service', () => {
  const [sqlite] = openTestDatabases();
  let h: ApiHarness;
  let a: Account;
  let fake: FakeService;
  let http: HttpClient;
  let handle: DbHandle;
  let steps: ReturnType<typeof createStepsService>;
  let ctx: AuthContext;
  let credentialId: string;
  let failNext = false;

  beforeAll(async () => {
    fake = await startFake({ auth: (r) => r.headers.authorization === `Bearer ${TOKEN}` });
    fake.on('GET /drive/v3/files', (r) => {
      if (failNext) {
        failNext = false;
        return { status: 403, body: { error: { code: 403, message: 'Insufficient Permission' } } };
      }
      const q = queryOf(r);
      const needle = /name contains '([^']*)'/.exec(q.q ?? '')?.[1];
      const matching = needle ? sheets.filter((s) => s.name.includes(needle)) : sheets;
      const start = Number(q.pageToken ?? 0);
      const size = Number(q.pageSize);
      const next = start + size < matching.length ? String(start + size) : undefined;
      return { body: { files: matching.slice(start, start + size), ...(next ? { nextPageToken: next } : {}) } };
    });
    http = rewritingClient(fake, ['https://www.googleapis.com']);

    h = await openHarness(sqlite);
    a = await signUp(h, 'picker');
    const created = await h.call('POST', '/api/credentials', {
      token: a.token,
      body: { app: 'google-sheets', name: 'Drive', values: { access_token: TOKEN } },
    });
    expect(created.status, created.text).toBe(201);
    credentialId = created.json.id;

    // The same database and vault key as the app, with the service's client pointed at the fake.
    handle = createDb(h.config);
    const logger = createLogger('silent');
    const deps: ServiceDeps = {
      config: h.config,
      handle,
      repos: createRepos(handle.db),
      vault: createVault(loadVaultKeys(h.config)),
      mailer: createMailer(h.config, { logger, now: Date.now }),
      logger,
      now: Date.now,
      newId: randomUUID,
    };
    steps = createStepsService(
      { ...deps, registry: createAppRegistry(deps), credentialResolver: createCredentialResolver(deps) },
      { http },
    );
    ctx = { userId: a.userId, tenantId: a.tenantId, sessionId: 'test', role: 'owner' };
  });

  afterAll(async () => {
    await http?.close();
    await handle?.close();
    await h?.close();
    await fake?.close();
  });

  it('loads 200 spreadsheets, then the rest with Load More', async () => {
    const input = { action: 'listSpreadsheets', credential: credentialId, fields: [] };
    const first = await steps.loadDropdownOptions(ctx, 'google-sheets', input);
    expect(first.options).toHaveLength(200);
    expect(first.options[7]).toEqual({ value: 's7', label: 'Budget 2026' });
    expect(first.next).toBeTypeOf('string');
    expect(first.next).not.toContain('200'); // sealed, not the raw page token
    expect(queryOf(fake.last())).toMatchObject({ pageSize: '200', corpora: 'allDrives', supportsAllDrives: 'true' });

    const second = await steps.loadDropdownOptions(ctx, 'google-sheets', { ...input, cursor: first.next });
    expect(second.options.map((o) => o.value)).toEqual(sheets.slice(200).map((s) => s.id));
    expect(second.next).toBeUndefined();
    expect(queryOf(fake.last()).pageToken).toBe('200');
  });

  it('sends a search to Drive', async () => {
    const found = await steps.loadDropdownOptions(ctx, 'google-sheets', {
      action: 'listSpreadsheets',
      credential: credentialId,
      fields: [],
      search: 'Budget',
    });
    expect(found.options).toEqual([{ value: 's7', label: 'Budget 2026' }]);
    expect(queryOf(fake.last()).q).toContain("name contains 'Budget'");
  });

  it('answers a failing Drive list as an empty list (editor-core 8)', async () => {
    failNext = true;
    const answer = await steps.loadDropdownOptions(ctx, 'google-sheets', {
      action: 'listSpreadsheets',
      credential: credentialId,
      fields: [],
    });
    expect(answer).toEqual({ options: [] });
  });

  it('refuses a cursor of another list', async () => {
    const first = await steps.loadDropdownOptions(ctx, 'google-sheets', {
      action: 'listSpreadsheets',
      credential: credentialId,
      fields: [],
    });
    await expect(
      steps.loadDropdownOptions(ctx, 'google-docs', {
        action: 'listDocuments',
        credential: credentialId,
        fields: [],
        cursor: first.next,
      }),
    ).rejects.toMatchObject({ status: 422 });
  });
});
