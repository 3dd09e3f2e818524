/**
 * The operator commands' services, each over the installation a configuration names (it opens
 * the database and closes it again): what the `junction` command line calls for backup,
 * restore, export, import, db status / migrate, migrate --database and rotate-key.
 */
import { existsSync } from 'node:fs';
import type { Config } from '../config.js';
import { isOn, readEnv } from '../env.js';
import { createDb, type DbHandle, resolveSqlitePath } from '../store/create-db.js';
import { inspect as inspectDataLock } from '../store/data-lock.js';
import { applyMigrations, DatabaseNewerError, type MigrationStatus, readMigrationStatus } from '../store/repos/ops.js';
import { type BackupManifest, type BackupOptions, createBackup, readBackupManifest, restoreBackup } from './backup.js';
import { type UpgradeOptions, type UpgradeReport, upgradeStoredDocuments } from './document-upgrade.js';
import {
  type ExportFile,
  type ExportOptions,
  exportInstance,
  type ImportOptions,
  type ImportReport,
  importInstance,
} from './export-import.js';
import { processesUsing } from './in-use.js';
import { type RotationReport, rotateKeys } from './rotate-key.js';

export { RestoreRefusedError } from './backup.js';
export { UnknownWorkspaceError } from './export-import.js';
export { WrongPassphraseError } from './passphrase-box.js';
export type { BackupManifest, ExportFile, ImportReport, MigrationStatus, RotationReport, UpgradeReport };
export { DatabaseNewerError };

/** A database with migrations still to apply: the commands that read or write rows refuse it. */
export class PendingMigrationsError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `The database has ${pending.length} pending migration${pending.length === 1 ? '' : 's'} (${pending[0]}…); run \`junction db migrate\` (or start the server once) first.`,
    );
    this.name = 'PendingMigrationsError';
  }
}

/** A data folder without a database: a wrong DATA_DIR is named instead of creating an empty database there. */
export class NoDatabaseError extends Error {
  override name = 'NoDatabaseError';
}

/** Throws NoDatabaseError when the configuration names a SQLite file that does not exist. */
export function assertDatabaseExists(config: Config): void {
  if (config.databaseUrl) return;
  const file = resolveSqlitePath(config);
  if (!existsSync(file)) {
    throw new NoDatabaseError(`No Junction database at ${file}: check DATA_DIR (or SQLITE_PATH, DATABASE_URL).`);
  }
}

async function withDatabase<T>(
  config: Config,
  fn: (handle: DbHandle) => Promise<T>,
  options: { mayCreate?: boolean } = {},
): Promise<T> {
  if (!options.mayCreate) assertDatabaseExists(config);
  const handle = createDb(config);
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

/** Opens the database and refuses it unless its schema is exactly this build's. */
async function withCurrentDatabase<T>(config: Config, fn: (handle: DbHandle) => Promise<T>): Promise<T> {
  return withDatabase(config, async (handle) => {
    const status = await readMigrationStatus(handle);
    if (status.unknown.length > 0) throw new DatabaseNewerError(status.unknown);
    if (status.pending.length > 0) throw new PendingMigrationsError(status.pending);
    return fn(handle);
  });
}

/**
 * A sentence naming the process that holds the installation's SQLite file, or undefined: the
 * data folder lock a server takes at start (store/data-lock.ts), else any process with the file
 * open (a server of a version without the lock, a worker, a sqlite3 shell).
 */
export function dataInUse(config: Config): string | undefined {
  if (config.databaseUrl) return undefined;
  const file = resolveSqlitePath(config);
  const holder = inspectDataLock(file);
  if (holder)
    return `${holder.pid === undefined ? 'a server' : `process ${holder.pid}`} holds the data folder lock of ${file}.`;
  const pids = processesUsing(file);
  if (pids.length === 0) return undefined;
  return `process ${pids.join(', ')} has ${file} open.`;
}

/** The operator services, by command. */
export const ops = {
  backup: (config: Config, options?: BackupOptions) => {
    assertDatabaseExists(config);
    return createBackup(config, options);
  },
  readBackupManifest,
  restore: (config: Config, file: string): Promise<BackupManifest> => restoreBackup(config, file, { inUse: dataInUse }),
  exportData: (config: Config, options?: ExportOptions): Promise<ExportFile> =>
    withCurrentDatabase(config, (handle) => exportInstance(handle, config, options)),
  importData: (config: Config, file: ExportFile, options?: ImportOptions): Promise<ImportReport> =>
    withCurrentDatabase(config, (handle) => importInstance(handle, config, file, options)),
  status: (config: Config): Promise<MigrationStatus> => withDatabase(config, readMigrationStatus),
  // As a first start does, `db migrate` may create the database.
  migrate: (config: Config): Promise<string[]> => withDatabase(config, applyMigrations, { mayCreate: true }),
  upgradeDocuments: (config: Config, options?: UpgradeOptions): Promise<UpgradeReport> =>
    withCurrentDatabase(config, (handle) => upgradeStoredDocuments(handle, options)),
  rotateKeys: (config: Config): Promise<RotationReport> =>
    withCurrentDatabase(config, (handle) => rotateKeys(handle, config)),
  /**
   * Whether the command line prints the stack of an unexpected failure: JUNCTION_DEBUG of the
   * environment the command was given, read as every flag is (env.ts: `off`, `0`, `false`, `no`
   * and unset are off).
   */
  showsStacks: (env: Record<string, string | undefined>): boolean => isOn(readEnv(env).JUNCTION_DEBUG),
};

/** The operator services' type, as the command line sees them. */
export type OpsServices = typeof ops;
