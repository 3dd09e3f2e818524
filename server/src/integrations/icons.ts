/**
 * Icons of the built-in apps, SVG files in `./icons/`, served at `/icons/{slug}.svg` (the
 * `iconURL` of each built-in definition).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../kernel/errors.js';
import { isBuiltinApp } from './builtin/index.js';

/** The content type icons are served with. */
export const SVG_CONTENT_TYPE = 'image/svg+xml';

// From source the icons sit beside this file; from server/dist (tsup bundles the code but
// copies no assets) they are read from the source tree next to it.
const ICON_DIRS = ['./icons/', '../src/integrations/icons/'].map((p) => fileURLToPath(new URL(p, import.meta.url)));

const cache = new Map<string, string>();

/**
 * Returns the SVG text of a built-in app's icon, or null for any other slug (only the built-in
 * slugs are looked up, so no path is ever built from user text).
 *
 * @example readBuiltinIcon('demo-crm')?.startsWith('<svg') // true
 */
export function readBuiltinIcon(slug: string): string | null {
  if (!isBuiltinApp(slug)) return null;
  const cached = cache.get(slug);
  if (cached !== undefined) return cached;
  for (const dir of ICON_DIRS) {
    const file = `${dir}${slug}.svg`;
    if (!existsSync(file)) continue;
    const svg = readFileSync(file, 'utf8');
    cache.set(slug, svg);
    return svg;
  }
  return null;
}

/**
 * Mounts GET `/icons/{slug}.svg` for the built-in apps (404 for anything else), cacheable
 * for a day.
 *
 * @example await app.register(builtinIconsPlugin);
 */
export async function builtinIconsPlugin(fastify: FastifyInstance): Promise<void> {
  fastify.get('/icons/:file', async (req, reply) => {
    const file = (req.params as { file: string }).file;
    const svg = file.endsWith('.svg') ? readBuiltinIcon(file.slice(0, -'.svg'.length)) : null;
    if (svg === null) {
      return reply.code(404).type('application/problem+json').send(notFound('Icon').toBody());
    }
    return reply
      .type(SVG_CONTENT_TYPE)
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(svg);
  });
}
