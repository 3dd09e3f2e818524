#!/usr/bin/env node
// The `junction` command's committed entry. npm links package bins at install time, before
// `prepare` builds scripts/dist, so the bin must exist in a fresh clone: it loads the built
// CLI, or says how to build it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const built = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');
if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  const root = path.resolve(path.dirname(built), '..', '..');
  process.stderr.write(
    `junction: the command line is not built yet (${path.relative(process.cwd(), built) || built} is missing).\n` +
      `Build it once with \`npm run build\` in ${root} (npm install does it unless JUNCTION_SKIP_BUILD is set), then run the command again.\n`,
  );
  process.exitCode = 1;
}
