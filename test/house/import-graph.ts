import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** The relative imports of every non-test .ts/.tsx file under a root, as paths relative to that root. */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.tsx?$/;
const NOT_SOURCE = /\.(test\.tsx?|d\.ts)$/;

function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSources(path));
    else if (SOURCE.test(entry.name) && !NOT_SOURCE.test(entry.name)) out.push(path);
  }
  return out;
}

/** Reads `import`, `import type`, `export … from` and dynamic `import()` with TypeScript's own pre-processor. */
export function readImportGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of listSources(root)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets: string[] = [];
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const base = resolve(dirname(file), fileName).replace(/\.js$/, '');
      const hit = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((p) =>
        existsSync(p),
      );
      if (hit) targets.push(relative(root, hit));
    }
    graph.set(relative(root, file).split(sep).join('/'), [...new Set(targets.map((t) => t.split(sep).join('/')))]);
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself): every import cycle. */
export function importCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      for (;;) {
        const top = stack.pop() as string;
        onStack.delete(top);
        component.push(top);
        if (top === node) break;
      }
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}
