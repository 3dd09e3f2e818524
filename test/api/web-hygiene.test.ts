import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, openHarness, openTestDatabases } from './harness.js';

const sqlite = openTestDatabases()[0];
const PUBLIC_URL = 'https://junction.example.com';

describe('security headers, CORS and the web app', () => {
  let h: ApiHarness;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'junction-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Junction editor</title>');
    writeFileSync(path.join(webDist, 'form.html'), '<!doctype html><title>Junction form</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // What the web build writes beside a large script (web/build/precompress.ts).
    const big = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    writeFileSync(path.join(webDist, 'assets', 'big-def456.js'), big);
    writeFileSync(path.join(webDist, 'assets', 'big-def456.js.br'), brotliCompressSync(big));
    writeFileSync(path.join(webDist, 'assets', 'big-def456.js.gz'), gzipSync(big));
    h = await openHarness(sqlite, { webDist, publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('sends security headers on API answers', async () => {
    const res = await h.call('GET', '/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers inbound webhooks with the headers that keep a browser from rendering them, not the page headers', async () => {
    const res = await h.call('POST', '/hooks/no-such-key', { body: { a: 1 } });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // A path that only starts like one is a page like any other.
    const page = await h.call('GET', '/hooksmith');
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('lets public form pages be embedded anywhere, and nothing else', async () => {
    const form = await h.call('GET', '/form/f123');
    expect(form.status).toBe(200);
    expect(form.text).toContain('Junction form');
    expect(String(form.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(form.headers['x-frame-options']).toBeUndefined();
    const editor = await h.call('GET', '/develop/demo-crm');
    expect(String(editor.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('serves files, falls back to index.html for app routes, and 404s unknown API paths', async () => {
    const asset = await h.call('GET', '/assets/app-abc123.js');
    expect(asset.text).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    const spa = await h.call('GET', '/executions/e1');
    expect(spa.text).toContain('Junction editor');
  });

  it("sends the build's compressed copy of a script to a browser that accepts it, and the script to others", async () => {
    const plain = await h.call('GET', '/assets/big-def456.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toMatch(/^console\.log\("x{4000}"\)$/);
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const packed = await h.call('GET', '/assets/big-def456.js', { headers: { 'accept-encoding': accept } });
      expect(packed.status, accept).toBe(200);
      expect(packed.headers['content-encoding'], accept).toBe(encoding);
      expect(packed.headers['content-type'], accept).toMatch(/^text\/javascript|^application\/javascript/);
      expect(Number(packed.headers['content-length']), accept).toBeLessThan(200);
      expect(packed.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(packed.headers['cache-control'], accept).toContain('immutable');
    }
    // A small script has no compressed copy: it is sent as it is, whatever the browser accepts.
    const small = await h.call('GET', '/assets/app-abc123.js', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.text).toBe('console.log(1)');
  });

  it('answers the public form pages with the light form entry, and every other page with the app', async () => {
    for (const url of ['/form/f123', '/form/new?workflowId=w1', '/form/f123?edit=1', '/page/p1', '/page/p1/']) {
      const res = await h.call('GET', url);
      expect(res.status, url).toBe(200);
      expect(res.text, url).toContain('Junction form');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/', '/form/', '/form/f1/extra', '/formx/f1', '/workflows', '/develop/demo-crm']) {
      const res = await h.call('GET', url);
      expect(res.text, url).toContain('Junction editor');
    }
    for (const url of ['/api/nope', '/hooks', '/auth/demo-crm/nope/x']) {
      const res = await h.call('GET', url);
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it("allows CORS from the public URL's origin only", async () => {
    const preflight = (origin: string) =>
      h.call('OPTIONS', '/api/workflows', {
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const ours = await preflight(PUBLIC_URL);
    expect(ours.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
    expect(String(ours.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const theirs = await preflight('https://evil.example');
    expect(theirs.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await h.call('GET', '/api/health', { headers: { origin: 'https://evil.example' } });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the offline API reference', async () => {
    const docs = await h.call('GET', '/api/docs/');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('swagger-ui-bundle.js');
    expect(docs.text).not.toMatch(/https?:\/\/(?!localhost)/);
    const spec = await h.call('GET', '/api/docs/json');
    expect(spec.json.paths['/api/workflows']).toBeDefined();
  });
});

describe('rate limits', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await openHarness(sqlite, { rateLimits: true });
  });
  afterAll(() => h?.close());

  it('answers the 11th log-in within a minute with 429 and Retry-After', async () => {
    const attempt = () =>
      h.call('POST', '/api/auth/log-in', { body: { email: 'nobody@example.com', password: 'Wrong-password-123' } });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json).toMatchObject({ title: 'Too Many Requests', status: 429 });
    expect(limited.json.retryAfter).toBeGreaterThan(0);
    // Other endpoints are not limited.
    expect((await h.call('GET', '/api/health')).status).toBe(200);
  });

  it('limits sign-up, verify-code and sign-in links separately', async () => {
    for (let i = 0; i < 10; i++)
      await h.call('POST', '/api/auth/sign-in-link', { body: { email: 'nobody@example.com' } });
    expect((await h.call('POST', '/api/auth/sign-in-link', { body: { email: 'nobody@example.com' } })).status).toBe(
      429,
    );
    const signUp = await h.call('POST', '/api/auth/sign-up', { body: { email: 'bad' } });
    expect(signUp.status).toBe(400);
  });
});
