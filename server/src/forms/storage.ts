/**
 * Where uploaded form files live. The embedded default is a folder beside the data
 * (`${dataDir}/uploads`); an S3-compatible bucket when configured (./s3-storage.ts). Every
 * file is stored under a generated key, never under the name the client sent, so no upload
 * can name a path.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** How a stored file is handed out: its bytes, or a short-lived address that serves them. */
export type StoredBytes = { bytes: Buffer } | { redirect: string };

/** A place to keep uploaded bytes by key. */
export interface FileStorage {
  /** Stores bytes under a key made by the caller (see {@link isStorageKey}). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Reads a stored file; undefined when there is none (a redirecting store cannot tell). */
  read(key: string): Promise<StoredBytes | undefined>;
  /** Removes a stored file; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

/** Storage keys are generated ids: letters, digits and hyphens only, so a key is never a path. */
const KEY = /^[A-Za-z0-9-]{8,64}$/;

/** Tells whether `key` is a well-formed storage key (a generated id). */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

/** Returns a well-formed key, or throws (a bug: keys come from newId()). */
export function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * Creates the folder storage: files at `${folder}/${key}`, the folder made on first write.
 *
 * @example
 * const storage = createDiskStorage(path.join(config.dataDir, 'uploads'));
 * await storage.put(newId(), bytes);
 */
export function createDiskStorage(folder: string): FileStorage {
  const fileOf = (key: string) => path.join(folder, checkKey(key));
  return {
    async put(key, bytes) {
      await mkdir(folder, { recursive: true });
      // 'wx': never overwrite an existing file (keys are unique; a clash is a bug).
      await writeFile(fileOf(key), bytes, { flag: 'wx', mode: 0o600 });
    },
    async read(key) {
      try {
        return { bytes: await readFile(fileOf(key)) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
