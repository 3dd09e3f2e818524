import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticServer, startStaticServer } from './static-server.js';

let root: string;
let server: StaticServer;

beforeAll(async () => {
  const base = await mkdtemp(path.join(tmpdir(), 'junction-static-'));
  root = path.join(base, 'dist');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(root, 'form.html'), '<!doctype html><title>form entry</title><div id="root"></div>');
  await writeFile(path.join(root, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(path.join(base, 'secret.txt'), 'outside the root');
  server = await startStaticServer(root);
});

afterAll(async () => {
  await server?.close();
  await rm(path.dirname(root), { recursive: true, force: true });
});

const asPage = { headers: { accept: 'text/html,application/xhtml+xml' } };

describe('startStaticServer', () => {
  it('listens on 127.0.0.1 at a random port', () => {
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.baseUrl.endsWith(':0')).toBe(false);
  });

  it('serves files with their content type', async () => {
    const res = await fetch(`${server.baseUrl}/assets/app.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await res.text()).toBe('console.log(1)');
  });

  it('answers a page navigation to an unknown path with index.html (SPA fallback)', async () => {
    const res = await fetch(`${server.baseUrl}/develop/demo-crm/actions`, asPage);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });

  it('answers a public form page with form.html, as the real server does', async () => {
    const form = await fetch(`${server.baseUrl}/form/f1?edit=1`, asPage);
    expect(await form.text()).toContain('form entry');
    const app = await fetch(`${server.baseUrl}/form/f1/extra`, asPage);
    expect(await app.text()).not.toContain('form entry');
  });

  it('answers a missing asset with 404 so a broken build is visible', async () => {
    const res = await fetch(`${server.baseUrl}/assets/missing.js`);
    expect(res.status).toBe(404);
  });

  it('never serves a file outside its root', async () => {
    const res = await fetch(`${server.baseUrl}/..%2Fsecret.txt`, asPage);
    expect(await res.text()).not.toContain('outside the root');
  });

  it('refuses methods other than GET and HEAD', async () => {
    const res = await fetch(`${server.baseUrl}/`, { method: 'POST' });
    expect(res.status).toBe(405);
  });
});
