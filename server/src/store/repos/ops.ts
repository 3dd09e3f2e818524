/**
 * The statements of the operator commands (server/src/ops/): instance counts for a backup's
 * manifest, applying the schema migrations (their status: ../migration-status.ts), the SQLite
 * online copy and the hook secrets a key rotation re-seals.
 */
import SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { type DbHandle, migrateToLatest } from '../create-db.js';
import type { Database } from '../database.js';
import type { HookSecretsTable } from '../tables/hooks.js';

/** How much an installation holds: what a backup's manifest records. */
export interface InstanceCounts {
  workspaces: number;
  workflows: number;
  executions: number;
  connections: number;
}

/** Counts the workspaces, workflows, executions and connections of the whole instance. */
export async function countInstance(db: Kysely<Database>): Promise<InstanceCounts> {
  const count = async (table: 'tenants' | 'workflows' | 'executions' | 'credentials') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    workspaces: await count('tenants'),
    workflows: await count('workflows'),
    executions: await count('executions'),
    connections: await count('credentials'),
  };
}

export type { MigrationStatus } from '../migration-status.js';
export { DatabaseNewerError, readMigrationStatus } from '../migration-status.js';

/**
 * Applies every pending migration in order and answers the names applied. Refuses (throws
 * DatabaseNewerError) a database newer than this build without touching it.
 */
export async function applyMigrations(handle: DbHandle): Promise<string[]> {
  const applied: string[] = [];
  await migrateToLatest(handle, (name) => applied.push(name));
  return applied;
}

/**
 * Copies a SQLite file with SQLite's online backup: a consistent snapshot that includes what
 * still sits in the WAL file, while a server may be writing.
 */
export async function copySqliteDatabase(source: string, destination: string): Promise<void> {
  const db = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(destination);
  } finally {
    db.close();
  }
  // The copy is a plain rollback-journal file: one file to carry, no -wal beside it.
  const copy = new SqliteDatabase(destination);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** A stored hook secret that a key rotation re-seals. */
export type SealedHookSecret = Pick<HookSecretsTable, 'hook_key' | 'kind' | 'tenant_id'> & {
  ciphertext: string;
  nonce: string;
  key_version: string;
};

/**
 * Up to `limit` hook secrets (all tenants) sealed with a key other than `keyVersion`, in
 * (hook key, kind) order after `after`: a cursor, so one that cannot be opened is not read again.
 */
export async function listHookSecretsWithOtherKey(
  db: Kysely<Database>,
  keyVersion: string,
  limit: number,
  after?: { hookKey: string; kind: string },
): Promise<SealedHookSecret[]> {
  let query = db
    .selectFrom('hook_secrets')
    .select(['hook_key', 'kind', 'tenant_id', 'ciphertext', 'nonce', 'key_version'])
    .where('ciphertext', 'is not', null)
    .where('key_version', '<>', keyVersion);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('hook_key', '>', after.hookKey),
        eb.and([eb('hook_key', '=', after.hookKey), eb('kind', '>', after.kind)]),
      ]),
    );
  }
  const rows = await query.orderBy('hook_key').orderBy('kind').limit(limit).execute();
  return rows as SealedHookSecret[];
}

/** Writes a re-sealed hook secret. */
export async function resealHookSecret(
  db: Kysely<Database>,
  row: Pick<HookSecretsTable, 'hook_key' | 'kind'>,
  sealed: { ciphertext: string; nonce: string; keyVersion: string },
  at: string,
): Promise<void> {
  await db
    .updateTable('hook_secrets')
    .set({ ciphertext: sealed.ciphertext, nonce: sealed.nonce, key_version: sealed.keyVersion, updated_at: at })
    .where('hook_key', '=', row.hook_key)
    .where('kind', '=', row.kind)
    .execute();
}
