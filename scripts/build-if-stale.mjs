#!/usr/bin/env node
// Builds each workspace package whose sources are newer than its last build, in dependency
// order. Used by `npm install` (prepare), `npm start` and `npm test`, so a fresh clone needs
// no separate build step and an unchanged tree rebuilds nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const order = ['api-spec', 'core', 'server', 'scripts', 'web'];
const force = process.argv.includes('--force');

if (process.env.JUNCTION_SKIP_BUILD === '1' && !force) process.exit(0);

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** Inputs outside a package's folder: the web app bundles the user guide's pages from docs/. */
const extraInputs = { web: [path.join(root, 'docs')] };

let upstreamChanged = false;
for (const name of order) {
  const dir = path.join(root, name);
  const pkgFile = path.join(dir, 'package.json');
  if (!existsSync(pkgFile)) continue;
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  if (!pkg.scripts?.build) continue;
  const inputs = readdirSync(dir).filter(
    (e) => e !== 'dist' && e !== 'node_modules' && !e.startsWith('.') && !e.endsWith('.md'),
  );
  if (!inputs.some((e) => e === 'src' || e === 'index.html' || e === 'openapi.yaml')) continue;
  const stamp = path.join(dir, 'dist', '.build-stamp');
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const newest = Math.max(
    ...inputs.map((e) => newestMtime(path.join(dir, e))),
    ...(extraInputs[name] ?? []).filter((p) => existsSync(p)).map(newestMtime),
  );
  if (!force && !upstreamChanged && built >= newest) continue;
  process.stdout.write(`junction: building ${pkg.name}\n`);
  const res = spawnSync('npm', ['run', 'build', '-w', pkg.name], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    process.stderr.write(`junction: build of ${pkg.name} failed\n`);
    process.exit(res.status ?? 1);
  }
  writeFileSync(stamp, new Date().toISOString());
  upstreamChanged = true;
}
