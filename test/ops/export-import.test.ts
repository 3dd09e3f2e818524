/**
 * `junction export` / `junction import` services: a workspace exported from SQLite with a
 * passphrase, imported into another installation (PostgreSQL when TEST_DATABASE_URL is set),
 * where its workflow is switched ON and runs, its connection opens with that installation's key
 * and its form is bound to the imported workflow; a second import changes nothing; a wrong
 * passphrase is refused; an invalid document is reported, not stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExportFile, exportInstance, importInstance } from '../../server/src/ops/export-import.js';
import { WrongPassphraseError } from '../../server/src/ops/passphrase-box.js';
import { createFormsRepo } from '../../server/src/store/repos/forms.js';
import { type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { hookPathOf, startTarget, type Target, waitForExecution } from '../engine/support.js';
import { openConnection, SECRET, type Seeded, seedInstance } from './support.js';

const databases = openTestDatabases();
const source = databases[0];
const destination = databases.at(-1);
const PASSPHRASE = 'correct horse battery staple';
const FORM = [{}, [{ question: 'Name', type: 'input' }], [], false, false];

describe(`export from sqlite, import into ${destination?.dialect}`, () => {
  let target: Target;
  let from: ApiHarness;
  let into: ApiHarness;
  let seeded: Seeded;
  let file: ExportFile;

  beforeAll(async () => {
    if (!source || !destination) throw new Error('no test database');
    target = await startTarget();
    from = await openHarness(source, { allowedHosts: target.host });
    into = await openHarness(destination, { allowedHosts: target.host });
    seeded = await seedInstance(from, target);
    const at = new Date().toISOString();
    await createFormsRepo(from.db.db).insert({
      id: 'form-1',
      tenantId: seeded.account.tenantId,
      name: 'Sign-up form',
      workflowId: seeded.workflowId,
      content: FORM,
      createdAt: at,
      updatedAt: at,
    });
    // Through JSON text, as the command writes and reads it.
    file = JSON.parse(
      JSON.stringify(
        await exportInstance(from.db, from.config, { workspace: seeded.account.tenantId, passphrase: PASSPHRASE }),
      ),
    );
  }, 180_000);
  afterAll(async () => {
    await from?.close();
    await into?.close();
    await target?.close();
  });

  it('writes the documents and seals the connections with the passphrase', () => {
    expect(file.workspaces).toHaveLength(1);
    expect(file.workspaces[0]?.workflows.map((w) => w.name)).toContain('Nightly sync');
    expect(file.workspaces[0]?.forms).toEqual([
      expect.objectContaining({ id: 'form-1', workflowId: seeded.workflowId }),
    ]);
    expect(JSON.stringify(file)).not.toContain(SECRET.apiKey);
    expect(file.secrets).toMatchObject({ kdf: 'scrypt' });
  });

  it('imports into another installation, where the workflow runs, and a second import changes nothing', async () => {
    const owner = await signUp(into, 'importer');
    const first = await importInstance(into.db, into.config, file, {
      workspace: owner.tenantId,
      passphrase: PASSPHRASE,
    });
    expect(first).toMatchObject({
      workspaces: [{ from: seeded.account.tenantId, into: owner.tenantId }],
      workflows: { created: 2, updated: 0, unchanged: 0, failed: [] },
      forms: { created: 1, failed: [] },
      connections: { created: 1, failed: [] },
      connectionsLeftOut: false,
    });
    const again = await importInstance(into.db, into.config, file, {
      workspace: owner.tenantId,
      passphrase: PASSPHRASE,
    });
    expect(again).toMatchObject({
      workflows: { created: 0, updated: 0, unchanged: 2 },
      forms: { created: 0, updated: 0, unchanged: 1 },
      connections: { created: 0, updated: 0, unchanged: 1 },
    });

    const list = await into.call('GET', '/api/workflows', { token: owner.token });
    const imported = (list.json.items ?? list.json).find((w: { name: string }) => w.name === 'Nightly sync');
    expect(imported).toMatchObject({ active: false });
    const on = await into.call('PUT', `/api/workflows/${imported.id}/active`, {
      token: owner.token,
      body: { active: true },
    });
    expect(on.status).toBe(200);
    const hook = await hookPathOf(into, owner.token, imported.id);
    const res = await into.call('POST', hook, { body: { amount: 42 } });
    expect((await waitForExecution(into, owner.token, res.json.executionId)).status).toBe('succeeded');

    expect(await openConnection(into.db, into.config, owner.tenantId, seeded.credentialId)).toEqual(SECRET);
    const forms = await createFormsRepo(into.db.db).list(owner.tenantId);
    expect(forms).toEqual([expect.objectContaining({ name: 'Sign-up form', workflowId: imported.id })]);

    // A changed version of a workflow that is ON here is not written underneath what runs.
    const changed = structuredClone(file);
    const nightly = changed.workspaces[0]?.workflows.find((w) => w.name === 'Nightly sync');
    if (!nightly) throw new Error('no workflow');
    nightly.name = 'Nightly sync (v2)';
    const third = await importInstance(into.db, into.config, changed, { workspace: owner.tenantId });
    expect(third.workflows.failed).toEqual([
      { id: imported.id, reason: 'it is ON here; switch it OFF to import a changed version over it' },
    ]);
  }, 60_000);

  it('refuses a wrong passphrase and leaves connections out without one', async () => {
    const owner = await signUp(into, 'second');
    await expect(
      importInstance(into.db, into.config, file, { workspace: owner.tenantId, passphrase: 'wrong' }),
    ).rejects.toBeInstanceOf(WrongPassphraseError);
    const report = await importInstance(into.db, into.config, file, { workspace: owner.tenantId });
    expect(report).toMatchObject({ connectionsLeftOut: true, connections: { created: 0 }, workflows: { created: 2 } });
  }, 60_000);

  it('reports an invalid document and stores the rest', async () => {
    const owner = await signUp(into, 'third');
    const broken = structuredClone(file);
    const workspace = broken.workspaces[0];
    if (!workspace) throw new Error('no workspace');
    workspace.workflows.push({
      id: 'wf-broken',
      name: 'Broken',
      active: false,
      document: { schemaVersion: 1, steps: 'x' },
    });
    const report = await importInstance(into.db, into.config, broken, { workspace: owner.tenantId });
    expect(report.workflows.created).toBe(2);
    expect(report.workflows.failed).toEqual([{ id: 'wf-broken', reason: expect.stringContaining('$') }]);
  }, 60_000);
});
