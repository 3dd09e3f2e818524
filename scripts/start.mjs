#!/usr/bin/env node
// `npm start`: build what is stale, then run API, engine and editor in one process.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
await import(pathToFileURL(path.join(root, 'server/dist/main.js')).href);
