#!/usr/bin/env node
/**
 * Entry point of the `junction` command (built to scripts/dist/cli.js). Sets the exit code
 * rather than exiting, so `junction start` keeps running while the server listens.
 */
import { runCli } from './run-cli.js';

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
});
