/**
 * The server's layers, read from its import statements (`import type` included): no import
 * cycle; nothing below the domain services imports them, the HTTP layer or the composition
 * root; the kernel's contracts and views import only the kernel; a domain service imports
 * another one only through the composition root, never its internals; SQL is written only in
 * store/ (and the engine's SQLite fast path beside its Kysely twin, engine/sqlite-writer.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, readImportGraph } from './import-graph.js';

const root = fileURLToPath(new URL('../../server/src/', import.meta.url));
const graph = readImportGraph(root);

/** Top-level folders and root files that sit below the domain services. */
const LOWER = ['kernel/', 'store/', 'security/', 'sandbox/', 'mail/', 'integrations/', 'engine/', 'forms/'];
/** The top: routes, the app and the composition root (with what only it uses). */
const UPPER = [
  'services/',
  'http/',
  'app.ts',
  'compose.ts',
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

  it('keeps the kernel contracts and views free of implementations', () => {
    const leaks = edges().filter(
      ({ from, to }) =>
        under(from, ['kernel/contracts/', 'kernel/views.ts', 'kernel/types.ts']) && !to.startsWith('kernel/'),
    );
    // The Demo CRM screens' storage is the one seam a contract hands out as is.
    expect(leaks).toEqual([{ from: 'kernel/contracts/apps.ts', to: 'integrations/demo-crm/storage.ts' }]);
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
