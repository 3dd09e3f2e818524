/**
 * `junction backup` and `junction restore`: one archive (tar + gzip) holding a consistent copy
 * of the database, the vault key file when the keys live in the data folder, the form uploads
 * kept on disk, and a manifest.
 *
 * SQLite: SQLite's online backup (WAL content included) while a server may run. PostgreSQL:
 * `pg_dump --format=custom` of the installation's schema, restored with `pg_restore`; both
 * PostgreSQL client tools must be on the PATH. A restore refuses a backup made by a newer
 * schema than this build knows, a backup of the other database engine, and a data folder a
 * running server holds.
 */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config.js';
import { KEY_FILE_NAME } from '../security/vault.js';
import { createDb, resolveSqlitePath } from '../store/create-db.js';
import { createMigrationProvider } from '../store/migrations/index.js';
import { copySqliteDatabase, countInstance, type InstanceCounts, readMigrationStatus } from '../store/repos/ops.js';

const execFileAsync = promisify(execFile);

/** Runs one of the programs a backup needs; a missing one is named with what provides it. */
async function run(program: 'tar' | 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await execFileAsync(program, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      const from = program === 'tar' ? 'tar' : 'the PostgreSQL client tools (postgresql-client)';
      throw new Error(`${program} is not installed: install ${from} where this command runs.`);
    }
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(`${program} failed: ${stderr.split('\n').slice(0, 3).join(' ') || (error as Error).message}`);
  }
}

/** The manifest.json of a backup archive. */
export interface BackupManifest {
  format: 'junction-backup';
  formatVersion: 1;
  /** The Junction version that wrote it. */
  junctionVersion: string;
  dialect: 'sqlite' | 'postgres';
  /** The schema migrations applied in the copied database, in order. */
  migrations: string[];
  counts: InstanceCounts;
  /** Whether junction.key (the vault key file of the data folder) is inside. */
  hasKeyFile: boolean;
  /** Where the installation's vault keys come from: the key file, the environment, or none yet. */
  keysFrom?: 'key-file' | 'JUNCTION_ENCRYPTION_KEY' | 'none';
  /** Whether the form uploads kept on disk (`DATA_DIR/uploads`) are inside, as `uploads/`. */
  hasUploads?: boolean;
  createdAt: string;
}

/** Where the copied database sits inside the archive, by engine. */
const DATABASE_ENTRY = { sqlite: 'junction.db', postgres: 'junction.pgdump' } as const;
const MANIFEST_ENTRY = 'manifest.json';
/** The folder of form uploads stored on disk, in the data folder and in the archive. */
const UPLOADS = 'uploads';

/** Options of createBackup. */
export interface BackupOptions {
  /** The archive to write; default `junction-backup-<time>.tar.gz` in the working folder. */
  out?: string;
  /** Recorded in the manifest. */
  junctionVersion?: string;
  now?: () => Date;
}

/** The default archive name for a time: `junction-backup-2026-01-31T10-00-00Z.tar.gz`. */
export function defaultBackupName(at: Date): string {
  return `junction-backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.tar.gz`;
}

function schemaOfUrl(url: string): string | undefined {
  const options = new URL(url).searchParams.get('options') ?? '';
  return /search_path=([A-Za-z0-9_]+)/.exec(options)?.[1];
}

/** A connection URL without the `options` parameter (the client tools take the schema as a flag). */
function plainUrl(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete('options');
  return parsed.toString();
}

/**
 * Writes a backup archive of the installation the configuration names and answers its path
 * and manifest. Does not migrate or change the database.
 *
 * @example
 * const { file, manifest } = await createBackup(loadConfig(process.env), { out: 'nightly.tar.gz' });
 */
export async function createBackup(
  config: Config,
  options: BackupOptions = {},
): Promise<{ file: string; manifest: BackupManifest }> {
  const at = (options.now ?? (() => new Date()))();
  const file = path.resolve(options.out ?? defaultBackupName(at));
  const handle = createDb(config);
  const staging = mkdtempSync(path.join(tmpdir(), 'junction-backup-'));
  try {
    const status = await readMigrationStatus(handle);
    const counts = await countInstance(handle.db);
    const dbEntry = path.join(staging, DATABASE_ENTRY[handle.dialect]);
    if (handle.dialect === 'sqlite') {
      await copySqliteDatabase(resolveSqlitePath(config), dbEntry);
    } else {
      const url = config.databaseUrl as string;
      const schema = schemaOfUrl(url) ?? 'public';
      await run('pg_dump', ['--format=custom', '--no-owner', `--schema=${schema}`, `--file=${dbEntry}`, plainUrl(url)]);
    }
    const keyFile = path.join(config.dataDir, KEY_FILE_NAME);
    const hasKeyFile = existsSync(keyFile);
    if (hasKeyFile) copyFileSync(keyFile, path.join(staging, KEY_FILE_NAME));
    const uploads = path.join(config.dataDir, UPLOADS);
    const hasUploads = existsSync(uploads);
    if (hasUploads) cpSync(uploads, path.join(staging, UPLOADS), { recursive: true });
    const manifest: BackupManifest = {
      format: 'junction-backup',
      formatVersion: 1,
      junctionVersion: options.junctionVersion ?? 'unknown',
      dialect: handle.dialect,
      migrations: [...status.applied.map((m) => m.name), ...status.unknown],
      counts,
      hasKeyFile,
      keysFrom: config.encryptionKeys?.length ? 'JUNCTION_ENCRYPTION_KEY' : hasKeyFile ? 'key-file' : 'none',
      hasUploads,
      createdAt: at.toISOString(),
    };
    writeFileSync(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);
    mkdirSync(path.dirname(file), { recursive: true });
    // Written beside the target and renamed: a stopped backup never leaves a half archive under its name.
    const partial = `${file}.partial`;
    await run('tar', ['-czf', partial, '-C', staging, '.']);
    renameSync(partial, file);
    return { file, manifest };
  } finally {
    await handle.close();
    rmSync(staging, { recursive: true, force: true });
  }
}

