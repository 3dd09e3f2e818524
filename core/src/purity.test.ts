// core is pure (DESIGN "Packages", STYLE "core is pure"): no React, no DOM, no Node built-ins,
// no global fetch. This test parses every non-test source file of core with the TypeScript
// parser and fails on forbidden imports and on uses of forbidden globals.
// biome-ignore lint/style/noRestrictedImports: a test reads files from disk; the rule guards core's sources.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
// biome-ignore lint/style/noRestrictedImports: a test reads files from disk; the rule guards core's sources.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const srcDir = path.dirname(fileURLToPath(import.meta.url));
const FORBIDDEN_GLOBALS = new Set(['fetch', 'window', 'document', 'process', 'require', 'Buffer']);
const GLOBAL_OBJECTS = new Set(['globalThis', 'self', 'global']);
const BUILTINS = new Set(builtinModules);

/** Tells why an import specifier is forbidden in core, or returns null when it is allowed. */
function whyForbiddenImport(specifier: string): string | null {
  if (
    specifier === 'react' ||
    specifier.startsWith('react/') ||
    specifier === 'react-dom' ||
    specifier.startsWith('react-dom/')
  ) {
    return 'React';
  }
  if (specifier.startsWith('node:')) return 'a Node built-in';
  const bare = specifier.split('/')[0];
  if (BUILTINS.has(specifier) || BUILTINS.has(bare)) return 'a Node built-in';
  return null;
}

/** Names bound anywhere in the file (parameters, variables, imports, functions, classes). */
function collectLocalNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const addBinding = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) addBinding(element.name);
  };
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node)) addBinding(node.name);
    else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name) names.add(node.name.text);
    else if (ts.isImportSpecifier(node) || ts.isImportClause(node) || ts.isNamespaceImport(node)) {
      if (node.name) names.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** Lists the purity violations of one source text, as `line: message` strings. */
function findViolations(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const locals = collectLocalNames(source);
  const out: string[] = [];
  const report = (node: ts.Node, message: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    out.push(`${line + 1}: ${message}`);
  };
  const checkSpecifier = (node: ts.Node, specifier: string) => {
    const why = whyForbiddenImport(specifier);
    if (why) report(node, `imports ${why} ('${specifier}')`);
  };
  const visit = (node: ts.Node) => {
    // Type positions (`typeof fetch` in a type, `Window` types) are not runtime uses.
    if (ts.isTypeNode(node) && !ts.isExpressionWithTypeArguments(node)) return;
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      checkSpecifier(node, node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) checkSpecifier(node, arg.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expr = node.moduleReference.expression;
      if (ts.isStringLiteral(expr)) checkSpecifier(node, expr.text);
    } else if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      GLOBAL_OBJECTS.has(node.expression.text)
    ) {
      if (FORBIDDEN_GLOBALS.has(node.name.text))
        report(node, `uses the global ${node.name.text} (${node.getText(source)})`);
    } else if (
      ts.isIdentifier(node) &&
      FORBIDDEN_GLOBALS.has(node.text) &&
      !locals.has(node.text) &&
      isValueUse(node)
    ) {
      report(node, `uses the global ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** True when an identifier is read as a value, not a property name, key or declaration. */
function isValueUse(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (
    (ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isMethodDeclaration(parent)) &&
    parent.name === node
  ) {
    return false;
  }
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent) || ts.isLabeledStatement(parent)) return false;
  if (ts.isQualifiedName(parent)) return false;
  return true;
}

function listSourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listSourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      files.push(full);
  }
  return files.sort();
}

describe('core purity', () => {
  const files = listSourceFiles(srcDir);

  it('finds the core sources', () => {
    expect(files.map((f) => path.relative(srcDir, f))).toContain('index.ts');
  });

  it('imports no React, DOM or Node built-ins and uses no forbidden globals', () => {
    const violations = files.flatMap((file) =>
      findViolations(file, readFileSync(file, 'utf8')).map((v) => `${path.relative(srcDir, file)}:${v}`),
    );
    expect(violations).toEqual([]);
  });
});

describe('the purity checker', () => {
  it('flags forbidden imports in every form', () => {
    const text = [
      "import React from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "import { readFileSync } from 'node:fs';",
      "import path from 'path';",
      "export { x } from 'fs/promises';",
      "const m = await import('crypto');",
      "import { types } from 'mobx-state-tree';",
    ].join('\n');
    expect(findViolations('a.ts', text)).toEqual([
      "1: imports React ('react')",
      "2: imports React ('react-dom/client')",
      "3: imports a Node built-in ('node:fs')",
      "4: imports a Node built-in ('path')",
      "5: imports a Node built-in ('fs/promises')",
      "6: imports a Node built-in ('crypto')",
    ]);
  });

  it('flags global uses but not properties, parameters or types', () => {
    const text = [
      'const a = fetch(url);',
      'const b = window.location;',
      'if (typeof process !== "undefined") {}',
      'const c = globalThis.document;',
      'const d = Buffer.from("x");',
      'function client(opts: { fetch: typeof globalThis.fetch }) { return opts.fetch; }',
      'const e = { document: 1, window: 2 };',
      'type F = typeof fetch;',
    ].join('\n');
    expect(findViolations('b.ts', text)).toEqual([
      '1: uses the global fetch',
      '2: uses the global window',
      '3: uses the global process',
      '4: uses the global document (globalThis.document)',
      '5: uses the global Buffer',
    ]);
  });

  it('treats a locally bound name as local', () => {
    expect(
      findViolations('c.ts', 'export function make({ fetch }: { fetch: () => void }) { return fetch(); }'),
    ).toEqual([]);
  });
});
