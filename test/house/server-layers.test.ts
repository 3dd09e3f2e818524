/**
 * The server's layers, read from its import statements (`import type` included): no import
 * cycle; nothing below the domain services imports them, the HTTP layer or the composition
 * root; the kernel (contracts and types) imports nothing outside kernel/; the lower folders
 * import each other only downwards, in the order of LOWER_ORDER, and form no loop even through
 * different files or the root files they use; a domain service imports another one only
 * through the composition root, never its internals; SQL is written only in store/ (and the
 * engine's SQLite fast path beside its Kysely twin, engine/sqlite-writer.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, readImportGraph } from './import-graph.js';

const root = fileURLToPath(new URL('../../server/src/', import.meta.url));
const graph = readImportGraph(root);

/** Top-level folders and root files that sit below the domain services. */
const LOWER = ['kernel/', 'store/', 'security/', 'sandbox/', 'mail/', 'integrations/', 'engine/', 'forms/'];
/**
 * The lower folders from the bottom up: a folder imports only folders of a lower rank. The
 * kernel's contracts and types, then the vault, tokens and HTTP guard (security) and the
 * mailer, the store, the sandbox and the form uploads, the integrations, the engine. Root files
 * they use (config.ts, log.ts, env.ts, metrics.ts) import none of them.
 */
const LOWER_ORDER: string[][] = [
  ['kernel'],
  ['security', 'mail'],
  ['store'],
  ['sandbox', 'forms'],
  ['integrations'],
  ['engine'],
];
/** The top: routes, the app and the composition root (with what only it uses). */
const UPPER = [
  'services/',
  'http/',
  'app.ts',
  'compose.ts',
  'deps.ts',
  'worker.ts',
  'worker-process.ts',
  'test-services.ts',
  'main.ts',
  'index.ts',
];
/** Helpers every domain service shares. */
const SHARED_SERVICE_FILES = [
  'services/core-rules.ts',
  'services/views.ts',
  'services/operators.ts',
  'services/connection-access.ts',
];
/** Services assembled from parts: the parts belong to that service alone. */
const SERVICE_PARTS: Record<string, string[]> = {
  'services/accounts.ts': ['services/session-context.ts'],
  'services/apps.ts': ['services/app-tests.ts', 'services/shopify.ts'],
  'services/tenants.ts': ['services/members.ts'],
  'services/steps.ts': ['services/dropdown-options.ts', 'services/step-context.ts'],
  'services/workflows.ts': ['services/workflow-releases.ts'],
  'services/step-context.ts': ['services/dropdown-options.ts'],
  'services/support.ts': [
    'services/account-settings.ts',
    'services/checkout.ts',
    'services/dashboard.ts',
    'services/support-limits.ts',
  ],
};

