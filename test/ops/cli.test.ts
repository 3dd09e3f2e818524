/**
 * The operator commands as the `junction` command line runs them (the server's source loaded in
 * place of its build), on SQLite and PostgreSQL: exit codes, what they print, usage errors, and a
 * database newer than this Junction refused with exit code 2.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDatabaseMigrate, runOpsCommand } from '../../scripts/src/ops-commands.js';
import { type OpenTestDatabase, openTestDatabases } from '../../server/src/store/test-db.js';
import { insertConnection, insertWorkspace } from './support.js';

const load = () => import('../../server/src/index.js') as unknown as Promise<Record<string, unknown>>;

function captureIo(cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), cwd },
    text: () => out.join(''),
    errors: () => err.join(''),
  };
}

describe.each(openTestDatabases())('operator commands on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  const work = mkdtempSync(path.join(tmpdir(), 'junction-ops-cli-'));
  const key = randomBytes(32).toString('base64');
  let env: Record<string, string | undefined>;
  const run = async (...argv: string[]) => {
    const c = captureIo(work);
    const code = await runOpsCommand(argv, c.io, { load, env, version: '0.1.0' });
    return { code, out: c.text(), err: c.errors() };
  };

  beforeAll(async () => {
    opened = await testDb.open({ encryptionKeys: [key] });
    env = {
      DATA_DIR: opened.config.dataDir,
      DATABASE_URL: opened.config.databaseUrl,
      JUNCTION_ENCRYPTION_KEY: key,
      LOG_LEVEL: 'silent',
    };
    await insertConnection(opened, opened.config, await insertWorkspace(opened, 't-cli', 'u-cli'));
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('db status lists every migration applied and none pending; db migrate has nothing to do', async () => {
    const status = await run('db', 'status');
    expect(status.code).toBe(0);
    expect(status.out).toMatch(/^applied {2}0001-initial {2}\d{4}-/m);
    expect(status.out).toMatch(/\d+ applied, 0 pending\.\n$/);
    expect(await run('db', 'migrate')).toMatchObject({ code: 0, out: 'The database is up to date.\n' });
  });

  it('backup writes the archive and says what is in it', async () => {
    const result = await run('backup', '--out', 'b.tar.gz');
    expect(result.code).toBe(0);
    expect(result.out).toContain(`Backup written: ${path.join(work, 'b.tar.gz')}`);
    expect(result.out).toContain('1 workspaces, 0 workflows, 0 executions, 1 connections');
    expect(result.out).toContain('the keys are in JUNCTION_ENCRYPTION_KEY, not in the archive');
    expect(existsSync(path.join(work, 'b.tar.gz'))).toBe(true);
  });

  it('export with a passphrase file and import it again: nothing changes', async () => {
    writeFileSync(path.join(work, 'pass.txt'), 'a long enough passphrase\n');
    const exported = await run('export', '--workspace', 't-cli', '--out', 'e.json', '--passphrase-file', 'pass.txt');
    expect(exported).toMatchObject({ code: 0 });
    expect(exported.out).toContain('connections sealed with the passphrase');
    const imported = await run('import', 'e.json', '--passphrase-file', 'pass.txt');
    expect(imported.code).toBe(0);
    expect(imported.out).toContain('workspace t-cli → t-cli');
    expect(imported.out).toContain('connections: 0 created, 0 updated, 1 unchanged');
    writeFileSync(path.join(work, 'short.txt'), 'short');
    expect((await run('export', '--passphrase-file', 'short.txt')).code).toBe(2);
  });

  it('rotate-key re-seals under the first key and says the old one can go', async () => {
    const next = randomBytes(32).toString('base64');
    env = { ...env, JUNCTION_ENCRYPTION_KEY: `${next},${key}` };
    const result = await run('rotate-key');
    expect(result.code, `${result.err}${result.out}`).toBe(0);
    expect(result.out).toContain('connections: 1');
    expect(result.out).toContain('the older keys can be removed');
  });

  it('migrate --database reports the documents (a dry run)', async () => {
    const c = captureIo(work);
    expect(await runDatabaseMigrate(c.io, { isDryRun: true }, { load, env })).toBe(0);
    expect(c.text()).toContain('0 documents: 0 would change');
  });

  it('prints the stack of an unexpected failure only when JUNCTION_DEBUG is on', async () => {
    // --out under a plain file: writing the export fails with ENOTDIR, a failure no refusal names.
    writeFileSync(path.join(work, 'plain-file'), '');
    const exportWith = async (debug: string | undefined) => {
      const c = captureIo(work);
      const code = await runOpsCommand(['export', '--out', 'plain-file/e.json'], c.io, {
        load,
        env: { ...env, JUNCTION_DEBUG: debug },
      });
      return { code, err: c.errors() };
    };
    const on = await exportWith('on');
    expect(on.code, on.err).toBe(1);
    expect(on.err).toMatch(/^junction export: ENOTDIR[^\n]*\n/);
    expect(on.err).toMatch(/\n {4}at /);
    for (const debug of ['off', '0', 'false', 'no', '', undefined]) {
      const quiet = await exportWith(debug);
      expect(quiet.code, quiet.err).toBe(1);
      expect(quiet.err, `JUNCTION_DEBUG=${debug}`).toMatch(/^junction export: ENOTDIR[^\n]*\n$/);
    }
  });

  it('says to rebuild when the server build has no operator commands', async () => {
    const c = captureIo(work);
    const old = async () => ({ loadConfig: () => ({}) });
    expect(await runOpsCommand(['backup'], c.io, { load: old, env })).toBe(1);
    expect(c.errors()).toBe(
      'junction backup: this server build has no operator commands. Rebuild it with `npm run build`.\n',
    );
  });

  it('answers usage errors with exit code 2', async () => {
    expect((await run('db', 'frob')).code).toBe(2);
    expect((await run('restore')).code).toBe(2);
    expect((await run('backup', '--workspace', 'x')).code).toBe(2);
    expect((await run('import', 'nothing.json')).code).toBe(1);
  });

  it('refuses a database newer than this Junction with one line and exit code 2', async () => {
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9999-from-the-future', '2030-01-01T00:00:00.000Z')`.execute(
      opened.db,
    );
    const status = await run('db', 'status');
    expect(status.code).toBe(2);
    expect(status.out).toContain('unknown  9999-from-the-future');
    const migrate = await run('db', 'migrate');
    expect(migrate.code).toBe(2);
    expect(migrate.err).toBe(
      'junction db: The database was upgraded by a newer Junction (migration 9999-from-the-future is unknown to this version); run that version or newer.\n',
    );
    const rotate = await run('rotate-key');
    expect(rotate.code, rotate.err).toBe(2);
  });
});

describe('a data folder without a database', () => {
  it('names a data folder without a database instead of creating one there', async () => {
    const empty = path.join(tmpdir(), `junction-no-data-${process.pid}`);
    const c = captureIo(tmpdir());
    const code = await runOpsCommand(['db', 'status'], c.io, { load, env: { DATA_DIR: empty, LOG_LEVEL: 'silent' } });
    expect(code).toBe(1);
    expect(c.errors()).toBe(
      `junction db: No Junction database at ${path.join(empty, 'junction.db')}: check DATA_DIR (or SQLITE_PATH, DATABASE_URL).\n`,
    );
    expect(existsSync(empty)).toBe(false);
  });
});
