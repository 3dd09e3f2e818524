/**
 * The public form pages' own entry (web/src/form-main.tsx, served as form.html for /form/{id}
 * and /page/{id}) stays light: what it loads before the form shows, read from the static
 * imports it reaches (`import type` and dynamic `import()` load nothing up front), holds neither
 * the editor's code nor the router, the canvas or its layout. One stray import through a barrel
 * file (ui/index.ts re-exports the router's links) puts them all back into the first load.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB = fileURLToPath(new URL('../../web/src/', import.meta.url));
const ENTRY = resolve(WEB, 'form-main.tsx');

/** Packages the form pages must never load up front. */
const HEAVY = ['react-router', 'react-router-dom', '@xyflow/react', '@dagrejs/dagre', '@codemirror/view', 'codemirror'];

// `import … from '…'` and `export … from '…'` that are not type-only; `import '…'` for effects.
const STATIC = /^\s*(?:import|export)\s+(?!type\s)(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveFile(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((p) => existsSync(p)) ?? null;
}

/** Every file and package the entry reaches through static imports. */
function reach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(STATIC)) {
      if (spec.startsWith('.')) {
        const target = resolveFile(file, spec);
        if (target) queue.push(target);
      } else {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
      }
    }
  }
  return { files, packages };
}

describe('the public form entry', () => {
  const { files, packages } = reach(ENTRY);

  it('reaches the form pages (the walk itself works)', () => {
    const names = [...files].map((f) => relative(WEB, f));
    expect(names).toContain('app/AppProviders.tsx');
    expect(names.some((n) => n.startsWith('forms/'))).toBe(true);
    expect(packages).toContain('react');
  });

  it('loads neither the router, the canvas, its layout nor the code editor up front', () => {
    expect(HEAVY.filter((p) => packages.has(p))).toEqual([]);
  });

  it("loads none of the editor's, dashboard's or portal's code up front", () => {
    const names = [...files].map((f) => relative(WEB, f));
    expect(names.filter((n) => /^(editor|dashboard|portal|executions|onboarding)\//.test(n))).toEqual([]);
  });
});