/** Where SQL may be written besides store/: the SQLite fast path (kept equal to its Kysely twin by its test). */
const SQL_ALLOWED = ['engine/sqlite-writer.ts'];
/** The query builder's statements, its sql tag, or a driver of its own. */
const WRITES_SQL =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(|\bsql\s*[`.<(]|from 'kysely'(?<!import type [^;]*)|from '(better-sqlite3|pg)'/;
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

const under = (file: string, prefixes: string[]) =>
  prefixes.some((p) => file === p || (p.endsWith('/') && file.startsWith(p)));
const edges = () => [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

/** A file's top-level folder, or the file itself when it sits at the root. */
const folderOf = (file: string) => file.split('/')[0];

/** The imports between top-level folders (a root file stands for itself), each with its first file import. */
function folderGraph(files: Map<string, string[]>): { folders: Map<string, string[]>; via: Map<string, string> } {
  const folders = new Map<string, string[]>();
  const via = new Map<string, string>();
  for (const [from, targets] of files) {
    const a = folderOf(from);
    if (!folders.has(a)) folders.set(a, []);
    for (const to of targets) {
      const b = folderOf(to);
      if (a === b || via.has(`${a} -> ${b}`)) continue;
      (folders.get(a) as string[]).push(b);
      via.set(`${a} -> ${b}`, `${from} -> ${to}`);
    }
  }
  return { folders, via };
}

/** File imports from one ordered folder to another of the same or a higher rank. */
function againstOrder(files: Map<string, string[]>, order: string[][]): string[] {
  const rank = new Map(order.flatMap((names, at) => names.map((name) => [name, at] as const)));
  return [...folderGraph(files).via]
    .filter(([pair]) => {
      const [a, b] = pair.split(' -> ');
      return rank.has(a) && rank.has(b) && (rank.get(a) as number) <= (rank.get(b) as number);
    })
    .map(([, edge]) => edge);
}

/** Folder-level loops among the ordered folders and everything they reach (root files included). */
function folderLoops(files: Map<string, string[]>, order: string[][]): string[][] {
  const { folders } = folderGraph(files);
  const reached = new Set<string>();
  const visit = (name: string) => {
    if (reached.has(name)) return;
    reached.add(name);
    for (const next of folders.get(name) ?? []) visit(next);
  };
  for (const name of order.flat()) visit(name);
  return importCycles(new Map([...folders].filter(([name]) => reached.has(name))));
}

describe('server layers', () => {
  it('reads the imports of the whole server', () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get('compose.ts')).toContain('services/workflows.ts');
  });

  it('finds a cycle, however long, and ignores a chain', () => {
    const small = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(importCycles(small)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    small.set('c.ts', ['d.ts']);
    expect(importCycles(small)).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('keeps every layer below the services from importing them, the HTTP layer or the composition root', () => {
    const upward = edges().filter(({ from, to }) => under(from, LOWER) && under(to, UPPER));
    expect(upward).toEqual([]);
  });

  it('keeps the kernel to contracts and types: it imports nothing outside kernel/', () => {
    const leaks = edges().filter(({ from, to }) => from.startsWith('kernel/') && !to.startsWith('kernel/'));
    expect(leaks).toEqual([]);
  });

  it('finds a folder import against the order and a folder loop made of different files', () => {
    const order = [['kernel'], ['store'], ['integrations']];
    const small = new Map([
      ['kernel/a.ts', []],
      ['store/b.ts', ['kernel/a.ts', 'config.ts']],
      ['store/c.ts', ['integrations/d.ts']],
      ['integrations/d.ts', ['store/b.ts']],
      ['config.ts', []],
    ]);
    expect(importCycles(small)).toEqual([]);
    expect(againstOrder(small, order)).toEqual(['store/c.ts -> integrations/d.ts']);
    expect(folderLoops(small, order)).toEqual([['integrations', 'store']]);
    small.set('store/c.ts', []);
    small.set('config.ts', ['kernel/a.ts', 'integrations/d.ts']);
    expect(againstOrder(small, order)).toEqual([]);
    expect(folderLoops(small, order)).toEqual([['config.ts', 'integrations', 'store']]);
  });

  it('keeps the lower folders in their order: each imports only the ranks below it', () => {
    const named = LOWER_ORDER.flat();
    expect(named.filter((name) => ![...graph.keys()].some((file) => file.startsWith(`${name}/`)))).toEqual([]);
    expect(LOWER.filter((prefix) => !named.includes(prefix.replace(/\/$/, '')))).toEqual([]);
    expect(againstOrder(graph, LOWER_ORDER)).toEqual([]);
  });

  it('has no folder-level loop among the lower folders and the root files they use', () => {
    expect(folderLoops(graph, LOWER_ORDER)).toEqual([]);
  });

  it('lets a domain service use another only through the composition root', () => {
    const across = edges().filter(
      ({ from, to }) =>
        from.startsWith('services/') &&
        to.startsWith('services/') &&
        !SHARED_SERVICE_FILES.includes(to) &&
        !(SERVICE_PARTS[from] ?? []).includes(to),
    );
    expect(across).toEqual([]);
  });

  it('writes SQL only in store/', () => {
    const writers = [...graph.keys()]
      .filter((file) => !file.startsWith('store/') && !SQL_ALLOWED.includes(file))
      .filter((file) => WRITES_SQL.test(withoutComments(readFileSync(`${root}${file}`, 'utf8'))));
    expect(writers).toEqual([]);
  });
});
