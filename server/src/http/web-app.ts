/**
 * Serves the built web app from `config.webDist` (with the SPA fallback to index.html, or to
 * form.html for the public form pages), the
 * raw contract at /api/openapi.yaml and an offline HTML API reference at /api/docs.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ApiContract } from './openapi.js';
import { FORM_HTML, htmlPageFor } from './web-pages.js';

/** Where the API reference lives. */
export const DOCS_PREFIX = '/api/docs';

/**
 * Serves the files of a built web app. Returns the SPA fallback for the not-found handler, or
 * undefined when `webDist` has no index.html (API-only runs).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | undefined,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | undefined> {
  if (!webDist || !existsSync(path.join(webDist, 'index.html'))) return undefined;
  await app.register(fastifyStatic, {
    root: path.resolve(webDist),
    // Unknown files fall through to the not-found handler, which answers index.html.
    wildcard: true,
    index: false,
    cacheControl: false,
    // The web build writes .br and .gz copies of its scripts and styles (web/build/precompress.ts):
    // a browser that accepts them gets the smaller file, with no compression work per request.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      // Vite names assets by content hash, so they never change. @fastify/static 10 passes the
      // Fastify reply; a checkout whose node_modules still holds 9 passes the raw response.
      if (!/[/\\]assets[/\\]/.test(filePath)) return;
      const target = reply as unknown as {
        header?: (k: string, v: string) => void;
        setHeader: (k: string, v: string) => void;
      };
      if (typeof target.header === 'function') target.header('cache-control', 'public, max-age=31536000, immutable');
      else target.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  const hasFormHtml = existsSync(path.join(webDist, FORM_HTML));
  // The public form pages have their own light entry (web-pages.ts); every other page is the app.
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile(htmlPageFor(request.url.split('?')[0] ?? '/', hasFormHtml));
  // The static wildcard would answer the root folder with 403.
  app.get('/', sendIndex);
  return sendIndex;
}

/** Headers of the reference's own answer that the outer reply sets for itself. */
const HOP_HEADERS = new Set(['content-length', 'connection', 'keep-alive', 'transfer-encoding', 'date']);

/**
 * Registers /api/openapi.yaml and the Swagger UI reference at /api/docs, both from the contract.
 * The reference's plugins (and the YAML library they load) are built with its first request,
 * in an app of their own that the routes here hand every /api/docs request to: a start does
 * not load them.
 */
export async function registerApiDocs(app: FastifyInstance, contract: ApiContract): Promise<void> {
  app.get('/api/openapi.yaml', async (_request, reply) =>
    reply.type('application/yaml; charset=utf-8').send(contract.text),
  );
  let docs: Promise<FastifyInstance> | undefined;
  app.addHook('onClose', async () => {
    if (docs) await (await docs).close();
  });
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= createDocsApp(contract);
    // GET also for HEAD: Fastify's HEAD route drops the body and keeps the GET's headers.
    const answer = await (await docs).inject({ method: 'GET', url: request.url, headers: request.headers });
    // What the reference does not serve falls through as any unknown path does (problems.ts).
    if (answer.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (!HOP_HEADERS.has(name) && value !== undefined) reply.header(name, value);
    }
    reply.code(answer.statusCode);
    // An empty answer (a redirect) stays without a body and so without a content type.
    return answer.rawPayload.length === 0 ? reply.send() : reply.send(answer.rawPayload);
  };
  app.get(DOCS_PREFIX, forward);
  app.get(`${DOCS_PREFIX}/*`, forward);
}

async function createDocsApp(contract: ApiContract): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = Fastify({ logger: false });
  await docs.register(swagger, {
    mode: 'static',
    specification: { document: contract.document as never },
  });
  await docs.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // No calls to swagger.io: the reference works offline.
    uiConfig: { validatorUrl: null, deepLinking: true },
  } as never);
  await docs.ready();
  return docs;
}
