import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStorage, isStorageKey } from './storage.js';

describe('createDiskStorage', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'junction-uploads-'));
  const folder = path.join(root, 'uploads');
  const storage = createDiskStorage(folder);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('stores, reads and removes bytes under a generated key', async () => {
    const key = '0f8f1f6a-4b61-4e7b-9d8e-3a7c2b1d0e9f';
    await storage.put(key, Buffer.from('hello'), 'text/plain');
    expect(await storage.read(key)).toEqual({ bytes: Buffer.from('hello') });
    expect(await readdir(folder)).toEqual([key]);
    await storage.remove(key);
    expect(await storage.read(key)).toBeUndefined();
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it('never writes outside its folder: a key that looks like a path is refused', async () => {
    expect(isStorageKey('../../etc/passwd')).toBe(false);
    await expect(storage.put('../../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(storage.read('..')).rejects.toThrow(/Invalid storage key/);
  });
});
