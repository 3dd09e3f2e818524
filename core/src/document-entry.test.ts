// `@junction/core/document` is the dependency-light entry (its header): following its runtime
// imports from the source, it must reach no package at all — no mobx, mobx-state-tree, dagre.
// The package test (test/package/core-package.test.ts) checks the same on the packed build.
// biome-ignore lint/style/noRestrictedImports: a test reads files from disk; the rule guards core's sources.
import { readFileSync } from 'node:fs';
// biome-ignore lint/style/noRestrictedImports: a test reads files from disk; the rule guards core's sources.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as documentEntry from './document.js';
import * as mainEntry from './index.js';

const srcDir = path.dirname(fileURLToPath(import.meta.url));

/** Runtime (non type-only) import specifiers of one source file. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements.every((e) => e.isTypeOnly)
          : false);
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause && ts.isNamedExports(node.exportClause)
          ? node.exportClause.elements.every((e) => e.isTypeOnly)
          : false);
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    }
  }
  return out;
}

/** Every file and package the entry loads at run time, following relative imports. */
function reachable(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const spec of runtimeImports(file)) {
      if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')));
      else packages.add(spec);
    }
  };
  visit(entry);
  return { files: [...files].map((f) => path.relative(srcDir, f)).sort(), packages: [...packages].sort() };
}

describe('@junction/core/document', () => {
  it('loads no package at run time (no mobx, mobx-state-tree or dagre)', () => {
    const { files, packages } = reachable(path.join(srcDir, 'document.ts'));
    expect(files).toContain('workflow/legacy.ts');
    // croner (no dependencies of its own) checks schedules; the heavy packages stay out.
    expect(packages).toEqual(['croner']);
  });

  it('the main entry does load them (the check can fail)', () => {
    const { packages } = reachable(path.join(srcDir, 'index.ts'));
    expect(packages).toEqual(expect.arrayContaining(['mobx-state-tree', '@dagrejs/dagre']));
  });

  it('exports the same functions as the main entry', () => {
    const main = new Map(Object.entries(mainEntry));
    for (const [name, value] of Object.entries(documentEntry)) expect(main.get(name), name).toBe(value);
  });
});