/** A backup that cannot be restored here, with the reason in one line. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/** Options of restoreBackup. */
export interface RestoreOptions {
  /**
   * Answers a sentence naming the process that holds the data folder, or undefined when none
   * does (a running server refuses the restore).
   */
  inUse?: (config: Config) => string | undefined;
  now?: () => Date;
}

/** Unpacks an archive into a temp folder and reads its manifest; the caller removes the folder. */
function unpack(file: string): Promise<{ folder: string; manifest: BackupManifest }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'junction-restore-'));
  return run('tar', ['-xzf', path.resolve(file), '-C', folder]).then(
    () => {
      let manifest: BackupManifest;
      try {
        manifest = JSON.parse(readFileSync(path.join(folder, MANIFEST_ENTRY), 'utf8')) as BackupManifest;
      } catch {
        rmSync(folder, { recursive: true, force: true });
        throw new RestoreRefusedError(`${file} is not a Junction backup (no readable manifest.json).`);
      }
      if (manifest.format !== 'junction-backup') {
        rmSync(folder, { recursive: true, force: true });
        throw new RestoreRefusedError(`${file} is not a Junction backup.`);
      }
      return { folder, manifest };
    },
    (error: unknown) => {
      rmSync(folder, { recursive: true, force: true });
      throw new RestoreRefusedError(`${file} could not be unpacked: ${(error as Error).message.split('\n')[0]}`);
    },
  );
}

/** Reads the manifest of a backup archive without restoring it. */
export async function readBackupManifest(file: string): Promise<BackupManifest> {
  const { folder, manifest } = await unpack(file);
  rmSync(folder, { recursive: true, force: true });
  return manifest;
}

/**
 * Restores a backup archive into the installation the configuration names: replaces its
 * database (a SQLite file is kept beside as `junction.db.before-restore-<time>`) and, when the
 * archive has one, the key file and the uploads folder (the old ones kept likewise). Refuses, with a RestoreRefusedError,
 * a newer schema, the other engine, or a data folder in use.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  options: RestoreOptions = {},
): Promise<BackupManifest> {
  const busy = options.inUse?.(config);
  if (busy) throw new RestoreRefusedError(`Stop the server first: ${busy}`);
  const { folder, manifest } = await unpack(file);
  try {
    const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
    if (manifest.dialect !== dialect) {
      throw new RestoreRefusedError(
        `This backup holds a ${manifest.dialect} database and this installation uses ${dialect}; use junction export / import to move between them.`,
      );
    }
    const known = new Set(Object.keys(await createMigrationProvider(dialect).getMigrations()));
    const newer = manifest.migrations.filter((name) => !known.has(name));
    if (newer.length > 0) {
      throw new RestoreRefusedError(
        `This backup comes from a newer Junction (${manifest.junctionVersion}, migration ${newer.at(-1)}); restore it with that version or newer.`,
      );
    }
    const stamp = (options.now ?? (() => new Date()))().toISOString().replace(/[:.]/g, '-');
    const entry = path.join(folder, DATABASE_ENTRY[dialect]);
    if (dialect === 'sqlite') {
      const target = resolveSqlitePath(config);
      mkdirSync(path.dirname(target), { recursive: true });
      if (existsSync(target)) renameSync(target, `${target}.before-restore-${stamp}`);
      // A -wal or -shm file left by the replaced database would be replayed into the restored one.
      for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
      copyFileSync(entry, `${target}.restoring`);
      renameSync(`${target}.restoring`, target);
    } else {
      const url = config.databaseUrl as string;
      await run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${plainUrl(url)}`,
        entry,
      ]);
    }
    if (manifest.hasKeyFile) {
      const keyFile = path.join(config.dataDir, KEY_FILE_NAME);
      mkdirSync(config.dataDir, { recursive: true });
      const incoming = readFileSync(path.join(folder, KEY_FILE_NAME));
      if (existsSync(keyFile) && !readFileSync(keyFile).equals(incoming)) {
        renameSync(keyFile, `${keyFile}.before-restore-${stamp}`);
      }
      writeFileSync(keyFile, incoming, { mode: 0o600 });
    }
    if (manifest.hasUploads) {
      const uploads = path.join(config.dataDir, UPLOADS);
      if (existsSync(uploads)) renameSync(uploads, `${uploads}.before-restore-${stamp}`);
      cpSync(path.join(folder, UPLOADS), uploads, { recursive: true });
    }
    return manifest;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
