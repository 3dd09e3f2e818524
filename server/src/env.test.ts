/**
 * The environment schema: defaults, one-line refusals naming the variable, the README listing
 * exactly the declared variables, the sources reading no undeclared one, and `PORT=abc` refused
 * by a real process with exit code 2.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { ConfigError, ENV_PATTERNS, ENV_SCHEMA, readEnv } from './env.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('readEnv', () => {
  it('applies defaults and treats empty values as unset', () => {
    const env = readEnv({ PORT: '', LOG_LEVEL: 'warn', WORKER_CONCURRENCY: '8' });
    expect(env.PORT).toBe(5000);
    expect(env.LOG_LEVEL).toBe('warn');
    expect(env.WORKER_CONCURRENCY).toBe(8);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(loadConfig({ RATE_LIMITS: 'off', TRUST_PROXY: '1', RUN_WORKERS: 'false' })).toMatchObject({
      port: 5000,
      rateLimits: false,
      trustProxy: true,
      runWorkers: false,
      publicUrl: 'http://localhost:5000',
    });
  });

  it('refuses a bad value with one line naming the variable and what it expects', () => {
    expect(() => readEnv({ PORT: 'abc' })).toThrow(
      new ConfigError('PORT=abc is not valid: expected an integer from 0 to 65535'),
    );
    expect(() => loadConfig({ NODE_ENV: 'staging', DATABASE_URL: 'not a url', STEP_RETRIES: '-1' })).toThrow(
      'NODE_ENV=staging is not valid: expected one of development, production, test; ' +
        'DATABASE_URL=not a url is not valid: expected an absolute URL; ' +
        'STEP_RETRIES=-1 is not valid: expected an integer of at least 0',
    );
    expect(() => readEnv({ RATE_LIMITS: 'maybe' })).toThrow(
      'RATE_LIMITS=maybe is not valid: expected one of on, off, 1, 0, true, false, yes, no',
    );
  });
});

describe('the declared variables', () => {
  it('are exactly the ones the README configuration table lists', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Scale-out'));
    const listed = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(Object.keys(ENV_SCHEMA).sort());
  });

  it('cover every variable the server, worker and command line read', () => {
    const read = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$|^test-/.test(entry.name)) {
          const source = readFileSync(full, 'utf8');
          for (const m of source.matchAll(/\benv\.([A-Z][A-Z0-9_]{2,})\b/g)) read.add(m[1]);
          for (const m of source.matchAll(/_ENV = '([A-Z][A-Z0-9_]+)'/g)) read.add(m[1]);
        }
      }
    };
    walk(path.join(root, 'server/src'));
    walk(path.join(root, 'scripts/src'));
    const undeclared = [...read].filter(
      (name) => !(name in ENV_SCHEMA) && !ENV_PATTERNS.some((pattern) => pattern.test(name)),
    );
    expect(undeclared).toEqual([]);
    expect(read.size).toBeGreaterThan(30);
  });
});

describe('a process started with a bad variable', () => {
  it('prints one line naming it and exits 2', { timeout: 60_000 }, async () => {
    const tsx = pathToFileURL(createRequire(path.join(root, 'package.json')).resolve('tsx')).href;
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', tsx, path.join(root, 'server/src/main.ts')],
        {
          cwd: root,
          timeout: 50_000,
          env: { PATH: process.env.PATH, PORT: 'abc', TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json') },
        },
        (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
      );
    });
    expect(result.stderr).toBe(
      'Junction could not start: PORT=abc is not valid: expected an integer from 0 to 65535\n',
    );
    expect(result.stdout).toBe('');
    expect(result.code).toBe(2);
  });
});
