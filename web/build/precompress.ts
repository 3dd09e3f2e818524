/**
 * A Vite build plugin: writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every built
 * script, style sheet and SVG, which the server sends to browsers that accept them
 * (`preCompressed` in server/src/http/web-app.ts). The app's first load is about a third of
 * its raw size, with no compression work per request.
 *
 * The copies are made from the files as written (`writeBundle`): in `generateBundle` a chunk's
 * code may still hold placeholders that Vite fills in later (`__VITE_PRELOAD__`).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files smaller than this are sent as they are: compression would not repay its header. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt)$/;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

export function precompress(): Plugin {
  return {
    name: 'junction-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? path.dirname(options.file ?? '');
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const bytes = await readFile(file);
          if (bytes.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            toBrotli(bytes, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
            }),
            toGzip(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
