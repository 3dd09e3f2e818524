/**
 * The web build's compressed copies (web/build/precompress.ts) are the very files beside them:
 * a browser that accepts gzip or Brotli is sent the copy, so a copy made before Vite finished a
 * chunk (its `__VITE_PRELOAD__` placeholder still in) breaks the app for every user.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ensureWebBuild } from './web-build.js';

describe('the web build’s compressed copies', { timeout: 180_000 }, () => {
  it('decompress to the files beside them, and every large script has both', async () => {
    const assets = path.join(await ensureWebBuild(), 'assets');
    const names = await readdir(assets);
    const scripts = names.filter((n) => n.endsWith('.js'));
    let checked = 0;
    for (const name of scripts) {
      const original = await readFile(path.join(assets, name));
      if (original.length < 1024) continue;
      expect(names, name).toContain(`${name}.br`);
      expect(names, name).toContain(`${name}.gz`);
      expect(brotliDecompressSync(await readFile(path.join(assets, `${name}.br`))).equals(original), name).toBe(true);
      expect(gunzipSync(await readFile(path.join(assets, `${name}.gz`))).equals(original), name).toBe(true);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(10);
  });
});
