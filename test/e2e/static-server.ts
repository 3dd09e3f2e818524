/**
 * A tiny static file server for browser tests: serves a built single-page app and answers
 * page navigations to unknown paths with its index.html (form.html for the public form pages),
 * as the real server does.
 */
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { FORM_HTML, htmlPageFor } from '../../server/src/http/web-pages.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** A running static server. */
export interface StaticServer {
  /** e.g. http://127.0.0.1:43127 (no trailing slash). */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Serves `root` on 127.0.0.1 at a random port. A GET for a missing file falls back to
 * index.html when the client asks for HTML (a page navigation such as /nope), so the app's
 * router decides; missing assets stay 404 so a broken build shows up as one.
 *
 * @example
 * const server = await startStaticServer('/work/main/web/dist');
 * await page.goto(`${server.baseUrl}/workflows`);
 * await server.close();
 */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const rootDir = path.resolve(root);
  const server = createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      const filePath = path.resolve(rootDir, `.${pathname}`);
      // Never serve outside the root, whatever ../ tricks the path holds.
      const isInside = filePath === rootDir || filePath.startsWith(rootDir + path.sep);
      const file = isInside ? await findFile(filePath) : null;
      const wantsHtml = (req.headers.accept ?? '').includes('text/html');
      const page = htmlPageFor(pathname, existsSync(path.join(rootDir, FORM_HTML)));
      const target = file ?? (wantsHtml ? path.join(rootDir, page) : null);
      if (!target) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const type = CONTENT_TYPES[path.extname(target)] ?? 'application/octet-stream';
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      if (req.method === 'HEAD') res.end();
      else createReadStream(target).pipe(res);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(String(error));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}

// A directory counts as its index.html; anything else missing is null.
async function findFile(filePath: string): Promise<string | null> {
  const info = await stat(filePath).catch(() => null);
  if (info?.isFile()) return filePath;
  if (info?.isDirectory()) {
    const index = path.join(filePath, 'index.html');
    const indexInfo = await stat(index).catch(() => null);
    return indexInfo?.isFile() ? index : null;
  }
  return null;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    // Keep-alive sockets from the browser would hold close() open otherwise.
    server.closeAllConnections();
    server.close((error) => (error ? reject(error) : resolve()));
  });
}
