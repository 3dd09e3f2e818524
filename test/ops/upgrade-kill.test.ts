/**
 * `junction migrate --database` killed halfway, on SQLite and PostgreSQL: a real process is
 * killed (SIGKILL) after its first batch; the next run resumes after the saved cursor, ends with
 * every stored document current and forgets the cursor.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isLegacyDocument } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDatabaseMigrate } from '../../scripts/src/ops-commands.js';
import { DOCUMENT_UPGRADE_JOB } from '../../server/src/ops/document-upgrade.js';
import { readProgress } from '../../server/src/store/repos/transfer.js';
import { createWorkflowsRepo } from '../../server/src/store/repos/workflows.js';
import { type OpenTestDatabase, openTestDatabases } from '../../server/src/store/test-db.js';
import { insertWorkspace } from './support.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = pathToFileURL(createRequire(path.join(root, 'package.json')).resolve('tsx')).href;
const child = path.join(root, 'test/ops/fixtures/upgrade-child.ts');
const legacy = JSON.parse(readFileSync(path.join(root, 'test/fixtures/legacy/tiny.json'), 'utf8'));
const COUNT = 23;
const TENANT = 't-kill';
const idOf = (i: number) => `wf-${String(i).padStart(3, '0')}`;

describe.each(openTestDatabases())('migrate --database killed halfway on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  beforeAll(async () => {
    opened = await testDb.open();
    const at = new Date().toISOString();
    await insertWorkspace(opened, TENANT);
    const repo = createWorkflowsRepo(opened.db);
    for (let i = 0; i < COUNT; i++) {
      await repo.insert({
        id: idOf(i),
        tenantId: TENANT,
        name: `Legacy ${i}`,
        active: false,
        document: legacy,
        revision: 1,
        createdAt: at,
        updatedAt: at,
      });
    }
  }, 120_000);
  afterAll(() => opened?.close());

  it('resumes after the last saved batch and finishes', async () => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      DATA_DIR: opened.config.dataDir,
      DATABASE_URL: opened.config.databaseUrl,
      LOG_LEVEL: 'silent',
    };
    if (!opened.config.databaseUrl) delete env.DATABASE_URL;
    const proc = spawn(process.execPath, ['--import', tsx, child], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no progress line: ${stderr}`)), 90_000);
      proc.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes(' documents\n')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.once('exit', (code) => reject(new Error(`ended with ${code} before the kill: ${stderr}`)));
    });
    const ended = new Promise((resolve) => proc.once('exit', (_code, signal) => resolve(signal)));
    proc.kill('SIGKILL');
    expect(await ended).toBe('SIGKILL');
    expect(stderr).toBe(`5 of ${COUNT} documents\n`);

    expect(await readProgress(opened.db, DOCUMENT_UPGRADE_JOB)).toMatchObject({ cursor: idOf(4), counts: { seen: 5 } });
    const repo = createWorkflowsRepo(opened.db);
    expect(isLegacyDocument((await repo.get(TENANT, idOf(4)))?.document)).toBe(false);
    expect(isLegacyDocument((await repo.get(TENANT, idOf(5)))?.document)).toBe(true);

    const out: string[] = [];
    const err: string[] = [];
    const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), cwd: root };
    const load = () => import('../../server/src/index.js') as unknown as Promise<Record<string, unknown>>;
    const code = await runDatabaseMigrate(io, { isDryRun: false, batchSize: 5 }, { load, env });
    expect(code, `exit ${code}: ${err.join('')}`).toBe(0);
    expect(err).toEqual([10, 15, 20, 23].map((n) => `${n} of ${COUNT} documents\n`));
    const report = out.join('');
    expect(report).toContain(`Resumed after workflow ${idOf(4)}.`);
    expect(report).toContain(
      `${COUNT} documents: ${COUNT} changed (${COUNT} from the legacy format), 0 already current`,
    );
    for (let i = 0; i < COUNT; i++) {
      expect(isLegacyDocument((await repo.get(TENANT, idOf(i)))?.document), idOf(i)).toBe(false);
    }
    expect(await readProgress(opened.db, DOCUMENT_UPGRADE_JOB)).toBeUndefined();
  }, 150_000);
});
