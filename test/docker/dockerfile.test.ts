/**
 * The Dockerfile and compose.yaml as an operator reads them (no container runtime here; the
 * full build-and-run replay is `npm run test:docker`, see replay.ts): a multi-stage build on
 * Debian slim with Node 22 LTS, production dependencies installed apart (no build-only package in
 * the image), a non-root runtime under an init process with a HEALTHCHECK on readiness, DATA_DIR
 * as a private volume, the documented CMD; compose's single-container default and its scale-out
 * profile, which never publish the same host port and need no variable of each other.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseDockerfile } from './replay.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const instructions = parseDockerfile(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
const stages = [...new Set(instructions.map((i) => i.stage))];
const runtime = instructions.filter((i) => i.stage === stages.at(-1));

describe('Dockerfile', () => {
  it('builds in node:22-bookworm-slim stages (build, production dependencies) and runs in another', () => {
    expect(stages).toEqual(['build', 'deps', '2']);
    expect(instructions.filter((i) => i.op === 'FROM').map((i) => i.args)).toEqual([
      'node:22-bookworm-slim AS build',
      'node:22-bookworm-slim AS deps',
      'node:22-bookworm-slim',
    ]);
  });

  it('takes its node_modules from a production-only install, with no build-only package in it', () => {
    const deps = instructions.filter((i) => i.stage === 'deps' && i.op === 'RUN').map((i) => i.args);
    expect(deps).toContain('npm install --omit=dev --no-audit --no-fund');
    const copies = runtime.filter((i) => i.op === 'COPY').map((i) => i.args);
    expect(copies).toContain('--from=deps --chown=node:node /app/node_modules /app/node_modules');
    // The build stage's own node_modules (dev tools included) are removed before the runtime copies /app.
    expect(instructions.filter((i) => i.stage === 'build').at(-1)?.args).toBe('rm -rf node_modules */node_modules');
    // What `npm install --omit=dev` leaves out, read from the lock file as npm reads it.
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
    };
    for (const name of ['lucide-react', 'simple-icons', 'react', 'vite', '@codemirror/lang-python', 'tsup', 'vitest']) {
      expect([name, lock.packages[`node_modules/${name}`]?.dev]).toEqual([name, true]);
    }
    // TypeScript stays only as an optional peer (devOptional): the deps stage removes it.
    expect(lock.packages['node_modules/typescript']?.dev ?? lock.packages['node_modules/typescript']?.devOptional).toBe(
      true,
    );
    expect(deps.some((run) => run.includes('rm -rf node_modules/typescript'))).toBe(true);
    for (const name of ['better-sqlite3', 'fastify', 'mobx', 'mobx-state-tree', 'pg', 'bullmq']) {
      expect([name, lock.packages[`node_modules/${name}`]?.dev]).toEqual([name, undefined]);
    }
  });

  it('runs under tini, the init process that reaps the sandbox children and passes signals on', () => {
    const installs = runtime.filter((i) => i.op === 'RUN').map((i) => i.args);
    expect(installs.some((run) => /apt-get install .*\btini\b/.test(run))).toBe(true);
    const entrypoint = runtime.filter((i) => i.op === 'ENTRYPOINT').map((i) => JSON.parse(i.args));
    expect(entrypoint).toEqual([['/usr/bin/tini', '--']]);
  });

  it('copies only files that exist in a clean checkout into the build', () => {
    for (const ins of instructions.filter((i) => i.op === 'COPY' && !i.args.startsWith('--from'))) {
      for (const source of ins.args.split(/\s+/).slice(0, -1)) {
        expect(existsSync(path.join(root, source)), source).toBe(true);
      }
    }
  });

  it('runs as the non-root node user with DATA_DIR on a volume, a readiness HEALTHCHECK and the documented CMD', () => {
    const find = (op: string) => runtime.filter((i) => i.op === op).map((i) => i.args);
    expect(find('USER')).toEqual(['node']);
    expect(find('ENV').join(' ')).toContain('DATA_DIR=/data');
    expect(find('VOLUME')).toEqual(['["/data"]']);
    expect(find('RUN').join(' ')).toContain('chmod 700 /data');
    expect(find('HEALTHCHECK')[0]).toContain('/api/health/ready');
    expect(JSON.parse(find('CMD')[0])).toEqual(['node', 'server/dist/main.js']);
  });
});

describe('compose.yaml', () => {
  const compose = parse(readFileSync(path.join(root, 'compose.yaml'), 'utf8'), { merge: true });

  it('starts one container by default, on a data volume', () => {
    const defaults = Object.entries(compose.services).filter(([, s]) => !(s as { profiles?: string[] }).profiles);
    expect(defaults.map(([name]) => name)).toEqual(['junction']);
    expect(compose.services.junction.volumes).toEqual(['junction-data:/data']);
  });

  it('scales out with PostgreSQL, Redis, an API that does not run workers, and N workers', () => {
    for (const name of ['postgres', 'redis', 'api', 'worker'])
      expect(compose.services[name].profiles).toEqual(['scale-out']);
    expect(compose.services.api.environment.RUN_WORKERS).toBe('off');
    expect(compose.services.api.environment.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    expect(compose.services.worker.environment.REDIS_URL).toBe('redis://redis:6379');
    expect(compose.services.worker.command).toEqual(['node', 'scripts/bin/junction.mjs', 'worker']);
    expect(compose.services.worker.deploy.replicas).toBeGreaterThan(1);
  });

  it("publishes only the API port: metrics and the workers' health stay on loopback inside their containers", () => {
    expect(compose.services.api.ports).toEqual(['5001:5000']);
    expect(compose.services.worker.ports).toBeUndefined();
    for (const name of ['api', 'worker']) {
      const environment = compose.services[name].environment;
      expect(environment.METRICS_PORT ?? '9464', name).not.toBe('5000');
      expect(environment.METRICS_HOST ?? '127.0.0.1', name).toBe('127.0.0.1');
      expect(environment.WORKER_HEALTH_HOST ?? '127.0.0.1', name).toBe('127.0.0.1');
    }
  });

  it('never publishes one host port from two services, so `up` of either way starts', () => {
    const hostPorts = Object.entries(compose.services).flatMap(([name, service]) =>
      ((service as { ports?: string[] }).ports ?? []).map((port) => [port.split(':').at(-2), name]),
    );
    expect(new Set(hostPorts.map(([port]) => port)).size, JSON.stringify(hostPorts)).toBe(hostPorts.length);
  });

  it('interpolates without the scale-out key: no variable of the file is required', () => {
    const text = readFileSync(path.join(root, 'compose.yaml'), 'utf8');
    // ${VAR:?message} and ${VAR?message} make every `docker compose` command fail when VAR is unset.
    expect(text.match(/\$\{[A-Z_]+:?\?[^}]*\}/g) ?? []).toEqual([]);
  });

  it('gives the scale-out API and workers one /data volume (the key file they all read)', () => {
    for (const name of ['api', 'worker']) expect(compose.services[name].volumes).toEqual(['scale-data:/data']);
    expect(Object.keys(compose.volumes)).toContain('scale-data');
  });
});
