/**
 * The Dockerfile and compose.yaml as an operator reads them (no container runtime here; the
 * full build-and-run replay is `npm run test:docker`, see replay.ts): a multi-stage build on
 * Debian slim with Node 20, a non-root runtime with a HEALTHCHECK on readiness, DATA_DIR as a
 * volume, the documented CMD; compose's single-container default and its scale-out profile.
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
  it('builds in a node:20-bookworm-slim stage and runs in another', () => {
    expect(stages).toEqual(['build', '1']);
    expect(instructions.filter((i) => i.op === 'FROM').map((i) => i.args)).toEqual([
      'node:20-bookworm-slim AS build',
      'node:20-bookworm-slim',
    ]);
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
    expect(compose.services.api.ports).toEqual(['5000:5000']);
    expect(compose.services.worker.ports).toBeUndefined();
    for (const name of ['api', 'worker']) {
      const environment = compose.services[name].environment;
      expect(environment.METRICS_PORT ?? '9464', name).not.toBe('5000');
      expect(environment.METRICS_HOST ?? '127.0.0.1', name).toBe('127.0.0.1');
      expect(environment.WORKER_HEALTH_HOST ?? '127.0.0.1', name).toBe('127.0.0.1');
    }
  });
});
