/**
 * What the editor benchmark (editor.ts) sets up outside the browser: a production build of
 * web/ and its initial JavaScript, the real server serving a build on 127.0.0.1, and an
 * account holding a large workflow.
 */
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { REPO_ROOT } from '../e2e/web-build.js';
import { bigWorkflow } from '../support/big-workflow.js';

/** The gzip size of the JavaScript index.html loads before the app runs. */
export function initialJavaScript(dist: string): {
  files: { file: string; raw: number; gzip: number }[];
  gzip: number;
} {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((m) => m[1] ?? '');
  const files = [...new Set(scripts)].map((file) => {
    const full = path.join(dist, file);
    return { file, raw: statSync(full).size, gzip: gzipSync(readFileSync(full), { level: 9 }).length };
  });
  return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
}

export async function api(baseUrl: string, method: string, url: string, token: string | null, body?: unknown) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Verifies the account as its owner would, with the code from the development outbox (the
 * editor shows the code modal over the canvas on every load until the e-mail is verified).
 */
export async function verifyEmail(baseUrl: string, token: string, email: string): Promise<void> {
  const outbox = (await api(baseUrl, 'GET', '/api/dev/outbox', null)) as { items: { to: string; text: string }[] };
  const mail = outbox.items.find((m) => m.to.includes(email));
  const code = mail ? /verification code is (\d{4})/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no verification code in the development outbox for ${email}`);
  await api(baseUrl, 'POST', '/api/auth/verify-code', token, { code });
}

/**
 * Builds the web app for production into a fresh folder (NODE_ENV=production, whatever the
 * caller's environment says: React's development build is three times larger and slower).
 */
export function buildForProduction(outDir: string): void {
  const vite = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
    { cwd: path.join(REPO_ROOT, 'web'), encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stderr || result.stdout}`);
}

/** Serves `webDist` with the real server (its own temporary data folder) on 127.0.0.1. */
export async function startServer(webDist: string): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'junction-bench-data-'));
  const config = {
    // The bench verifies its account with the code from the development outbox.
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JUNCTION_DEV_OUTBOX: 'on',
      SIGNUP_POLICY: 'open',
    }),
    host: '127.0.0.1',
    port: 0,
    dataDir,
    webDist,
    rateLimits: false as const,
  };
  const app = await createApp(config);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl: address.replace(/\/$/, ''),
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A served build with a verified account whose workflow holds `steps` steps. */
export interface BenchSite {
  baseUrl: string;
  token: string;
  /** The editor's address of the large workflow. */
  editorUrl: string;
  close(): Promise<void>;
}

/** Serves `dist` and signs up an account whose first workflow is {@link bigWorkflow}. */
export async function startSite(dist: string, steps: number): Promise<BenchSite> {
  const server = await startServer(dist);
  try {
    return await signUpWithWorkflow(server, steps);
  } catch (error) {
    await server.close();
    throw error;
  }
}

async function signUpWithWorkflow(
  server: { baseUrl: string; close(): Promise<void> },
  steps: number,
): Promise<BenchSite> {
  const { baseUrl } = server;
  const grant = (await api(baseUrl, 'POST', '/api/auth/sign-up', null, {
    email: `bench-${randomUUID()}@example.com`,
    password: 'Str0ng!Passw0rd#2024',
  })) as { token: string; workflowId: string; user: { email: string } };
  await verifyEmail(baseUrl, grant.token, grant.user.email);
  const doc = bigWorkflow(grant.workflowId, `${steps.toLocaleString('en')} steps`, steps);
  await api(baseUrl, 'PUT', `/api/workflows/${grant.workflowId}`, grant.token, { document: doc });
  return {
    baseUrl,
    token: grant.token,
    editorUrl: `${baseUrl}/?id=${encodeURIComponent(grant.workflowId)}`,
    close: server.close,
  };
}
