import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectJsonFiles, readJsonFile, writeFileAtomic } from './document-files.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'junction-files-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('collectJsonFiles', () => {
  it('walks folders for *.json in sorted order, skipping hidden entries and node_modules, without duplicates', async () => {
    for (const f of ['b.json', 'a/z.json', 'a/y.txt', '.hidden/x.json', 'node_modules/p.json', '.a.json.123.tmp']) {
      mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      writeFileSync(path.join(dir, f), '{}');
    }
    const { files, problems } = await collectJsonFiles(['.', 'b.json', 'missing'], dir);
    expect(files.map((f) => f.relative)).toEqual([path.join('a', 'z.json'), 'b.json']);
    expect(problems).toEqual([{ input: 'missing', message: 'no such file or folder' }]);
  });
});

describe('readJsonFile', () => {
  it('returns parse failures as messages', async () => {
    writeFileSync(path.join(dir, 'bad.json'), '[1,');
    const result = readJsonFile(path.join(dir, 'bad.json'));
    expect(result.ok).toBe(false);
    expect(result).toEqual({
      ok: false,
      message: 'invalid JSON at line 1, column 4: a value was expected (the file ends here)',
      line: 1,
      column: 4,
    });
  });
});

describe('writeFileAtomic', () => {
  it('replaces the file through a rename, keeps its mode and leaves no temporary file', async () => {
    const file = path.join(dir, 'doc.json');
    writeFileSync(file, 'old');
    chmodSync(file, 0o640);
    const inode = statSync(file).ino;
    await writeFileAtomic(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(statSync(file).ino).not.toBe(inode);
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['doc.json']);
  });

  it('creates missing folders', async () => {
    await writeFileAtomic(path.join(dir, 'a/b/c.json'), '{}');
    expect(readFileSync(path.join(dir, 'a/b/c.json'), 'utf8')).toBe('{}');
  });

  it('cleans up its temporary file and leaves the target alone when the rename fails', async () => {
    const target = path.join(dir, 'folder.json');
    mkdirSync(target);
    writeFileSync(path.join(target, 'inside'), 'kept');
    await expect(writeFileAtomic(target, '{}')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['folder.json']);
    expect(readFileSync(path.join(target, 'inside'), 'utf8')).toBe('kept');
  });
});
