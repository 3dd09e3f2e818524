/**
 * The web app's floors, read from its import statements (`import type` and `import()` included):
 * no import cycle; pages and routes on top, then the features, then what features share, then
 * the models (stores/), then the design system (ui/), and no import runs up a floor; a feature
 * uses a sibling feature only through the few files that sibling offers (its entries below), and
 * two feature folders never import each other both ways.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ImportGraph, importCycles, readImportGraph } from './import-graph.js';

const root = fileURLToPath(new URL('../../web/src/', import.meta.url));

/** Helpers kept beside the code for its unit tests (a routed fake API, providers): not the app. */
const TEST_HELPERS = /(^|\/)(test-kit|fake-api|test-support)\.tsx?$|^test-setup\//;

/** The floors from the top down; a file sits on the floor of the first prefix it starts with. */
const FLOORS: readonly (readonly string[])[] = [
  // The entries, the routes and the pages that compose several features (the editor's page).
  ['main.tsx', 'form-main.tsx', 'app/', 'pages/'],
  // The features.
  [
    'editor/',
    'dashboard/',
    'executions/',
    'forms/',
    'portal/',
    'onboarding/',
    'instance/',
    'docs/',
    'demo-crm/',
    'gallery/',
  ],
  // What every feature shares: the member's role, the account menu and store, shared views.
  ['access/', 'account/', 'shared/'],
  // The models: the root store, the server-state layer, the session.
  ['stores/'],
  // The design system.
  ['ui/'],
];
const FEATURE_FLOOR = 1;

/**
 * The files a feature offers its siblings, each with why a sibling needs it; a feature imports
 * no other file of a sibling.
 */
const ENTRIES: Record<string, string> = {
  'editor/editor-context.tsx':
    'the open editor, for the onboarding dialogs drawn over it (wizard, tour), and its app-changed event',
  'editor/model/editor-store.ts': "the editor's model, whose store the custom-trigger wizard drives",
  'editor/model/types.ts': "the editor model's shared types (a step test's result)",
  'executions/ExecutionsList.tsx': "a workflow's runs: the dashboard's Runs dialog and the editor's Runs button",
  'executions/manual-run-chunk.tsx': "the trigger menu's 'Run manually' item, a chunk of its own",
  'forms/builder/FormBuilderDialog.tsx': "the form builder, a chunk the editor's form trigger opens",
  'dashboard/TicketForm.tsx': "the support ticket form, also in the editor's custom-event dialog",
  'dashboard/DashboardLayout.tsx':
    'the signed-in frame (session gate, sidebar) of the replay, instance and Demo CRM pages',
  'instance/WorkspaceSwitcher.tsx': "the workspace switcher in the signed-in frame's sidebar",
  'instance/InstanceOwnerCard.tsx': "the settings page's link to the owner's instance page",
  'instance/InvitationsCard.tsx': "the settings page's invitations",
};

function productGraph(graph: ImportGraph): ImportGraph {
  const keep = (file: string) => !TEST_HELPERS.test(file);
  return new Map(
    [...graph].filter(([from]) => keep(from)).map(([from, targets]) => [from, targets.filter(keep)] as const),
  );
}

const floorOf = (file: string) => FLOORS.findIndex((floor) => floor.some((p) => file === p || file.startsWith(p)));
const folderOf = (file: string) => (file.includes('/') ? `${file.slice(0, file.indexOf('/'))}/` : file);
const edges = (graph: ImportGraph) => [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

/** Files that sit on no floor: a new top-level folder or file must be placed in FLOORS. */
function unplaced(graph: ImportGraph): string[] {
  return [...graph.keys()].filter((file) => floorOf(file) < 0).sort();
}

/** Imports from a lower floor to a higher one. */
function upward(graph: ImportGraph) {
  return edges(graph).filter(({ from, to }) => floorOf(to) >= 0 && floorOf(to) < floorOf(from));
}

/** Imports of a sibling feature's file that is not one of its entries. */
function intoSiblings(graph: ImportGraph, entries: Record<string, string>) {
  return edges(graph).filter(
    ({ from, to }) =>
      floorOf(from) === FEATURE_FLOOR &&
      floorOf(to) === FEATURE_FLOOR &&
      folderOf(from) !== folderOf(to) &&
      !(to in entries),
  );
}

/** Pairs of feature folders that import each other, as 'a/ <-> b/' with a before b. */
function twoWayFeatures(graph: ImportGraph): string[] {
  const pairs = new Set(
    edges(graph)
      .filter(({ from, to }) => floorOf(from) === FEATURE_FLOOR && floorOf(to) === FEATURE_FLOOR)
      .filter(({ from, to }) => folderOf(from) !== folderOf(to))
      .map(({ from, to }) => `${folderOf(from)} ${folderOf(to)}`),
  );
  return [...pairs]
    .map((pair) => pair.split(' '))
    .filter(([a, b]) => a < b && pairs.has(`${b} ${a}`))
    .map(([a, b]) => `${a} <-> ${b}`)
    .sort();
}

const graph = productGraph(readImportGraph(root));

describe('web layers', () => {
  it('reads the imports of the whole web app, .tsx included', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('pages/EditorPage.tsx')).toContain('editor/model/editor-store.ts');
    expect(graph.get('app/routes.tsx')).toContain('pages/EditorPage.tsx');
  });

  it('finds what each rule forbids in a small made-up app', () => {
    const small: ImportGraph = new Map([
      ['app/routes.tsx', ['editor/Page.tsx', 'dashboard/Page.tsx']],
      ['editor/Page.tsx', ['dashboard/Card.tsx', 'dashboard/TicketForm.tsx', 'stores/root.ts']],
      ['dashboard/Page.tsx', ['editor/Page.tsx', 'ui/Button.tsx']],
      ['dashboard/Card.tsx', ['ui/Button.tsx']],
      ['dashboard/TicketForm.tsx', []],
      ['stores/root.ts', ['app/routes.tsx']],
      ['ui/Button.tsx', []],
      ['extras/x.ts', []],
    ]);
    expect(importCycles(small)).toEqual([
      ['app/routes.tsx', 'dashboard/Page.tsx', 'editor/Page.tsx', 'stores/root.ts'],
    ]);
    expect(upward(small)).toEqual([{ from: 'stores/root.ts', to: 'app/routes.tsx' }]);
    expect(intoSiblings(small, ENTRIES)).toEqual([
      { from: 'editor/Page.tsx', to: 'dashboard/Card.tsx' },
      { from: 'dashboard/Page.tsx', to: 'editor/Page.tsx' },
    ]);
    expect(twoWayFeatures(small)).toEqual(['dashboard/ <-> editor/']);
    expect(unplaced(small)).toEqual(['extras/x.ts']);
  });

  it('has no import cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('places every file on a floor', () => {
    expect(unplaced(graph)).toEqual([]);
  });

  it('imports only downwards: pages, features, shared, stores, ui', () => {
    expect(upward(graph)).toEqual([]);
  });

  it("lets a feature use a sibling feature only through that sibling's entries", () => {
    expect(intoSiblings(graph, ENTRIES)).toEqual([]);
    // An entry nobody imports any more leaves the list.
    const used = new Set(edges(graph).map(({ to }) => to));
    expect(Object.keys(ENTRIES).filter((entry) => !used.has(entry))).toEqual([]);
  });

  it('keeps imports between feature folders one-directional', () => {
    expect(twoWayFeatures(graph)).toEqual([]);
  });
});
